"""Filling in a ship's play sheet: dealing every chit to the Crew Assignments boxes.

Given the course chosen (tokens, chits on Speed) and the aim (which guns will bear, whether
snipers reach, whether she will touch an enemy), the chits go where they will be needed, in
this order: the turns, the speed, the fire stations for fires burning, boarders if contact is
likely, the guns that will bear, snipers if in reach; whatever is left backs up the guns, then
the fire stations. Specialists go to their own boxes (a Sailor to the helm). The casualty order
takes losses from the boxes that have already acted first and spares the ones still to act.
"""

from __future__ import annotations

from ahoy_tui.ai.naval_battle import estimate as est
from ahoy_tui.ai.naval_battle.helm import Aim, Course
from ahoy_tui.rules.naval_battle.legal import plain_orders, ship_orders_problem
from ahoy_tui.rules.naval_battle.model import (
    BOARDING,
    FIRE,
    GUNS,
    HOLD,
    MANEUVERS,
    SNIPERS,
    SPECIALIST_STATIONS,
    SPEED,
    Ship,
    ShipOrders,
)
from ahoy_tui.rules.naval_battle.tables import tables


class _Pool:
    """Her ordinary crew, by kind, being dealt out."""

    def __init__(self, ship: Ship) -> None:
        self.left = {k: n for k, n in ship.crew if k not in SPECIALIST_STATIONS}
        self.dealt: dict[tuple[str, str], int] = {}

    @property
    def total(self) -> int:
        return sum(self.left.values())

    def take(self, box: str, count: float) -> int:
        want = max(0, round(count))
        got = 0
        for kind in list(self.left):
            if got == want:
                break
            n = min(self.left[kind], want - got)
            if n:
                self.left[kind] -= n
                self.dealt[(box, kind)] = self.dealt.get((box, kind), 0) + n
                got += n
        return got


def fire_team_size(ship: Ship) -> int:
    """Chits one fire needs to be put out on a 4+ (3 of most races, 4 of Elves and Orcs)."""
    return max(1, min(6, 3 - min(0, est.race_bonus(ship, "fire_fighting"))))


def deal(ship: Ship, course: Course, declared: str, enemy_fires: bool = True) -> ShipOrders:
    """Her whole sheet for the turn; falls back to the rules' plain sheet if something is off."""
    aim = course.aim
    pool = _Pool(ship)
    assign: dict[tuple[str, str], int] = {}
    creature = ship.creature_alive
    turn_need = 0 if creature else course.turn_chits
    speed_need = 0 if creature or declared == HOLD else course.speed_chits
    # specialists
    for kind, count in ship.crew:
        if kind == "sailor":
            on_turns = min(count, turn_need)
            on_speed = min(count - on_turns, speed_need)
            turn_need -= on_turns
            speed_need -= on_speed
            for box, n in ((MANEUVERS, count - on_speed), (SPEED, on_speed)):
                if n:
                    assign[(box, kind)] = n
        elif kind in SPECIALIST_STATIONS:
            assign[(SPECIALIST_STATIONS[kind][0], kind)] = count
    pool.take(MANEUVERS, turn_need)
    pool.take(SPEED, speed_need)
    crew = pool.total
    # fires: a team for each fire burning, and a few hands standing by under fire
    helpers = 2 * ship.crew_of("cabin_boy") + ship.crew_of("sailor")
    team = fire_team_size(ship)
    fire_need = ship.fires * team + (2 if enemy_fires and aim.threat > 0.5 else 0)
    pool.take(FIRE, min(crew * 0.4, max(0, fire_need - helpers)))
    # boarding: most of the crew if she means to board, a guard if she may be boarded
    if ship.bound_to or aim.contact is not None:
        share = 0.7 if aim.board or (ship.bound_to and ship.boarding_won) else 0.4
        pool.take(BOARDING, pool.total * share)
    gunners = ship.crew_of("master_gunner")
    pool.take(GUNS, max(0, aim.guns_ap - gunners))
    if aim.snipers:
        pool.take(SNIPERS, pool.total)
    all_guns = sum(tables().gun(g.type).action_points for g in ship.guns if not g.destroyed)
    on_guns = sum(n for (box, _), n in pool.dealt.items() if box == GUNS) + gunners
    pool.take(GUNS, max(0, all_guns - on_guns))
    pool.take(FIRE, pool.total)
    for key, n in pool.dealt.items():
        assign[key] = assign.get(key, 0) + n
    fire_chits = sum(n for (box, _), n in assign.items() if box == FIRE) + helpers
    expected_fires = max(1, ship.fires + (1 if aim.threat > 0.5 else 0))
    fire_team = max(1, min(6, max(team, fire_chits // expected_fires)))
    orders = ShipOrders(
        ship.id, tuple((box, kind, n) for (box, kind), n in assign.items() if n),
        course.maneuvers,
        creature_speed=course.speed_chits if creature and declared != HOLD else 0,
        creature_maneuvers=course.turn_chits if creature else 0,
        grapple=aim.board,
        cut_loose=bool(ship.bound_to) and ship.boarding_won and not aim.board,
        fire_team=fire_team,
        casualties=casualty_order(ship, aim))
    if ship_orders_problem(ship, orders, declared) is not None:
        return plain_orders(ship, declared)
    return orders


def casualty_order(ship: Ship, aim: Aim) -> tuple[str, ...]:
    """Losses come off the boxes that have acted (Speed, Maneuvers; snipers and guns have
    fired before casualties are taken), and last off the boxes still to act."""
    fire_matters = ship.fires > 0 or aim.threat > 1.0
    board_matters = aim.contact is not None or bool(ship.bound_to)
    late = [FIRE, BOARDING] if board_matters and not fire_matters else [BOARDING, FIRE]
    if board_matters and fire_matters and ship.fires <= 1:
        late = [FIRE, BOARDING]
    return (SPEED, MANEUVERS, SNIPERS, GUNS, *late)
