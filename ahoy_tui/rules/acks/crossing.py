"""A boarding party crossing to an enemy deck, as one action of her deck crew: over her
boarding bridge or ramp, along a grapple line, or jumping (Boarding by Boarding Bridge, by
Boarding Ramp, by Jumping; Traversing Grapple Lines), and a man who goes overboard.

Each man is moved and rolls for himself; the group's one action sends them all (the project's
reading of a crew fighting as a group). The boarding party is her marines (and a fighting
crew's rowers); her sailors and captain stay to sail and steer her, unless she has no marines.
"""

from __future__ import annotations

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.acks.boarding import (
    CAPACITY,
    bridge_from,
    distance_ft,
    landing,
    nearest_free,
    rule_of,
    start_square,
)
from ahoy_tui.rules.acks.deck import deck_size, with_figure
from ahoy_tui.rules.acks.model import AcksState, Figure, Vessel
from ahoy_tui.rules.acks.movement import gap

JUMPING = "Boarding by Jumping"
LINES = "Traversing Grapple Lines"
OVERBOARD = "Falling Overboard"
FIGHTERS = ("marine", "rower")


def party(state: AcksState, vessel: Vessel) -> list[Figure]:
    """The men of her crew who board: her marines (and rowers who fight) standing on her own
    deck, or, with none, her sailors."""
    home = [f for f in state.figures if f.crew_of == vessel.id and f.on == vessel.id
            and f.where == "deck" and not f.down and f.side == vessel.side]
    fighters = [f for f in home if f.role in FIGHTERS]
    return fighters or [f for f in home if f.role == "sailor"]


def on_the_way(state: AcksState, vessel: Vessel) -> list[Figure]:
    """Her men stopped on her bridge or ramp last round (they cross first)."""
    b = bridge_from(state, vessel.id)
    if b is None:
        return []
    return [f for f in state.figures if f.on == vessel.id and f.where == b.kind
            and not f.down and f.side == vessel.side]


def moving(state: AcksState, a: Vessel, b: Vessel) -> bool:
    """Either vessel under way this round (a declared speed, not halted)."""
    return any(v.declared is not None and v.declared.speed > 0 and not v.halted
               for v in (a, b))


def span(state: AcksState, a: Vessel, b: Vessel) -> int:
    """The gap to cross, in feet: 10' sharing a hex, 15' alongside and stationary, 30'
    alongside and moving (Boarding by Jumping; the same for a line)."""
    from ahoy_tui.rules.acks import jumping

    return jumping.jump_needed(gap(a, b) <= 1, moving(state, a, b), gap(a, b) == 0)


def run_up_for(f: Figure, to_rail: int, gap_ft: int) -> int:
    """The feet he runs before he leaps: the run to the rail, or, already near it, the 20'
    moving start he steps back for when his running speed leaves room for it."""
    return to_rail if to_rail >= 20 else min(20, max(0, f.running_ft - gap_ft))


def overboard(state: AcksState, figure: Figure, beside: str, dice: Dice,
              events: list[Event]) -> AcksState:
    """``figure`` falls into the water beside ``beside`` (Falling Overboard tells what
    becomes of him)."""
    from ahoy_tui.rules.acks import overboard as water

    fallen = water.fall_overboard(replace(figure, on=beside, where="water", prone=False),
                                  dice, events)
    return with_figure(state, fallen)


def chosen(state: AcksState, vessel: Vessel, start: tuple[int, int], men: int) -> list[Figure]:
    """The men of her boarding party who set out: the nearest the crossing first, ``men`` of
    them (0: all); the rest stay aboard."""
    fresh = sorted(party(state, vessel), key=lambda f: (distance_ft(f, *start), f.id))
    return fresh[:men] if men > 0 else fresh


