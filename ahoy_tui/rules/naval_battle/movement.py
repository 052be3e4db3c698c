"""The Movement Phase: speed, maneuvers, simultaneous movement, collisions, grappling.

After the orders are revealed each ship's speed changes at once (:func:`change_speed`), then
every ship moves at the same time (:func:`move_all`). Her move is her speed shared equally
between her maneuver tokens (:func:`legs`); a maneuver's turn comes first, then she sails her
share on the new heading (:func:`track`). All ships advance together in small steps, the same
fraction of each ship's move per step, so two ships meet wherever their paths cross at the
same moment.

Readings (docs/rules/naval-battle.md):

- A hull is a rectangle growing with the ship's size (:data:`HULLS`).
- A turn costs 10% of her original action points, rounded up (A8); a creature pays for its own
  turns, 10% of its share. Turns are paid in token order; unpaid ones are steady (A17).
- A ship with no crew whose creature lives "continues with its last orders": straight ahead at
  her present speed.
- Grappled ships do not move, unless the orders cut loose after winning the last round.
- Collisions: both ships stop at their last pose before touching. A ship strikes "with the
  front" when her bow touches the other (a bow corner inside the other's hull, or the other's
  corner against her bow end) while she is under way; a ship that did not move this turn is
  never the one doing the hitting, and counts speed 0. A creature striking with the front rams
  instead (D6 + its chits, a 6 sets a fire). Damage to a creature ship goes to the creature when
  she is struck at the front (where the creature is), otherwise to the ship or howdah.
- Ships touching may be bound by either one with chits on Boarding whose orders grapple.
- A ship whose hull is wholly off the table has left the battle.
"""

from __future__ import annotations

import math
from fractions import Fraction

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import (
    UNIT,
    Point,
    Polygon,
    clean,
    contains,
    heading_name,
    hull,
    overlap,
    turned,
)
from ahoy_tui.rules.naval_battle import crew
from ahoy_tui.rules.naval_battle.model import (
    BOARDING,
    DOWN,
    MANEUVERS,
    PORT,
    SPEED,
    STARBOARD,
    STEADY,
    UP,
    NavalState,
    Ship,
    ShipOrders,
)
from ahoy_tui.rules.naval_battle.tables import tables

MOVEMENT = "The Movement Phase"
CHANGING_SPEED = "Changing speed"
MANEUVERING = "Maneuvering"
COLLISIONS = "Collisions"
BOARDING_RULE = "Boarding the enemy ship"
CREATURES = "Creatures"
LEFT_TABLE = "left the table"

# Reading: the seed gives no model sizes. A hull's (length, beam) in inches by her size (her
# original action points): up to 20, up to 40, up to 80, and larger.
HULLS: tuple[tuple[int, float, float], ...] = ((20, 4.0, 1.5), (40, 6.0, 2.0), (80, 8.0, 2.5))
LARGEST_HULL = (10.0, 3.0)

STEP = 0.5  # at most this many inches of movement per step for the fastest ship
REFINE = 10  # halvings of a step to find the last pose before two hulls touch
TURN_STEPS = {PORT: -1, STEADY: 0, STARBOARD: 1}

Pose = tuple[float, float, int]


# --- the ship ----------------------------------------------------------------------------------

def hull_size(ship: Ship) -> tuple[float, float]:
    """(length, beam) of her hull in inches."""
    for largest, length, beam in HULLS:
        if ship.size <= largest:
            return length, beam
    return LARGEST_HULL


def hull_of(ship: Ship) -> Polygon:
    """Her footprint on the table (length and beam grow with her size)."""
    return hull(ship.x, ship.y, ship.heading, *hull_size(ship))


def turn_cost(ship: Ship) -> int:
    """Action points one turn to port or starboard costs her (10% of the original)."""
    maneuvers = tables().maneuvers
    if ship.creature is not None and not ship.creature.dead:
        return maneuvers.turn_cost(ship.creature.share)
    return maneuvers.turn_cost(ship.size)


