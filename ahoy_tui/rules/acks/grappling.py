"""Attaching Grappling Lines (and the harpoon's line): thrown at a vessel beside or sharing a
hex, cut or dislodged, and the rule that grappled vessels cannot draw apart."""

from __future__ import annotations

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.acks.damage import with_vessel
from ahoy_tui.rules.acks.model import AcksState, Grapple, Vessel
from ahoy_tui.rules.acks.movement import closer, gap
from ahoy_tui.rules.acks.ramming import armour
from ahoy_tui.rules.acks.tables import dice_expr, tables

GRAPPLING = "Attaching Grappling Lines"


def held(state: AcksState, a: str, b: str) -> bool:
    return any(g.joins(a) and g.other(a) == b for g in state.grapples)


def throw_targets(state: AcksState, vessel: Vessel) -> list[Vessel]:
    """Enemy vessels adjacent to her or sharing a hex, not already held by her line."""
    if vessel.crew <= 0 or not vessel.in_action:
        return []
    return [o for o in state.vessels
            if o.side != vessel.side and o.in_action and not o.creature
            and gap(vessel, o) <= 1 and not any(g.kind == "line" and g.joins(o.id)
                                                 and g.joins(vessel.id)
                                                 for g in state.grapples)]


def throw_line(state: AcksState, vessel_id: str, target_id: str, dice: Dice,
               events: list[Event]) -> AcksState:
    """A crewman's attack throw against the vessel's AC: -2 sharing a hex, -5 adjacent."""
    vessel, target = state.vessel(vessel_id), state.vessel(target_id)
    rules = tables()["attack"]
    mod = rules["grapple_same_hex"] if gap(vessel, target) == 0 else rules["grapple_adjacent"]
    need = rules["target_base"] + armour(target) - mod
    face = dice.die(20, f"{vessel.name} throws a grappling line at {target.name}", GRAPPLING,
                    side=vessel.side, ship=vessel.id, need=f"{need}+ ({mod})")
    hit = face == 20 or (face != 1 and face >= need)
    dice.events[-1] = replace(dice.events[-1], outcome="fast" if hit else "misses")
    if not hit:
        return state
    events.append(Happened("grapple", f"{vessel.name} grapples {target.name}", GRAPPLING,
                           side=vessel.side, ship=vessel.id, big=True))
    return replace(state, grapples=(*state.grapples, Grapple(vessel_id, target_id)))


def cut_targets(state: AcksState, vessel: Vessel) -> list[Grapple]:
    if vessel.crew <= 0 or not vessel.in_action:
        return []
    return [g for g in state.grapples if g.joins(vessel.id)]


def cut_line(state: AcksState, vessel_id: str, other_id: str, dislodge: bool, dice: Dice,
             events: list[Event]) -> AcksState:
    """Cutting: an attack against AC 0 that deals 5 or more slashing. Dislodging: a
    Dungeonbashing throw. Either frees one line (a harpoon's among them)."""
    vessel = state.vessel(vessel_id)
    rules = tables()["attack"]
    line = next(g for g in state.grapples if g.joins(vessel_id) and g.other(vessel_id)
                == other_id)
    if dislodge:
        face = dice.die(20, f"{vessel.name}'s crew dislodge the line (Dungeonbashing)",
                        GRAPPLING, side=vessel.side, ship=vessel.id,
                        need=f"{rules['dislodge']}+")
        freed = face >= rules["dislodge"]
    else:
        need = rules["target_base"] + rules["cut_line_ac"]
        face = dice.die(20, f"{vessel.name}'s crew cut the line", GRAPPLING,
                        side=vessel.side, ship=vessel.id, need=f"{need}+")
        freed = face == 20 or (face != 1 and face >= need)
        if freed:
            count, sides = dice_expr(rules["cut_line_die"])
            cut = sum(dice.nd(count, sides, "slashing damage to the line", GRAPPLING,
                              side=vessel.side, ship=vessel.id,
                              need=f"{rules['cut_line_damage']}+"))
            freed = cut >= rules["cut_line_damage"]
    dice.events[-1] = replace(dice.events[-1], outcome="freed" if freed else "holds")
    if not freed:
        return state
    events.append(Happened("grapple", f"the line between {vessel.name} and "
                           f"{state.vessel(other_id).name} is free", GRAPPLING,
                           side=vessel.side, ship=vessel.id))
    state = replace(state, grapples=tuple(g for g in state.grapples if g is not line))
    state = men_on_the_line_fall(state, line, dice, events)
    if line.kind == "harpoon":
        owner = state.vessel(line.a)
        state = with_vessel(state, replace(owner, pieces=tuple(
            replace(p, harpooned="") if p.id == line.piece else p for p in owner.pieces)))
    return state