def board(state: AcksState, vessel_id: str, target_id: str, by: str, dice: Dice,
          events: list[Event], run: bool = True, men: int = 0) -> AcksState:
    """Her boarding party (``men`` of it, the nearest first; 0 all) crosses to ``target``
    ``by`` bridge, ramp, line or jump. Each man goes to the crossing (her bow for the bridge,
    her rail facing the enemy otherwise) at a run (running speed; a jump is always made
    running) or walking (combat speed); the rest of his movement takes him over if it is
    enough, else he stops nearer."""
    vessel, target = state.vessel(vessel_id), state.vessel(target_id)
    gap_ft = span(state, vessel, target)
    sx, sy = start_square(vessel, target, by)
    lx, ly = landing(target, vessel) if by != "bridge" and by != "ramp" else \
        _bridge_landing(state, vessel_id)
    across = 0
    bridge = bridge_from(state, vessel_id) if by in ("bridge", "ramp") else None
    if bridge is not None:
        across = bridge.crossed
    if by == "line":
        return _along_the_line(state, vessel, target, gap_ft, (sx, sy), (lx, ly), events,
                               men)
    going = on_the_way(state, vessel) + chosen(state, vessel, (sx, sy), men)
    arrived = 0
    for f in going:
        f = state.figure(f.id)
        if f.down:
            continue
        if by == "jump" and nearest_free(state, target, lx, ly) is None:
            continue            # no free square on her deck to land on: he does not jump
        way, to_rail = _way(f, vessel, target, by, gap_ft, (sx, sy), run)
        if way == "stays":
            continue
        if way == "closer":
            speed = f.running_ft if run or by == "jump" else f.combat_ft
            state = _closer(state, f, vessel, sx, sy, speed)
            continue
        if bridge is not None and across >= CAPACITY[bridge.kind]:
            state = with_figure(state, replace(f, where=bridge.kind, x=sx, y=sy,
                                               moved=f.running_ft))
            continue
        state, ok = _cross(state, f, vessel, target, by, gap_ft, to_rail, (lx, ly), dice,
                           events, run)
        if bridge is not None:
            across += 1
        arrived += ok
    if bridge is not None:
        state = replace(state, bridges=tuple(replace(b, crossed=across) if b == bridge else b
                                             for b in state.bridges))
    words = {"bridge": "over the boarding bridge", "ramp": "over the ramp",
             "line": "along the grapple lines", "jump": "jumping across"}[by]
    events.append(Happened("board", f"{vessel.name}'s men board {target.name} {words}: "
                           f"{arrived} across", rule_of(by) if by in ("bridge", "ramp")
                           else JUMPING if by == "jump" else LINES, side=vessel.side,
                           ship=vessel.id, big=arrived > 0))
    return state


def _way(f: Figure, vessel: Vessel, target: Vessel, by: str, gap_ft: int,
         start: tuple[int, int], run: bool) -> tuple[str, int]:
    """What a man of the party does this round, and his feet to the crossing: ``stays`` (a
    jumper who could not clear the gap even at his best does not try), ``closer`` (too far to
    cross this round: he goes toward it) or ``crosses``."""
    on_bridge = f.where in ("bridge", "ramp")
    to_rail = 0 if on_bridge else distance_ft(f, *start)
    if by == "jump":
        from ahoy_tui.rules.acks.jumping import best_reach

        run_up = run_up_for(f, to_rail, gap_ft)
        if best_reach(f, larger(vessel, target), run_up) < gap_ft:
            return "stays", to_rail
        cost = max(to_rail, run_up) + gap_ft
    else:
        cost = to_rail + gap_ft
    speed = f.running_ft if run or by == "jump" else f.combat_ft
    return ("closer" if cost > speed - f.moved else "crosses"), to_rail


def can_leap(state: AcksState, vessel_id: str, target_id: str) -> bool:
    """Whether any man of her boarding party could clear the gap to ``target`` at his best
    (a jump no one can make is not offered: each would stay, and nothing happen)."""
    vessel, target = state.vessel(vessel_id), state.vessel(target_id)
    gap_ft = span(state, vessel, target)
    start = start_square(vessel, target, "jump")
    return any(_way(f, vessel, target, "jump", gap_ft, start, True)[0] != "stays"
               for f in on_the_way(state, vessel) + party(state, vessel))


def setting_out(state: AcksState, vessel_id: str, target_id: str, by: str, run: bool = True,
                men: int = 0) -> list[tuple[Figure, int]]:
    """The men who reach the crossing this round and go over it (before any die: the odds'
    account of ``board``), in the order they go, each with his feet to the crossing: over a
    bridge or ramp no more than it carries this round; jumping, every man who would leap were
    there room on her deck (it may fill before the last)."""
    vessel, target = state.vessel(vessel_id), state.vessel(target_id)
    gap_ft = span(state, vessel, target)
    start = start_square(vessel, target, by)
    bridge = bridge_from(state, vessel_id) if by in ("bridge", "ramp") else None
    across = bridge.crossed if bridge is not None else 0
    out = []
    for f in on_the_way(state, vessel) + chosen(state, vessel, start, men):
        if f.down:
            continue
        way, to_rail = _way(f, vessel, target, by, gap_ft, start, run)
        if way != "crosses":
            continue
        if bridge is not None:
            if across >= CAPACITY[bridge.kind]:
                continue
            across += 1
        out.append((f, to_rail))
    return out


