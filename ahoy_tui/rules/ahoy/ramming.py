"""Ramming and Collision.

A moving ship that meets another hull has rammed it (if she declared a ram at that ship and is
making 6" or more) or collided with it. Before the blow lands the other captain may test to
avoid: a Jolly Boat or Small ship dodges aside, a Medium or Large ship turns it into a glancing
blow. Then: to wound with S equal to the rammer's T, damage dice by the rammer's size, the
rammer's own damage, and the ships entangled — or, for a collision, half damage to both, no
entanglement, and both lose D6" of speed.
"""

from __future__ import annotations

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import UNIT, advance, first_contact, overlap
from ahoy_tui.rules.ahoy.combat import to_wound_needed
from ahoy_tui.rules.ahoy.common import half_up, tell
from ahoy_tui.rules.ahoy.crew import in_control, leader_ld
from ahoy_tui.rules.ahoy.damage import damage_ship
from ahoy_tui.rules.ahoy.hulls import ship_hull
from ahoy_tui.rules.ahoy.model import AhoyState, Lock, Pending, Ship, course, update_ship
from ahoy_tui.rules.ahoy.tables import tables

RAMMING = "Ramming"
AVOIDING = "Avoiding Rammers"
RAMMED = "Rammed Ships"
RAMMER = "The Rammer"
RAMS = "Rams"
ENTANGLED = "Ramming and Ships Becoming Entangled"
JOLLY = "Ramming and Jolly Boats"
COLLISION = "Collision"


def toughness(ship: Ship) -> int:
    """Toughness by size, +1 for an ironclad."""
    return tables().size(ship.size).toughness + (1 if ship.ironclad else 0)


def dodges(ship: Ship) -> bool:
    """Jolly Boats and Small ships get out of the way; bigger ships take a glancing blow."""
    return ship.size in ("jolly_boat", "small")


def dodge_position(state: AhoyState, target: Ship, mover: Ship,
                   remaining: float) -> tuple[float, float] | None:
    """Where to move the target so the mover's remaining path misses her, or None (nowhere)."""
    direction = UNIT[course(state, mover)]
    mover_hull = ship_hull(mover)
    reach = int(target.length + mover.beam) + 2
    for step in range(1, reach + 1):
        for side in (2, -2):
            x, y = advance(target.x, target.y, (mover.heading + side) % 8, step)
            if not state.table.on_table((x, y)):
                continue
            poly = ship_hull(target, x, y)
            if overlap(poly, mover_hull):
                continue
            if any(overlap(poly, ship_hull(o)) for o in state.ships
                   if o.on_table and o.id not in (target.id, mover.id)):
                continue
            if remaining > 0 and first_contact(mover_hull, direction, remaining, poly) is not None:
                continue
            return x, y
    return None


def can_avoid(state: AhoyState, target: Ship, mover: Ship, impact: str) -> bool:
    """Anchored, out-of-control, locked or boxed-in ships cannot avoid."""
    if target.anchored or state.lock_of(target.id) is not None or target.captured_by:
        return False
    if not in_control(state, target) or target.ooc_stopped or target.immobilised:
        return False
    if dodges(target):
        move = state.move
        remaining = move.remaining if move else 0.0
        return dodge_position(state, target, mover, remaining) is not None
    return True


def meet(state: AhoyState, dice: Dice, mover_id: str, target_id: str) -> AhoyState:
    """The moving ship's hull has reached another's."""
    mover = state.ship(mover_id)
    target = state.ship(target_id)
    move = state.move
    ram = (move is not None and move.ram and mover.ram_target == target_id
           and not mover.ram_spent)
    impact = "ram" if ram else "collision"
    if impact == "ram":
        tell(dice, "ram", f"The {mover.name} drives at the {target.name}!", RAMMING,
             side=mover.side, ship=target_id, big=True)
    else:
        tell(dice, "collision", f"The {mover.name} collides with the {target.name}!", COLLISION,
             side=mover.side, ship=target_id, big=True)
    if can_avoid(state, target, mover, impact):
        return replace(state, pending=Pending("avoid", target.side, ship=target_id,
                                                   other=mover_id, impact=impact))
    return strike_home(state, dice, mover_id, target_id, impact, glancing=False)


