"""What the game host and its clients say to each other: one JSON object per line.

Every message is a frozen attrs class with a ``kind``, written with a ``"type"`` tag through a
strict cattrs converter. Clients (the per-connection game processes, bots, tests) send requests;
the host answers and pushes what changed. A state is sent as the recipient's *view* of it
(``Ruleset.view``), never the game's record: a client never sees the dice seed, nor anything the
rules hide from its side.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

import cattrs
from attrs import field, frozen
from cattrs.preconf.json import make_converter

from ahoy_tui.engine.serialize import make_strict, pass_plain_json, problem, too_deep

MAX_LINE = 1 << 20  # a client's message may be at most 1 MiB
MAX_HOST_LINE = 1 << 25  # a host's (a long battle's whole log, on opening it): 32 MiB
MAX_DEPTH = 64  # lists and objects nested deeper than this are refused unread
LOBBY_PAGE = 50  # games in one lobby message, so that it does not grow with the server


# --- client → host -----------------------------------------------------------------------------
@frozen
class Hello:
    """Who is connecting: ``player`` is the identity the SSH server vouched for."""

    player: str
    suggested_name: str = ""
    guest: bool = False
    kind: ClassVar[str] = "hello"


@frozen
class SetName:
    name: str
    kind: ClassVar[str] = "set_name"


@frozen
class SetOption:
    """A player's option, kept with their name: ``colour`` (auto, truecolor, 256, standard)
    is used from their next connection."""

    key: str
    value: str
    kind: ClassVar[str] = "set_option"


@frozen
class ListGames:
    """The lobby, from game number ``offset`` (a page of at most ``LOBBY_PAGE`` games)."""

    offset: int = 0
    kind: ClassVar[str] = "list_games"


@frozen
class CreateGame:
    """A new game. ``seats`` says who plays each side: ``me``, ``open`` or ``ai:LEVEL``."""

    ruleset: str = "ahoy"
    scenario: str = "duel"
    seats: dict[str, str] = field(factory=dict)
    seed: int | None = None
    options: dict[str, Any] = field(factory=dict)
    scenario_data: dict[str, Any] | None = None
    kind: ClassVar[str] = "create_game"


@frozen
class JoinGame:
    """Take a free seat, or come back to your own (``side`` empty: whichever is yours)."""

    game: str
    side: str = ""
    kind: ClassVar[str] = "join_game"


@frozen
class WatchGame:
    game: str
    kind: ClassVar[str] = "watch_game"


@frozen
class LeaveGame:
    """Stop following a game. A player's seat stays theirs."""

    game: str
    kind: ClassVar[str] = "leave_game"


@frozen
class AskReport:
    """The after-action report of a game: a finished one whole; one not over, as the asking
    player's side sees it (a player of it only)."""

    game: str
    kind: ClassVar[str] = "ask_report"


@frozen
class Act:
    """Play ``action`` (its JSON data) for a side of this connection at ``step``."""

    game: str
    step: int
    action: dict[str, Any]
    kind: ClassVar[str] = "act"


@frozen
class RequestUndo:
    game: str
    kind: ClassVar[str] = "request_undo"


@frozen
class AnswerUndo:
    game: str
    accept: bool
    kind: ClassVar[str] = "answer_undo"


# --- host → client -----------------------------------------------------------------------------
@frozen
class Welcome:
    """The host knows this player; ``name`` empty means it must choose one (first visit)."""

    player: str
    name: str
    guest: bool = False
    kind: ClassVar[str] = "welcome"


@frozen
class SeatInfo:
    """A side's seat: ``open``, a ``human`` (by name) or an ``ai`` captain (by level)."""

    side: str
    side_name: str
    occupant: str  # open | human | ai
    name: str = ""
    connected: bool = False


