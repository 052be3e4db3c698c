"""The state of an ACKS II sea combat: vessels and sea monsters on the hex battlemap, the wind,
the round's declarations and initiative counts, grapple lines and harpoons.

A vessel's ``body`` is an ``engine.hexgrid.Body`` (bow hex, facing, length in hexes). A sea
monster is a :class:`Vessel` too, with ``creature`` set: it has hit points where a vessel has
structural hit points, no crew and no captain's throws. Every class is frozen; the rules copy
with ``engine.fast.replace``.
"""

from __future__ import annotations

from enum import Enum

from attrs import frozen

from ahoy_tui.engine.hexgrid import Body, Hex
from ahoy_tui.engine.state import GameState

WIND_STRENGTHS = ("still", "gentle", "moderate", "strong", "very strong", "gale")
MODES = ("oar", "sail", "backwater", "raise", "lower", "swim")


class Phase(Enum):
    """Round Sequence: the declarations made before the dice, then the initiative counts."""

    DECLARE = "declare"
    COUNTS = "counts"
    OVER = "over"


class Status(Enum):
    AFLOAT = "afloat"
    SINKING = "sinking"     # 0 shp: no power, goes down in 1d10 rounds
    SUNK = "sunk"
    ESCAPED = "escaped"     # off the battlemap
    SLAIN = "slain"         # a sea monster killed
    TAKEN = "taken"         # struck to boarders (the scenario's condition)


@frozen
class Wind:
    """The wind at the start of the round: how strong, and the facing it blows from."""

    strength: str = "moderate"
    source: int = 0


@frozen
class Captain:
    """Whoever steers: name, class and level, attack throw bonus, initiative modifier, ranks
    of Seafaring (three make a master mariner), hit points."""

    name: str
    level: int = 1
    attack: int = 1
    initiative: int = 0
    seafaring: int = 1
    hp: int = 6

    @property
    def master_mariner(self) -> bool:
        return self.seafaring >= 3


@frozen
class Piece:
    """An artillery piece: its kind (``data/artillery.toml``), mount (bow, stern, port or
    starboard amidships), rounds until it may shoot again, and a harpoon's latched target."""

    id: str
    kind: str
    mount: str
    reload: int = 0
    harpooned: str = ""


@frozen
class Declared:
    """What a captain declared before the dice (Pre-Initiative Declarations): ``mode`` oar,
    sail, backwater, raise (sails), lower (sails), or swim (a monster); the speed in feet a
    round; whether the captain steers as a full-round action; a monster submerged."""

    mode: str
    speed: int
    steer_full: bool = False
    submerged: bool = False


@frozen
class Vessel:
    """A vessel (or sea monster) in the battle."""

    id: str
    side: str
    name: str
    kind: str
    body: Body
    shp: int
    shp_max: int
    captain: Captain
    creature: bool = False
    sailors: int = 0
    rowers: int = 0
    marines: int = 0
    missile: str = ""              # the marines' missile weapon (Missile Weapon Range by Hex)
    pieces: tuple[Piece, ...] = ()
    sails: bool = False             # under sail (else under oar)
    speed: int = 0                  # the speed set last round, feet
    declared: Declared | None = None
    sprint_rounds: int = 0
    winded: bool = False
    rested: int = 0
    must_backwater: bool = False
    captain_down: bool = False      # incapacitated: a mate steers, without a full round
    status: Status = Status.AFLOAT
    sinks_in: int = 0
    # this round's movement
    hexes_due: int = 0              # hexes she must move on her count
    moved: int = 0
    straight: int = 99              # hexes straight ahead since her last turn
    turns: int = 0
    halted: bool = False
    moving: bool = False            # started her move this count, not finished
    shifted_only: bool = False      # under sail into the wind: a shift of the bow only
    passing: tuple[str, ...] = ()   # vessels she passes through after a head-on (may not ram)
    moved_this_round: bool = False
    submerged: bool = False
    left_by: str = ""               # the edge she left the battlemap by (N, E, S, W)

    @property
    def hexes(self) -> tuple[Hex, ...]:
        return self.body.hexes

    @property
    def afloat(self) -> bool:
        return self.status is Status.AFLOAT

    @property
    def in_action(self) -> bool:
        """Still in the battle: afloat, or sinking (her crew fight on until she goes down)."""
        return self.status in (Status.AFLOAT, Status.SINKING)

    @property
    def on_table(self) -> bool:
        return self.in_action

    @property
    def crew(self) -> int:
        """Sailors and marines on deck (rowers at their oars do not count)."""
        return self.sailors + self.marines


@frozen
class Grapple:
    """Two vessels held together: ``kind`` line (a grappling line) or harpoon (a heavy
    harpoon ballista's grapnel, ``piece`` the ballista)."""

    a: str
    b: str
    kind: str = "line"
    piece: str = ""

    def joins(self, vessel: str) -> bool:
        return vessel in (self.a, self.b)

    def other(self, vessel: str) -> str:
        return self.b if vessel == self.a else self.a


@frozen
class Actor:
    """One initiative roll: a captain (her vessel's movement), an artillery crew, a group of
    marines, or a sea monster. ``total`` is the count it acts on."""

    id: str
    vessel: str
    side: str
    role: str          # captain, piece, crew (the deck crew), monster
    natural: int
    total: int
    piece: str = ""
    done: bool = False
    used: tuple[str, ...] = ()   # the kinds of action a crew has taken this count


@frozen
class HeadOn:
    """A head-on ram awaiting the better captain's choice."""

    rammer: str
    target: str
    chooser: str       # the vessel whose captain hit the higher AC
    step: str          # the rammer's step that met the bow


@frozen
class AcksState(GameState):
    """A moment of the battle."""

    round: int = 1
    round_limit: int = 30
    phase: Phase = Phase.DECLARE
    columns: int = 30
    rows: int = 30
    wind: Wind = Wind()
    vessels: tuple[Vessel, ...] = ()
    grapples: tuple[Grapple, ...] = ()
    actors: tuple[Actor, ...] = ()
    count: int = 0
    first: str = ""                # on this count: the side whose vessels move first
    head_on: HeadOn | None = None
    side_names: tuple[str, str] = ("Side 1", "Side 2")
    victory: tuple[tuple[str, str], ...] = ()   # the scenario's conditions, (key, value)
    damage_dealt: tuple[int, int] = (0, 0)      # structural damage each side dealt

    def side_name(self, side: str) -> str:
        """The side's name in the scenario (p1, p2); anything else as it is."""
        return {"p1": self.side_names[0], "p2": self.side_names[1]}.get(side, side)

    def vessel(self, vid: str) -> Vessel:
        for v in self.vessels:
            if v.id == vid:
                return v
        raise KeyError(vid)

    def condition(self, key: str, default: str = "") -> str:
        return dict(self.victory).get(key, default)

    @property
    def turn(self) -> int:
        """The round, by the name the shared screens and tallies use."""
        return self.round

    @property
    def turn_limit(self) -> int:
        return self.round_limit

    @property
    def ships(self) -> tuple[Vessel, ...]:
        """The vessels, by the name the shared screens use."""
        return self.vessels