def avoid(state: AhoyState, dice: Dice, attempt: bool) -> AhoyState:
    pending = state.pending
    assert pending is not None
    state = replace(state, pending=None)
    target = state.ship(pending.ship)
    mover = state.ship(pending.other)
    if not attempt:
        return strike_home(state, dice, mover.id, target.id, pending.impact, glancing=False)
    ld, who = leader_ld(state, target)
    passed = dice.ld_test(ld, 0, f"{target.name}: Ld test to avoid the {mover.name} ({who})",
                          AVOIDING, side=target.side, ship=target.id)
    if not passed:
        return strike_home(state, dice, mover.id, target.id, pending.impact, glancing=False)
    if dodges(target):
        remaining = state.move.remaining if state.move else 0.0
        spot = dodge_position(state, target, mover, remaining)
        assert spot is not None
        state = update_ship(state, target.id, x=spot[0], y=spot[1])
        tell(dice, "dodged", f"The {target.name} slips out of the {mover.name}'s path!",
             AVOIDING, side=target.side, ship=target.id, big=True)
        if pending.impact == "ram":
            state = update_ship(state, mover.id, ram_spent=True)
        return state
    tell(dice, "glancing", f"The {target.name} turns her bow: only a glancing blow", AVOIDING,
         side=target.side, ship=target.id)
    return strike_home(state, dice, mover.id, target.id, pending.impact, glancing=True)


def strike_home(state: AhoyState, dice: Dice, mover_id: str, target_id: str, impact: str, *,
                glancing: bool) -> AhoyState:
    """The blow lands: roll to wound and for damage."""
    mover = state.ship(mover_id)
    target = state.ship(target_id)
    rule = RAMMED if impact == "ram" else COLLISION
    strength = toughness(mover)
    need = to_wound_needed(strength, toughness(target))
    count = tables().size(mover.size).ram_dice
    faces: tuple[int, ...] = ()
    if need is not None:
        face = dice.d6(f"{mover.name} (S{strength}) to wound the {target.name} "
                       f"(T{toughness(target)})", rule, side=mover.side, ship=target_id,
                       need=f"{need}+")
        wounded = face >= need and face != 1
        dice.judge("wounds" if wounded else "no damage")
        if wounded and count:
            faces = dice.nd6(count, f"{mover.name}: ramming damage" if impact == "ram"
                             else f"{mover.name}: collision damage", rule, side=mover.side,
                             ship=target_id)
    ram_bonus = impact == "ram" and mover.ram and not glancing
    if ram_bonus and faces:
        return replace(state, pending=Pending("reroll", mover.side, ship=target_id,
                                                   other=mover_id, impact=impact,
                                                   glancing=glancing, faces=faces))
    return finish_impact(state, dice, mover_id, target_id, impact, glancing, faces)


def reroll(state: AhoyState, dice: Dice, die: int) -> AhoyState:
    """Rams: re-roll one damage die, then +1 to each."""
    pending = state.pending
    assert pending is not None
    state = replace(state, pending=None)
    faces = list(pending.faces)
    if die >= 0:
        mover = state.ship(pending.other)
        faces[die] = dice.d6(f"{mover.name}: ram re-rolls a damage die (was {faces[die]})", RAMS,
                             side=mover.side, ship=pending.ship)
    return finish_impact(state, dice, pending.other, pending.ship, pending.impact,
                         pending.glancing, tuple(faces))