@frozen
class GameInfo:
    """One line of the lobby."""

    id: str
    ruleset: str
    scenario: str
    title: str
    seats: tuple[SeatInfo, ...]
    turn: int
    step: int
    to_act: str | None
    over: bool
    result: str | None
    spectators: int
    yours: tuple[str, ...] = ()
    kept: bool = True


@frozen
class Lobby:
    """A page of the lobby: ``games`` are numbers ``offset``… of the ``total`` listed."""

    games: tuple[GameInfo, ...]
    offset: int = 0
    total: int = 0
    kind: ClassVar[str] = "lobby"


@frozen
class Opened:
    """A game opened to play (``you`` are the sides this connection acts for) or to watch."""

    game: GameInfo
    you: tuple[str, ...]
    policy: str
    state: dict[str, Any]
    last_step: int
    events: tuple[tuple[int, dict[str, Any]], ...]
    kind: ClassVar[str] = "opened"


@frozen
class Update:
    """The game moved on: its new state, the events since ``since`` and who is where.

    ``reset`` means the history was rewound (an undo): the client rebuilds its log from
    ``events`` (which then start at step 0)."""

    game: GameInfo
    state: dict[str, Any]
    last_step: int
    events: tuple[tuple[int, dict[str, Any]], ...]
    reset: bool = False
    note: str = ""
    kind: ClassVar[str] = "update"


@frozen
class UndoAsked:
    """The opponent asks to take back their last move; answer with :class:`AnswerUndo`."""

    game: str
    by: str
    steps: int
    kind: ClassVar[str] = "undo_asked"


@frozen
class Refused:
    """A request was refused: ``rule`` names the rule (empty for a server matter)."""

    reason: str
    rule: str = ""
    game: str = ""
    kind: ClassVar[str] = "refused"


@frozen
class Report:
    """The after-action report asked for: one self-contained HTML page, and ``name``, the file
    it was saved as in the server's data folder ("" where the server keeps no folder)."""

    game: str
    name: str
    page: str
    kind: ClassVar[str] = "report"


@frozen
class Notice:
    text: str
    game: str = ""
    severity: str = "information"
    kind: ClassVar[str] = "notice"


ClientMessage = (Hello | SetName | SetOption | ListGames | CreateGame | JoinGame | WatchGame
                 | LeaveGame | Act | RequestUndo | AnswerUndo | AskReport)
HostMessage = Welcome | Lobby | Opened | Update | UndoAsked | Refused | Notice | Report
Message = ClientMessage | HostMessage

converter = pass_plain_json(make_strict(make_converter(forbid_extra_keys=True)))
KINDS: dict[str, type[Any]] = {cl.kind: cl for cl in Message.__args__}


class BadMessage(ValueError):
    """A line that is not a message this side understands."""


def encode(message: Message) -> bytes:
    # the tag by hand: a cattrs tagged union over every message costs a tenth of a second of
    # start-up, which every SSH session would pay before its first frame
    data = {"type": message.kind, **converter.unstructure(message)}
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"


def decode(line: bytes | str) -> Message:
    """One line to a message; :class:`BadMessage` says in one line what is wrong."""
    try:
        data = json.loads(line)
    except RecursionError:
        raise BadMessage(f"nested more than {MAX_DEPTH} deep") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise BadMessage(f"not JSON: {exc}") from None
    if too_deep(data, MAX_DEPTH):
        raise BadMessage(f"nested more than {MAX_DEPTH} deep")
    if not isinstance(data, dict) or "type" not in data:
        raise BadMessage("a message is a JSON object with a \"type\"")
    kind = KINDS.get(data["type"]) if isinstance(data["type"], str) else None
    if kind is None:
        raise BadMessage(f"unknown message type {data['type']!r}")
    fields = {k: v for k, v in data.items() if k != "type"}
    try:
        message: Message = converter.structure(fields, kind)
    except (cattrs.BaseValidationError, KeyError, TypeError, ValueError) as exc:
        raise BadMessage(f"malformed {data['type']!r}: {problem(exc)}") from None
    return message
