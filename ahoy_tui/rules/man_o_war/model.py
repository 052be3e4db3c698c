"""A Man O' War battle as immutable values: the ships on their templates, the markers on the
table, the wind, the turn and whose activation it is.

A ship's **template** (``tables.Template``) is the card beside the table; her :class:`Ship`
value carries what the players mark on it: damage and Blaze markers in each location's boxes,
Below the Waterline hits, crew counters, batteries lost, the no movement and no firing counters,
and the Admiral, flagship, straggler, Abandoned and Captured counters.

Nothing here applies a rule; the modules named for the rules' sections do (``damage``,
``fire``, ``boarding``, and the turn sequence).
"""

from __future__ import annotations

from enum import StrEnum

from attrs import field, frozen

from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.serialize import ADDED, TOLD
from ahoy_tui.engine.state import GameState
from ahoy_tui.rules.man_o_war.tables import Location, Template, tables


class Phase(StrEnum):
    """The Turn Sequence."""

    SETUP = "setup"  # terrain placed, the set-up roll, fleets placed (Setup, played by the rules)
    INITIATIVE = "initiative"
    MAGIC = "magic"
    BATTLE = "battle"
    END = "end"


# The eight points of the wind compass, clockwise from North; the wind blows TOWARD its point
# (seed: "on 2, 4 or 6 the wind is blowing North").
COMPASS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


@frozen
class Marks:
    """The markers in one hit location's boxes: damage markers and Blaze markers (a Blaze
    replaces a damage marker, or fills an empty box when fire spreads)."""

    damaged: int = 0
    blazing: int = 0

    @property
    def filled(self) -> int:
        return self.damaged + self.blazing


NO_MARKS = Marks()


@frozen
class Ship:
    id: str
    template: str
    side: str
    name: str
    x: float
    y: float
    heading: int  # the compass point her bow points to (0 = North, clockwise, 45° steps)
    crew: int
    squadron: str = ""  # the SOL squadron she sails in ("" for a MOW or IND)
    marks: tuple[Marks, ...] = ()  # one per template location, in the card's order
    btw: int = 0  # Below the Waterline hits
    batteries_lost: tuple[int, ...] = ()  # one per template battery: how many are destroyed
    weakened: tuple[int, ...] = ()  # template batteries weakened (the Hull-Destroyer's Winch)
    fired: tuple[int, ...] = ()  # one per template battery: fired this Battle Phase
    speed_lost: float = 0.0
    speed_lost_astern: float = 0.0
    no_sail: bool = False
    no_oars: bool = False
    no_ram: bool = False
    immobile: bool = False
    no_movement: bool = False  # the counter from a critical hit (or a spell), off in the End Phase
    no_firing: bool = False
    admiral: bool = False
    flagship: bool = False
    straggler: bool = False
    aground: bool = False
    abandoned: bool = False
    captured_by: str = ""
    captured_turn: int = 0
    sunk: bool = False
    left_table: bool = False
    scuttle: bool = False  # to be scuttled in the End Phase
    activated: bool = False  # has acted this Battle Phase
    # Scuttle ships: the ship whose boarders will scuttle her, and how many of her crew
    # counters went aboard to do it (back to her in the End Phase if she is still in contact)
    scuttled_by: str = field(default="", metadata={ADDED: True})
    scuttling_party: int = field(default=0, metadata={ADDED: True})
    cards: tuple[str, ...] = field(default=(), metadata={ADDED: True})  # Man O' War cards
    anti_flyer: bool = field(default=False, metadata={ADDED: True})  # an anti-flyer weapon
    anti_flyer_fired: bool = field(default=False, metadata={ADDED: True})  # this Battle Phase

    @property
    def card(self) -> Template:
        return tables().template(self.template)

    @property
    def holder(self) -> str:
        """The side she is held by now: her captor's if she is a prize, else her own."""
        return self.captured_by or self.side

    def marks_at(self, index: int) -> Marks:
        return self.marks[index] if index < len(self.marks) else NO_MARKS

    def destroyed(self, index: int) -> bool:
        """A location with every box marked, or ablaze, counts as destroyed (seed: "Blazing
        locations are treated as destroyed locations")."""
        marks = self.marks_at(index)
        return marks.blazing > 0 or marks.filled >= self.card.locations[index].boxes

    @property
    def gone(self) -> bool:
        """Out of the battle: sunk, off the table, or scuttled."""
        return self.sunk or self.left_table

    @property
    def afloat(self) -> bool:
        return not self.gone

    @property
    def in_the_fight(self) -> bool:
        """Afloat, crewed, and neither a prize nor to be scuttled."""
        return self.afloat and not self.captured_by and not self.abandoned and not self.scuttle

    @property
    def on_table(self) -> bool:
        """Still on the table (a screen's word for a ship it may select)."""
        return not self.gone

    @property
    def blazes(self) -> int:
        return sum(m.blazing for m in self.marks)

    def batteries_left(self, index: int) -> int:
        lost = self.batteries_lost[index] if index < len(self.batteries_lost) else 0
        return max(0, self.card.batteries[index].count - lost)