def men_on_the_line_fall(state: AcksState, line: Grapple, dice: Dice,
                         events: list[Event]) -> AcksState:
    """Traversing Grapple Lines: the men on a line cut or dislodged go into the water (a
    Paralysis save keeps the grip; failed, 1d6 as they hit it), unless another line joins the
    same two vessels (then they are on that one, the project's reading)."""
    from ahoy_tui.rules.acks.deck import with_figure
    from ahoy_tui.rules.acks.lines import line_cut_under
    from ahoy_tui.rules.acks.overboard import fall_overboard

    if any(g.joins(line.a) and g.joins(line.b) for g in state.grapples):
        return state
    for f in [f for f in state.figures if f.where == "line" and f.on in (line.a, line.b)
              and not f.down]:
        fallen = line_cut_under(f, dice, events)
        state = with_figure(state, replace(fall_overboard(fallen, dice, events), crossed=0))
    return state


def weight(vessel: Vessel) -> int:
    """Which vessel is heavier: by her full structural hit points (the project's reading)."""
    return vessel.shp_max


def draw_together(state: AcksState, a_id: str, b_id: str, dice: Dice, events: list[Event],
                  rule: str, why: str) -> AcksState:
    """The lighter of two vessels moves one hex nearer the heavier, facing unchanged (1d2
    between equals)."""
    a, b = state.vessel(a_id), state.vessel(b_id)
    if weight(a) == weight(b):
        pick = dice.die(2, "which vessel is drawn", rule, side=a.side, ship=a.id,
                        outcome=f"1: {a.name}, 2: {b.name}")
        light, heavy = (a, b) if pick == 1 else (b, a)
    else:
        light, heavy = (a, b) if weight(a) < weight(b) else (b, a)
    body = closer(state, light, heavy)
    if body == light.body:
        events.append(Happened("drawn", f"{why}: {light.name} is as close as she comes", rule,
                               side=light.side, ship=light.id))
        return state
    events.append(Happened("drawn", f"{why}: {light.name} is drawn a hex nearer "
                           f"{heavy.name}", rule, side=light.side, ship=light.id))
    state = with_vessel(state, replace(light, body=body))
    if state.bridges:
        from ahoy_tui.rules.acks.boarding import unhook_moved

        state = unhook_moved(state, light.id, dice, events)
    return state


def hold_together(state: AcksState, mover_id: str, before: AcksState, dice: Dice,
                  events: list[Event]) -> AcksState:
    """Grappled vessels cannot increase the hexes between them: after a step, a lighter mover
    stays where she was; a heavier one drags the lighter after her."""
    mover = state.vessel(mover_id)
    for g in state.grapples:
        if not g.joins(mover_id):
            continue
        other = state.vessel(g.other(mover_id))
        if not other.in_action:
            continue
        if gap(mover, other) <= gap(before.vessel(mover_id), other):
            continue
        if weight(mover) <= weight(other):
            events.append(Happened("held", f"{mover.name} is held by the line to "
                                   f"{other.name}: she stays in place", GRAPPLING,
                                   side=mover.side, ship=mover.id))
            return with_vessel(state, replace(mover, body=before.vessel(mover_id).body))
        state = with_vessel(state, replace(other, body=closer(state, other, mover)))
        events.append(Happened("drawn", f"{mover.name} drags {other.name} after her",
                               GRAPPLING, side=mover.side, ship=mover.id))
    return state
