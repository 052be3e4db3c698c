"""The state of a Ramming Speed! battle: galleys, the men aboard, grapples, wreckage, swimmers.

Headings are in degrees (0 = north, clockwise): a galley turns along her turning circle, by any
angle, an inch at a time. Every class is frozen; the rules copy with ``engine.fast.replace``.
"""

from __future__ import annotations

from enum import Enum

from attrs import Factory, field, frozen

from ahoy_tui.engine.geometry import Point, Polygon, hull_deg
from ahoy_tui.engine.orders import Sealed
from ahoy_tui.engine.serialize import ADDED
from ahoy_tui.engine.state import GameState

SECTIONS = ("bow", "middle", "stern")
RANKS = ("admiral", "captain", "marine", "archer", "artilleryman", "sailor")


class Phase(Enum):
    """The turn's phases that wait for a decision (1.1). Movement, ramming, melee and morale
    need none: they are played when the phase before them ends."""

    ORDERS = "orders"          # 1. write orders (sealed, revealed together)
    FIRE = "fire"              # 3. range fire (chosen, then shot together)
    GRAPPLE = "grapple"        # 5. grappling lines and corvi
    BOARD = "board"            # 6. boarding
    MELEE = "melee"            # 6. hand to hand: fronts, match-ups, who falls (16.6-16.7)
    MAINTENANCE = "maintenance"  # 8. oars, sails, cutting lines, corvi
    OVER = "over"


class Band(Enum):
    """Speed bands (6.0) in order; ``SAIL`` is a galley moving under her sail (3.2)."""

    BACKING = -1
    HOVE_TO = 0
    SLOW = 1
    CRUISING = 2
    RAMMING = 3
    SAIL = 9

    @property
    def words(self) -> str:
        return self.name.lower().replace("_", "-")


class Sail(Enum):
    """Where a galley's sail is (3.4-3.5)."""

    STOWED = "stowed"
    RAISING = "raising"
    UP = "up"
    LOWERING = "lowering"
    LOST = "lost"        # brought down by a ram, destroyed


class Status(Enum):
    AFLOAT = "afloat"
    SUNK = "sunk"
    CAPTURED = "captured"
    GONE = "gone"        # left the table


@frozen
class Man:
    """A figure aboard (13.0): his rank, his own galley, where he stands now.

    ``aboard`` is the galley he stands on (his own, or one he boarded); ``section`` bow, middle,
    stern or ``tower``; ``wounded_until`` the turn at whose maintenance he is fit again (18.7);
    ``rescued`` a swimmer pulled aboard who fights no more (12.2), ``rested`` from that turn on
    he may steer, plug and handle sails.
    """

    id: str
    rank: str
    ship: str
    aboard: str
    section: str
    wounded_until: int = 0
    rescued: bool = False
    rested: int = 0

    def wounded(self, turn: int) -> bool:
        return self.wounded_until >= turn

    @property
    def officer(self) -> bool:
        return self.rank in ("admiral", "captain")


@frozen
class Engine:
    """A bolt or stone thrower (19.0, 20.0), nailed to her deck; ``ready`` the turn it may next
    shoot."""

    id: str
    kind: str            # "bolt" or "stone"
    section: str
    ready: int = 1


