"""The state of an Ahoy! battle: ships, crew, wind, whose turn and what is being decided.

Everything is frozen. Ships and crew are tuples in a fixed order, looked up by id. A crewman is
one model with a profile; where he stands (``aboard``) and what he is doing (``task``) are what
the ship record card counts. Derived facts (how many crew are sailing, whether a ship is out of
control) are computed from these, not stored.
"""

from __future__ import annotations

from enum import StrEnum

from attrs import field, frozen

from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import Table
from ahoy_tui.engine.serialize import ADDED
from ahoy_tui.engine.state import GameState


class Phase(StrEnum):
    """The parts of a player's turn (Turns and phases)."""

    ORDERS = "orders"        # start of the turn: crew, rams, cutting loose, anchors, colours
    MOVEMENT = "movement"    # ships are moved before anything else
    SHOOTING = "shooting"    # ordnance and missile weapons
    CLOSE_COMBAT = "close_combat"  # boarding actions fought; the turn passes
    OVER = "over"


class Task(StrEnum):
    """What a crewman is doing."""

    SAILING = "sailing"
    GUN = "gun"
    FIRES = "fires"
    IDLE = "idle"          # unoccupied: free to shoot missiles, board, be sent anywhere
    BOARDING = "boarding"  # fighting aboard an enemy ship
    CAPTIVE = "captive"    # locked below decks aboard an enemy ship
    SWIMMING = "swimming"


class GunState(StrEnum):
    READY = "ready"
    MALFUNCTION = "malfunction"
    DESTROYED = "destroyed"
    HEAVED = "heaved"      # being heaved overboard this turn (Beaching and Re-floating)


@frozen
class Gun:
    """A piece of ordnance on a ship, on a fixed line of fire (or, in a turret, its facing)."""

    id: str
    weapon: str          # id in weapons.toml [ordnance]
    mount: str           # "port", "starboard", "bow", "stern" or "turret"
    along: float = 0.0   # inches from the ship's centre toward the bow
    state: GunState = GunState.READY
    silent_until: int = 0  # a malfunction: may not fire before this player-turn number
    fired: bool = False    # fired (or tried to) this turn
    # Gun Turrets (added later: left out of the state hash at their defaults, see ADDED)
    facing: float = field(default=0.0, metadata={ADDED: True})  # degrees clockwise from the bow
    trained: bool = field(default=False, metadata={ADDED: True})  # turned this turn
    fault: str = field(default="", metadata={ADDED: True})  # "jammed", "slipped", "scattered"
    range_loss: int = field(default=0, metadata={ADDED: True})  # "slipped": inches off its shots


@frozen
class CrewPlan:
    """How the captain has told off his crew: sailing, fire-fighting, and which guns first."""

    sailing: int
    fires: int = 0
    guns_first: str = ""


@frozen
class Crewman:
    """One model: a sailor, a marine, the captain."""

    id: str
    side: str
    ship: str                 # the ship he belongs to
    profile: str              # id in crew.toml [profiles]
    wounds: int
    aboard: str | None        # the ship he stands on; None in the water
    task: Task = Task.IDLE
    gun: str | None = None
    armour: str = "none"
    shield: bool = False
    missile: str | None = None
    x: float = 0.0            # his position while swimming
    y: float = 0.0
    boarded_turn: int = -1    # the player-turn number he boarded in (he charged)
    footing: bool = True      # False while fighting his way up a higher gunwale
    exhausted: bool = False   # climbed aboard from the water: fights last, needs 6s