def adrift(ship: Ship) -> bool:
    """No crew left, but her creature lives: it "will continue with its last orders"."""
    return ship.chits == 0 and ship.creature_alive


def _chits_on(ship: Ship, orders: ShipOrders, box: str) -> int:
    """Chits paying for speed or turns: the creature's own for a living creature, else those
    on the box (the ship's dealt stations, or the orders' before they are dealt)."""
    if ship.creature is not None and not ship.creature.dead:
        return orders.creature_speed if box == SPEED else orders.creature_maneuvers
    if ship.stations:
        return ship.at(box)
    return sum(n for s, _, n in orders.assign if s == box)


def _chits_words(ship: Ship, count: int, box: str) -> str:
    plural = "chit" if count == 1 else "chits"
    if ship.creature is not None and not ship.creature.dead:
        return f"{count} of her {ship.creature.name}'s {plural}"
    return f"{count} {plural} on {box.capitalize()}"


def change_speed(ship: Ship, change: str, orders: ShipOrders) -> tuple[Ship, str]:
    """Changing speed: her new speed on the track from the declared change ("up", "hold",
    "down") and the chits on Speed (or, for a creature ship, ``orders.creature_speed``), and a
    line saying what happened."""
    rules = tables().speed
    name = ship.name
    old = ship.speed
    top = rules.maximum(ship.moving_speed_value)
    if adrift(ship):
        new = max(0, min(old, top))
        assert ship.creature is not None
        return replace(ship, speed=new), (f"{name} has no crew: her {ship.creature.name} keeps "
                                          f"its last orders at {new}\"/turn")
    chits = _chits_on(ship, orders, SPEED)
    paid = _chits_words(ship, chits, SPEED)
    if change == UP:
        wanted = old + rules.change(up=chits)
    elif change == DOWN:
        wanted = old + rules.change(down=chits)
    else:
        wanted = old
    new = max(0, min(wanted, top))
    ship = replace(ship, speed=new)
    if new > old:
        most = ", her maximum" if wanted > top else ""
        return ship, f"{name} speeds up from {old}\" to {new}\"/turn ({paid}{most})"
    if new < old and change == DOWN:
        return ship, f"{name} slows down from {old}\" to {new}\"/turn ({paid})"
    if new < old:
        return ship, (f"{name} cannot keep {old}\"/turn: her speed falls to her most, "
                      f"{new}\"/turn")
    if change == UP:
        why = ("she is at her maximum" if old >= top
               else f"{paid}: {rules.up_cost} buy each 1\"/turn")
        return ship, f"{name} cannot speed up from {old}\"/turn ({why})"
    if change == DOWN:
        why = "she is stopped" if old == 0 else paid
        return ship, f"{name} cannot slow down from {old}\"/turn ({why})"
    return ship, f"{name} holds her speed at {old}\"/turn"


# --- maneuvers ---------------------------------------------------------------------------------

def _tokens(ship: Ship, orders: ShipOrders) -> tuple[str, ...]:
    if adrift(ship):
        return (STEADY,) * (len(orders.maneuvers) or ship.moving_maneuverability)
    return orders.maneuvers


def legs(ship: Ship, orders: ShipOrders) -> tuple[tuple[int, Fraction], ...]:
    """Maneuvering: each maneuver as (turn in 45° steps: -1 port, 0 steady, +1 starboard,
    inches); unpaid turns are already steady as she goes."""
    tokens = _tokens(ship, orders)
    if not tokens:
        return ()
    inches = tables().maneuvers.leg(ship.speed, len(tokens))
    budget = _chits_on(ship, orders, MANEUVERS)
    cost = turn_cost(ship)
    out: list[tuple[int, Fraction]] = []
    for token in tokens:
        turn = TURN_STEPS.get(token, 0)
        if turn and budget >= cost:
            budget -= cost
        else:
            turn = 0
        out.append((turn, inches))
    return tuple(out)