@frozen
class Galley:
    """One galley on the table (a log sheet, appendix B)."""

    id: str
    side: str
    name: str
    kind: str
    x: float
    y: float
    heading: float
    length: float
    beam: float
    oars: tuple[int, int]              # sections a side: (port, starboard)
    full_oars: int
    energy: int
    band: Band = Band.HOVE_TO
    sail: Sail = Sail.STOWED
    sail_work: int = 0                 # turns of raising or lowering still to do (3.4)
    has_sail: bool = True
    sail_only: bool = False
    half_hit: tuple[bool, bool] = (False, False)   # an oar section half lost, a side (18.8)
    rudders: tuple[bool, bool] = (True, True)      # port, starboard (10.1)
    loads: int = 0
    holed: bool = False
    towers: tuple[str, ...] = ()
    engines: tuple[Engine, ...] = ()
    corvus: bool = False
    corvus_spent: bool = False
    embedded: str | None = None        # her ram stuck in this galley (10.0, 6.0 backing water)
    status: Status = Status.AFLOAT
    withdrawing: bool = False          # 22.5
    carry_on: bool = False             # 22.4: fights on until half her men are lost
    flagship: bool = False
    start_men: int = 0
    home: float = 0.0                  # the heading back the way she came (22.5)
    value: int = 10
    boarding_turns: int = 0            # turns of melee aboard her (17.0)

    @property
    def afloat(self) -> bool:
        return self.status is Status.AFLOAT

    @property
    def outline(self) -> Polygon:
        return hull_deg(self.x, self.y, self.heading, self.length, self.beam)

    @property
    def centre(self) -> Point:
        return (self.x, self.y)

    @property
    def oar_sections(self) -> int:
        """The sections that count for speed: the side with fewer (6.1)."""
        return min(self.oars)


@frozen
class Grapple:
    """Lines (or a corvus) between two galleys (14.0-14.5, 21.0-21.2). ``by`` threw them."""

    by: str
    to: str
    lines: int = 0
    corvus: bool = False
    corvus_going: int = 0             # the turn its removal was announced (21.2)
    drawn: bool = False               # drawn together: now every line must be cut (14.2)

    @property
    def holds(self) -> bool:
        """Two lines hold a galley (14.1); once drawn together, any line left does (14.2)."""
        return self.corvus or self.lines >= 2 or (self.drawn and self.lines >= 1)

    def joins(self, a: str, b: str) -> bool:
        return {self.by, self.to} == {a, b}


@frozen
class Wreck:
    """What a sunk galley leaves: half her area, still afloat (23.0)."""

    x: float
    y: float
    heading: float
    length: float
    beam: float

    @property
    def outline(self) -> Polygon:
        return hull_deg(self.x, self.y, self.heading, self.length, self.beam)


@frozen
class Swimmers:
    """Men in the water from one galley (12.0-12.1): they swim 2" a turn for 12 turns."""

    id: str
    side: str
    x: float
    y: float
    men: tuple[Man, ...]
    turns_left: int = 12


@frozen
class Shore:
    """Land: a convex polygon touched at the risk of a ram at -2 (23.2)."""

    name: str
    points: Polygon


@frozen
class Wind:
    """Strength ("calm", "light", "breeze") and the heading it blows *toward* (3.1)."""

    strength: str = "calm"
    toward: float = 0.0


@frozen
class ShipOrders:
    """One galley's written orders (2.0-2.1, 9.1): her band, a letter an inch, an oar rake."""

    ship: str
    band: Band
    moves: str = ""
    rake: bool = False


@frozen
class SideOrders:
    ships: tuple[ShipOrders, ...] = ()

    def of(self, ship: str) -> ShipOrders | None:
        return next((o for o in self.ships if o.ship == ship), None)


@frozen
class Contact:
    """Something that happened in the movement phase, to be settled later this turn: a ram
    (10.0), an accident with wreckage or the shore (23.1-23.2)."""

    rammer: str
    victim: str | None               # None: wreckage or the shore
    angle: float
    band: Band
    zone: str = "bow"                # where the ram struck: bow, oars, rear
    side: int = 0                    # 0 port, 1 starboard
    accident: bool = False


@frozen
class Shot:
    """A galley's range fire for the turn (18.0): her archers (and engines) at a target."""

    ship: str
    target: str
    aim: str = ""                    # a section at short range, or a man's id from a tower


Fights = tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]


