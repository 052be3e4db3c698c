"""The odds of a shot before the fire plan is sealed (Naval Battle Rules: Ship's guns, Snipers,
Creatures, Armour), every face of the dice counted (``engine/odds.py``).

A gun: its roll to hit (the artillery die against the chart's range, its misfire face; the
scatter die's HIT, twice for a Doom Diver; "BS as crew" 4+ with the race's modifier; automatic),
its damage die (a misfire face; "reroll 6's and add", which may go on and on: its mean is summed
to the end, the chances of the totals to ten rerolls, the rest counted with the last), then one
armour save a point. Snipers: each chit's D6 on the Sniper Fire chart, Sharp Shooters unsaved.
A creature: its D6s of damage, then armour. Skaven luck (a failed save rolled again once a turn)
and what a misfire does on the Misfire Chart are not counted: a misfire is its chance only.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

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
from ahoy_tui.rules.naval_battle.actions import FirePlan
from ahoy_tui.rules.naval_battle.model import SNIPERS, NavalState, Ship, Shot
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
    """The odds of a fire plan of one shot (the row the player is on), or of a :class:`Shot`."""
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
    return points, {"mean": hit * exact * (ONE - save), "hit": hit * (ONE - face_misfire),
                    "misfire": misfires}


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
