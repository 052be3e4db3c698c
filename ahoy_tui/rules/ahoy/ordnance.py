"""Advanced – Ordnance: which shot a gun may load, and firing grapeshot and swivel guns.

Roundshot and chainshot fly along the line of fire (:mod:`shooting`). Grapeshot and swivel guns
hit every model under a template (:mod:`templates`): each model is hit on its own roll.
"""

from __future__ import annotations

from ahoy_tui.engine.dice import MISFIRE, Dice
from ahoy_tui.rules.ahoy.common import tell
from ahoy_tui.rules.ahoy.crew import hit_man
from ahoy_tui.rules.ahoy.model import AhoyState, Crewman, Gun, Ship
from ahoy_tui.rules.ahoy.shooting import (
    CHAIN,
    _set_gun,
    aim,
    crew_ready,
    fire_choice,
    fire_gun,
    gun_name,
    gun_ready,
    misfire,
    nearest_target,
    ordnance_hit,
)
from ahoy_tui.rules.ahoy.tables import tables
from ahoy_tui.rules.ahoy.templates import (
    grape_exposed,
    models_under,
    swivel_area,
    under_teardrop,
)

GRAPE = "Grapeshot"
SWIVEL = "Swivel Guns"
SHOTS = ("ball", "chain", "grape")


def shot_refused(state: AhoyState, ship: Ship, gun: Gun, shot: str) -> tuple[str, str] | None:
    """(rule, reason) why this gun may not fire this shot now (its target aside for ball)."""
    weapon = tables().gun(gun.weapon)
    if shot not in SHOTS:
        return "Naval Cannons", f"there is no {shot!r} shot (ball, chain or grape)"
    if shot not in weapon.shots:
        rule = {"chain": CHAIN, "grape": GRAPE}.get(shot, "Naval Cannons")
        loads = ", ".join(weapon.shots)
        return rule, f"a {weapon.name.lower()} may not load {shot}shot (it takes {loads})"
    if shot == "chain":
        target = nearest_target(state, ship, gun)
        if target is not None and target[1].propulsion != "sail":
            return CHAIN, (f"chainshot may not be employed against oar or steam powered ships "
                           f"(the {target[1].name} is {target[1].propulsion}-powered)")
    if shot == "grape":
        origin, direction = aim(ship, gun)
        if not grape_exposed(state, ship, origin, direction):
            return GRAPE, "no enemy model lies under the grapeshot template"
    return None


def shot_choices(state: AhoyState, ship: Ship, gun: Gun) -> list[tuple[str, int]]:
    """(shot, longest guess) for each shot the gun may fire now; a longest guess of 0 means no
    guess (point blank, grapeshot, a swivel gun)."""
    if gun_ready(state, ship, gun) is not None:
        return []  # destroyed, silent, fired or unmanned: no shot of any kind
    choice = fire_choice(state, ship, gun, ship_checked=True, ready_checked=True)
    weapon = tables().gun(gun.weapon)
    out: list[tuple[str, int]] = []
    if choice is not None:
        out.append(("ball", choice[1]))
        if choice[0] in ("point_blank", "guess") and "chain" in weapon.shots \
                and shot_refused(state, ship, gun, "chain") is None:
            cap = tables().table("chainshot")["max_guess"]
            out.append(("chain", min(cap, choice[1])))
    # Grapeshot needs no ship on the line (swimmers will do), only a gun ready to fire.
    if "grape" in weapon.shots and weapon.kind == "cannon" and \
            shot_refused(state, ship, gun, "grape") is None:
        out.append(("grape", 0))
    return out


def fire(state: AhoyState, dice: Dice, ship_id: str, gun_id: str, guess: int,
         shot: str) -> AhoyState:
    ship = state.ship(ship_id)
    gun = next(g for g in ship.guns if g.id == gun_id)
    if tables().gun(gun.weapon).kind == "swivel":
        return fire_swivel(state, dice, ship_id, gun_id)
    if shot == "grape":
        return fire_grape(state, dice, ship_id, gun_id)
    return fire_gun(state, dice, ship_id, gun_id, guess, shot)