def _raw_track(ship: Ship, maneuvers: tuple[tuple[int, Fraction], ...]) -> list[Pose]:
    x, y, heading = ship.x, ship.y, ship.heading
    poses: list[Pose] = [(x, y, heading)]
    for turn, inches in maneuvers:
        heading = turned(heading, turn)
        ux, uy = UNIT[heading]
        x, y = x + ux * float(inches), y + uy * float(inches)
        poses.append((x, y, heading))
    return poses


def track(ship: Ship, orders: ShipOrders) -> tuple[tuple[float, float, int], ...]:
    """Where she would go with these orders on an empty table: (x, y, heading) after each
    maneuver, from her present pose (the first item)."""
    return tuple((clean(x), clean(y), h) for x, y, h in _raw_track(ship, legs(ship, orders)))


def _straight_on(ship: Ship) -> ShipOrders:
    """Orders for a ship without any: steady as she goes with every token."""
    return ShipOrders(ship.id, ship.stations, (STEADY,) * ship.moving_maneuverability)


def _maneuver_words(ship: Ship, orders: ShipOrders,
                    maneuvers: tuple[tuple[int, Fraction], ...]) -> str:
    words = {-1: "port", 0: "steady", 1: "starboard"}
    said = ", ".join(words[t] for t, _ in maneuvers)
    unpaid = sum(1 for token, (turn, _) in zip(_tokens(ship, orders), maneuvers, strict=True)
                 if TURN_STEPS.get(token, 0) and not turn)
    if unpaid:
        said += (f"; {unpaid} unpaid turn{'s' if unpaid > 1 else ''} went steady "
                 f"({turn_cost(ship)} a turn)")
    return said


# --- moving together ---------------------------------------------------------------------------

class _Mover:
    """One ship during the phase: where she is at any fraction of her move."""

    __slots__ = (
        "_poly",
        "beam",
        "id",
        "length",
        "maneuvers",
        "moving",
        "orders",
        "pose",
        "poses",
        "present",
        "reach",
        "speed",
        "stop",
        "words",
    )

    def __init__(self, ship: Ship, orders: ShipOrders, moving: bool) -> None:
        self.id = ship.id
        self.length, self.beam = hull_size(ship)
        self.orders = orders
        self.maneuvers = legs(ship, orders) if moving else ()
        self.poses = _raw_track(ship, self.maneuvers)
        self.words = _maneuver_words(ship, orders, self.maneuvers) if moving else ""
        self.moving = moving  # she sails this turn (not held by a grapple)
        self.speed = ship.speed if moving else 0  # reading: a held ship is dead in the water
        self.stop = math.inf  # the fraction of her move where a collision stopped her
        self.present = True  # still in the battle
        self.reach = math.hypot(self.length, self.beam) / 2  # centre to a corner
        self.pose: Pose = self.at(0.0)
        self._poly: Polygon | None = None

    @property
    def poly(self) -> Polygon:
        """Her hull at her pose, worked out when first asked for: most steps of a move find
        the ships too far apart to touch (:meth:`near`) and never need it."""
        if self._poly is None:
            self._poly = self.hull_at(self.pose)
        return self._poly

    def swept(self) -> tuple[float, float, float, float]:
        """A box holding her hull wherever she is during her whole move (her track's poses,
        and the straight runs between them, widened by her reach)."""
        xs = [p[0] for p in self.poses]
        ys = [p[1] for p in self.poses]
        r = self.reach + _CLEAR
        return min(xs) - r, min(ys) - r, max(xs) + r, max(ys) + r

    def near(self, other: _Mover) -> bool:
        """Whether the two hulls could touch (their circles meet): a cheap first look."""
        dx, dy = self.pose[0] - other.pose[0], self.pose[1] - other.pose[1]
        r = self.reach + other.reach
        return dx * dx + dy * dy < r * r

    @property
    def active(self) -> bool:
        return self.present and self.moving and self.stop == math.inf

    def hull_at(self, pose: Pose) -> Polygon:
        return hull(pose[0], pose[1], pose[2], self.length, self.beam)

    def at(self, fraction: float) -> Pose:
        """Her pose after this fraction of her move (or where a collision stopped her), in
        the rounded coordinates she will be left at, so that hulls found apart stay apart."""
        fraction = min(fraction, self.stop)
        count = len(self.maneuvers)
        if not self.moving or count == 0 or fraction <= 0:
            x, y, heading = self.poses[0]
        elif fraction >= 1:
            x, y, heading = self.poses[-1]
        else:
            g = fraction * count
            k = min(count, max(1, math.ceil(g - 1e-9)))
            x0, y0, _ = self.poses[k - 1]
            x1, y1, heading = self.poses[k]
            w = g - (k - 1)
            x, y = x0 + (x1 - x0) * w, y0 + (y1 - y0) * w
        return clean(x), clean(y), heading

    def set(self, pose: Pose) -> None:
        self.pose = pose
        self._poly = None


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def move_all(state: NavalState, dice: Dice, events: list[Event]) -> NavalState:
    """The Movement Phase after the reveal (speeds already changed): every ship moves at once
    along her maneuvers, in steps fine enough to catch collisions."""
    state = _cut_loose(state, events)
    movers: list[_Mover] = []
    for ship in state.ships:
        if ship.gone:
            continue
        orders = state.ship_orders(ship.id) or _straight_on(ship)
        if ship.bound_to:
            others = ", ".join(state.ship(b).name for b in ship.bound_to)
            events.append(Happened("held", f"{ship.name} is grappled to {others} and does not "
                                   "move", BOARDING_RULE, side=ship.side, ship=ship.id))
        movers.append(_Mover(ship, orders, not ship.bound_to))
    by_id = {m.id: m for m in movers}
    if _all_clear(state, movers):
        # No two ships come near each other and none near an edge: each ends where her
        # track ends, as the steps would find, without taking them.
        for m in movers:
            if m.active:
                m.set(m.at(1.0))
    else:
        state = _step_all(state, dice, events, movers)
    for ship in state.ships:
        m = by_id.get(ship.id)
        if m is None:
            continue
        x, y, heading = m.pose
        ship = replace(ship, x=clean(x), y=clean(y), heading=heading)
        state = state.with_ship(ship)
        where = f"{ship.x:.1f}, {ship.y:.1f}, heading {heading_name(heading)}"
        if not m.moving:
            text = f"{ship.name} stays at {where}"
        else:
            stopped = " (stopped by a collision)" if m.stop != math.inf else ""
            text = f"{ship.name} sails at {m.speed}\"/turn ({m.words}) and ends at {where}{stopped}"
        events.append(Happened("moved", text, MANEUVERING, side=ship.side, ship=ship.id))
    return state


