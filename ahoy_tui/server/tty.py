"""A game process's terminal: the first thing ``ahoy lobby`` does (kept free of heavy imports,
since every SSH session waits for it)."""

from __future__ import annotations

import contextlib
import fcntl
import os
import signal
import sys
import termios


def take_controlling_terminal() -> None:
    """Make stdin's pty this process's controlling terminal, so resizes reach it as SIGWINCH
    and a hang-up as SIGHUP (the SSH door starts the game in a new session for this); and end
    with the server: a game process must never outlive the door that feeds its terminal.

    A terminal that cannot be taken has already been hung up: the player left before the game
    had it (the door closed its end). Nobody will ever see or type on it, and no hang-up will
    come, so the game ends now rather than run for good on a dead terminal."""
    end_with_server()  # first: a hang-up from the moment the terminal is ours must end us
    try:
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    except OSError:
        os._exit(0)


def end_with_server() -> None:
    """Be sent SIGHUP when the server (our parent, ``AHOY_SERVER_PID``) dies, even killed: the
    game processes of both doors, the SSH door's and the browser's, must never outlive it.

    A hang-up must end us whatever the server inherited: under ``nohup`` SIGHUP is ignored,
    and an ignored signal stays ignored across fork and exec."""
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        import ctypes

        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGHUP)  # PR_SET_PDEATHSIG
    server = os.environ.get("AHOY_SERVER_PID", "")
    if server.isdigit() and os.getppid() != int(server):
        os._exit(0)  # the server went before we could watch it: there is nobody to play for
