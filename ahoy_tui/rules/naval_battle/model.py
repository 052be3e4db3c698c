"""A Naval Battle as immutable values: the ships, their crews and chits, the sealed orders.

A ship's crew is counted in **chits** (action points, the seed's poker chits): ordinary crew of
each race and specialists (one chit each). Each turn the owner deals every chit onto the six
Crew Assignments boxes (:data:`STATIONS`) in secret; after the reveal the chits stay where they
were put for the rest of the turn, and each point of damage takes one off (the owner's order of
boxes, :attr:`ShipOrders.casualties`). A creature ship's creature has chits of its own.

Nothing here applies a rule; the modules named for the rules' sections do (``movement``,
``shooting``, ``boarding``, ``fires``, ``flow``).
"""

from __future__ import annotations

from enum import StrEnum

from attrs import field, frozen

from ahoy_tui.engine.orders import Sealed
from ahoy_tui.engine.serialize import TOLD
from ahoy_tui.engine.state import GameState

# The six Crew Assignments boxes of the play sheet (the order of docs/rules A4).
MANEUVERS = "maneuvers"
SPEED = "speed"
SNIPERS = "snipers"
GUNS = "guns"
BOARDING = "boarding"
FIRE = "fire"
STATIONS = (MANEUVERS, SPEED, SNIPERS, GUNS, BOARDING, FIRE)
STATION_NAMES = {MANEUVERS: "Maneuvers", SPEED: "Speed", SNIPERS: "Snipers", GUNS: "Guns",
                 BOARDING: "Boarding", FIRE: "Fire Stations"}
# "it is usual to take them from speed and maneuvers first as these crew have already acted"
USUAL_CASUALTIES = (SPEED, MANEUVERS, SNIPERS, GUNS, FIRE, BOARDING)

# Maneuver tokens go on one of three boxes.
PORT = "port"
STEADY = "steady"
STARBOARD = "starboard"
MANEUVER_KINDS = (PORT, STEADY, STARBOARD)

# Speed declared at the start of the turn ("increasing or decreasing speed").
UP = "up"
DOWN = "down"
HOLD = "hold"
SPEED_CHANGES = (UP, HOLD, DOWN)

# Specialists and the one box each works (a Sailor works Speed or Maneuvers).
SPECIALIST_STATIONS: dict[str, tuple[str, ...]] = {
    "marine": (BOARDING,),
    "sharp_shooter": (SNIPERS,),
    "sailor": (SPEED, MANEUVERS),
    "cabin_boy": (FIRE,),
    "master_gunner": (GUNS,),
}

# Gun bearings, in 45° steps from the bow, clockwise: the barrel points this way.
BEARINGS = {"bow": 0, "starboard": 2, "stern": 4, "port": 6}


class Phase(StrEnum):
    DECLARE = "declare"   # each side declares speeding up or slowing, sealed, shown together
    ORDERS = "orders"     # each side deals its chits and tokens, sealed, revealed together
    SHOOTING = "shooting"  # each side says what fires at what, sealed, resolved together
    OVER = "over"


@frozen
class Gun:
    """One of a ship's War Machines: its row of the Guns chart and where its barrel points."""

    id: str
    type: str  # a key of data/shooting.toml [guns]
    bearing: int = 2  # 45° steps from the bow (2 = starboard broadside)
    rotating: bool = False  # "guns clearly mounted on rotating platforms"
    destroyed: bool = False  # blown up by an Explosion misfire


@frozen
class Creature:
    """The beast pulling a creature ship (or carrying its howdah), with its own chits."""

    name: str
    chits: int  # its remaining action points
    share: int  # the chits it was given (50% of the ship's, before modifications)
    speed_value: int
    maneuverability: int
    armour: int
    modifications: tuple[str, ...] = ()
    dead: bool = False