def _discharge(state: AhoyState, dice: Dice, ship: Ship, gun: Gun, purpose: str,
               rule: str) -> tuple[AhoyState, bool]:
    """A gun that sprays shot goes off: her crew must be able to fire it, then the artillery
    die; a misfire goes to the cannon misfire table. ``True`` if the shot flies."""
    state = _set_gun(state, ship.id, gun.id, fired=True)
    if not crew_ready(state, dice, ship, gun):
        return state, False
    roll = dice.artillery(purpose, rule, side=ship.side, ship=ship.id)
    if roll == MISFIRE:
        return misfire(state, dice, ship.id, gun.id), False
    dice.judge("fires")
    return state, True


def fire_grape(state: AhoyState, dice: Dice, ship_id: str, gun_id: str) -> AhoyState:
    """Grapeshot: lay the teardrop from the muzzle; every model under it is hit on 3+ (S6, one
    wound), and a ship whose deck it covers takes one hit of the gun from the blast."""
    ship = state.ship(ship_id)
    gun = next(g for g in ship.guns if g.id == gun_id)
    weapon = tables().gun(gun.weapon)
    grape = tables().table("grapeshot")
    name = gun_name(ship, gun)
    state, fired = _discharge(state, dice, ship, gun, f"{name} fires grapeshot", GRAPE)
    if not fired:
        return state
    origin, direction = aim(ship, gun)
    under = models_under(state, under_teardrop(origin, direction), reach_from=origin,
                         reach=grape["length"], skip=ship_id)
    count = sum(len(men) for _, men in under)
    tell(dice, "grape", f"{'T' + name[1:]} sweeps {count} model{'' if count == 1 else 's'} "
         "with grapeshot!", GRAPE, side=ship.side, ship=ship_id, big=True)
    state = _hit_models(state, dice, ship, [m for _, men in under for m in men],
                        need=grape["to_hit"], strength=grape["strength"], save_extra=0,
                        purpose="grapeshot", rule=GRAPE)
    for victim, _men in under:
        if victim is None or not state.has_ship(victim.id) or not state.ship(victim.id).on_table:
            continue
        tell(dice, "blast", f"The blast strikes the {victim.name}", GRAPE, side=ship.side,
             ship=victim.id)
        state = ordnance_hit(state, dice, ship_id, victim.id, weapon, point_blank=False,
                             rake=False)
    return state


def fire_swivel(state: AhoyState, dice: Dice, ship_id: str, gun_id: str) -> AhoyState:
    """Swivel Guns: roll the artillery die; on a number every model in range and in the arc is
    hit on 4+ at S3, saves at -1. The ship takes no damage."""
    ship = state.ship(ship_id)
    gun = next(g for g in ship.guns if g.id == gun_id)
    weapon = tables().gun(gun.weapon)
    name = gun_name(ship, gun)
    state, fired = _discharge(state, dice, ship, gun, f"{name} fires", SWIVEL)
    if not fired:
        return state
    origin, _direction, inside = swivel_area(ship, gun)
    under = models_under(state, inside, reach_from=origin, reach=weapon.range, skip=ship_id)
    men = [m for _, group in under for m in group]
    tell(dice, "swivel", f"{'T' + name[1:]} sprays dice shot over {len(men)} "
         f"model{'' if len(men) == 1 else 's'}", SWIVEL, side=ship.side, ship=ship_id)
    return _hit_models(state, dice, ship, men, need=weapon.to_hit, strength=weapon.strength,
                       save_extra=weapon.save_modifier, purpose="swivel gun", rule=SWIVEL)


def _hit_models(state: AhoyState, dice: Dice, ship: Ship, men: list[Crewman], *, need: int,
                strength: int, save_extra: int, purpose: str, rule: str) -> AhoyState:
    """Roll to hit each model in turn; each hit is resolved at once (to wound, then save)."""
    from ahoy_tui.rules.ahoy.crew import describe_man

    for man in men:
        if not any(c.id == man.id for c in state.crew):
            continue
        current = state.crewman(man.id)
        face = dice.d6(f"{purpose} at {describe_man(state, current)}", rule, side=ship.side,
                       ship=current.aboard, need=f"{need}+")
        if face < need:
            dice.judge("misses")
            continue
        dice.judge("hits")
        state = hit_man(state, dice, current, strength, saves=True, save_extra=save_extra,
                        by_side=ship.side, purpose=purpose, rule=rule)
    return state
