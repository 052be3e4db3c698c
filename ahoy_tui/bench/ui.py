"""``ahoy bench --ui``: how quickly the game answers a player, measured on a real terminal.

The program runs on a pseudo-terminal, as under a terminal emulator. First frame: from starting
``python -m ahoy_tui`` to the title's menu arriving on the terminal, and the same for a bare
Textual app (a menu and a footer, nothing else) started the same way in the same run: the
ratio of the two medians is the figure to quote on a noisy machine. A key to its frame: on the
battle screen, with the distance picker open, from writing an arrow key to the new distance
arriving on the terminal (one full update: the picker and the map's preview).
"""

from __future__ import annotations

import os
import pty
import re
import select
import statistics
import subprocess
import sys
import tempfile
import time

_ANSI = re.compile(rb"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>]")


class Terminal:
    """A program on a pseudo-terminal of a given size."""

    def __init__(self, args: list[str], *, cols: int = 120, rows: int = 40,
                 env: dict[str, str] | None = None) -> None:
        import fcntl
        import struct
        import termios

        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.started = time.perf_counter()
        self.process = subprocess.Popen(args, stdin=slave, stdout=slave, stderr=slave,
                                        env={**os.environ, "TERM": "xterm-256color",
                                             "COLORTERM": "truecolor", **(env or {})},
                                        close_fds=True, start_new_session=True)
        os.close(slave)
        self.buffer = b""

    def read_until(self, pattern: bytes, timeout: float = 20.0) -> float:
        """Read until ``pattern`` shows (escape codes ignored); the time it arrived."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    break
                self.buffer += chunk
                if pattern in _ANSI.sub(b"", self.buffer):
                    self.buffer = b""
                    return time.perf_counter()
        raise TimeoutError(f"{pattern!r} did not appear")

    def drain(self, quiet: float = 0.3) -> None:
        """Read until the program has been quiet for ``quiet`` seconds."""
        while True:
            ready, _, _ = select.select([self.master], [], [], quiet)
            if not ready:
                self.buffer = b""
                return
            try:
                os.read(self.master, 65536)
            except OSError:
                return

    def send(self, keys: bytes) -> float:
        now = time.perf_counter()
        os.write(self.master, keys)
        return now

    def close(self) -> None:
        try:
            self.process.terminate()
            self.process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
        os.close(self.master)


# The yardstick: the least a Textual app with a menu shows at its start.
BARE_APP = """
from textual.app import App
from textual.widgets import Footer, OptionList

class Bare(App):
    def compose(self):
        yield OptionList("New game", "Resume", "Quit")
        yield Footer()

Bare().run()
"""


def first_frame(repeats: int) -> tuple[list[float], list[float]]:
    """The game's first frames and a bare Textual app's, started in turn (so a busy moment of
    the machine falls on both alike)."""
    game: list[float] = []
    bare: list[float] = []
    with tempfile.TemporaryDirectory() as saves:
        for _ in range(repeats):
            for args, times in (([sys.executable, "-m", "ahoy_tui"], game),
                                ([sys.executable, "-c", BARE_APP], bare)):
                term = Terminal(args, env={"AHOY_SAVES": saves})
                try:
                    arrived = term.read_until(b"New game")
                    times.append(arrived - term.started)
                finally:
                    term.close()
    return game, bare


def key_to_frame(presses: int) -> list[float]:
    """Arrow keys in the distance picker; each wait is for that press's new value."""
    with tempfile.TemporaryDirectory() as saves:
        term = Terminal([sys.executable, "-m", "ahoy_tui", "play", "--scenario", "duel",
                         "--seed", "7", "--saves", saves])
        try:
            term.read_until(b"end orders")
            term.send(b"1")
            term.read_until(b"full speed")
            term.send(b"1")
            term.read_until(b"moving the Harpy")
            term.drain()
            term.send(b"1")  # open the picker at the whole move (10")
            term.read_until(b'ahead 10"')
            term.drain()
            times = []
            value = 10
            for i in range(presses):
                key, value = (b"\x1b[D", value - 1) if (i // 8) % 2 == 0 else (b"\x1b[C",
                                                                              value + 1)
                sent = term.send(key)
                arrived = term.read_until(f'ahead {value}"'.encode())
                times.append(arrived - sent)
                term.drain(0.05)
            return times
        finally:
            term.close()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]


def run(quick: bool = False) -> dict[str, dict[str, float]]:
    frames, bare = first_frame(3 if quick else 7)
    keys = key_to_frame(16 if quick else 48)
    return {
        "first_frame_ms": {"median": round(statistics.median(frames) * 1000, 1),
                           "p95": round(percentile(frames, 0.95) * 1000, 1),
                           "runs": len(frames)},
        "bare_textual_first_frame_ms": {"median": round(statistics.median(bare) * 1000, 1),
                                        "p95": round(percentile(bare, 0.95) * 1000, 1),
                                        "runs": len(bare)},
        "first_frame_ratio": round(statistics.median(frames) / statistics.median(bare), 2),
        "key_to_frame_ms": {"median": round(statistics.median(keys) * 1000, 1),
                            "p95": round(percentile(keys, 0.95) * 1000, 1),
                            "presses": len(keys)},
    }


if __name__ == "__main__":  # pragma: no cover - a manual entry point
    print(run(quick="--quick" in sys.argv))