@frozen
class Ship:
    """A ship on the table and everything her play sheet records."""

    id: str
    name: str
    side: str
    race: str  # the ship type (data/ships.toml [ship_types])
    size: int  # her original action points: turn costs and victory points use it
    crew: tuple[tuple[str, int], ...]  # chits by crew kind: a race, or a specialist
    speed_value: int
    maneuverability: int
    armour: int
    x: float
    y: float
    heading: int  # 0 = north, 45° steps clockwise
    speed: int  # the Ship Speed track, inches per turn
    guns: tuple[Gun, ...] = ()
    modification: str = ""
    creature: Creature | None = None
    fires: int = 0
    # this turn's Crew Assignments, after the reveal: (box, crew kind, chits)
    stations: tuple[tuple[str, str, int], ...] = ()
    # her Crew Assignments as they stood at the end of the last turn (revealed, so public):
    # what an enemy writing orders may expect of her boarders. Read by the odds alone, it
    # decides nothing, so it is out of the hash (TOLD): saves made before it still verify
    revealed: tuple[tuple[str, str, int], ...] = field(default=(), metadata={TOLD: True})
    bound_to: tuple[str, ...] = ()  # ships grappled to her
    boarding_damage: int = 0  # damage her boarders did in the last round (to tell who won)
    boarding_won: bool = False  # she won the last round of boarding: she may cut loose
    damage_done: int = 0  # for victory points
    damage_taken: int = 0
    gone: str = ""  # why she is out of the battle ("left the table", "every crewman lost")
    jammed: tuple[str, ...] = ()  # guns jammed this turn
    luck_used: int = 0  # Skaven luck rerolls used this turn

    @property
    def chits(self) -> int:
        return sum(n for _, n in self.crew)

    @property
    def afloat(self) -> bool:
        """Still in the battle (on the table with crew aboard, or a creature still going)."""
        return not self.gone

    @property
    def creature_alive(self) -> bool:
        return self.creature is not None and not self.creature.dead

    @property
    def moving_speed_value(self) -> int:
        """The speed value she moves by: her creature's while it lives (Creatures)."""
        if self.creature is not None:
            return self.creature.speed_value if not self.creature.dead else 1
        return self.speed_value

    @property
    def moving_maneuverability(self) -> int:
        """How many maneuver tokens she places: her creature's while it lives; a ship whose
        creature is killed flounders with maneuver 1 (Creatures)."""
        if self.creature is not None:
            return self.creature.maneuverability if not self.creature.dead else 1
        return self.maneuverability

    def crew_of(self, kind: str) -> int:
        return sum(n for k, n in self.crew if k == kind)

    def at(self, station: str) -> int:
        """Chits on a Crew Assignments box this turn."""
        return sum(n for s, _, n in self.stations if s == station)

    def at_by_kind(self, station: str, kind: str) -> int:
        return sum(n for s, k, n in self.stations if s == station and k == kind)


@frozen
class ShipOrders:
    """One ship's orders for the turn, as her play sheet shows them.

    ``assign`` deals every chit: (box, crew kind, chits). ``maneuvers`` holds the tokens in
    order, one per point of maneuver value. A creature ship's creature pays for speed and turns
    from its own chits (``creature_speed``, ``creature_maneuvers``).
    """

    ship: str
    assign: tuple[tuple[str, str, int], ...]
    maneuvers: tuple[str, ...]
    creature_speed: int = 0
    creature_maneuvers: int = 0
    grapple: bool = True  # bind to any ship she touches, if she has boarders
    cut_loose: bool = False  # cut free of a grapple, if she won the last round
    fire_team: int = 1  # chits working each fire together ("team up or go alone")
    casualties: tuple[str, ...] = USUAL_CASUALTIES  # the boxes casualties come from, in order


@frozen
class Shot:
    """One thing a ship shoots in the Shooting phase: a gun, her snipers, or her creature."""

    ship: str
    weapon: str  # a gun id, "snipers" or "creature"
    target: str
    at_creature: bool = False  # the attacker's choice: hit the creature, not the ship


@frozen
class SideOrders:
    """A side's sealed sheet for the Orders phase: one ShipOrders per ship."""

    ships: tuple[ShipOrders, ...]


@frozen
class SideSpeeds:
    """A side's declarations: (ship, "up" / "hold" / "down")."""

    ships: tuple[tuple[str, str], ...]


@frozen
class SidePlan:
    """A side's sealed fire plan for the Shooting phase."""

    shots: tuple[Shot, ...]


@frozen
class TableSize:
    width: float
    height: float


@frozen(kw_only=True)
class NavalState(GameState):
    """A moment of a Naval Battle."""

    title: str = ""
    table: TableSize = TableSize(72, 48)
    sides: tuple[tuple[str, str], ...] = (("p1", "p1"), ("p2", "p2"))  # (id, name)
    ships: tuple[Ship, ...] = ()
    turn: int = 1
    turn_limit: int = 8
    phase: Phase = Phase.DECLARE
    declared: Sealed[SideSpeeds] = field(factory=Sealed)
    orders: Sealed[SideOrders] = field(factory=Sealed)
    plans: Sealed[SidePlan] = field(factory=Sealed)
    # the last turn's revealed declarations (kept for the sheet: "what did they say?")
    speeds_shown: tuple[tuple[str, str], ...] = ()

    def ship_orders(self, ship_id: str) -> ShipOrders | None:
        """A ship's revealed orders this turn (None before the reveal, or hidden)."""
        for _, sheet in self.orders.entries:
            for orders in sheet.ships:
                if orders.ship == ship_id:
                    return orders
        return None

    def ship(self, ship_id: str) -> Ship:
        for ship in self.ships:
            if ship.id == ship_id:
                return ship
        raise KeyError(ship_id)

    def side_ships(self, side: str) -> tuple[Ship, ...]:
        return tuple(s for s in self.ships if s.side == side and s.afloat)

    def side_name(self, side: str) -> str:
        return dict(self.sides).get(side, side)

    def with_ship(self, ship: Ship) -> NavalState:
        from ahoy_tui.engine.fast import replace

        return replace(self, ships=tuple(ship if s.id == ship.id else s for s in self.ships))
