"""The odds of a shot before the fire plan is sealed (Naval Battle Rules: Ship's guns, Snipers,
Creatures, Armour), every face of the dice counted (``engine/odds.py``).

A gun: its roll to hit (the artillery die against the chart's range, its misfire face; the
scatter die's HIT, twice for a Doom Diver; "BS as crew" 4+ with the race's modifier; automatic),
its damage die (a misfire face; "reroll 6's and add", which may go on and on: its mean is summed
to the end, the chances of the totals to ten rerolls, the rest counted with the last), then one
armour save a point. Snipers: each chit's D6 on the Sniper Fire chart, Sharp Shooters unsaved.
A creature: its D6s of damage, then armour. Skaven luck (a failed save rolled again once a turn)
and what a misfire does on the Misfire Chart are not counted: a misfire is its chance only.

A ship's orders (a :class:`GiveOrders` of her one sheet) have the odds of what they lead to: while
she is grappled, the coming round of boarding with the chits her sheet puts on Boarding (the
Boarding Actions chart's row, each chit's dice, the hits shared among her foes, their saves; and
what her foes' boarders, as they stood last, do back); else, if her track runs into a ship as
she lies now, the collision (Collisions: the combined speed ÷ 6 and the open-ended die, halved
for the one striking with her bow; a creature striking with its front rams instead, D6 + its
chits, a 6 setting a fire), each ship's damage through her armour. And while she burns, the End
Phase's fire stations: each team her sheet makes (``fire_team`` chits, the strongest first) a D6
with her race's modifier on the Fire Stations chart, each fire left a point of damage unsaved,
her fire crew as written (casualties and fires still to come this turn are not foreseen).
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb
from typing import Any

from ahoy_tui.engine.dice import parse_expr
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import hull, overlap
from ahoy_tui.engine.odds import (
    ONE,
    Dist,
    Odds,
    at_least,
    combine,
    constant,
    dice,
    die,
    hits,
    mean,
    number,
    percent,
)
from ahoy_tui.rules.naval_battle import fires, movement
from ahoy_tui.rules.naval_battle.actions import FirePlan, GiveOrders
from ahoy_tui.rules.naval_battle.boarding import engagements, row_for
from ahoy_tui.rules.naval_battle.model import (
    BOARDING,
    SNIPERS,
    NavalState,
    Ship,
    ShipOrders,
    Shot,
)
from ahoy_tui.rules.naval_battle.shooting import (
    CORRECTS_DEVIATION,
    CREATURE_WEAPON,
    CREW_BS_TO_HIT,
    SCATTER_HITS,
    SNIPERS_WEAPON,
    crew_race,
    kind_name,
    sniper_reach,
    weapons,
)
from ahoy_tui.rules.naval_battle.tables import Gun, tables

SIXTH = Fraction(1, 6)
DEPTH = 10  # rerolls of an open-ended damage die counted one by one (the rest with the last)


def save_chance(armour: int, modifier: int = 0) -> Fraction:
    """Armour: the chance one save die scores the armour value or more after ``modifier`` (a
    save needing more than 6 is never made)."""
    need = armour - modifier
    if need > 6:
        return Fraction(0)
    return Fraction(7 - max(need, 1), 6) if need > 1 else ONE


def through_armour(points: Dist, save: Fraction) -> dict[int, Fraction]:
    """The points that get through: one save die for each point of ``points``."""
    lost = ONE - save
    out: dict[int, Fraction] = {}
    for n, p in points.items():
        for through in range(n + 1):
            q = comb(n, through) * lost ** through * save ** (n - through)
            if q:
                out[through] = out.get(through, Fraction(0)) + p * q
    return out


def damage_die(row: Gun) -> tuple[dict[int, Fraction], Fraction, Fraction]:
    """(the damage's totals, the chance of a misfire face, the exact mean damage) of a gun's
    damage die, its rerolls added."""
    sides = 3 if row.dice == "D3" else int(row.dice.removeprefix("D"))
    face = die(sides)
    again = set(tables().reroll(row.reroll).faces) if row.reroll else set()
    repeats = tables().reroll(row.reroll).repeats if row.reroll else False
    misfire = sum((p for f, p in face.items() if f in row.misfire_on), Fraction(0))
    first = {f: p for f, p in face.items() if f not in row.misfire_on}
    p_again = sum((p for f, p in face.items() if f in again), Fraction(0))
    mean_face = mean(face)
    if not again:
        total = dict(first)
        exact = sum((f * p for f, p in first.items()), Fraction(0))
        return total, misfire, exact
    # each die that shows a reroll face adds another (once, or on and on)
    rest = constant(0)  # what the rerolls after a reroll face add
    if repeats:
        tail = constant(0)
        for _ in range(DEPTH):
            step: dict[int, Fraction] = {}
            for f, p in face.items():
                if f in again:
                    for t, q in tail.items():
                        step[f + t] = step.get(f + t, Fraction(0)) + p * q
                else:
                    step[f] = step.get(f, Fraction(0)) + p
            tail = step
        rest = tail
        more = mean_face / (1 - p_again)  # the mean of an open-ended die, to the end
    else:
        rest = dict(face)
        more = mean_face
    total: dict[int, Fraction] = {}
    for f, p in first.items():
        if f in again:
            for t, q in rest.items():
                total[f + t] = total.get(f + t, Fraction(0)) + p * q
        else:
            total[f] = total.get(f, Fraction(0)) + p
    exact = sum((f * p for f, p in first.items()), Fraction(0)) + \
        sum((p for f, p in first.items() if f in again), Fraction(0)) * more
    return total, misfire, exact


def odds(state: NavalState, action: Any) -> Odds | None:
    """The odds of a fire plan of one shot (the row the player is on), or of a :class:`Shot`;
    of one ship's orders (a :class:`GiveOrders` of her one sheet): her boarding round or her
    collision."""
    if isinstance(action, GiveOrders):
        return orders_odds(state, action)
    shot = action
    if isinstance(action, FirePlan):
        if len(action.shots) != 1:
            return None
        shot = action.shots[0]
    ids = {s.id for s in state.ships}
    if not isinstance(shot, Shot) or shot.ship not in ids or shot.target not in ids:
        return None
    weapon = next((w for w in weapons(state, shot.ship) if w.weapon == shot.weapon), None)
    reach = dict(weapon.targets) if weapon is not None else {}
    if shot.target not in reach:
        return None
    ship, target = state.ship(shot.ship), state.ship(shot.target)
    at_creature = shot.at_creature and target.creature_alive
    armour = target.creature.armour if at_creature and target.creature else target.armour
    distance = reach[shot.target]
    aim = f"{target.name}'s {target.creature.name}" if at_creature and target.creature \
        else target.name
    lines = [f"At {aim}, {distance:.0f}\" off; armour {armour}+ "
             f"({percent(save_chance(armour))} a point saved)"]
    if shot.weapon == SNIPERS_WEAPON:
        points, extra = _snipers(ship, distance, armour, lines)
    elif shot.weapon == CREATURE_WEAPON:
        points, extra = _creature(ship, armour, lines)
    else:
        gun = next((g for g in ship.guns if g.id == shot.weapon), None)
        if gun is None:
            return None
        points, extra = _gun(ship, tables().gun(gun.type), distance, armour, lines)
    through = mean(points)
    if "mean" in extra:
        through = extra.pop("mean")
    some = at_least(points, 1)
    lines.append("Damage through the armour:")
    shown = sorted(points.items())
    lines.extend(f"  {n} point{'' if n == 1 else 's'}: {percent(p)}" for n, p in shown[:12])
    if len(shown) > 12:
        lines.append(f"  more: {percent(sum((p for _, p in shown[12:]), Fraction(0)))}")
    lines.append(f"Expected damage through the armour: {number(through, 2)}")
    summary = f"{percent(some)} · {number(through)} dmg"
    if extra.get("misfire"):
        summary += f" · misfire {percent(extra['misfire'])}"
    if extra.get("fire"):
        summary += f" · fire {percent(extra['fire'])}"
    outcomes = tuple((f"{n} through", p) for n, p in shown)
    return Odds(summary, tuple(lines), outcomes, {"damage": through, **extra})


def _to_hit(ship: Ship, row: Gun, distance: float, lines: list[str]) -> tuple[Fraction,
                                                                               Fraction]:
    """(the chance the gun hits, the chance its to-hit roll misfires)."""
    if row.to_hit == "automatic" or row.automatic_hit:
        lines.append("To hit: automatic")
        return ONE, Fraction(0)
    if row.to_hit == "crew_bs":
        modifier = crew_race(ship, ship.race).shooting
        need = CREW_BS_TO_HIT - modifier
        p = Fraction(max(0, 7 - max(need, 1)), 6) if need <= 6 else Fraction(0)
        lines.append(f"To hit: BS as crew, {CREW_BS_TO_HIT}+"
                     + (f" ({modifier:+d} race)" if modifier else "") + f": {percent(p)}")
        return p, Fraction(0)
    reach = 0
    for face in (2, 4, 6, 8, 10):
        if not row.max_range or distance <= row.max_range + face:
            reach += 1
    p = Fraction(reach, 6)
    lines.append(f"Artillery die: reaches {distance:.0f}\" on {reach} of 6"
                 + (f" (range {row.max_range}\" + the die)" if row.max_range else "")
                 + "; misfire 1 in 6")
    if "scatter" in row.range_dice:
        tries = 2 if row.id in CORRECTS_DEVIATION else 1
        miss = Fraction(6 - len(SCATTER_HITS), 6) ** tries
        lines.append(f"Scatter die: HIT on {'-'.join(map(str, SCATTER_HITS))}"
                     + (" (corrects deviation: twice)" if tries == 2 else "")
                     + f": {percent(ONE - miss)}")
        p *= ONE - miss
    return p, SIXTH


def _gun(ship: Ship, row: Gun, distance: float, armour: int,
         lines: list[str]) -> tuple[dict[int, Fraction], dict[str, Fraction]]:
    lines.insert(0, f"{row.name}: damage {row.dice}{row.reroll}")
    hit, misfire = _to_hit(ship, row, distance, lines)
    total, face_misfire, exact = damage_die(row)
    if row.reroll:
        lines.append(f"Damage: {tables().reroll(row.reroll).text}")
    if face_misfire:
        lines.append(f"Damage die: misfire on {row.misfire_on}: {percent(face_misfire)}")
    save = save_chance(armour)
    landed = through_armour(total, save)
    points = {n: hit * p for n, p in landed.items()}
    points[0] = points.get(0, Fraction(0)) + (ONE - hit) + hit * face_misfire
    misfires = misfire + hit * face_misfire
    extra = {"mean": hit * exact * (ONE - save), "hit": hit * (ONE - face_misfire),
             "misfire": misfires}
    lit, fires_mean = gun_fires(row)
    if fires_mean:
        lines.append(f"Fires on a hit: {'/'.join(map(str, row.fire_on))} on a damage die"
                     + (f", then {row.fire_roll}+" if row.fire_roll else "")
                     + (f"; {row.automatic_fires} automatic" if row.automatic_fires else "")
                     + f": {number(fires_mean, 2)} expected a hit")
        extra.update({"fire": hit * lit, "fires": hit * fires_mean})
    return points, extra


def gun_fires(row: Gun) -> tuple[Fraction, Fraction]:
    """Once a gun hits: (the chance it starts a fire, the mean number it starts). Each damage
    die showing a ``fire_on`` face, the first and every reroll, starts one (when ``fire_roll``
    is also rolled); ``automatic_fires`` come with every hit that does not misfire; a misfire
    face on the first die starts none (its Misfire Chart roll is not counted)."""
    sides = 3 if row.dice == "D3" else int(row.dice.removeprefix("D"))
    each = Fraction(1, sides)
    again = set(tables().reroll(row.reroll).faces) if row.reroll else set()
    repeats = tables().reroll(row.reroll).repeats if row.reroll else False
    light = Fraction(7 - row.fire_roll, 6) if row.fire_roll else ONE
    fire_on = set(row.fire_on)

    def lit(f: int) -> Fraction:
        return light if f in fire_on else Fraction(0)

    # the rerolls after a reroll face: the chance none of them starts a fire, and their mean
    stays = [f for f in range(1, sides + 1) if f not in again]
    goes_on = [f for f in range(1, sides + 1) if f in again]
    if repeats:
        none_after = sum((each * (1 - lit(f)) for f in stays), Fraction(0)) / (
            1 - sum((each * (1 - lit(f)) for f in goes_on), Fraction(0)))
        mean_after = sum((each * lit(f) for f in range(1, sides + 1)), Fraction(0)) / (
            1 - each * len(goes_on))
    else:
        none_after = sum((each * (1 - lit(f)) for f in range(1, sides + 1)), Fraction(0))
        mean_after = sum((each * lit(f) for f in range(1, sides + 1)), Fraction(0))
    first = [f for f in range(1, sides + 1) if f not in row.misfire_on]
    if row.automatic_fires:
        count, auto_sides, bonus = parse_expr(row.automatic_fires)
        auto = mean(dice(count, auto_sides, bonus))
        return each * len(first), each * len(first) * auto + sum(
            (each * (lit(f) + (mean_after if f in again else 0)) for f in first), Fraction(0))
    chance = sum((each * (1 - (1 - lit(f)) * (none_after if f in again else ONE))
                  for f in first), Fraction(0))
    expected = sum((each * (lit(f) + (mean_after if f in again else 0)) for f in first),
                   Fraction(0))
    return chance, expected


def _snipers(ship: Ship, distance: float, armour: int,
             lines: list[str]) -> tuple[dict[int, Fraction], dict[str, Fraction]]:
    rules = tables()
    to_hit = rules.sniper_to_hit(distance)
    save = save_chance(armour)
    points = constant(0)
    hits_mean = Fraction(0)
    for box, kind, n in ship.stations:
        if box != SNIPERS or not n:
            continue
        if to_hit is None or distance > sniper_reach(ship, kind):
            lines.append(f"  {n} {kind_name(kind)}: out of reach")
            continue
        modifier = crew_race(ship, kind).shooting
        need = to_hit - modifier
        p = Fraction(max(0, 7 - max(need, 1)), 6) if need <= 6 else Fraction(0)
        sharp = kind in rules.specialists and not rules.specialist(kind).sniper_hits_saved
        lines.append(f"  {n} {kind_name(kind)}: {to_hit}+"
                     + (f" ({modifier:+d})" if modifier else "") + f" each: {percent(p)}"
                     + (" (no armour save)" if sharp else ""))
        got = hits([p] * n)
        hits_mean += mean(got)
        points = combine(points, got if sharp else through_armour(got, save))
    return dict(points), {"hits": hits_mean}


def _creature(ship: Ship, armour: int,
              lines: list[str]) -> tuple[dict[int, Fraction], dict[str, Fraction]]:
    creature = ship.creature
    if creature is None:
        return constant(0), {}
    rules = tables().creatures
    count = rules.ranged_dice(creature.chits)
    lines.insert(0, f"{creature.name}: {count}D6 damage, fires on {rules.fire_on}")
    damage = dice(count, 6)
    fires = Fraction(count * len(rules.fire_on), 6)
    return through_armour(damage, save_chance(armour)), {"fires": fires}


# --- collisions and rams ------------------------------------------------------------------------

def open_die() -> tuple[dict[int, Fraction], Fraction]:
    """Collisions' die (a D6; a 6 adds 6 and rolls again, until a 1-5): the chance of each total
    to ``DEPTH`` rerolls (the rest counted with the last), and its exact mean."""
    rules = tables().collisions
    sides = int(rules.die.removeprefix("D"))
    again = set(rules.explode_on)
    face = die(sides)
    tail = constant(0)
    for _ in range(DEPTH):
        step: dict[int, Fraction] = {}
        for f, p in face.items():
            for t, q in (tail.items() if f in again else ((0, ONE),)):
                step[f + t] = step.get(f + t, Fraction(0)) + p * q
        tail = step
    p_again = sum((p for f, p in face.items() if f in again), Fraction(0))
    return tail, mean(face) / (1 - p_again)


def collision_points(fixed: int, halved: bool) -> tuple[dict[int, Fraction], Fraction]:
    """A collision's damage to one ship before her armour: the fixed part and the die, halved
    (rounded down) for the one striking with her bow; (the chance of each total, its exact
    mean)."""
    rules = tables().collisions
    totals, die_mean = open_die()
    divisor = rules.front_divisor if halved else 1
    points: dict[int, Fraction] = {}
    for t, p in totals.items():
        n = (fixed + t) // divisor
        points[n] = points.get(n, Fraction(0)) + p
    if divisor == 1:
        return points, fixed + die_mean
    sides = int(rules.die.removeprefix("D"))
    again = set(rules.explode_on)
    # an open-ended die is (sides × the rerolls) + the last face; when the divisor divides the
    # sides, the rerolls halve cleanly, so the mean is exact
    if again == {sides} and sides % divisor == 0:
        p_again = Fraction(len(again), sides)
        rerolls = p_again / (1 - p_again)
        last = [f for f in range(1, sides + 1) if f not in again]
        exact = Fraction(sides // divisor) * rerolls + \
            Fraction(sum((fixed + f) // divisor for f in last), len(last))
        return points, exact
    return points, mean(points)


def ram_points(attacker: Ship) -> tuple[dict[int, Fraction], Fraction]:
    """A creature's ram: D6 + its remaining chits; (the totals, the chance of a fire)."""
    creature = attacker.creature
    assert creature is not None
    rules = tables().creatures
    face = die(6)
    points = {f + creature.chits: p for f, p in face.items()}
    fire = sum((p for f, p in face.items() if f in rules.fire_on), Fraction(0))
    return points, fire


def takes_it_on_creature(ship: Ship, part: str) -> bool:
    """``movement._to_creature``: a creature ship struck at the front takes it on her creature,
    elsewhere on the ship; whichever has nothing left passes it on."""
    if ship.creature is None or ship.creature.dead:
        return False
    if ship.chits == 0:
        return True
    return part == "bow"


def collision_mean(speed: int, other_speed: int, halved: bool = False) -> Fraction:
    """The mean collision damage to one ship before her armour (the captains weigh this)."""
    return collision_points(tables().collisions.fixed(speed, other_speed), halved)[1]


def collision_odds(state: NavalState, ship_id: str, target_id: str, speed: int,
                   target_speed: int) -> Odds:
    """She strikes ``target_id`` with her bow at ``speed`` (the target at ``target_speed``,
    struck in the side): the damage each takes through her armour."""
    ship, target = state.ship(ship_id), state.ship(target_id)
    rules = tables().collisions
    fixed = rules.fixed(speed, target_speed)
    lines = [f"{ship.name} strikes {target.name} with her bow: {speed}\" + {target_speed}\" "
             f"combined speed ÷ {rules.speed_divisor} = {fixed}, + the die ({rules.die}; a "
             f"{'/'.join(map(str, rules.explode_on))} adds and rolls again)"]
    creature = ship.creature is not None and not ship.creature.dead
    if creature and ship.creature is not None:
        points, fire = ram_points(ship)
        exact = mean(points)
        lines.append(f"Her {ship.creature.name} rams instead: D6 + its {ship.creature.chits} "
                     f"chits; a {'/'.join(map(str, tables().creatures.fire_on))} sets a fire "
                     f"({percent(fire)})")
    else:
        points, exact = collision_points(fixed, False)
        fire = Fraction(0)
    on_creature = takes_it_on_creature(target, "side")
    armour = target.creature.armour if on_creature and target.creature else target.armour
    save = save_chance(armour)
    dealt = through_armour(points, save)
    dealt_mean = exact * (1 - save)
    lines.append(f"{target.name}: armour {armour}+, {percent(save)} a point saved; expected "
                 f"{number(dealt_mean, 2)} through")
    _points, back_exact = collision_points(fixed, True)
    mine_on_creature = takes_it_on_creature(ship, "bow")
    my_armour = ship.creature.armour if mine_on_creature and ship.creature else ship.armour
    my_save = save_chance(my_armour)
    taken_mean = back_exact * (1 - my_save)
    lines.append(f"{ship.name} takes the collision halved for her bow"
                 + (f", on her {ship.creature.name}" if mine_on_creature and ship.creature
                    else "") + f": armour {my_armour}+; expected {number(taken_mean, 2)} through")
    lines.append(f"Damage to {target.name} through her armour:")
    shown = sorted(dealt.items())
    lines.extend(f"  {n} point{'' if n == 1 else 's'}: {percent(p)}" for n, p in shown[:12])
    if len(shown) > 12:
        lines.append(f"  more: {percent(sum((p for _, p in shown[12:]), Fraction(0)))}")
    summary = (f"ram {number(dealt_mean)} dmg · you take {number(taken_mean)}"
               + (f" · fire {percent(fire)}" if fire else ""))
    expected = {"damage": dealt_mean, "taken": taken_mean}
    if fire:
        expected["fire"] = fire
    return Odds(summary, tuple(lines), tuple((f"{n} through", p) for n, p in shown), expected)


# --- boarding ------------------------------------------------------------------------------------

def boarding_die(row_to_hit: int, modifier: int) -> Fraction:
    """The chance one boarding die hits: the row's to-hit with the race's modifier on the die
    (a roll needing more than 6 cannot hit)."""
    need = row_to_hit - modifier
    if need > 6:
        return Fraction(0)
    return Fraction(7 - max(need, 1), 6)


def _boarding_hits(state: NavalState, ship: Ship, stations: tuple[tuple[str, str, int], ...],
                   row_to_hit: int, lines: list[str]) -> dict[int, Fraction]:
    """Her boarders' hits, every die counted (a Marine's two)."""
    rules = tables()
    chances: list[Fraction] = []
    for box, kind, n in stations:
        if box != BOARDING or not n:
            continue
        per_chit = rules.specialist(kind).boarding_dice if kind in rules.specialists else 1
        modifier = crew_race(ship, kind).boarding
        p = boarding_die(row_to_hit, modifier)
        lines.append(f"  {n} {kind_name(kind)} × {per_chit} {'die' if per_chit == 1 else 'dice'}"
                     f", {row_to_hit}+" + (f" ({modifier:+d})" if modifier else "")
                     + f": {percent(p)} each")
        chances.extend([p] * (n * per_chit))
    return hits(chances)


def _through_shared(state: NavalState, hits_: dict[int, Fraction], foes: list[Ship],
                    to: str, save_modifier: int) -> dict[int, Fraction]:
    """The points that get through to ``to`` of hits shared out among ``foes`` in turn."""
    index = next(i for i, f in enumerate(foes) if f.id == to)
    foe = foes[index]
    modifier = save_modifier + crew_race(foe, foe.race).boarding_save
    save = save_chance(foe.armour, modifier)
    out: dict[int, Fraction] = {}
    for h, p in hits_.items():
        share = h // len(foes) + (1 if index < h % len(foes) else 0)
        for n, q in through_armour(constant(share), save).items():
            out[n] = out.get(n, Fraction(0)) + p * q
    return out


def _foes_of(state: NavalState, ship: Ship, group: tuple[str, ...]) -> list[Ship]:
    """``boarding.resolve``: the enemies she fights, in the order she was bound to them."""
    linked = (*ship.bound_to, *(s.id for s in state.ships if ship.id in s.bound_to))
    return [state.ship(b) for b in dict.fromkeys(linked)
            if b in group and state.ship(b).side != ship.side]


def boarding_odds(state: NavalState, orders: ShipOrders) -> Odds | None:
    """The coming round of boarding with her sheet's chits on Boarding; her foes' boarders as
    they stood when last revealed."""
    ship = state.ship(orders.ship)
    group = next((g for g in engagements(state) if ship.id in g), None)
    if group is None:
        return None
    foes = _foes_of(state, ship, group)
    if not foes:
        return None
    melee = len(group) > 2
    row = row_for(state, ship, foes, melee)
    lines = [f"Boarding {' and '.join(f.name for f in foes)}: {row.name}"
             + (" (more than two ships: everyone counts as winning)" if melee else "")]
    mine = _boarding_hits(state, ship, orders.assign, row.to_hit, lines)
    if not any(box == BOARDING and n for box, _k, n in orders.assign):
        lines.append("  no one on Boarding: she does no damage")
    dealt = constant(0)
    for foe in foes:
        dealt = combine(dealt, _through_shared(state, mine, foes, foe.id, row.save_modifier))
    dealt_mean = mean(dealt)
    lines.append(f"Her hits: {number(mean(mine), 2)} expected; through their armour "
                 f"(save {row.save_modifier:+d} and their race's): {number(dealt_mean, 2)}")
    taken = constant(0)
    for foe in foes:
        their_foes = _foes_of(state, foe, group)
        their_row = row_for(state, foe, their_foes, melee)
        their_lines: list[str] = []
        # this turn's are sealed: as they stood when the last turn ended
        theirs = _boarding_hits(state, foe, foe.stations or foe.revealed, their_row.to_hit,
                                their_lines)
        lines.append(f"{foe.name}'s boarders as last revealed ({their_row.name}):")
        lines.extend(their_lines or ["  none"])
        taken = combine(taken, _through_shared(state, theirs, their_foes, ship.id,
                                               their_row.save_modifier))
    taken_mean = mean(taken)
    wins = sum((p * q for d, p in dealt.items() for t, q in taken.items() if d > t),
               Fraction(0))
    lines.append(f"Damage she takes through her armour: {number(taken_mean, 2)} expected")
    lines.append(f"She wins the round (more damage done than taken; she may then cut loose): "
                 f"{percent(wins)}")
    lines.append("Damage she does through their armour:")
    shown = sorted(dealt.items())
    lines.extend(f"  {n} point{'' if n == 1 else 's'}: {percent(p)}" for n, p in shown[:12])
    summary = f"board {number(dealt_mean)} dmg · take {number(taken_mean)} · wins {percent(wins)}"
    return Odds(summary, tuple(lines), tuple((f"{n} through", p) for n, p in shown),
                {"damage": dealt_mean, "taken": taken_mean, "wins": wins})


# --- fire stations (The End Phase) ---------------------------------------------------------------

def fire_odds(ship: Ship, orders: ShipOrders) -> Odds | None:
    """The End Phase with her fires as they burn now and her sheet's fire stations: each team
    a D6 on the Fire Stations chart; each fire left a point of damage, no save (``fires``)."""
    if ship.gone or not ship.fires:
        return None
    rules = tables()
    crews = fires.teams(fires.fire_crew(replace_stations(ship, orders)), orders.fire_team,
                        ship.fires)
    modifier = crew_race(ship, ship.race).fire_fighting
    lines = [f"{ship.name} burns with {ship.fires} fire{'' if ship.fires == 1 else 's'}: teams "
             f"of {orders.fire_team} chit{'' if orders.fire_team == 1 else 's'}, one a fire"
             + (f", her race {modifier:+d}" if modifier else "")]
    chances: list[Fraction] = []
    for number_, points in enumerate(crews, start=1):
        need = rules.fire_stations.roll_needed(points)
        p = Fraction(sum(1 for f in range(1, 7) if f + modifier >= need), 6)
        lines.append(f"  team {number_} ({points} action point{'' if points == 1 else 's'}): "
                     f"{need}+" + (f" ({modifier:+d})" if modifier else "") + f": {percent(p)}"
                     + (" (cannot: rolls nothing)" if not p else ""))
        if p:
            chances.append(p)
    if not crews:
        lines.append("  no one at her fire stations")
    out = hits(chances)
    per_fire = rules.fire_damage.damage_per_fire
    damage = {(ship.fires - n) * per_fire: p for n, p in out.items()}
    out_mean, damage_mean = mean(out), mean(damage)
    lines.append(f"Fires put out: {number(out_mean, 2)} expected; fire damage (no save): "
                 f"{number(damage_mean, 2)} expected")
    lines.append("(her fire crew as written: casualties and new fires this turn not foreseen)")
    shown = sorted(out.items())
    lines.extend(f"  {n} out: {percent(p)}" for n, p in shown)
    summary = f"fires {number(out_mean)}/{ship.fires} out · burn {number(damage_mean)}"
    return Odds(summary, tuple(lines), tuple((f"{n} out", p) for n, p in shown),
                {"fires_out": out_mean, "fire_damage": damage_mean})


def replace_stations(ship: Ship, orders: ShipOrders) -> Ship:
    """She with her sheet's crew assignments on her boxes (as the reveal puts them)."""
    return replace(ship, stations=orders.assign)


def joined(first: Odds, then: Odds, prefix: str = "") -> Odds:
    """Two parts of one sheet's odds, counted as independent: the summaries and breakdowns one
    after the other, each pair of outcomes together ("a; b"), the expectations side by side
    (those of ``then`` that ``first`` also has named with ``prefix``)."""
    outcomes = tuple((f"{a}; {b}", p * q) for a, p in first.outcomes for b, q in then.outcomes)
    expected = dict(first.expected)
    for key, value in then.expected.items():
        expected[f"{prefix}{key}" if key in expected else key] = value
    return Odds(f"{first.summary} · {then.summary}", (*first.breakdown, *then.breakdown),
                outcomes, expected)


def orders_odds(state: NavalState, action: GiveOrders) -> Odds | None:
    """One ship's sheet: her boarding round while grappled, else the collision her track runs
    into (the other ship, friend or foe, as she lies now); and her fire stations while she burns."""
    if len(action.ships) != 1:
        return None
    orders = action.ships[0]
    ids = {s.id for s in state.ships}
    if orders.ship not in ids:
        return None
    ship = state.ship(orders.ship)
    first = _board_or_collide(state, ship, orders)
    burning = fire_odds(ship, orders)
    if first is None or burning is None:
        return first or burning
    return joined(first, burning)


def _board_or_collide(state: NavalState, ship: Ship, orders: ShipOrders) -> Odds | None:
    if ship.bound_to:
        return boarding_odds(state, orders)
    declared = dict(state.speeds_shown).get(ship.id, "hold")
    moved, _ = movement.change_speed(ship, declared, orders)
    if moved.speed <= 0:
        return None
    poses = movement.track(moved, orders)
    length, beam = movement.hull_size(ship)
    # a friend in her way is struck as hard as an enemy (Collisions: "two ships")
    enemies = [s for s in state.ships if s.id != ship.id and not s.gone]
    for (x0, y0, _h0), (x1, y1, heading) in itertools.pairwise(poses):
        steps = max(1, int(max(abs(x1 - x0), abs(y1 - y0)) / movement.STEP) + 1)
        for k in range(1, steps + 1):
            x, y = x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps
            mine = hull(x, y, heading, length, beam)
            for enemy in enemies:
                if overlap(mine, movement.hull_of(enemy)):
                    struck = collision_odds(state, ship.id, enemy.id, moved.speed, enemy.speed)
                    board = grappled_odds(state, ship, enemy, orders)
                    return struck if board is None else joined(struck, board, "boarding_")
    return None


def grappled_odds(state: NavalState, ship: Ship, other: Ship,
                  orders: ShipOrders) -> Odds | None:
    """Boarding the enemy ship: she throws grapples on touching an enemy when her sheet says so
    and puts chits on Boarding; then the round of boarding that turn, her crew as written (what
    the collision and the shots take is not foreseen)."""
    if other.side == ship.side or not orders.grapple or not any(
            box == BOARDING and n for box, _k, n in orders.assign):
        return None
    bound = state.with_ship(replace(ship, stations=orders.assign,
                                    bound_to=(*ship.bound_to, other.id)))
    bound = bound.with_ship(replace(other, bound_to=(*other.bound_to, ship.id)))
    odds = boarding_odds(bound, orders)
    if odds is None:
        return None
    return replace(odds, breakdown=(f"She throws grapples onto {other.name}; that turn's "
                                    "round, her crew as written:", *odds.breakdown))
