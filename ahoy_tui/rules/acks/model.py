"""The state of an ACKS II sea combat: vessels and sea monsters on the hex battlemap, the wind,
the round's declarations and initiative counts, grapple lines and harpoons.

A vessel's ``body`` is an ``engine.hexgrid.Body`` (bow hex, facing, length in hexes). A sea
monster is a :class:`Vessel` too, with ``creature`` set: it has hit points where a vessel has
structural hit points, no crew and no captain's throws. Every class is frozen; the rules copy
with ``engine.fast.replace``.
"""

from __future__ import annotations

from enum import Enum

from attrs import field, frozen

from ahoy_tui.engine.hexgrid import Body, Hex
from ahoy_tui.engine.serialize import ADDED
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
    starboard amidships), rounds until it may shoot again, a harpoon's latched target, and
    whether burning pitch is carried for it (the scenario's choice)."""

    id: str
    kind: str
    mount: str
    reload: int = 0
    harpooned: str = ""
    pitch: bool = False         # burning pitch carried for it (a catapult that can throw it)


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
    gear: tuple[str, ...] = ()      # boarding_bridge, boarding_ramp, fire_pot_pole
    sails: bool = False             # under sail (else under oar)
    speed: int = 0                  # the speed set last round, feet
    declared: Declared | None = None
    sprint_rounds: int = 0
    winded: bool = False
    rested: int = 0
    must_backwater: bool = False
    captain_down: bool = False      # incapacitated: a mate steers, without a full round
    # Hit points (added later: left out of the state hash at their defaults, see ADDED)
    captain_hurt: int = field(default=0, metadata={ADDED: True})  # his hp lost (down at his hp)
    wounds: tuple[tuple[str, int], ...] = field(  # her wounded crewmen: (role, hp lost) each
        default=(), metadata={ADDED: True})
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


SAVES = ("paralysis", "death", "blast", "implements", "spells")


@frozen
class Figure:
    """A combatant on the deck battlemaps (5' squares): a character, or one man of a crew.

    ``crew_of`` is the vessel whose crew he is (his group acts on her deck crew's count);
    ``on`` the vessel whose deck he stands on, or, with ``where`` ``water``, the one he fell
    from. ``x`` counts squares from her stern (the bow is the last), ``y`` from her port rail.
    ``where``: ``deck``; ``below`` (no room on deck: he comes up as room is made); ``bridge``
    or ``ramp`` (on the boarding bridge or ramp of ``on``); ``line`` (traversing a grapple
    line); ``hanging`` (by his fingers from ``on``'s hull); ``water``. The character is an ACKS
    II combatant: class and level, hit points, AC, attack throw bonus (d20 + it >= 10 + AC),
    the five saving throws (``SAVES``, d20 >= each), DEX, encumbrance in stone, proficiencies.
    A figure at 0 hp is ``down`` (out of the fight) and stays in the tuple."""

    id: str
    side: str
    name: str
    crew_of: str
    role: str                          # captain, officer, marine, sailor
    on: str
    x: int = 0
    y: int = 0
    where: str = "deck"
    cls: str = "fighter"
    level: int = 0
    hp: int = 1
    hp_max: int = 1
    ac: int = 0
    attack: int = 0
    saves: tuple[int, ...] = (14, 15, 16, 17, 18)
    dex: int = 10
    stone: int = 2
    skills: tuple[str, ...] = ()
    weapon: str = "sword"
    combat_ft: int = 40                # a man's combat speed on a deck (Movement of Creatures)
    running_ft: int = 120              # charging or running
    npc: bool = True
    prone: bool = False
    winded: bool = False
    drowning: int = 0                  # rounds drowning: dead at the end of the fifth
    dies_in: int = 0                   # a crewman overboard: rounds to live
    depth: int = 0                     # feet below the surface, drowning
    moved: int = 0                     # feet moved this round
    crossed: int = 0                   # feet along a grapple line, traversing it
    carrying: int = 0                  # stone of a drowning man he carries up this round
    down: bool = False

    @property
    def standing(self) -> bool:
        """In the fight: not down, not in the water, not hanging from a hull."""
        return not self.down and self.where in ("deck", "bridge", "ramp")

    @property
    def aboard(self) -> bool:
        return not self.down and self.where in ("deck", "below")

    def save(self, kind: str) -> int:
        """The d20 roll needed for a saving throw of ``kind`` (one of ``SAVES``)."""
        return self.saves[SAVES.index(kind)]

    def has(self, skill: str) -> bool:
        return skill in self.skills


@frozen
class Bridge:
    """A boarding bridge (or ramp, ``kind``) from ``vessel`` lowered onto ``target`` at her
    square (``x``, ``y``): ``fast`` when securely fastened; ``crossed`` counts the men over it
    this round (30 on a bridge, 8 on a ramp)."""

    vessel: str
    target: str
    x: int
    y: int
    fast: bool
    kind: str = "bridge"
    crossed: int = 0


@frozen
class Fire:
    """Burning pitch on ``vessel``'s deck, a 15' puddle centred on (``x``, ``y``): its dice of
    structural fire damage each round on ``count``, and the full-round actions spent fighting
    it (15 put it out)."""

    id: str
    vessel: str
    x: int
    y: int
    dice: str
    count: int
    fought: int = 0


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
    figures: tuple[Figure, ...] = ()            # the deck battlemaps' combatants
    bridges: tuple[Bridge, ...] = ()            # boarding bridges and ramps lowered
    fires: tuple[Fire, ...] = ()                # burning pitch on the decks

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

    def figure(self, fid: str) -> Figure:
        for f in self.figures:
            if f.id == fid:
                return f
        raise KeyError(fid)

    def aboard(self, vessel: str) -> tuple[Figure, ...]:
        """The figures standing on (or below) ``vessel``'s deck and in the fight."""
        return tuple(f for f in self.figures if f.on == vessel and f.aboard)

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