@frozen
class Ship:
    """A ship and everything her record card tracks."""

    id: str
    name: str
    side: str
    size: str                 # id in ships.toml [sizes]
    length: float
    beam: float
    gunwale: int
    x: float
    y: float
    heading: int              # 0 = north, in 45° steps clockwise
    sp: int                   # Structure Points left
    sp_max: int
    propulsion: str = "sail"
    ironclad: bool = False
    ram: bool = False         # fitted with a ram
    guns: tuple[Gun, ...] = ()
    plan: CrewPlan = CrewPlan(0)
    fires: int = 0            # fire markers burning
    speed: int = 0            # inches she is making (her last move's allowance)
    moved_last: float = 0.0   # how far she moved in her last move
    under_way: int = 2        # 0: stationary, 1: first turn under way, 2: full speed allowed
    slowing: int = 0          # consecutive turns she has slowed down
    cast_off: bool = False    # starts her next move on the variable dice only
    anchored: bool = False
    has_anchor: bool = True
    struck: bool = False      # has struck her colours
    strike_tested: bool = False
    sunk: bool = False
    off_table: bool = False
    exit_x: float = 0.0
    exit_y: float = 0.0
    withdrawn: bool = False   # left the battle for good
    captured_by: str | None = None
    in_irons: bool = False
    rudder_damaged: bool = False
    dismasted: bool = False
    immobilised: bool = False
    ooc_stopped: bool = False  # out of control, turned into the wind: drifting
    moved: bool = False        # has moved (or drifted) this turn
    anchor_tried: bool = False
    ram_target: str | None = None  # declared ram this turn ("Brace for impact!")
    ram_spent: bool = False
    no_shooting: bool = False   # braced, or cutting loose: no shooting this turn
    missiles_fired: bool = False
    ordered: tuple[str, ...] = ()  # start-of-turn orders already given this turn
    # The Advanced rules (added later: left out of the state hash at their defaults, see ADDED)
    # "stuck" (re-float on a 6) or "beached" (shove off with 2 crew)
    aground: str = field(default="", metadata={ADDED: True})
    docked: str | None = field(default=None, metadata={ADDED: True})  # the quay she is made fast to
    # guns her crew have heaved overboard to re-float her
    heaved: int = field(default=0, metadata={ADDED: True})
    # struck and came free: may turn before moving on her next move
    fend_off: bool = field(default=False, metadata={ADDED: True})
    # the game turn she last put on a burst of speed (oars, steam); 0 never
    burst_turn: int = field(default=0, metadata={ADDED: True})
    # Fire Ships: stripped out, crewless, set ablaze
    fire_ship: bool = field(default=False, metadata={ADDED: True})
    # a fire ship: the ship that tows her
    tow: str | None = field(default=None, metadata={ADDED: True})
    # a fire ship: the player-turn number she was cast adrift (0: towed)
    adrift: int = field(default=0, metadata={ADDED: True})
    # Launching craft: boats she still carries
    boats: int = field(default=0, metadata={ADDED: True})

    @property
    def afloat(self) -> bool:
        return not self.sunk

    @property
    def on_table(self) -> bool:
        return not (self.sunk or self.off_table or self.withdrawn)

    @property
    def sinking(self) -> bool:
        return self.sp <= 0 and not self.sunk


@frozen
class Lock:
    """Two ships held together: ``entangled`` after a ram, ``grappled`` for boarding."""

    a: str
    b: str
    kind: str

    def holds(self, ship: str) -> bool:
        return ship in (self.a, self.b)

    def other(self, ship: str) -> str:
        return self.b if ship == self.a else self.a


@frozen
class Move:
    """A ship's move in progress."""

    ship: str
    allowance: int              # inches she must move this turn
    moved: float = 0.0
    since_turn: float = 0.0     # inches since the start or her last turn
    turns_left: int = 0
    turns_made: int = 0
    ram: bool = False           # a ramming run: one turn to align, then straight
    in_irons: bool = False      # may only turn at the end, on a roll
    forced_turn: int | None = None  # rudder damaged: -1 port, 0 straight, +1 starboard
    steer_ok: bool | None = None    # Light Airs / Gales: the 4+ roll, once rolled
    pickup: bool = False        # slow enough to pick up swimmers (6" or less)
    met: tuple[str, ...] = ()   # enemy swimmers she has already dealt with on this move
    # terrain she has already rolled for on this move
    passed: tuple[str, ...] = field(default=(), metadata={ADDED: True})
    # rowing or steaming backwards: straight back, up to allowance
    astern: bool = field(default=False, metadata={ADDED: True})
    # a burst of speed: straight ahead, no turns
    burst: bool = field(default=False, metadata={ADDED: True})
    # holding station at 0": she may only turn in place
    holding: bool = field(default=False, metadata={ADDED: True})
    # Fire Ships: "from>to" pairs already rolled for this move
    scorched: tuple[str, ...] = field(default=(), metadata={ADDED: True})

    @property
    def course(self) -> int:
        """Which way she travels, as a turn from her heading: 0 ahead, 4 astern."""
        return 4 if self.astern else 0

    @property
    def remaining(self) -> float:
        return max(0.0, self.allowance - self.moved)


@frozen
class Pending:
    """A decision the rules ask for in the middle of something else.

    ``kind``: ``avoid`` (the captain of ``ship`` may test to avoid ``other``'s ram or
    collision), ``reroll`` (``other``'s ram may re-roll one damage die in ``faces``), ``swimmers``
    (``other`` passes enemy swimmers ``crew``: slay, take captive or ignore), ``surrendered``
    (``side`` decides the fate of ``ship``'s surrendered crew).
    """

    kind: str
    side: str
    ship: str = ""
    other: str = ""
    impact: str = ""            # "ram" or "collision"
    glancing: bool = False
    faces: tuple[int, ...] = ()
    crew: tuple[str, ...] = ()