def _step_all(state: NavalState, dice: Dice, events: list[Event],
              movers: list[_Mover]) -> NavalState:
    """Move every ship a step at a time, fine enough to catch collisions and ships leaving
    the table."""
    # Pairs already touching at the start (or bound together) do not collide again until
    # they have come apart.
    touching = {_pair(a.id, b.id) for i, a in enumerate(movers) for b in movers[i + 1:]
                if b.id in state.ship(a.id).bound_to or (a.near(b) and overlap(a.poly, b.poly))}
    fastest = max((m.speed for m in movers if m.moving), default=0)
    most_legs = max((len(m.maneuvers) for m in movers), default=0)
    steps = max(1, math.ceil(fastest / STEP), most_legs)
    for step in range(1, steps + 1):
        if not any(m.active for m in movers):
            break
        before, now = (step - 1) / steps, step / steps
        for m in movers:
            if m.active:
                m.set(m.at(now))
        state = _collisions(state, dice, events, movers, touching, before, now)
        for m in movers:
            if m.active and _off_table(state, m):
                m.present = False
                ship = state.ship(m.id)
                state = state.with_ship(replace(ship, gone=LEFT_TABLE, bound_to=()))
                events.append(Happened("left", f"{ship.name} has left the table", MOVEMENT,
                                       side=ship.side, ship=ship.id, big=True))
    return state


_CLEAR = 0.05  # inches kept between the boxes of ships said to be clear of each other