def finish_impact(state: AhoyState, dice: Dice, mover_id: str, target_id: str, impact: str,
                  glancing: bool, faces: tuple[int, ...]) -> AhoyState:
    mover = state.ship(mover_id)
    target = state.ship(target_id)
    ram_bonus = impact == "ram" and mover.ram and not glancing
    inflicted = sum(faces) + (len(faces) if ram_bonus else 0)
    if glancing:
        inflicted = half_up(inflicted)
    if impact == "collision":
        inflicted = half_up(inflicted)
    rule = RAMMED if impact == "ram" else COLLISION
    state = damage_ship(state, dice, target_id, inflicted, by_side=mover.side,
                        cause=f"the {mover.name}'s {'ram' if impact == 'ram' else 'collision'}",
                        rule=rule)
    if inflicted > 0:
        threshold = tables().roll("rammer_hurt_with_ram" if mover.ram and impact == "ram"
                                  else "rammer_hurt")
        roll = dice.d6(f"{mover.name}: does she take damage herself?",
                       RAMS if mover.ram and impact == "ram" else RAMMER, side=mover.side,
                       ship=mover_id, need=f"1-{threshold} hurts" if threshold > 1 else "1 hurts")
        hurt = roll <= threshold
        dice.judge("damaged" if hurt else "unharmed")
        if hurt:
            state = damage_ship(state, dice, mover_id, half_up(inflicted), by_side=target.side,
                                cause="the shock of the impact", rule=RAMMER)
    if impact == "ram":
        state = update_ship(state, mover_id, ram_spent=True)
    state = _after_impact(state, dice, mover_id, target_id, impact)
    return state


def _after_impact(state: AhoyState, dice: Dice, mover_id: str, target_id: str,
                  impact: str) -> AhoyState:
    mover = state.ship(mover_id)
    target = state.ship(target_id)
    if target.size == "jolly_boat" and impact == "ram":
        # Ramming and Jolly Boats: pushed aside; the rammer's speed is not affected.
        remaining = state.move.remaining if state.move else 0.0
        spot = dodge_position(state, target, mover, remaining)
        if spot is not None and not target.sunk:
            state = update_ship(state, target_id, x=spot[0], y=spot[1])
            tell(dice, "pushed_aside", f"The {target.name} is pushed aside", JOLLY,
                 ship=target_id)
            return state
        return _stop(state, mover_id)
    if impact == "ram":
        for sid in (mover_id, target_id):
            state = update_ship(state, sid, speed=0, under_way=0)
        if not state.ship(target_id).sunk and not state.ship(mover_id).sunk:
            state = replace(state, locks=(*state.locks,
                                               Lock(mover_id, target_id, "entangled")))
            tell(dice, "entangled", f"The {mover.name} and the {target.name} are entangled, "
                 "both at 0\"", ENTANGLED, ship=target_id, big=True)
        return _stop(state, mover_id)
    for sid in (mover_id, target_id):
        ship = state.ship(sid)
        loss = dice.d6(f"{ship.name}: speed lost in the collision", COLLISION, side=ship.side,
                       ship=sid)
        speed = max(0, ship.speed - loss)
        state = update_ship(state, sid, speed=speed,
                            under_way=0 if speed == 0 else ship.under_way)
    return _stop(state, mover_id)


def _stop(state: AhoyState, mover_id: str) -> AhoyState:
    """Contact ends the moving ship's move where she is."""
    move = state.move
    if move is not None and move.ship == mover_id:
        state = replace(state, move=None)
        state = update_ship(state, mover_id, moved=True, moved_last=round(move.moved, 4))
    return state


def cut_loose(state: AhoyState, dice: Dice, ship_id: str) -> AhoyState:
    """Cut free of the ship she is entangled with on 4+; either way, no shooting this turn."""
    ship = state.ship(ship_id)
    state = update_ship(state, ship_id, no_shooting=True, ordered=(*ship.ordered, "cut_loose"))
    ok, _ = dice.need(tables().roll("cut_loose"), f"{ship.name}: cut loose", ENTANGLED,
                      side=ship.side, ship=ship_id, success="cut free",
                      failure="still entangled")
    if not ok:
        return state
    from ahoy_tui.rules.ahoy.boarding import release_lock

    for lock in [x for x in state.locks if x.holds(ship_id) and x.kind == "entangled"]:
        other = lock.other(ship_id)
        state = release_lock(state, dice, lock)
        for sid in (ship_id, other):
            state = update_ship(state, sid, speed=0, under_way=0)
        tell(dice, "cut_loose", f"The {ship.name} cuts herself free of the "
             f"{state.ship(other).name}", ENTANGLED, side=ship.side, ship=ship_id)
    return state