@frozen
class Melee:
    """A melee being fought (16.0-16.8), step by step: the round, the places fought so far this
    round, and at the place being fought now (``ship``, ``section``; ``tower`` when it is the
    ladder up her tower) the men each side has put forward (16.7), the match-ups the boarders
    made (boarders' ids, defenders' ids, a fight each), the next fight to roll, and a beaten
    pair waiting to choose which of them falls (16.6)."""

    round: int = 1
    done: tuple[str, ...] = ()                    # "ship:section" fought, "ship:" advanced
    ship: str = ""
    section: str = ""
    tower: bool = False
    fronts: tuple[tuple[str, tuple[str, ...]], ...] = ()   # (side, men put forward)
    fights: Fights = ()
    paired: bool = False
    next_fight: int = 0
    losers: tuple[str, ...] = ()
    rule: str = ""


@frozen(kw_only=True)
class RSState(GameState):
    """A moment of a Ramming Speed! battle."""

    sides: tuple[tuple[str, str], ...] = (("p1", "p1"), ("p2", "p2"))
    ships: tuple[Galley, ...] = ()
    men: tuple[Man, ...] = ()
    grapples: tuple[Grapple, ...] = ()
    wrecks: tuple[Wreck, ...] = ()
    swimmers: tuple[Swimmers, ...] = ()
    shores: tuple[Shore, ...] = ()
    wind: Wind = Wind()
    width: float = 72.0
    height: float = 48.0
    turn: int = 1
    turn_limit: int = 12
    phase: Phase = Phase.ORDERS
    orders: Sealed[SideOrders] = Factory(Sealed)
    drafts: tuple[ShipOrders, ...] = ()          # the side now writing: its orders so far
    written: tuple[tuple[str, SideOrders], ...] = ()   # last turn's revealed orders, for all
    contacts: tuple[Contact, ...] = ()
    shots: tuple[Shot, ...] = ()
    done: tuple[str, ...] = ()                    # sides finished with this phase
    grappled_by: tuple[tuple[str, str], ...] = ()  # (ship, side) who grappled this turn (15.0)
    boarded: tuple[tuple[str, str], ...] = ()      # (ship, target) boarded this turn
    acted: tuple[str, ...] = ()                    # galleys that have acted this phase
    escape: tuple[tuple[str, str], ...] = ()       # (side, edge): a side wins by leaving there
    last_track: tuple[tuple[str, tuple[Point, ...]], ...] = ()  # each galley's last move
    # the melee under way (added later: out of the state hash while None, see ADDED)
    melee: Melee | None = field(default=None, metadata={ADDED: True})

    def nearest_edge(self, x: float, y: float) -> str:
        """The table edge (N, S, W or E) nearest a point: the one a galley leaves by."""
        gaps = {"N": y, "S": self.height - y, "W": x, "E": self.width - x}
        return min(gaps, key=lambda k: gaps[k])

    def side_name(self, side: str) -> str:
        return dict(self.sides).get(side, side)

    def other(self, side: str) -> str:
        return next(s for s, _ in self.sides if s != side)

    def ship(self, ship_id: str) -> Galley:
        for ship in self.ships:
            if ship.id == ship_id:
                return ship
        raise KeyError(ship_id)

    def side_ships(self, side: str) -> tuple[Galley, ...]:
        return tuple(s for s in self.ships if s.side == side and s.afloat)

    def with_ship(self, ship: Galley) -> RSState:
        from ahoy_tui.engine.fast import replace

        return replace(self, ships=tuple(ship if s.id == ship.id else s for s in self.ships))

    def men_aboard(self, ship_id: str) -> tuple[Man, ...]:
        return tuple(m for m in self.men if m.aboard == ship_id)

    def crew_of(self, ship_id: str) -> tuple[Man, ...]:
        return tuple(m for m in self.men if m.ship == ship_id)

    def own_crew(self, ship_id: str) -> tuple[Man, ...]:
        """Her own men, of her muster: not the swimmers she picked up (12.1-12.2), who are
        counted hers (they stay aboard her) but were never of her crew."""
        return tuple(m for m in self.men if m.ship == ship_id and not m.rescued)

    def man(self, man_id: str) -> Man:
        for man in self.men:
            if man.id == man_id:
                return man
        raise KeyError(man_id)