def _all_clear(state: NavalState, movers: list[_Mover]) -> bool:
    """Whether no ship can touch another or leave the table this move: every moving ship's
    swept box lies inside the table, and no two ships' boxes meet."""
    boxes = [m.swept() for m in movers]
    width, height = state.table.width, state.table.height
    for m, (x0, y0, x1, y1) in zip(movers, boxes, strict=True):
        if m.active and not (x0 > 0 and y0 > 0 and x1 < width and y1 < height):
            return False
    for i, (ax0, ay0, ax1, ay1) in enumerate(boxes):
        for bx0, by0, bx1, by1 in boxes[i + 1:]:
            if ax0 < bx1 and bx0 < ax1 and ay0 < by1 and by0 < ay1:
                return False
    return True


def _off_table(state: NavalState, m: _Mover) -> bool:
    """Whether her hull is wholly off the table."""
    x, y, _ = m.pose
    width, height = state.table.width, state.table.height
    if m.reach < x < width - m.reach and m.reach < y < height - m.reach:
        return False
    xs = [p[0] for p in m.poly]
    ys = [p[1] for p in m.poly]
    return max(xs) <= 0 or min(xs) >= width or max(ys) <= 0 or min(ys) >= height


def _collisions(state: NavalState, dice: Dice, events: list[Event], movers: list[_Mover],
                touching: set[tuple[str, str]], before: float, now: float) -> NavalState:
    """Find the hulls that overlap at the end of this step; the first pair to touch stops at
    its last poses apart and collides; look again until no hulls overlap."""
    while True:
        present = [m for m in movers if m.present]
        first: tuple[float, float, _Mover, _Mover] | None = None
        for i, a in enumerate(present):
            for b in present[i + 1:]:
                if not (a.active or b.active):
                    continue
                key = _pair(a.id, b.id)
                hit = a.near(b) and overlap(a.poly, b.poly)
                if key in touching:
                    if not hit:
                        touching.discard(key)
                    continue
                if not hit:
                    continue
                apart, contact = _first_touch(a, b, before, now)
                if first is None or contact < first[1]:
                    first = (apart, contact, a, b)
        if first is None:
            return state
        apart, contact, a, b = first
        hit_a, hit_b = a.at(contact), b.at(contact)
        was_moving = (a.active, b.active)
        for m in (a, b):
            if m.active:
                m.stop = apart
                m.set(m.at(apart))
        state = _collide(state, dice, events, (a, b), (hit_a, hit_b), was_moving)
        for m in (a, b):
            if state.ship(m.id).gone:
                m.present = False


def _first_touch(a: _Mover, b: _Mover, lo: float, hi: float) -> tuple[float, float]:
    """(last fraction apart, first fraction touching) of two hulls within a step."""
    for _ in range(REFINE):
        mid = (lo + hi) / 2
        if overlap(a.hull_at(a.at(mid)), b.hull_at(b.at(mid))):
            hi = mid
        else:
            lo = mid
    return lo, hi


# --- collisions --------------------------------------------------------------------------------

def _local(pose: Pose, point: Point) -> tuple[float, float]:
    """A point relative to a ship: (toward the bow, toward starboard)."""
    fx, fy = UNIT[pose[2]]
    sx, sy = UNIT[(pose[2] + 2) % 8]
    dx, dy = point[0] - pose[0], point[1] - pose[1]
    return dx * fx + dy * fy, dx * sx + dy * sy


def _struck_part(m: _Mover, pose: Pose, other: Polygon) -> str:
    """Where a hull is touched by another: "bow", "side" or "stern".

    Her own corner inside the other names the part (corners 0 and 1 are the bow's); otherwise
    the other's corner inside her lies against the nearest end or side."""
    mine = m.hull_at(pose)
    inside = [i for i, corner in enumerate(mine) if contains(other, corner)]
    if any(i < 2 for i in inside):
        return "bow"
    if inside:
        return "stern"
    points = [c for c in other if contains(mine, c)] or _crossings(mine, other)
    if not points:
        return "side"
    px = sum(p[0] for p in points) / len(points)
    py = sum(p[1] for p in points) / len(points)
    along, across = _local(pose, (px, py))
    to_end = m.length / 2 - abs(along)
    to_side = m.beam / 2 - abs(across)
    if to_end <= to_side:
        return "bow" if along > 0 else "stern"
    return "side"


