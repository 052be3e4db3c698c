"""The easy captain: a plain seaman who steers for the nearest enemy.

He speeds up while the enemy is far (over 30"), slows when she is close (under 10") or when
holding on would take him off the table, and otherwise holds. He turns toward the nearest enemy
(toward the middle of the table if the edge is near), pays for the turns and the speed, and
shares the rest of his chits evenly between Guns, Snipers, Boarding and Fire Stations. Every
weapon that can reach an enemy shoots at the nearest one, guns in the order they are listed
while the Guns box can pay for them.
"""

from __future__ import annotations

from ahoy_tui.ai.captain import Decision
from ahoy_tui.ai.naval_battle import estimate as est
from ahoy_tui.ai.naval_battle.helm import helm_crew, nearest_enemy, turn_toward
from ahoy_tui.engine import GameState, LegalActions
from ahoy_tui.rules.naval_battle import movement, shooting
from ahoy_tui.rules.naval_battle.actions import DeclareSpeed, FirePlan, GiveOrders
from ahoy_tui.rules.naval_battle.legal import plain_orders, ship_orders_problem
from ahoy_tui.rules.naval_battle.model import (
    BOARDING,
    DOWN,
    FIRE,
    GUNS,
    HOLD,
    MANEUVERS,
    PORT,
    SNIPERS,
    SPECIALIST_STATIONS,
    SPEED,
    STARBOARD,
    STEADY,
    UP,
    NavalState,
    Phase,
    Ship,
    ShipOrders,
    Shot,
)


class EasyCaptain:
    level = "easy"

    def __init__(self, seed: int = 0, think: float = 1.0) -> None:
        self.seed = seed

    def decide(self, view: GameState, legal: LegalActions) -> Decision:
        assert isinstance(view, NavalState)
        side = view.to_act
        if side is None:
            return Decision(legal[0], "nothing to decide")
        action: object
        if view.phase == Phase.DECLARE:
            action = DeclareSpeed(side, tuple((s.id, self.change(view, s))
                                              for s in view.side_ships(side)))
            why = "speeding up while the enemy is far, slowing when close"
        elif view.phase == Phase.ORDERS:
            declared = dict(view.speeds_shown)
            action = GiveOrders(side, tuple(self.sheet(view, s, declared.get(s.id, HOLD))
                                            for s in view.side_ships(side)))
            why = "steering for the nearest enemy, the crew shared evenly"
        elif view.phase == Phase.SHOOTING:
            action = self.plan(view, side)
            why = "every gun that bears fires at the nearest enemy"
        else:
            return Decision(legal[0], "nothing to decide")
        if action in legal:
            return Decision(action, why)
        return Decision(legal[0], "a plain sheet")

    def change(self, view: NavalState, ship: Ship) -> str:
        half = est.max_speed(ship) / 2
        if est.off_table(view, est.ahead((ship.x, ship.y, ship.heading), ship.speed + 4), 2):
            return DOWN
        enemy = nearest_enemy(view, ship)
        if enemy is None:
            return HOLD
        d = est.distance((ship.x, ship.y), (enemy.x, enemy.y))
        if d > 30 and ship.speed <= half * 1.5:
            return UP
        if d < 10:
            return DOWN
        return HOLD

    def sheet(self, view: NavalState, ship: Ship, declared: str) -> ShipOrders:
        pose = (ship.x, ship.y, ship.heading)
        enemy = nearest_enemy(view, ship)
        centre = (view.table.width / 2, view.table.height / 2)
        goal = centre
        if enemy is not None and not est.off_table(view, est.ahead(pose, ship.speed + 6), 3):
            goal = (enemy.x, enemy.y)
        steps = turn_toward(pose, goal)
        tokens = ship.moving_maneuverability
        cost = movement.turn_cost(ship)
        spare = helm_crew(ship)
        speed_chits = {UP: 4, DOWN: 2}.get(declared, 0)
        speed_chits = min(speed_chits, spare)
        turns = min(abs(steps), tokens, (spare - speed_chits) // max(cost, 1))
        side_token = STARBOARD if steps > 0 else PORT
        maneuvers = (side_token,) * turns + (STEADY,) * (tokens - turns)
        turn_chits = turns * cost
        if ship.creature_alive:
            orders = ShipOrders(ship.id, _even(ship, 0, 0), maneuvers,
                                creature_speed=speed_chits, creature_maneuvers=turn_chits)
        else:
            orders = ShipOrders(ship.id, _even(ship, turn_chits, speed_chits), maneuvers)
        if ship_orders_problem(ship, orders, declared) is not None:
            return plain_orders(ship, declared)
        return orders

    def plan(self, view: NavalState, side: str) -> FirePlan:
        shots: list[Shot] = []
        for ship in view.side_ships(side):
            budget = ship.at(GUNS)
            for weapon in shooting.weapons(view, ship.id):
                enemies = [(d, t) for t, d in weapon.targets if view.ship(t).side != side]
                if not enemies or weapon.action_points > budget:
                    continue
                budget -= weapon.action_points
                shots.append(Shot(ship.id, weapon.weapon, min(enemies)[1]))
        plan = FirePlan(side, tuple(shots))
        if shooting.plan_problem(view, side, plan.shots) is not None:
            return FirePlan(side, ())
        return plan


def _even(ship: Ship, turns: int, speed: int) -> tuple[tuple[str, str, int], ...]:
    """Turns and speed paid first (a Sailor at the helm), the rest shared evenly."""
    assign: list[tuple[str, str, int]] = []
    for kind, count in ship.crew:
        if kind == "sailor":
            on_speed = min(count, speed) if not turns else 0
            speed -= on_speed
            turns = max(0, turns - (count - on_speed))
            assign.extend(x for x in ((MANEUVERS, kind, count - on_speed),
                                      (SPEED, kind, on_speed)) if x[2])
    for kind, count in ship.crew:
        if kind == "sailor":
            continue
        if kind in SPECIALIST_STATIONS:
            assign.append((SPECIALIST_STATIONS[kind][0], kind, count))
            continue
        left = count
        on_turns = min(turns, left)
        left -= on_turns
        turns -= on_turns
        on_speed = min(speed, left)
        left -= on_speed
        speed -= on_speed
        assign.extend(x for x in ((MANEUVERS, kind, on_turns), (SPEED, kind, on_speed)) if x[2])
        base, extra = divmod(left, 4)
        for i, box in enumerate((GUNS, SNIPERS, BOARDING, FIRE)):
            n = base + (1 if i < extra else 0)
            if n:
                assign.append((box, kind, n))
    return tuple(assign)
