"""Damage to vessels and monsters: structural hit points lost, speed lost with them, and at 0 shp
no power and a sinking in 1d10 rounds (reference 2.5); a monster slain at 0 hp."""

from __future__ import annotations

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.acks.model import AcksState, Status, Vessel

SINKING = "Damage and sinking"


def with_vessel(state: AcksState, vessel: Vessel) -> AcksState:
    return replace(state, vessels=tuple(vessel if v.id == vessel.id else v
                                        for v in state.vessels))


# What decides a battle whose rounds run out (the project's own victory rule, R45: the seed
# gives none): the structural damage dealt, a vessel's shp and a monster's hp, not the men
# struck down. The words name it so wherever the standing is shown.
DEALT = "structural damage dealt"


def dealt_words(state: AcksState) -> str:
    """The unit of the damage counted: shp, and a monster's hp where one is in the battle."""
    return "shp/hp" if any(v.creature for v in state.vessels) else "shp"


def credit(state: AcksState, side: str, amount: int) -> AcksState:
    """Count ``amount`` of structural damage dealt by ``side`` (shp, or a monster's hp: the
    standing when the battle runs out; men struck down are not counted)."""
    dealt = list(state.damage_dealt)
    dealt[0 if side == "p1" else 1] += amount
    return replace(state, damage_dealt=(dealt[0], dealt[1]))


def hurt(state: AcksState, target_id: str, amount: int, by_side: str, why: str,
         dice: Dice, events: list[Event], rule: str) -> AcksState:
    """``target`` loses ``amount`` shp (a vessel) or hp (a monster). At 0 a vessel loses all
    power and sinks in 1d10 rounds; a monster is slain."""
    target = state.vessel(target_id)
    if amount <= 0 or not target.in_action:
        if amount <= 0:
            events.append(Happened("damage", f"{target.name}: {why}, no damage", rule,
                                   side=target.side, ship=target.id))
        return state
    shp = max(0, target.shp - amount)
    unit = "hp" if target.creature else "shp"
    events.append(Happened("damage", f"{target.name}: {why}, {amount} {unit} "
                           f"({shp}/{target.shp_max} left)", rule, side=target.side,
                           ship=target.id))
    state = credit(state, by_side, min(amount, target.shp))
    changes: dict[str, object] = {"shp": shp}
    if shp == 0 and target.status is Status.AFLOAT:
        if target.creature:
            changes.update(status=Status.SLAIN, hexes_due=0)
            events.append(Happened("slain", f"{target.name} is slain", rule,
                                   side=target.side, ship=target.id, big=True))
        else:
            rounds = dice.die(10, f"{target.name} goes down in", SINKING,
                              side=target.side, ship=target.id, outcome="rounds")
            changes.update(status=Status.SINKING, sinks_in=rounds, hexes_due=0,
                           halted=True)
            events.append(Happened("sinking", f"{target.name} is holed to 0 shp: no power, "
                                   f"she sinks in {rounds} round{'s' * (rounds != 1)}",
                                   SINKING, side=target.side, ship=target.id, big=True))
    return with_vessel(state, replace(target, **changes))


def lose_men(vessel: Vessel, index: int) -> tuple[Vessel, str]:
    """One man of her deck crew struck (``index`` counts sailors, then marines, then the
    captain last): out of the fight. Returns the vessel and who it was."""
    if index < vessel.sailors:
        return replace(vessel, sailors=vessel.sailors - 1), "a sailor"
    if index < vessel.sailors + vessel.marines:
        return replace(vessel, marines=vessel.marines - 1), "a marine"
    return replace(vessel, captain_down=True), f"the captain, {vessel.captain.name}"


def strike_man(vessel: Vessel, index: int, amount: int, crew_hp: dict[str, int]) \
        -> tuple[Vessel, str, bool]:
    """One man of her deck crew (``index`` as ``lose_men`` counts them) takes ``amount``
    damage against his hit points (``crew_hp`` by role; the captain's his own). Her wounded
    men of a role are the first of it: a die that falls on one adds to his wound. At his hit
    points he is down (``lose_men``); short of them, he is wounded and fights on. Returns the
    vessel, who it was and how he fared, and whether he is down."""
    if index >= vessel.sailors + vessel.marines:
        hurt = vessel.captain_hurt + amount
        name = f"the captain, {vessel.captain.name}"
        if hurt >= vessel.captain.hp:
            return replace(vessel, captain_down=True, captain_hurt=vessel.captain.hp), \
                f"{name} ({amount} hp, down)", True
        return replace(vessel, captain_hurt=hurt), \
            f"{name} ({amount} hp, {vessel.captain.hp - hurt}/{vessel.captain.hp} left)", False
    role = "sailor" if index < vessel.sailors else "marine"
    within = index if role == "sailor" else index - vessel.sailors
    mine = [i for i, (r, _) in enumerate(vessel.wounds) if r == role]
    hp = crew_hp[role]
    wounds = list(vessel.wounds)
    lost = amount
    if within < len(mine):
        lost += wounds[mine[within]][1]
        del wounds[mine[within]]
    if lost >= hp:
        v, who = lose_men(replace(vessel, wounds=tuple(wounds)), index)
        return v, f"{who} ({amount} hp, down)", True
    wounds.append((role, lost))
    # the wounded of a role are counted first: keep them in the order they were struck
    return replace(vessel, wounds=tuple(wounds)), \
        f"a {role} wounded ({amount} hp, {hp - lost}/{hp} left)", False


def go_down(state: AcksState, events: list[Event]) -> AcksState:
    """The end of a round: each sinking vessel a round nearer the bottom."""
    vessels = []
    changed = False
    for v in state.vessels:
        if v.status is Status.SINKING:
            changed = True
            left = v.sinks_in - 1
            if left <= 0:
                v = replace(v, status=Status.SUNK, sinks_in=0)
                events.append(Happened("sunk", f"{v.name} goes down", SINKING, side=v.side,
                                       ship=v.id, big=True))
            else:
                v = replace(v, sinks_in=left)
        vessels.append(v)
    return replace(state, vessels=tuple(vessels)) if changed else state
