"""Ramming, Head-On Ramming and Collisions: the captain's attack throw, the ram's damage by the
rammer's class, and the Seafaring throws that avoid a collision."""

from __future__ import annotations

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.acks import helm
from ahoy_tui.rules.acks.damage import hurt, with_vessel
from ahoy_tui.rules.acks.model import AcksState, Vessel
from ahoy_tui.rules.acks.tables import tables

RAMMING = "Ramming"
HEAD_ON = "Head-On Ramming"
COLLISIONS = "Collisions"


def armour(vessel: Vessel) -> int:
    if vessel.creature:
        return tables().monster(vessel.kind).ac
    return helm.vtype(vessel).ac


def ram_dice(vessel: Vessel) -> tuple[int, bool]:
    """(d6 of her ramming damage, whether she has a naval ram). Galleys by the seed's table;
    a vessel without a ram by her length (the project's own)."""
    if vessel.creature:
        return 0, False
    kind = helm.vtype(vessel)
    if kind.ram_d6:
        return kind.ram_d6, True
    return tables()["no_ram"]["d6_per_hex"] * kind.hexes, False


def slow(vessel: Vessel) -> bool:
    """Moving at less than oar cruise speed (the damage is halved). A vessel without oars is
    measured against half her sail speed (the project's reading)."""
    speed = vessel.declared.speed if vessel.declared is not None else vessel.speed
    kind = helm.vtype(vessel)
    return speed < (kind.cruise or kind.sail // 2)


def captain_throw(vessel: Vessel, target: Vessel, dice: Dice, purpose: str,
                  rule: str) -> tuple[bool, int]:
    """The captain's attack throw against ``target``'s AC, for a ram: no STR, DEX or magic, +4
    for a master mariner. Returns (hit, the highest AC it would hit)."""
    rules = tables()["attack"]
    captain = helm.steerer(vessel)
    bonus = captain.attack + (rules["master_mariner_ram"] if captain.master_mariner else 0)
    need = rules["target_base"] + armour(target)
    face = dice.die(20, purpose, rule, side=vessel.side, ship=vessel.id,
                    need=f"{need - bonus}+ ({'+' if bonus >= 0 else ''}{bonus})")
    total = face + bonus
    hit = face == 20 or (face != 1 and total >= need)
    dice.events[-1] = replace(dice.events[-1], outcome="hit" if hit else "miss")
    reach = 99 if face == 20 else (-99 if face == 1 else total - rules["target_base"])
    return hit, reach


def ram_damage(state: AcksState, rammer: Vessel, target: Vessel, dice: Dice,
               events: list[Event], rule: str = RAMMING) -> AcksState:
    """The ram strikes home: her class's dice, halved below oar cruise speed; a vessel without
    a ram takes half the damage herself."""
    count, has_ram = ram_dice(rammer)
    total = sum(dice.nd(count, 6, f"{rammer.name} rams {target.name}", rule,
                        side=rammer.side, ship=rammer.id))
    if slow(rammer):
        total //= 2
        events.append(Happened("ram", f"{rammer.name} is below oar cruise speed: half "
                               "damage", rule, side=rammer.side, ship=rammer.id))
    if has_ram:
        return hurt(state, target.id, total, rammer.side, f"rammed by {rammer.name}", dice,
                    events, rule)
    theirs = (total + 1) // 2
    state = hurt(state, target.id, theirs, rammer.side, f"rammed by {rammer.name} (no ram: "
                 "the blow is shared)", dice, events, rule)
    return hurt(state, rammer.id, total - theirs, target.side, "her own unrammed blow", dice,
                events, rule)


def ram(state: AcksState, rammer_id: str, target_id: str, dice: Dice,
        events: list[Event]) -> tuple[AcksState, bool]:
    """A ram: the captain's throw; a hit deals the damage and halts both (the rammer must
    backwater before going ahead again); a miss glances off and halts the rammer only."""
    rammer, target = state.vessel(rammer_id), state.vessel(target_id)
    hit, _ = captain_throw(rammer, target, dice, f"{rammer.name} rams {target.name}", RAMMING)
    if not hit:
        events.append(Happened("ram", f"{rammer.name}'s ram glances off {target.name}: she "
                               "halts", RAMMING, side=rammer.side, ship=rammer.id))
        return with_vessel(state, replace(rammer, halted=True)), False
    events.append(Happened("ram", f"{rammer.name} rams {target.name}!", RAMMING,
                           side=rammer.side, ship=rammer.id, big=True))
    state = ram_damage(state, rammer, target, dice, events)
    rammer, target = state.vessel(rammer_id), state.vessel(target_id)
    # she must backwater before going ahead; a vessel without oars cannot, and drifts free
    state = with_vessel(state, replace(rammer, halted=True,
                                       must_backwater=helm.vtype(rammer).rowers > 0))
    return with_vessel(state, replace(target, halted=True)), True


def oars_of(vessel: Vessel) -> int:
    """Dice of 1d10 a shearing deals: one per 100 oars or part (the 5-rower's 300: 3d10)."""
    return -(-vessel.rowers // 100) if vessel.rowers else 0


def shear(state: AcksState, shearer: Vessel, victim: Vessel, dice: Dice,
          events: list[Event]) -> AcksState:
    count = oars_of(victim)
    if count == 0:
        events.append(Happened("shear", f"{victim.name} has no oars to shear", HEAD_ON,
                               side=victim.side, ship=victim.id))
        return state
    total = sum(dice.nd(count, 10, f"{shearer.name} shears {victim.name}'s oars", HEAD_ON,
                        side=shearer.side, ship=shearer.id))
    return hurt(state, victim.id, total, shearer.side, f"oars sheared by {shearer.name}",
                dice, events, HEAD_ON)


def collision(state: AcksState, mover_id: str, other_id: str, on_purpose: bool, dice: Dice,
              events: list[Event]) -> AcksState:
    """Both captains throw Seafaring (11+, 7+ a master mariner); either success avoids it. On
    two failures each deals the other half its ramming damage (a quarter below oar cruise)."""
    rules = tables()["seafaring"]
    mover, other = state.vessel(mover_id), state.vessel(other_id)
    avoided = False
    for vessel in (mover, other):
        mariner = helm.steerer(vessel).master_mariner
        need = rules["master_mariner"] if mariner else rules["collision"]
        if vessel is mover and on_purpose:
            events.append(Happened("collision", f"{mover.name}'s captain fails his Seafaring "
                                   "throw on purpose", COLLISIONS, side=mover.side,
                                   ship=mover.id))
            continue
        face = dice.die(20, f"{vessel.name}'s captain avoids the collision (Seafaring)",
                        COLLISIONS, side=vessel.side, ship=vessel.id, need=f"{need}+")
        ok = face >= need
        dice.events[-1] = replace(dice.events[-1], outcome="avoided" if ok else "failed")
        avoided = avoided or ok
    if avoided:
        events.append(Happened("collision", f"{mover.name} and {other.name} clear each other",
                               COLLISIONS, side=mover.side, ship=mover.id))
        return state
    events.append(Happened("collision", f"{mover.name} and {other.name} collide!", COLLISIONS,
                           side=mover.side, ship=mover.id, big=True))
    for striker_id, struck_id in ((mover_id, other_id), (other_id, mover_id)):
        striker = state.vessel(striker_id)
        if not striker.in_action:
            continue
        count, _ = ram_dice(striker)
        total = sum(dice.nd(count, 6, f"{striker.name} strikes {state.vessel(struck_id).name}",
                            COLLISIONS, side=striker.side, ship=striker.id))
        share = 4 if slow(striker) else 2
        state = hurt(state, struck_id, total // share, striker.side,
                     f"collision with {striker.name} (1/{share} ramming damage)", dice,
                     events, COLLISIONS)
    return state
