"""Swimming: men in the water, drowning, swimming 4" and being picked up.

Swimmers who went into the water together swim together: a group is every swimmer of one side
at one point, named by its first man's id.
"""

from __future__ import annotations

import math

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import hull, nearest_point, point_distance
from ahoy_tui.rules.ahoy.common import inches, tell
from ahoy_tui.rules.ahoy.crew import add_tally, describe_man
from ahoy_tui.rules.ahoy.hulls import ship_hull
from ahoy_tui.rules.ahoy.index import decks
from ahoy_tui.rules.ahoy.model import AhoyState, Crewman, Ship, Task, replace_crew
from ahoy_tui.rules.ahoy.tables import tables

RULE = "Swimming"


def into_the_water(state: AhoyState, dice: Dice, men: list[Crewman], x: float,
                   y: float) -> AhoyState:
    """Men go over the side: shields and missile weapons are lost; armour better than 6+ must
    be shed with an Initiative test, or the man goes under."""
    changes: dict[str, Crewman | None] = {}
    for man in men:
        armour = man.armour
        if tables().armour[armour] < 6:
            profile = tables().profile(man.profile)
            if dice.i_test(profile.I, f"{describe_man(state, man)} sheds his armour", RULE,
                           side=man.side):
                armour = "none"
            else:
                tell(dice, "drowned", f"{describe_man(state, man)} sinks in his armour", RULE,
                     side=man.side)
                changes[man.id] = None
                continue
        changes[man.id] = replace(man, aboard=None, task=Task.SWIMMING, gun=None,
                                       armour=armour, shield=False, missile=None, x=x, y=y,
                                       boarded_turn=-1, footing=True, exhausted=False)
    if men:
        tell(dice, "swimming", f"{len(men)} m{'e' if len(men) > 1 else 'a'}n in the water",
             RULE)
    return replace_crew(state, changes)


def swimmers(state: AhoyState, side: str | None = None) -> list[Crewman]:
    return [c for c in decks(state.crew).get(None, ())
            if c.task == Task.SWIMMING and (side is None or c.side == side)]


def groups(state: AhoyState, side: str) -> dict[str, list[Crewman]]:
    """The side's swimmers grouped by where they are, each group named by its first man."""
    found: dict[tuple[float, float], list[Crewman]] = {}
    for man in swimmers(state, side):
        found.setdefault((man.x, man.y), []).append(man)
    return {men[0].id: men for men in found.values()}


def drowning(state: AhoyState, dice: Dice, side: str) -> AhoyState:
    """At the start of their movement phase each swimmer drowns on a 1."""
    removed: dict[str, Crewman | None] = {}
    for man in swimmers(state, side):
        afloat, _ = dice.need(tables().roll("swimmer_drowns") + 1,
                              f"{describe_man(state, man)} keeps afloat", RULE,
                              side=man.side, success="swims on", failure="drowns")
        if not afloat:
            removed[man.id] = None
    return replace_crew(state, removed) if removed else state


def stationary(ship: Ship, state: AhoyState) -> bool:
    return ship.anchored or ship.speed == 0 or state.lock_of(ship.id) is not None


def swim_targets(state: AhoyState, side: str) -> list[Ship]:
    """Ships a swimmer may make for: his own side's, or an enemy ship lying stationary."""
    return [s for s in state.ships if s.on_table and not s.captured_by
            and (s.side == side or stationary(s, state))]


def swim(state: AhoyState, dice: Dice, lead: str, toward: str) -> AhoyState:
    """The group swims up to 4" toward a ship; reaching it, they haul themselves aboard."""
    group = groups(state, state.crewman(lead).side)[lead]
    first = group[0]
    if not toward:
        tell(dice, "swim", f"{len(group)} swimmer(s) tread water", RULE, side=first.side)
        return _mark_swum(state, group)
    ship = state.ship(toward)
    poly = ship_hull(ship)
    reach = tables().roll("swim_distance")
    gap = point_distance((first.x, first.y), poly)
    if gap <= reach:
        return climb_aboard(state, dice, group, ship)
    tx, ty = nearest_point(poly, (first.x, first.y))
    dx, dy = tx - first.x, ty - first.y
    length = math.hypot(dx, dy)
    x = round(first.x + dx / length * reach, 4)
    y = round(first.y + dy / length * reach, 4)
    tell(dice, "swim", f"{len(group)} swimmer(s) swim {inches(reach)} toward the {ship.name}",
         RULE, side=first.side)
    state = replace_crew(state, {m.id: replace(m, x=x, y=y) for m in group})
    return _mark_swum(state, [state.crewman(m.id) for m in group])


