"""The fire plan: what each gun, the snipers and a creature shoot at.

From ``shooting.weapons`` (what each weapon can reach now that the chits are on their boxes) the
captain picks, ship by ship, the guns whose action points the Guns box can pay that do the most
damage together (every subset is tried: a ship has a handful of guns), each at the target it
hurts most. Snipers and a creature cost nothing from Guns and always shoot. A shot goes at a
creature rather than the ship she pulls when that is nearly as good, and always when it could
finish the beast: a creature ship whose creature dies flounders.
"""

from __future__ import annotations

import itertools

from ahoy_tui.ai.naval_battle import estimate as est
from ahoy_tui.rules.naval_battle import shooting
from ahoy_tui.rules.naval_battle.actions import FirePlan
from ahoy_tui.rules.naval_battle.model import GUNS, SNIPERS, NavalState, Ship, Shot
from ahoy_tui.rules.naval_battle.tables import tables

Option = tuple[float, Shot]  # expected damage (in victory points), the shot


def weapon_value(view: NavalState, ship: Ship, weapon: str, target: Ship, distance: float,
                 at_creature: bool) -> float:
    """Expected damage of one weapon's shot at a target (ship or her creature)."""
    armour = target.creature.armour if at_creature and target.creature else target.armour
    through = 1 - est.saved_share(armour)
    if weapon == "snipers":
        value = 0.0
        for kind, _ in ship.crew:
            chits = ship.at_by_kind(SNIPERS, kind)
            if chits:
                sharp = kind == "sharp_shooter"
                per = est.sniper_value(ship, target, distance, sharp=sharp)
                if at_creature and not sharp:
                    per = per / max(1 - est.saved_share(target.armour), 1e-6) * through
                value += chits * per
        return value
    if weapon == "creature":
        if ship.creature is None:
            return 0.0
        dice = tables().creatures.ranged_dice(ship.creature.chits)
        return dice * 3.5 * through + dice / 6 * est.FIRE_WORTH
    gun = next((g for g in ship.guns if g.id == weapon), None)
    if gun is None:
        return 0.0
    return est.shot_through(gun.type, ship, target, at_creature)


def best_shot(view: NavalState, ship: Ship, weapon: shooting.Weapon) -> Option | None:
    """The weapon's most damaging shot at an enemy, in victory points to her side."""
    best: Option | None = None
    for target_id, distance in weapon.targets:
        target = view.ship(target_id)
        if target.side == ship.side or not target.afloat:
            continue
        choices = [False]
        if target.creature_alive:
            choices.append(True)
        for at_creature in choices:
            value = weapon_value(view, ship, weapon.weapon, target, distance, at_creature)
            if at_creature and target.creature is not None:
                # a beast nearly finished, or nearly as easy to hurt: stop the ship
                finish = target.creature.chits <= max(3.0, 2.5 * value)
                value *= 1.6 if finish else 1.2
            score = value * 50 / ship.size
            if best is None or score > best[0]:
                best = (score, Shot(ship.id, weapon.weapon, target_id, at_creature))
    return best


def ship_shots(view: NavalState, ship: Ship) -> list[Shot]:
    """Her shots: the best set of guns the Guns box can pay for, plus snipers and creature."""
    free: list[Shot] = []
    guns: list[tuple[float, int, Shot]] = []
    for weapon in shooting.weapons(view, ship.id):
        if not weapon.targets:
            continue
        option = best_shot(view, ship, weapon)
        if option is None or option[0] <= 0:
            continue
        if weapon.action_points <= 0:
            free.append(option[1])
        else:
            guns.append((option[0], weapon.action_points, option[1]))
    budget = ship.at(GUNS)
    best: tuple[float, tuple[Shot, ...]] = (0.0, ())
    guns = sorted(guns, key=lambda g: g[0], reverse=True)[:8]
    for size in range(1, len(guns) + 1):
        for combo in itertools.combinations(guns, size):
            if sum(ap for _, ap, _ in combo) <= budget:
                value = sum(v for v, _, _ in combo)
                if value > best[0]:
                    best = (value, tuple(s for _, _, s in combo))
    return free + list(best[1])


def fire_plan(view: NavalState, side: str) -> FirePlan:
    """The side's plan; if the rules refuse it, shots are dropped until they accept it."""
    shots: list[Shot] = []
    for ship in view.side_ships(side):
        shots.extend(ship_shots(view, ship))
    plan = FirePlan(side, tuple(shots))
    if shooting.plan_problem(view, side, plan.shots) is None:
        return plan
    kept: list[Shot] = []
    for shot in shots:
        if shooting.plan_problem(view, side, (*kept, shot)) is None:
            kept.append(shot)
    return FirePlan(side, tuple(kept))