def new_ship(ship_id: str, template_id: str, side: str, *, name: str = "", x: float = 0.0,
             y: float = 0.0, heading: int = 0, squadron: str = "", admiral: bool = False,
             flagship: bool = False) -> Ship:
    """A ship fresh from the box: crew counters equal to her Crew Strength, no markers."""
    card = tables().template(template_id)
    return Ship(ship_id, template_id, side, name or card.name, x, y, heading, card.crew,
                squadron=squadron, marks=tuple(NO_MARKS for _ in card.locations),
                batteries_lost=tuple(0 for _ in card.batteries),
                weakened=tuple(0 for _ in card.batteries),
                fired=tuple(0 for _ in card.batteries), admiral=admiral, flagship=flagship)


@frozen
class Honour:
    """A line of the Battle Honours' roll: what ``side`` won them for (a ship sunk or taken,
    an Admiral or a Wizard lost, a monster or a flyer killed), the points it won (less than 0:
    a prize recaptured)."""

    side: str
    points: int
    what: str


@frozen
class Marker:
    """Wreckage (blocks movement and sight like a ship) or Debris (does not), where a ship went
    down, with the Admiral or Wizard clinging to it."""

    id: str
    kind: str  # "wreckage" | "debris"
    x: float
    y: float
    heading: int
    length: float
    beam: float
    clinging: tuple[str, ...] = ()  # e.g. ("admiral:p1",)
    placed_turn: int = 0


@frozen
class Terrain:
    id: str
    kind: str  # "rocks" | "sandbank" | "island"
    x: float
    y: float
    width: float
    height: float


@frozen
class Table:
    width: float = 72.0
    height: float = 48.0


@frozen
class Move:
    """The move of the ship acting now: how far she may go and what she has done so far."""

    ship: str
    allowance: float  # inches she may move this Battle Phase
    used: float = 0.0
    straight: float = 0.0  # inches since her last turn (a ram needs 3" straight)
    turns: int = 0
    means: str = "sail"  # "sail" | "oars" | "steam" | "magic"
    ramming_speed: bool = False
    backwards: bool = False
    into_wind: bool = False  # she started her move against the wind
    stopped: str = ""  # why her move ended early ("" while she may go on)
    touched: str = ""  # the ship or marker she touched, ending her move

    @property
    def remaining(self) -> float:
        return 0.0 if self.stopped else max(0.0, self.allowance - self.used)


@frozen
class Boarding:
    """A boarding action in progress: who attacks whom, and the decision the last round left."""

    attacker: str
    defender: str
    decision: str = ""  # "" | "attacker" (press on or break off) | "defender" (cut or attack)
    swapped: bool = False  # the defender became the attacker: the cannons' bonus changed hands


@frozen
class Wizard:
    """A side's Wizard: his level (``spellbook.WizardLevel``), his college, the ship he sails in,
    and his Magic cards. His ``hand`` and ``spent`` pile (the cards out of his deck: cast,
    dispelled or discarded) are seen by his own side only; the others see how many."""

    side: str
    level: str
    college: str
    ship: str = ""  # the ship he is aboard ("" while clinging to wreckage, or once gone)
    hand: tuple[str, ...] = ()
    spent: tuple[str, ...] = ()
    fate: str = ""  # "" in the fight | "clinging" | "killed" | "left" (sailed off the table)
    rerolled: bool = False  # a Wizard Lord's re-roll, used this turn

    @property
    def in_the_fight(self) -> bool:
        return not self.fate and bool(self.ship)


@frozen
class Casting:
    """A spell being cast in the Magic Phase: who cast which card on what, and what the rules
    wait for now (``step``: "reroll_cast", "dispel" or "reroll_dispel"); ``dispel`` is the
    card tried against it, ``lasting`` the spell in play a side tries to dispel instead."""

    side: str
    card: str
    target: str = ""
    way: str = ""
    step: str = ""
    dispel: str = ""
    lasting: str = ""