def _crossings(a: Polygon, b: Polygon) -> list[Point]:
    """Where the edges of two polygons cross."""
    out: list[Point] = []
    for i in range(len(a)):
        p1, p2 = a[i], a[(i + 1) % len(a)]
        for j in range(len(b)):
            q1, q2 = b[j], b[(j + 1) % len(b)]
            rx, ry = p2[0] - p1[0], p2[1] - p1[1]
            sx, sy = q2[0] - q1[0], q2[1] - q1[1]
            denom = rx * sy - ry * sx
            if abs(denom) < 1e-12:
                continue
            qx, qy = q1[0] - p1[0], q1[1] - p1[1]
            t = (qx * sy - qy * sx) / denom
            u = (qx * ry - qy * rx) / denom
            if 0 <= t <= 1 and 0 <= u <= 1:
                out.append((p1[0] + t * rx, p1[1] + t * ry))
    return out


def _exploding_die(dice: Dice, target: Ship, roller: str) -> int:
    """The collision die: a 6 adds 6 and rolls again, until a 1-5 is rolled."""
    explode = tables().collisions.explode_on
    total = 0
    purpose = f"collision damage to {target.name}"
    while True:
        face = dice.d6(purpose, COLLISIONS, side=roller, ship=target.id)
        total += face
        if face not in explode:
            return total
        dice.judge("add 6 and roll again")
        purpose = f"collision damage to {target.name}, rolling again"


def _collide(state: NavalState, dice: Dice, events: list[Event],
             pair: tuple[_Mover, _Mover], hits: tuple[Pose, Pose],
             was_moving: tuple[bool, bool]) -> NavalState:
    """Two hulls touch: grapples, then each ship's damage rolled by the other player, then
    armour saves, then casualties."""
    rules = tables()
    a, b = pair
    ship_a, ship_b = state.ship(a.id), state.ship(b.id)
    poly_a, poly_b = a.hull_at(hits[0]), b.hull_at(hits[1])
    part_a = _struck_part(a, hits[0], poly_b)
    part_b = _struck_part(b, hits[1], poly_a)
    bow_a = part_a == "bow" and was_moving[0] and a.speed > 0
    bow_b = part_b == "bow" and was_moving[1] and b.speed > 0
    events.append(Happened("collision", f"{ship_a.name} and {ship_b.name} collide "
                           f"({_part_words(ship_a, part_a, bow_a)}, "
                           f"{_part_words(ship_b, part_b, bow_b)})", COLLISIONS,
                           big=True))
    state = _grapple(state, events, ship_a, ship_b, a.orders, b.orders)
    fixed = rules.collisions.fixed(a.speed, b.speed)
    # Each ship's damage, rolled by the other player: (target, attacker, points, creature?)
    blows: list[tuple[Ship, Ship, int, bool]] = []
    for target, attacker, struck_bow, attacker_bow, part in (
            (ship_a, ship_b, bow_a, bow_b, part_a), (ship_b, ship_a, bow_b, bow_a, part_b)):
        if attacker_bow and attacker.creature is not None and not attacker.creature.dead:
            points, fire = _ram(dice, events, target, attacker)
            if fire:
                burning = state.ship(target.id)
                state = state.with_ship(replace(burning, fires=burning.fires + 1))
                events.append(Happened("fire", f"{target.name} is set on fire by the ram",
                                       CREATURES, side=target.side, ship=target.id,
                                       big=True))
        else:
            die = _exploding_die(dice, target, attacker.side)
            points = fixed + die
            if struck_bow:
                points //= rules.collisions.front_divisor
            words = (f"{fixed} for {a.speed + b.speed}\" combined speed + {die}"
                     + (", halved for striking with her bow" if struck_bow else ""))
            events.append(Happened("collision_damage", f"{target.name} takes {points} "
                                   f"collision damage ({words})", COLLISIONS,
                                   side=target.side, ship=target.id))
        blows.append((target, attacker, points, _to_creature(target, part)))
    saved: list[tuple[Ship, Ship, int, bool]] = []
    for target, attacker, points, to_creature in blows:
        through = crew.save_armour(dice, state.ship(target.id), points, rule=COLLISIONS,
                                   against_creature=to_creature, side=target.side)
        saved.append((target, attacker, through, to_creature))
    for target, attacker, through, to_creature in saved:
        # damage to a friend scores no victory points
        by = attacker.id if attacker.side != target.side else None
        state = crew.take_damage(state, target.id, through, events, by=by,
                                 rule=COLLISIONS, to_creature=to_creature)
    return state


