"""Sea monsters (Monster and Character Movement): in the open sea they swim three times their
speed, into any hex (they may share a vessel's), and attack a vessel beside them or in their
hex: her hull (the vessel takes the share for the monster's size) or the men on deck."""

from __future__ import annotations

from fractions import Fraction

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.acks.damage import hurt, with_vessel
from ahoy_tui.rules.acks.model import AcksState, Vessel
from ahoy_tui.rules.acks.movement import gap
from ahoy_tui.rules.acks.ramming import armour
from ahoy_tui.rules.acks.tables import dice_expr, tables

MONSTERS = "Monster and Character Movement"


def attack_targets(state: AcksState, monster: Vessel) -> list[Vessel]:
    return [v for v in state.vessels if v.side != monster.side and v.in_action
            and gap(monster, v) <= 1]


def attack(state: AcksState, monster_id: str, target_id: str, at: str, dice: Dice,
           events: list[Event]) -> AcksState:
    monster, target = state.vessel(monster_id), state.vessel(target_id)
    kind = tables().monster(monster.kind)
    need = tables()["attack"]["target_base"] + (
        tables()["missile_volley"]["crew_ac"] if at == "crew" else armour(target))
    face = dice.die(20, f"{monster.name} attacks {target.name}'s {at}", MONSTERS,
                    side=monster.side, ship=monster.id, need=f"{need - kind.attack}+")
    hit = face == 20 or (face != 1 and face + kind.attack >= need)
    dice.events[-1] = replace(dice.events[-1], outcome="hit" if hit else "miss")
    if not hit:
        return state
    if at == "crew":
        count, sides = dice_expr(kind.snatch)
        taken = min(sum(dice.nd(count, sides, "men taken", MONSTERS, side=monster.side,
                                ship=monster.id)), target.crew)
        sailors = min(taken, target.sailors)
        target = replace(target, sailors=target.sailors - sailors,
                         marines=target.marines - (taken - sailors))
        if any(f.crew_of == target.id for f in state.figures):
            # her deck laid: the men nearest the rail go (sailors first, as the counts)
            men = sorted((f for f in state.figures if f.on == target.id and f.side
                          == target.side and f.where == "deck" and not f.down
                          and f.role != "captain"),
                         key=lambda f: (f.role != "sailor", f.id))[:taken]
            gone = {f.id for f in men}
            state = replace(state, figures=tuple(replace(f, hp=0, down=True) if f.id in gone
                                                 else f for f in state.figures))
        events.append(Happened("snatched", f"{monster.name} takes {taken} men off "
                               f"{target.name}'s deck", MONSTERS, side=target.side,
                               ship=target.id, big=True))
        return with_vessel(state, target)
    count, sides = dice_expr(kind.damage)
    rolled = sum(dice.nd(count, sides, f"{monster.name}'s bite", MONSTERS, side=monster.side,
                         ship=monster.id))
    amount = int(Fraction(rolled) * Fraction(*kind.share))
    return hurt(state, target_id, amount, monster.side, f"{monster.name} ({kind.size}) "
                "strikes the hull", dice, events, MONSTERS)
