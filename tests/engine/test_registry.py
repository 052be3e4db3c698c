"""The registry of rulesets: loaded once, safely, whoever asks first."""

from __future__ import annotations

import subprocess
import sys
import textwrap

# Several threads ask for rulesets at once in a fresh process, where nothing is loaded yet; a
# few rounds, each in a process of its own, so that a race shows up reliably. The ids are the
# installed ones the registry loads; the test is of the loading, not of any ruleset.
RACE = textwrap.dedent("""
    import threading
    from ahoy_tui.engine.registry import get_ruleset

    THREADS = 8
    barrier = threading.Barrier(THREADS)
    failures = []

    def ask():
        barrier.wait()
        for ruleset_id in ("ahoy", "naval-battle"):
            try:
                assert get_ruleset(ruleset_id).id == ruleset_id
            except Exception as exc:
                failures.append(f"{type(exc).__name__}: {exc}")

    threads = [threading.Thread(target=ask) for _ in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print(len(failures), failures[:1])
""")

ROUNDS = 3


def test_rulesets_load_once_for_threads_asking_together() -> None:
    for _ in range(ROUNDS):
        done = subprocess.run([sys.executable, "-c", RACE], capture_output=True, text=True,
                              timeout=120, check=False)
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith("0 "), done.stdout


def test_a_failed_load_is_tried_again() -> None:
    """An import that fails leaves the registry unloaded, so the next caller tries again."""
    script = textwrap.dedent("""
        import importlib
        from ahoy_tui.engine import registry
        from ahoy_tui.engine.errors import UnknownRuleset

        real = importlib.import_module
        def broken(name, *args):
            if name == "ahoy_tui.rules":
                raise ImportError("no rules today")
            return real(name, *args)

        importlib.import_module = broken
        try:
            registry.get_ruleset("ahoy")
        except ImportError:
            pass
        importlib.import_module = real
        print(registry.get_ruleset("ahoy").id)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ahoy"
