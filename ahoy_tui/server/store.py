"""Where a game host keeps its players and games: what every store promises the host.

The host talks to a store, never to files or tables. Two stores keep the same things:

- the **file store** (``store_files.py``, the default): one data folder, one host;
- the **PostgreSQL store** (``store_postgres.py``): one database that several hosts share, each
  new action pushed to the others (``LISTEN``/``NOTIFY``), so that any host can serve any player.

Whatever the store, an action is acknowledged to a client only once the store has kept it
(:meth:`Store.play` returned): one that cannot be kept raises :class:`StoreError` and is not
played. :func:`ahoy_tui.server.store_open.open_store` picks the store ``--store`` names.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from attrs import define, field

from ahoy_tui.engine import Game
from ahoy_tui.engine.events import Event
from ahoy_tui.server.players import Players


class StoreError(Exception):
    """The store could not keep (or read) something: ``problem`` is one line saying why, and
    ``str()`` names where too ("games/ab12cd.json: cannot write: No space left on device")."""

    def __init__(self, problem: str, where: str = "") -> None:
        self.problem = problem
        self.where = where
        super().__init__(f"{where}: {problem}" if where else problem)


class Overtaken(Exception):
    """Another host changed this game first (it recorded this step, or rewound the game): the
    host refreshes it from the store, then checks the request again against the new state."""


class SeatTaken(Exception):
    """Another host seated someone in this seat first: ``seat`` is who sits there now."""

    def __init__(self, seat: Seat) -> None:
        self.seat = seat
        super().__init__(f"the seat is taken ({seat.name})")


@define(eq=False)
class Seat:
    """Who plays a side: nobody yet (``open``), a ``human`` player, or an ``ai`` captain."""

    occupant: str = "open"
    player: str = ""
    name: str = ""
    level: str = ""

    def to_data(self) -> dict[str, str]:
        return {"occupant": self.occupant, "player": self.player, "name": self.name,
                "level": self.level}

    def same(self, other: Seat) -> bool:
        return self.to_data() == other.to_data()


@define(eq=False)
class KeptGame:
    """A game as a store keeps it: the battle (its record) and who sits where.

    ``epoch`` counts the times its history was rewound (an undo truncates the actions): a host
    that follows the game from another host's store resets its copy when the epoch moves."""

    id: str
    game: Game
    seats: dict[str, Seat]
    created: float = field(factory=time.time)
    creator: str = ""  # the player who set it up (their games are counted against a limit)
    finished: float | None = None  # when the battle ended (it leaves the lobby a day later)
    epoch: int = 0


Heard = Callable[[dict[str, Any]], None]  # a change another host made, as its NOTIFY payload


class Store(Protocol):
    """What a game host keeps, and where.

    Reads the host needs at once (a player's name, their options) come from memory
    (``players``); everything that changes goes through the ``async`` methods, which return only
    once it is kept, or raise :class:`StoreError` having changed nothing."""

    players: Players
    #: other hosts share this store (they change games under this host: it must follow them)
    shared: bool
    #: the data folder, for a file store (where replays can be read); None otherwise
    folder: Path | None

    @property
    def keeps(self) -> bool:
        """Whether games are kept at all (a host with no folder keeps nothing)."""

    async def kept_games(self, finished_listed: float) -> list[KeptGame | str]:
        """Every game to resume (those finished more than ``finished_listed`` seconds ago are
        left out), or a line saying why one could not be."""

    async def add_game(self, kept: KeptGame) -> None:
        """Keep a new game (its set-up and seats)."""

    async def play(self, kept: KeptGame, action: Any, note: str = "") -> tuple[Event, ...]:
        """Play ``action`` on the game and keep it (with ``note``, what a captain said). Raises
        :class:`StoreError` (not kept: the game stays where it was) or :class:`Overtaken`."""

    async def rewind(self, kept: KeptGame, target: int) -> None:
        """Take the game back to step ``target`` (an undo), and keep that."""

    async def keep_seat(self, kept: KeptGame, side: str, was: Seat) -> None:
        """Keep ``kept.seats[side]``, which was ``was``: :class:`SeatTaken` if another host
        changed that seat meanwhile."""

    async def keep_finished(self, kept: KeptGame) -> None:
        """Keep when the battle ended (``kept.finished``)."""

    async def set_name(self, player: str, name: str) -> str:
        """Give a player a name no reader could take for another's (``ValueError`` if it is
        taken); the name as kept."""

    async def set_option(self, player: str, key: str, value: str) -> None:
        """Keep one of a player's options."""

    async def close(self) -> None:
        """Let go of what the store holds (connections, listeners)."""


class SharedStore(Store, Protocol):
    """A store that several hosts use at once: what a host needs to follow the others."""

    host_id: str

    def listen(self, heard: Heard) -> None:
        """Call ``heard`` with every change another host announces (and, first, those heard
        since the store was opened)."""

    async def announce(self, payload: dict[str, Any]) -> None:
        """Tell the other hosts something that is not kept (who is here, an undo asked)."""

    async def load_game(self, game_id: str) -> KeptGame | None:
        """A game another host set up, as it stands now (None: no such game)."""

    async def refresh(self, kept: KeptGame) -> Refreshed:
        """What changed in ``kept`` since this host last saw it."""

    async def refresh_player(self, player: str) -> None:
        """Read a player's name and options again (another host may have changed them)."""

    async def live_hosts(self) -> set[str]:
        """The ids of the hosts connected to the store now (a killed host's connection is
        gone)."""


@define
class Refreshed:
    """A game's changes since a host last saw it: its seats and end as they are now, and either
    the actions after its step (each with its note and the state's hash after it) or, when the
    epoch moved (an undo elsewhere), the whole game to rebuild."""

    seats: dict[str, Seat]
    finished: float | None
    epoch: int
    actions: list[tuple[dict[str, Any], str, str]] = field(factory=list)
    rebuilt: KeptGame | None = None

