"""What a captain may write on the sheets, and why a sheet is refused.

Declarations are few enough to list. Orders and fire plans are forms
(:class:`~ahoy_tui.engine.legal.OrderForm`): any sheet :func:`orders_problem` or
``shooting.plan_problem`` accepts, with a few filled-in examples for those who pick from a list.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any

from ahoy_tui.engine.legal import LegalActions, OrderForm
from ahoy_tui.rules.naval_battle import shooting
from ahoy_tui.rules.naval_battle.actions import DeclareSpeed, FirePlan, GiveOrders
from ahoy_tui.rules.naval_battle.model import (
    BOARDING,
    DOWN,
    FIRE,
    GUNS,
    HOLD,
    MANEUVER_KINDS,
    MANEUVERS,
    PORT,
    SNIPERS,
    SPECIALIST_STATIONS,
    SPEED,
    SPEED_CHANGES,
    STARBOARD,
    STATIONS,
    STEADY,
    UP,
    NavalState,
    Phase,
    Ship,
    ShipOrders,
    Shot,
)

CREW_ASSIGNMENTS = "Crew Assignments"
ORDERING_MANEUVERS = "Ordering Maneuvers"
CHANGING_SPEED = "Changing speed"
SPECIALISTS = "Specialists"
CREATURES = "Creatures"
FIRES = "Fires"
REMOVING_CASUALTIES = "Removing casualties"
TURNS = "The Turn Sequence"


def legal(state: NavalState) -> LegalActions:
    side = state.to_act
    if state.over or side is None:
        return LegalActions()
    ships = state.side_ships(side)
    if state.phase == Phase.DECLARE:
        combos = itertools.product(SPEED_CHANGES, repeat=len(ships))
        return LegalActions([DeclareSpeed(side, tuple((s.id, c) for s, c in
                                                      zip(ships, combo, strict=True)))
                             for combo in combos])
    if state.phase == Phase.ORDERS:
        examples = _distinct(example_orders(state, side, turn)
                             for turn in (STEADY, PORT, STARBOARD))
        return LegalActions(forms=[OrderForm(
            GiveOrders, side, lambda a: orders_problem(state, a) is None, examples,
            "every ship's crew assignments and maneuver tokens")])
    if state.phase == Phase.SHOOTING:
        examples = _distinct((FirePlan(side, ()), example_plan(state, side)))
        return LegalActions(forms=[OrderForm(
            FirePlan, side, lambda a: a.side == side and
            shooting.plan_problem(state, side, a.shots) is None, examples,
            "what each gun, the snipers and any creature shoot at")])
    return LegalActions()


def _distinct(items: Iterable[Any]) -> tuple[Any, ...]:
    """The items without repeats, in order: compared, not hashed (a sheet's hash walks all of
    it; two sheets usually differ in their first ship's orders)."""
    out: list[Any] = []
    for item in items:
        if item not in out:
            out.append(item)
    return tuple(out)


def explain(state: NavalState, action: Any) -> tuple[str, str]:
    """(rule, reason) an action is refused now."""
    side = state.to_act
    if state.over:
        return "Victory Points", "the battle is over"
    if getattr(action, "side", None) != side:
        return TURNS, f"it is {side}'s turn to seal, not {getattr(action, 'side', '?')}'s"
    wanted = {Phase.DECLARE: DeclareSpeed, Phase.ORDERS: GiveOrders, Phase.SHOOTING: FirePlan}
    if not isinstance(action, wanted.get(state.phase, ())):
        return TURNS, f"this is the {state.phase.value} step: {action.kind} is not wanted now"
    if isinstance(action, DeclareSpeed):
        ids = [s.id for s in state.side_ships(side)]
        if sorted(i for i, _ in action.ships) != sorted(ids):
            return CHANGING_SPEED, f"declare once for each of your ships ({', '.join(ids)})"
        return CHANGING_SPEED, "each ship speeds up, slows down or holds (up, down, hold)"
    if isinstance(action, GiveOrders):
        return orders_problem(state, action) or (CREW_ASSIGNMENTS, "not allowed")
    problem = shooting.plan_problem(state, side, action.shots)
    return problem or (SHOOTING_RULE, "not allowed")


SHOOTING_RULE = "Shooting"


def orders_problem(state: NavalState, action: GiveOrders) -> tuple[str, str] | None:
    """(rule, reason) if the sheet breaks a rule, None if it may be sealed."""
    if action.side != state.to_act:
        return TURNS, f"it is {state.to_act}'s turn to seal"
    return sheet_problem(state, action)


def sheet_problem(state: NavalState, action: Any) -> tuple[str, str] | None:
    """(rule, reason) if a side's sheet for this phase breaks a rule, whoever's turn it is to
    seal (a player may write ahead while the other side writes)."""
    if isinstance(action, DeclareSpeed):
        ids = sorted(s.id for s in state.side_ships(action.side))
        if sorted(i for i, _ in action.ships) != ids or any(
                c not in SPEED_CHANGES for _, c in action.ships):
            return CHANGING_SPEED, "declare up, hold or down once for each of your ships"
        return None
    if isinstance(action, FirePlan):
        return shooting.plan_problem(state, action.side, action.shots)
    ships = {s.id: s for s in state.side_ships(action.side)}
    given = [o.ship for o in action.ships]
    if sorted(given) != sorted(ships):
        return CREW_ASSIGNMENTS, (f"give orders once for each of your ships "
                                  f"({', '.join(ships)}), no others")
    declared = dict(state.speeds_shown)
    for orders in action.ships:
        problem = ship_orders_problem(ships[orders.ship], orders,
                                      declared.get(orders.ship, HOLD))
        if problem is not None:
            return problem
    return None


def ship_orders_problem(ship: Ship, orders: ShipOrders,
                        declared: str) -> tuple[str, str] | None:
    """(rule, reason) if one ship's orders break a rule (a play sheet checks as it is filled)."""
    name = ship.name
    dealt: dict[str, int] = {}
    for station, kind, count in orders.assign:
        if station not in STATIONS:
            return CREW_ASSIGNMENTS, f"{name}: there is no {station!r} box"
        if isinstance(count, bool) or count < 0:
            return CREW_ASSIGNMENTS, f"{name}: chits are counted from 0"
        if ship.crew_of(kind) == 0 and count:
            return CREW_ASSIGNMENTS, f"{name} has no {kind.replace('_', ' ')} chits"
        allowed = SPECIALIST_STATIONS.get(kind)
        if allowed is not None and count and station not in allowed:
            return SPECIALISTS, (f"{name}: a {kind.replace('_', ' ')} works only "
                                 f"{' or '.join(allowed)}")
        dealt[kind] = dealt.get(kind, 0) + count
    for kind, count in ship.crew:
        if dealt.get(kind, 0) != count:
            return CREW_ASSIGNMENTS, (f"{name}: deal every chit: {count} "
                                      f"{kind.replace('_', ' ')}, {dealt.get(kind, 0)} dealt")
    if len(orders.maneuvers) != ship.moving_maneuverability:
        return ORDERING_MANEUVERS, (f"{name}: place all {ship.moving_maneuverability} maneuver "
                                    "tokens")
    if any(m not in MANEUVER_KINDS for m in orders.maneuvers):
        return ORDERING_MANEUVERS, f"{name}: a token goes on port, steady or starboard"
    creature = ship.creature_alive
    spent = orders.creature_speed + orders.creature_maneuvers
    if not creature and spent:
        return CREATURES, f"{name} has no living creature to spend chits"
    if creature and ship.creature is not None and (
            orders.creature_speed < 0 or orders.creature_maneuvers < 0
            or spent > ship.creature.chits):
        return CREATURES, (f"{name}: her {ship.creature.name} has {ship.creature.chits} "
                           "chits for speed and maneuvers")
    on_speed = orders.creature_speed if creature else sum(
        n for s, _, n in orders.assign if s == SPEED)
    if declared == HOLD and on_speed:
        return CHANGING_SPEED, f"{name} declared she holds her speed: no chits on Speed"
    if declared not in (UP, DOWN, HOLD):
        return CHANGING_SPEED, f"{name}: no declaration"
    if not 1 <= orders.fire_team <= 6:
        return FIRES, f"{name}: a fire team is 1 to 6 chits"
    if sorted(orders.casualties) != sorted(STATIONS):
        return REMOVING_CASUALTIES, f"{name}: list each of the six boxes once for casualties"
    return None


# --- filled-in examples -------------------------------------------------------------------------

def example_orders(state: NavalState, side: str, turn: str = STEADY) -> GiveOrders:
    """A plain sheet every ship may seal: turns paid where the chits allow, the rest shared
    between guns, snipers, boarders and fire stations."""
    declared = dict(state.speeds_shown)
    return GiveOrders(side, tuple(plain_orders(s, declared.get(s.id, HOLD), turn)
                                  for s in state.side_ships(side)))


def plain_orders(ship: Ship, declared: str, turn: str = STEADY) -> ShipOrders:
    from ahoy_tui.rules.naval_battle.tables import tables

    tokens = ship.moving_maneuverability
    maneuvers = tuple([turn] + [STEADY] * (tokens - 1)) if turn != STEADY else (STEADY,) * tokens
    creature_speed = creature_maneuvers = 0
    assign: list[tuple[str, str, int]] = []
    turns = sum(1 for m in maneuvers if m != STEADY)
    need_turns = turns * tables().maneuvers.turn_cost(ship.size)
    want_speed = 0 if declared == HOLD else 2
    if ship.creature_alive and ship.creature is not None:
        creature_maneuvers = min(need_turns, ship.creature.chits)
        creature_speed = min(want_speed, ship.creature.chits - creature_maneuvers)
        need_turns = want_speed = 0
    for kind, count in ship.crew:
        stations = SPECIALIST_STATIONS.get(kind)
        if stations is not None:
            # a ship holding her speed may put no chit on Speed: a Sailor takes the helm
            box = MANEUVERS if SPEED in stations and declared == HOLD else stations[0]
            assign.append((box, kind, count))
            continue
        left = count
        for station, want in ((MANEUVERS, need_turns), (SPEED, want_speed)):
            take = min(want, left)
            if take:
                assign.append((station, kind, take))
                left -= take
        if station_share := left:
            shares = _share(station_share, (GUNS, SNIPERS, BOARDING, FIRE))
            assign.extend((st, kind, n) for st, n in shares if n)
        need_turns = max(0, need_turns - count)
        want_speed = 0
    return ShipOrders(ship.id, tuple(assign), maneuvers, creature_speed, creature_maneuvers,
                      fire_team=smallest_fire_team(ship))


def smallest_fire_team(ship: Ship) -> int:
    """The fewest chits that can put a fire out at all: one, or two for a crew that is worse
    at it (Orcs, Elves, Dark Elves "will need to team up")."""
    from ahoy_tui.rules.naval_battle.tables import tables

    rules = tables()
    worst = min((rules.race(kind).fire_fighting for kind, _ in ship.crew
                 if kind in rules.races), default=0)
    return next((team for team in range(1, 7)
                 if rules.fire_stations.roll_needed(team) - worst <= 6), 6)


def _share(count: int, stations: tuple[str, ...]) -> list[tuple[str, int]]:
    base, extra = divmod(count, len(stations))
    return [(s, base + (1 if i < extra else 0)) for i, s in enumerate(stations)]


def example_plan(state: NavalState, side: str) -> FirePlan:
    """Every weapon that can reach an enemy shoots at the nearest one (a creature without its
    crew at the nearest ship), the guns while the chits on Guns last."""
    shots: list[Shot] = []
    for ship in state.side_ships(side):
        budget = ship.at(GUNS)
        for weapon in shooting.weapons(state, ship.id):
            enemies = [(d, t) for t, d in weapon.targets
                       if state.ship(t).side != side or shooting.crewless(ship)]
            if enemies and weapon.action_points <= budget:
                budget -= weapon.action_points
                shots.append(Shot(ship.id, weapon.weapon, min(enemies)[1]))
    plan = FirePlan(side, tuple(shots))
    if shooting.plan_problem(state, side, plan.shots) is not None:
        return FirePlan(side, ())
    return plan