def _mark_swum(state: AhoyState, group: list[Crewman]) -> AhoyState:
    # A swimmer who has swum this turn is marked by his boarded_turn (unused in the water).
    return replace_crew(state, {m.id: replace(m, boarded_turn=state.player_turn)
                                for m in group})


def has_swum(state: AhoyState, man: Crewman) -> bool:
    return man.boarded_turn == state.player_turn


def climb_aboard(state: AhoyState, dice: Dice, group: list[Crewman], ship: Ship) -> AhoyState:
    """Friendly ship: they are crew again. Enemy: they climb aboard to fight, exhausted."""
    changes: dict[str, Crewman | None] = {}
    enemy = group[0].side != ship.side
    for man in group:
        if enemy:
            changes[man.id] = replace(man, aboard=ship.id, task=Task.BOARDING,
                                           boarded_turn=state.player_turn, exhausted=True,
                                           footing=True)
        else:
            changes[man.id] = replace(man, aboard=ship.id, task=Task.IDLE,
                                           boarded_turn=-1, ship=_home(man, ship))
    what = "climb aboard the enemy" if enemy else "are hauled aboard the"
    tell(dice, "aboard", f"{len(group)} swimmer(s) {what} {ship.name}", RULE,
         side=group[0].side, ship=ship.id, big=enemy)
    return replace_crew(state, changes)


def _home(man: Crewman, ship: Ship) -> str:
    return ship.id if man.side == ship.side else man.ship


def passed_swimmers(state: AhoyState, ship: Ship, x0: float, y0: float,
                    travelled: float) -> list[Crewman]:
    """Swimmers within 1" of the water the ship swept on a straight move (enemy swimmers she
    has already dealt with on this move are passed by: one encounter, one decision)."""
    if travelled <= 0:
        return []
    met = state.move.met if state.move is not None and state.move.ship == ship.id else ()
    mid_x = (x0 + ship.x) / 2
    mid_y = (y0 + ship.y) / 2
    swept = hull(mid_x, mid_y, ship.heading, ship.length + travelled, ship.beam)
    reach = tables().roll("pickup_range")
    return [m for m in swimmers(state) if m.id not in met
            and point_distance((m.x, m.y), swept) <= reach]


def pick_up_friends(state: AhoyState, dice: Dice, ship: Ship,
                    men: list[Crewman]) -> AhoyState:
    friends = [m for m in men if m.side == ship.side]
    if not friends:
        return state
    return climb_aboard(state, dice, friends, ship)


def deal_with_enemy_swimmers(state: AhoyState, dice: Dice, ship: Ship, crew: tuple[str, ...],
                             choice: str) -> AhoyState:
    """Enemy swimmers picked up: slain on 4+, locked below as captives, or ignored."""
    men = [state.crewman(c) for c in crew if any(m.id == c for m in state.crew)]
    changes: dict[str, Crewman | None] = {}
    move = state.move
    if move is not None and move.ship == ship.id:
        state = replace(state, move=replace(move, met=(*move.met, *crew)))
    if choice == "ignore":
        tell(dice, "swimmers", f"The {ship.name} leaves the enemy swimmers in the water", RULE,
             ship=ship.id)
        return state
    for man in men:
        if choice == "slay":
            slain, _ = dice.need(tables().roll("swimmer_slain"),
                                 f"the {ship.name}'s crew strike at a swimmer", RULE,
                                 side=ship.side, ship=ship.id, success="slain",
                                 failure="escapes")
            if slain:
                changes[man.id] = None
        else:
            changes[man.id] = replace(man, aboard=ship.id, task=Task.CAPTIVE)
    if choice == "captive":
        tell(dice, "captives", f"The {ship.name} takes {len(men)} swimmer(s) captive", RULE,
             ship=ship.id)
    state = replace_crew(state, changes)
    if choice == "slay":
        state = add_tally(state, ship.side, slain=sum(1 for v in changes.values() if v is None))
    return state