@frozen
class InPlay:
    """A lasting spell on a ship (seed: "Unless stated on the card, spells last for a single
    turn"): ``until`` the turn whose End Phase removes it (0: until dispelled)."""

    id: str
    side: str  # the caster's side
    card: str
    target: str
    until: int = 0


@frozen
class Creature:
    """A sea monster (seed "Sea Monsters"): its template lies face down on the table until it
    is summoned (``where`` "template"; its ``kind`` is its owner's secret until then); then
    it is "rising" from the template, swims "surfaced" or "submerged", goes back to its "lair"
    (a template again, its kind now known), or is "dead". ``wounds`` are the spaces filled on
    its Wound track; ``dived`` the turn it last dived (it may not attack that turn)."""

    id: str
    kind: str
    side: str
    x: float
    y: float
    heading: int = 0
    where: str = "template"
    wounds: int = 0
    activated: bool = False
    dived: int = 0
    placed: bool = True  # False while the rules' set-up has still to place its template

    @property
    def on_table(self) -> bool:
        """Swimming on the table (surfaced or submerged), not a template."""
        return self.where in ("surfaced", "submerged")

    @property
    def surfaced(self) -> bool:
        return self.where == "surfaced"

    @property
    def face_down(self) -> bool:
        """A template on the table (its own, its lair's, or one it is rising from)."""
        return self.where in ("template", "lair", "rising")


@frozen
class Flyer:
    """A flyer (seed "Airpower"): where it flies, the wounds it has taken, whether it has acted;
    ``fate`` "" while it flies, "dead" (its wounds all taken, or its Rider killed)."""

    id: str
    kind: str
    side: str
    x: float
    y: float
    heading: int = 0
    squadron: str = ""
    wounds: int = 0
    activated: bool = False
    fate: str = ""
    placed: bool = True  # False until the rules' set-up launches it from its side's edge

    @property
    def aloft(self) -> bool:
        return not self.fate


@frozen
class Flight:
    """The flyers of the unit acting: the one flying now (``flyer``), those still to fly, what
    it is doing (``stage``: "fly", "attack", "done"), its target once it touches one, and
    whether it has made its special attack and its boarding action or close combat, and taken
    the target's defensive fire."""

    flyer: str
    waiting: tuple[str, ...] = ()
    stage: str = "fly"
    target: str = ""
    bombed: bool = False
    fought: bool = False
    fired_on: bool = False


@frozen
class Duel:
    """A flyer's boarding action against a ship, or its close combat with a flyer or a sea
    monster: who decides next (``decision`` "defender": fight on or drive it off;
    "attacker": fight on or break off)."""

    flyer: str
    target: str
    decision: str = ""


@frozen
class Prowl:
    """The sea monster acting now: what it is doing (``stage``: "course", "twice", "swim",
    "attack", "done"), the inches its dice gave it, its straight swims made and allowed, its
    special attacks and boarding actions made and allowed, whether it dived or is frenzied."""

    creature: str
    stage: str = "course"
    allowance: float = 0.0
    swims: int = 0
    swims_allowed: int = 1
    specials: int = 0
    mauls: int = 0
    attacks: int = 1
    dived: bool = False
    frenzied: bool = False


@frozen
class Struggle:
    """A sea monster's boarding action against a ship: who decides next (``decision``:
    "creature" to press on or retreat, "ship" to press on or drive it off)."""

    creature: str
    ship: str
    decision: str = ""