def _along_the_line(state: AcksState, vessel: Vessel, target: Vessel, gap_ft: int,
                    start: tuple[int, int], land: tuple[int, int],
                    events: list[Event], men: int = 0) -> AcksState:
    """Men on the line go on along it; the rest run to her rail and start along it with what
    movement they have left (zipping at running speed from the larger vessel, crawling at a
    quarter of combat speed from a smaller or equal one: ``lines``)."""
    from ahoy_tui.rules.acks import lines

    big = larger(vessel, target)
    going = [f for f in state.figures if f.crew_of == vessel.id and f.where == "line"
             and f.on == vessel.id and not f.down]
    fresh = chosen(state, vessel, start, men)
    arrived = 0
    quiet: list[Event] = []
    for f in going + fresh:
        f = state.figure(f.id)
        if f.where == "deck":
            to_rail = distance_ft(f, *start)
            if to_rail >= (f.running_ft if big else f.combat_ft) - f.moved:
                state = _closer(state, f, vessel, *start)
                continue
            f = replace(f, x=start[0], y=start[1], moved=f.moved + to_rail)
        moved, crossed = lines.traverse(f, gap_ft, big, f.crossed, quiet, onto=target.id)
        if moved.where == "deck":
            sq = nearest_free(state, target, *land)
            if sq is None:
                continue
            state = with_figure(state, replace(moved, x=sq[0], y=sq[1], crossed=0))
            arrived += 1
        elif crossed > f.crossed or f.where != "line":
            state = with_figure(state, replace(moved, where="line", crossed=crossed))
    on_line = sum(1 for f in state.figures if f.crew_of == vessel.id and f.where == "line"
                  and not f.down)
    how = "zip" if big else "crawl"
    events.append(Happened("board", f"{vessel.name}'s men {how} along the grapple lines to "
                           f"{target.name}: {arrived} across, {on_line} on the lines", LINES,
                           side=vessel.side, ship=vessel.id, big=arrived > 0))
    return state


def _bridge_landing(state: AcksState, vessel_id: str) -> tuple[int, int]:
    b = bridge_from(state, vessel_id)
    assert b is not None
    return b.x, b.y


def larger(a: Vessel, b: Vessel) -> bool:
    """``a`` is the larger vessel (by her length, then her beam)."""
    la, wa = deck_size(a)
    lb, wb = deck_size(b)
    return (la, wa) > (lb, wb)


def _closer(state: AcksState, f: Figure, vessel: Vessel, x: int, y: int,
            speed: int = 0) -> AcksState:
    """Too far to cross this round: he goes toward the crossing (at ``speed``, else running)
    and stops on the free square nearest it within his reach."""
    speed = speed or f.running_ft
    reach = (speed - f.moved) // 5
    if reach <= 0:
        return state
    length, width = deck_size(vessel)
    taken = {(g.x, g.y) for g in state.figures if g.on == vessel.id and g.where == "deck"
             and not g.down and g.id != f.id}
    options = [(i, j) for i in range(length) for j in range(width) if (i, j) not in taken
               and max(abs(i - f.x), abs(j - f.y)) <= reach]
    if not options:
        return state
    i, j = min(options, key=lambda sq: (max(abs(sq[0] - x), abs(sq[1] - y)), sq))
    return with_figure(state, replace(f, x=i, y=j, moved=speed))


def _cross(state: AcksState, f: Figure, vessel: Vessel, target: Vessel, by: str,
           gap_ft: int, to_rail: int, land: tuple[int, int], dice: Dice,
           events: list[Event], run: bool = True) -> tuple[AcksState, int]:
    bridge = bridge_from(state, vessel.id)
    if by in ("bridge", "ramp") and bridge is not None and run and (
            by == "ramp" or not bridge.fast):
        # running across an unsecured bridge or a ramp: a Paralysis save or overboard
        face = dice.die(20, f"{f.name} runs across the {by}: Paralysis save", rule_of(by),
                        side=f.side, ship=vessel.id, need=f"{f.save('paralysis')}+")
        if face < f.save("paralysis"):
            dice.events[-1] = replace(dice.events[-1], outcome="overboard")
            return overboard(state, f, vessel.id, dice, events), 0
        dice.events[-1] = replace(dice.events[-1], outcome="across")
    prone = False
    if by == "jump":
        from ahoy_tui.rules.acks import jumping

        run_up = run_up_for(f, to_rail, gap_ft)
        jumped, outcome = jumping.jump(f, gap_ft, larger(vessel, target), run_up, dice,
                                       events, onto=target.id)
        if outcome == "water":
            return overboard(state, jumped, target.id, dice, events), 0
        if outcome == "hanging":
            return with_figure(state, replace(jumped, on=target.id, x=land[0], y=land[1],
                                              where="hanging")), 0
        prone = outcome == "prone"
        f = jumped
    sq = nearest_free(state, target, *land)
    if sq is None:
        if bridge is not None:
            return with_figure(state, replace(f, where=bridge.kind, moved=f.running_ft)), 0
        return state, 0
    moved = (f.running_ft if run else f.combat_ft) if by != "jump" else f.moved
    return with_figure(state, replace(f, on=target.id, x=sq[0], y=sq[1], where="deck",
                                      prone=prone, moved=moved)), 1
