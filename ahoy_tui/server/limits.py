"""Who may come in, and how fast: the limits both doors (SSH and the browser) share.

A server must not be lockable by the people it serves. So a connection that has not yet logged
in is counted apart from the players: a few per address, a bounded number in all, and when an
address's share or the whole pool is full the connection that has waited longest (from that
address, or of all) is let go for the newcomer (an honest player logs in within a second; an
idle socket never does). Only players who have logged in count against
``--max-connections``, and no single address may take all of those seats either.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from attrs import define, field

# What a door sends before its last words: leave the game's alternate screen, show the cursor,
# stop mouse reports and reset colours, so that a goodbye is readable.
GOODBYE_RESET = b"\x1b[?1049l\x1b[?25h\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[0m"


# The largest terminal a game is drawn on, in cells: a screen bigger than any monitor shows
# with a legible font. A game's memory grows with its terminal (a 10,000 x 10,000 one took a
# session past half a GiB), so both doors clamp what a client asks for (a pty request, a
# window change, a browser's resize) to this, and the game says so when it is drawn at it.
MAX_COLUMNS, MAX_ROWS = 500, 200


def terminal_size(width: int, height: int) -> tuple[int, int]:
    """The size a game's terminal is given for the ``width`` x ``height`` a client asks for."""
    return max(1, min(MAX_COLUMNS, width)), max(1, min(MAX_ROWS, height))


def size_notice() -> str:
    """What the game says when it is drawn at the largest size a server gives a terminal."""
    return (f"The server draws a game on at most {MAX_COLUMNS} x {MAX_ROWS} cells: a larger "
            "terminal shows it in that much of its window.")


def idle_goodbye(seconds: float) -> str:
    """What a door says when it closes a session nobody typed in for ``seconds``."""
    idle = f"{seconds / 60:g} minutes" if seconds >= 60 else f"{seconds:g} seconds"
    return f"idle for {idle}; goodbye. Your seat is kept."


class TokenBucket:
    """At most ``rate`` units a second on average, in bursts of up to ``burst``."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.when = time.monotonic()

    def take(self, amount: float) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.when) * self.rate)
        self.when = now
        if amount > self.tokens:
            return False
        self.tokens -= amount
        return True

    def wait_for(self, amount: float) -> float:
        """Seconds until ``amount`` could be taken (0 when it can be now); takes nothing."""
        now = time.monotonic()
        tokens = min(self.burst, self.tokens + (now - self.when) * self.rate)
        return 0.0 if tokens >= amount else (amount - tokens) / self.rate


@define(eq=False)
class Knock:
    """A connection that has not logged in yet."""

    address: str
    hang_up: Callable[[], Any]
    since: float = field(factory=time.monotonic)


@define(eq=False)
class Seat:
    """A player who came in: counted until :meth:`Doorkeeper.leave`."""

    address: str
    door: str
    left: bool = False


class Doorkeeper:
    """The server's limits on who is connected, kept for both doors at once."""

    def __init__(self, max_sessions: int = 64, *, max_per_address: int = 16,
                 max_pending: int = 64, max_pending_per_address: int = 8) -> None:
        self.max_sessions = max_sessions
        self.max_per_address = max_per_address
        self.max_pending = max_pending
        self.max_pending_per_address = max_pending_per_address
        self.pending: dict[Knock, None] = {}  # in order of arrival: the oldest first
        self.seats: set[Seat] = set()
        self._pending_at: Counter[str] = Counter()
        self._seated_at: Counter[str] = Counter()

    # --- before logging in ---------------------------------------------------------------------
    def knock(self, address: str, hang_up: Callable[[], Any]) -> Knock | str:
        """A new connection from ``address``: a :class:`Knock` to log in with, or why not.

        ``hang_up`` is called if the connection is let go to make room for a newer one: the one
        from the same address that has waited longest, when that address's share is full (so
        idle sockets from behind one NAT do not shut out everyone else there), else the one
        that has waited longest of all, when the whole pool is."""
        if self.max_pending_per_address < 1 or self.max_pending < 1:
            return "no connections may log in now"
        if self._pending_at[address] >= self.max_pending_per_address:
            self._let_go(next(k for k in self.pending if k.address == address))
        while len(self.pending) >= self.max_pending:
            self._let_go(next(iter(self.pending)))
        knock = Knock(address, hang_up)
        self.pending[knock] = None
        self._pending_at[address] += 1
        return knock

    def _let_go(self, knock: Knock) -> None:
        self.forget(knock)
        knock.hang_up()

    def forget(self, knock: Knock) -> None:
        """The connection logged in, or went, or was let go: it no longer waits."""
        if knock in self.pending:
            del self.pending[knock]
            self._pending_at[knock.address] -= 1
            if not self._pending_at[knock.address]:
                del self._pending_at[knock.address]

    # --- players -------------------------------------------------------------------------------
    def enter(self, address: str, door: str = "ssh") -> Seat | str:
        """A player has logged in: their :class:`Seat`, or why the server cannot take them."""
        if len(self.seats) >= self.max_sessions:
            players = "1 player" if self.max_sessions == 1 else f"{self.max_sessions} players"
            return f"the server is full ({players}): try again later"
        if self._seated_at[address] >= self.max_per_address:
            return (f"{self.max_per_address} players are already connected from your address: "
                    "try again later")
        seat = Seat(address, door)
        self.seats.add(seat)
        self._seated_at[address] += 1
        return seat

    def leave(self, seat: Seat) -> None:
        if seat.left:
            return
        seat.left = True
        self.seats.discard(seat)
        self._seated_at[seat.address] -= 1
        if not self._seated_at[seat.address]:
            del self._seated_at[seat.address]

    @property
    def players(self) -> int:
        return len(self.seats)