@frozen(kw_only=True)
class MowState(GameState):
    sides: tuple[str, ...] = ("p1", "p2")
    side_names: tuple[str, ...] = ("", "")
    races: tuple[str, ...] = ("", "")
    table: Table = field(factory=Table)
    wind: int = 0  # index into COMPASS: the point the wind blows toward
    turn: int = 1
    turn_limit: int = 0  # 0: play until one side has no ship left
    phase: Phase = Phase.INITIATIVE
    initiative: str = ""  # the side that won the Initiative Phase
    active: str = ""  # the side activating now
    acting: tuple[str, ...] = ()  # the ships of the activation still to act
    current: str = ""  # the ship acting now (committed once touched)
    stage: str = ""  # what she is doing: "move", "fire", "board" ("" between ships)
    move: Move | None = None
    end_step: str = ""  # in the End Phase: "" before its first steps, "stragglers" after
    ships: tuple[Ship, ...] = ()
    markers: tuple[Marker, ...] = ()
    terrain: tuple[Terrain, ...] = ()
    boarding: Boarding | None = None
    won: str = ""  # a ship just won by boarding, waiting to be taken as a prize or scuttled
    won_by: str = ""  # the ship that won her
    boarded_this_turn: tuple[str, ...] = ()  # ships that have made their boarding action
    honours: tuple[int, ...] = (0, 0)  # Battle Honours won by each side
    options: tuple[tuple[str, str], ...] = ()  # house rules ("true"), the wind to roll
    # Setup, played by the rules: what is still to place and whose turn it is
    setup_step: str = ""  # "terrain", "edge", "deploy" ("" once the battle is set up)
    sections: tuple[int, ...] = ()  # terrain features still to place in each 2' section
    reserve: tuple[Ship, ...] = ()  # ships not yet placed on the table
    edges: tuple[str, ...] = ("west", "east")  # each side's table edge
    # The Magic Phase: each side's Wizard, the spell being cast, how far the phase
    # has come (0: the initiative side casts, 1: the other, 2: done), the spells in play
    wizards: tuple[Wizard, ...] = field(default=(), metadata={ADDED: True})
    casting: Casting | None = field(default=None, metadata={ADDED: True})
    magic_step: int = field(default=0, metadata={ADDED: True})
    in_play: tuple[InPlay, ...] = field(default=(), metadata={ADDED: True})
    # Sea monsters: every monster (template or swimming), the one acting, its boarding action,
    # and a template waiting to be placed (``placing``) by ``placer``
    creatures: tuple[Creature, ...] = field(default=(), metadata={ADDED: True})
    prowl: Prowl | None = field(default=None, metadata={ADDED: True})
    struggle: Struggle | None = field(default=None, metadata={ADDED: True})
    placing: str = field(default="", metadata={ADDED: True})
    placer: str = field(default="", metadata={ADDED: True})
    # Flyers: every flyer, the unit flying now, and a boarding action or close combat
    flyers: tuple[Flyer, ...] = field(default=(), metadata={ADDED: True})
    flight: Flight | None = field(default=None, metadata={ADDED: True})
    duel: Duel | None = field(default=None, metadata={ADDED: True})
    # A squadron's one order: the moves (``SetCourse``, ``Advance``, ``Turn``, ``TurnOnTheSpot``
    # as "course:sail:cruise", "ahead:4", "turn:starboard", "spot:port:90") of the first of
    # its ships to move this activation (``orders_by``), which the rest may follow
    orders: tuple[str, ...] = field(default=(), metadata={ADDED: True})
    orders_by: str = field(default="", metadata={ADDED: True})
    # What each Battle Honour was won for, in the order won (the game-over summary): words
    # alone, out of the hash, so a save that won Honours before the roll was kept still verifies
    honour_roll: tuple[Honour, ...] = field(default=(), metadata={TOLD: True})

    def ship(self, ship_id: str) -> Ship:
        for ship in self.ships:
            if ship.id == ship_id:
                return ship
        raise KeyError(ship_id)

    def creature(self, creature_id: str) -> Creature:
        for creature in self.creatures:
            if creature.id == creature_id:
                return creature
        raise KeyError(creature_id)

    def flyer(self, flyer_id: str) -> Flyer:
        for flyer in self.flyers:
            if flyer.id == flyer_id:
                return flyer
        raise KeyError(flyer_id)

    def has_flyer(self, flyer_id: str) -> bool:
        return any(f.id == flyer_id for f in self.flyers)

    def has_creature(self, creature_id: str) -> bool:
        return any(c.id == creature_id for c in self.creatures)

    def has_ship(self, ship_id: str) -> bool:
        return any(ship.id == ship_id for ship in self.ships)

    def side_name(self, side: str) -> str:
        return self.side_names[self.sides.index(side)] if side in self.sides else side

    def side_index(self, side: str) -> int:
        return self.sides.index(side)

    def other(self, side: str) -> str:
        return self.sides[1 - self.sides.index(side)]

    def with_honours(self, side: str, points: int, what: str) -> MowState:
        """``side`` wins ``points`` Battle Honours for ``what`` (kept on the roll)."""
        index = self.side_index(side)
        tally = tuple(h + points if i == index else h for i, h in enumerate(self.honours))
        return replace(self, honours=tally,
                       honour_roll=(*self.honour_roll, Honour(side, points, what)))

    def wizard(self, side: str) -> Wizard | None:
        return next((w for w in self.wizards if w.side == side), None)

    def option(self, name: str, default: str = "") -> str:
        return dict(self.options).get(name, default)

    def house_rule(self, name: str) -> bool:
        """Whether the scenario plays this house rule."""
        return self.option(name) == "true"


def location_index(card: Template, location: Location) -> int:
    return card.locations.index(location)
