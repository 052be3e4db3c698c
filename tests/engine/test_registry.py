"""The registry of rulesets: found by entry point, loaded once, safely, whoever asks first; a
ruleset from another package is found the same way as the project's own."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from ahoy_tui.engine import registry

PLUGIN = Path(__file__).parent / "plugin"

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


def _run(script: str, extra_path: list[Path] = ()) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([*map(str, extra_path), env.get("PYTHONPATH", "")])
    return subprocess.run([sys.executable, "-c", textwrap.dedent(script)], capture_output=True,
                          text=True, timeout=120, check=False, env=env)


def test_rulesets_load_once_for_threads_asking_together() -> None:
    for _ in range(ROUNDS):
        done = _run(RACE)
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith("0 "), done.stdout


def test_a_failed_load_is_tried_again() -> None:
    """A ruleset whose import fails leaves the registry unloaded: the next caller tries again."""
    done = _run("""
        from ahoy_tui.engine import registry

        real = registry.plugins
        tries = []
        def flaky(group):
            found = real(group)
            point = found["ahoy"]
            class Broken:
                name, value = point.name, point.value
                def load(self):
                    tries.append(1)
                    if len(tries) == 1:
                        raise ImportError("no rules today")
                    return point.load()
            return {**found, "ahoy": Broken()}

        registry.plugins = flaky
        try:
            registry.get_ruleset("ahoy")
        except ImportError:
            print("first refused")
        print(registry.get_ruleset("ahoy").id, len(tries))
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:2] == ["first refused", "ahoy 2"]


def test_the_registry_imports_no_ruleset() -> None:
    tree = ast.parse(Path(registry.__file__).read_text("utf-8"))
    names = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)} | {
        a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert not {n for n in names if n and n.startswith("ahoy_tui.rules")}
    assert "import_module" not in Path(registry.__file__).read_text("utf-8")
    # and asking for the list loads exactly what the entry points name, nothing by default
    done = _run("""
        import sys
        from ahoy_tui.engine.registry import plugins, rulesets
        print(sorted(r.id for r in rulesets()) == sorted(plugins("ahoy_tui.rulesets")))
    """)
    assert done.stdout.strip() == "True", done.stderr


def _install_plugin(tmp_path: Path) -> Path:
    """A distribution declaring the tiny ruleset, as ``pip install`` would leave it."""
    site = tmp_path / "site"
    info = site / "tiny_nim_rules-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tiny-nim-rules\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[ahoy_tui.rulesets]\ntiny-nim = tiny_nim:RULESET\n")
    return site


def test_a_ruleset_from_another_package_is_found_by_its_entry_point(tmp_path) -> None:
    site = _install_plugin(tmp_path)
    done = _run("""
        from ahoy_tui.engine import Game, IllegalAction, get_ruleset, rulesets

        print([r.id for r in rulesets()])  # the project's own first, whatever the path order
        game = Game.new("tiny-nim", "pile", seed=4)
        print(game.ruleset.title, game.state.pile)
        before = game.state
        try:
            game.play({"type": "haul", "barrels": 4})
        except IllegalAction as exc:
            print("refused:", exc.rule, game.state is before)
        while not game.over:
            game.play(game.legal_actions()[0])
        print(game.state.result, game.step)
        again = Game.from_record(game.record())
        print(again.state == game.state)
    """, [site, PLUGIN])
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    # the project's own in their ``order`` (not the installer's sorting by name), then others
    assert lines[0] == "['ahoy', 'man-o-war', 'naval-battle', 'ramming-speed', 'acks', " \
        "'tiny-nim']"
    assert lines[1] == "Tiny Nim at Sea 12"
    assert lines[2] == "refused: Hauling Powder True"
    assert lines[3].endswith(" hauls the last barrel 12")  # a barrel at a time: 12 hauls
    assert lines[4] == "True"


def test_a_plugin_cannot_take_the_name_of_a_ruleset_of_this_project(tmp_path) -> None:
    site = _install_plugin(tmp_path)
    info = next(site.glob("*.dist-info"))
    (info / "entry_points.txt").write_text("[ahoy_tui.rulesets]\nahoy = tiny_nim:RULESET\n")
    done = _run("""
        from ahoy_tui.engine import get_ruleset
        print(get_ruleset("ahoy").title)
    """, [site, PLUGIN])
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "Warhammer Ahoy! (3rd edition)"


def test_a_plugin_under_the_wrong_name_is_reported_not_loaded(tmp_path) -> None:
    site = _install_plugin(tmp_path)
    info = next(site.glob("*.dist-info"))
    (info / "entry_points.txt").write_text("[ahoy_tui.rulesets]\nnim = tiny_nim:RULESET\n")
    done = _run("""
        from ahoy_tui.engine import UnknownRuleset, get_ruleset
        try:
            get_ruleset("nim")
        except UnknownRuleset as exc:
            print(exc)
        print(get_ruleset("ahoy").id)
    """, [site, PLUGIN])
    assert done.returncode == 0, done.stderr
    first, second = done.stdout.splitlines()
    assert "installed but broken" in first and "'tiny-nim'" in first
    assert second == "ahoy"