def _part_words(ship: Ship, part: str, bow: bool) -> str:
    if bow:
        return f"{ship.name} strikes with her bow"
    return f"{ship.name} is struck on her {part}" if part != "side" else \
        f"{ship.name} is struck in the side"


def _to_creature(ship: Ship, part: str) -> bool:
    """Reading: a creature ship struck at the front takes it on her creature (it leads),
    elsewhere on the ship or howdah; whichever has nothing left to lose passes it on."""
    if ship.creature is None or ship.creature.dead:
        return False
    if ship.chits == 0:
        return True
    return part == "bow"


def _ram(dice: Dice, events: list[Event], target: Ship, attacker: Ship) -> tuple[int, bool]:
    """A creature's ram: D6 plus its remaining chits, a 6 on the D6 setting a fire."""
    creature = attacker.creature
    assert creature is not None
    face = dice.d6(f"{attacker.name}'s {creature.name} rams {target.name}", CREATURES,
                   side=attacker.side, ship=target.id)
    fire = face in tables().creatures.fire_on
    if fire:
        dice.judge("fire")
    points = face + creature.chits
    events.append(Happened("ram", f"{attacker.name}'s {creature.name} rams {target.name} for "
                           f"{points} damage ({face} + {creature.chits} chits)", CREATURES,
                           side=attacker.side, ship=target.id, big=True))
    return points, fire


def _grapple(state: NavalState, events: list[Event], a: Ship, b: Ship,
             orders_a: ShipOrders, orders_b: ShipOrders) -> NavalState:
    """Boarding the enemy ship: either ship with chits on Boarding may bind them together."""
    if a.side == b.side or b.id in a.bound_to:
        return state
    by = next((s for s, o in ((a, orders_a), (b, orders_b)) if o.grapple and s.at(BOARDING)),
              None)
    if by is None:
        return state
    other = b if by is a else a
    state = state.with_ship(replace(state.ship(a.id), bound_to=(*a.bound_to, b.id)))
    state = state.with_ship(replace(state.ship(b.id), bound_to=(*b.bound_to, a.id)))
    events.append(Happened("grappled", f"{by.name} throws grapples onto {other.name}: the "
                           "ships are bound together", BOARDING_RULE, side=by.side,
                           ship=by.id, big=True))
    return state


def _cut_loose(state: NavalState, events: list[Event]) -> NavalState:
    """Ships whose orders cut loose after winning the last round of boarding go free."""
    for ship in state.ships:
        if ship.gone or not ship.bound_to:
            continue
        orders = state.ship_orders(ship.id)
        if orders is None or not orders.cut_loose:
            continue
        if not ship.boarding_won:
            events.append(Happened("cut_loose_refused", f"{ship.name} cannot cut loose: only "
                                   "after winning a round of boarding", BOARDING_RULE,
                                   side=ship.side, ship=ship.id))
            continue
        names = ", ".join(state.ship(b).name for b in ship.bound_to)
        for other_id in ship.bound_to:
            other = state.ship(other_id)
            state = state.with_ship(replace(other, bound_to=tuple(
                x for x in other.bound_to if x != ship.id)))
        state = state.with_ship(replace(state.ship(ship.id), bound_to=()))
        events.append(Happened("cut_loose", f"{ship.name} cuts loose from {names}",
                               BOARDING_RULE, side=ship.side, ship=ship.id, big=True))
    return state
