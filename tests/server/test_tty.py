"""A game process's terminal (``server/tty.py``): taken as the controlling terminal, or, once
hung up, given up at once."""

from __future__ import annotations

import os
import subprocess
import sys

TAKE = ("from ahoy_tui.server.tty import take_controlling_terminal\n"
        "take_controlling_terminal()\n"
        "print('playing on', flush=True)\n")


def run_on(slave: int) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "AHOY_SERVER_PID"}
    return subprocess.run([sys.executable, "-c", TAKE], stdin=slave, capture_output=True,
                          text=True, env=env, start_new_session=True, timeout=30)


def test_a_live_terminal_is_taken_and_the_game_goes_on():
    master, slave = os.openpty()
    try:
        done = run_on(slave)
    finally:
        os.close(slave)
        os.close(master)
    assert done.returncode == 0 and "playing on" in done.stdout, done.stderr


def test_a_terminal_hung_up_before_the_game_took_it_ends_the_game():
    """Issue 34, 6: a player who left before their game had its terminal left it running for
    good on a dead terminal (no hang-up can come to a terminal nobody controls)."""
    master, slave = os.openpty()
    os.close(master)  # the door has let the session go
    try:
        done = run_on(slave)
    finally:
        os.close(slave)
    assert done.returncode == 0 and "playing on" not in done.stdout, done.stderr