@frozen
class Feature:
    """A piece of terrain: land, a quay, rocks, a wreck, a sandbank, a mudflat, shallows.

    ``outline`` is a convex polygon in table inches. ``shore`` overrides what striking it
    counts as ("solid" or "aground"); ``shallow`` says whether the water within 4" of a land
    shore is shallow (Shallow Water: the players agree which water is shallow).
    """

    id: str
    kind: str
    outline: tuple[tuple[float, float], ...]
    name: str = ""
    shore: str = ""
    shallow: bool = True


@frozen
class Tally:
    """A side's running score for the battle summary."""

    side: str
    damage_dealt: int = 0
    crew_slain: int = 0


@frozen
class Options:
    """Scenario and game options."""

    wind: str = "random"        # "random", or a compass point it blows toward: "N", "E"…
    wind_changes: bool = True   # roll for a change each game turn
    weather: str = "normal"     # "normal", "light_airs" or "gales"
    turn_limit: int = 12        # game turns; then the battle is decided on points
    # a sunk ship leaves a wreck marker (Wrecks and Sunken Ships)
    wrecks: bool = field(default=True, metadata={ADDED: True})


@frozen(kw_only=True)
class AhoyState(GameState):
    """A moment of an Ahoy! battle."""

    options: Options
    table: Table
    sides: tuple[str, ...]
    side_names: tuple[str, ...]
    ships: tuple[Ship, ...]
    crew: tuple[Crewman, ...]
    locks: tuple[Lock, ...] = ()
    wind: int = 0               # the compass point the wind blows toward (0 N, 2 E, 4 S, 6 W)
    turn: int = 1               # game turn
    player_turn: int = 1        # counts every player's turn
    active: str = "p1"
    phase: Phase = Phase.ORDERS
    move: Move | None = None
    pending: Pending | None = None
    enemy_fire_start: tuple[tuple[str, int], ...] = ()  # SP at the start of enemy shooting
    tallies: tuple[Tally, ...] = ()
    terrain: tuple[Feature, ...] = field(default=(), metadata={ADDED: True})

    # --- lookups ----------------------------------------------------------------------------
    @property
    def turn_limit(self) -> int:
        """The last game turn: then the battle is decided on points."""
        return self.options.turn_limit

    def ship(self, ship_id: str) -> Ship:
        for s in self.ships:
            if s.id == ship_id:
                return s
        raise KeyError(ship_id)

    def has_ship(self, ship_id: str) -> bool:
        return any(s.id == ship_id for s in self.ships)

    def crewman(self, crew_id: str) -> Crewman:
        for c in self.crew:
            if c.id == crew_id:
                return c
        raise KeyError(crew_id)

    def side_name(self, side: str) -> str:
        return self.side_names[self.sides.index(side)]

    def other_side(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    def lock_of(self, ship_id: str) -> Lock | None:
        for lock in self.locks:
            if lock.holds(ship_id):
                return lock
        return None

    def locked_with(self, ship_id: str) -> tuple[str, ...]:
        return tuple(lock.other(ship_id) for lock in self.locks if lock.holds(ship_id))


def course(state: AhoyState, ship: Ship) -> int:
    """The compass point she is travelling toward: her heading, or dead astern while she rows
    or steams backwards."""
    move = state.move
    if move is not None and move.ship == ship.id:
        return (ship.heading + move.course) % 8
    return ship.heading


def replace_ship(state: AhoyState, ship: Ship) -> AhoyState:
    """The state with ``ship`` in place of the ship of her id (the state itself when she is
    the very ship it holds)."""
    ships = state.ships
    for index, old in enumerate(ships):
        if old.id == ship.id:
            if old is ship:
                return state
            return replace(state, ships=(*ships[:index], ship, *ships[index + 1:]))
    return state


def update_ship(state: AhoyState, ship_id: str, **changes: object) -> AhoyState:
    """The state with these changes to one ship (KeyError for no such ship)."""
    ships = state.ships
    for index, old in enumerate(ships):
        if old.id == ship_id:
            ship = replace(old, **changes)
            if ship is old:
                return state
            return replace(state, ships=(*ships[:index], ship, *ships[index + 1:]))
    raise KeyError(ship_id)


def replace_crew(state: AhoyState, men: dict[str, Crewman | None]) -> AhoyState:
    """Replace (or, with ``None``, remove) crewmen by id."""
    out = []
    for c in state.crew:
        if c.id in men:
            new = men[c.id]
            if new is not None:
                out.append(new)
        else:
            out.append(c)
    return replace(state, crew=tuple(out))
