"""What each side may do now in ACKS II sea combat, and why anything else is refused, naming
the rule."""

from __future__ import annotations

from typing import Any

from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.legal import ActionRange, LegalActions
from ahoy_tui.rules.acks import boarding, fire, grappling, helm, melee, monsters, pitch
from ahoy_tui.rules.acks.actions import (
    Attack,
    Board,
    CutLine,
    Declare,
    Dislodge,
    Done,
    DumpFirePots,
    Fight,
    FightFire,
    Halt,
    HeadOnChoice,
    HoldCourse,
    LowerBridge,
    MoveFirst,
    RaiseBridge,
    Ram,
    ShiftBow,
    Shoot,
    Step,
    Swim,
    ThrowGrapple,
    Volley,
    Winch,
)
from ahoy_tui.rules.acks.model import AcksState, Actor, Phase, Vessel
from ahoy_tui.rules.acks.movement import BACKWARD, FORWARD, plan_step, shift_open

DECLARATIONS = "Pre-Initiative Declarations"
INITIATIVE = "Initiative Rolls"
SEQUENCE = "Round Sequence"
BOARDING = "Boarding actions"


def undeclared(state: AcksState, side: str) -> list[Vessel]:
    return [v for v in state.vessels if v.side == side and v.afloat and v.declared is None]


def declarations(state: AcksState, vessel: Vessel) -> list[Declare]:
    """Every declaration open to her, in runs that differ only in the speed (a screen folds
    each run into one row with a value to pick)."""
    out: list[Declare] = []
    for mode in helm.modes(vessel, state):
        for flag in (True, False):
            for speed in helm.speeds(vessel, mode, state):
                if vessel.creature:
                    out.append(Declare(vessel.side, vessel.id, mode, speed, submerged=not flag))
                else:
                    out.append(Declare(vessel.side, vessel.id, mode, speed, steer_full=flag))
    return out


def now(state: AcksState) -> list[Actor]:
    """The actors of the count being played who have not yet acted."""
    return [a for a in state.actors if not a.done and a.total == state.count]


def moving(state: AcksState) -> Vessel | None:
    return next((v for v in state.vessels if v.moving), None)


def vessel_steps(state: AcksState, vessel: Vessel) -> list[Any]:
    """A vessel's next hex on her count: each step the rules allow (a step whose bow meets an
    enemy is a ram), a shift of the bow into the wind, a halt while backwatering (or when no
    hex is open to her)."""
    side = vessel.side
    if vessel.shifted_only:
        return [*(ShiftBow(side, vessel.id, t) for t in (-1, 1)
                  if shift_open(state, vessel, t)), Halt(side, vessel.id)]
    if vessel.creature:
        out: list[Any] = []
        if vessel.moved < vessel.hexes_due and not vessel.halted:   # a rammed monster halts
            out += [Swim(side, vessel.id, f) for f in range(6)]   # off the map: it flees
        out += [Attack(side, vessel.id, t.id, at) for t in monsters.attack_targets(state, vessel)
                for at in ("hull", "crew")]
        out.append(Halt(side, vessel.id))
        return out
    backing = vessel.declared is not None and vessel.declared.mode == "backwater"
    out = []
    for how in (BACKWARD if backing else FORWARD):
        plan = plan_step(state, vessel, how)
        if plan.refused:
            continue
        if plan.leaves and any(g.joins(vessel.id) for g in state.grapples):
            continue
        if plan.ram:
            out.append(Ram(side, vessel.id, how, plan.ram))
            continue
        out.append(Step(side, vessel.id, how))
        if plan.collides:
            out.append(Step(side, vessel.id, how, collide=True))
    if backing or not out:
        out.append(Halt(side, vessel.id))
    return out


def actor_choices(state: AcksState, actor: Actor) -> list[Any]:
    """What one actor may do on its count (always at least Done for all but a moving
    vessel)."""
    vessel = state.vessel(actor.vessel)
    side = actor.side
    out: list[Any] = []
    if actor.role in ("captain", "monster"):
        return vessel_steps(state, vessel)
    if actor.role == "piece":
        piece = next((p for p in vessel.pieces if p.id == actor.piece), None)
        if piece is not None and vessel.in_action:
            if piece.harpooned and any(g.kind == "harpoon" and g.piece == piece.id
                                       and g.a == vessel.id for g in state.grapples):
                out.append(Winch(side, vessel.id, piece.id))
            for t in fire.targets(state, vessel, piece):
                out.append(Shoot(side, vessel.id, piece.id, t.id))
                if piece.pitch and pitch.throws_pitch(piece.kind) and not t.creature:
                    out.append(Shoot(side, vessel.id, piece.id, t.id, pitch=True))
    elif actor.role == "crew":
        out += deck_choices(state, actor, vessel)
    out.append(Done(side, actor.id))
    return out


def deck_choices(state: AcksState, actor: Actor, vessel: Vessel) -> list[Any]:
    """Her deck crew's actions on their count, each once a count: a volley, grappling lines
    thrown or cut, her bridge or ramp lowered, raised or thrown off, a boarding party sent
    across, the fight on the decks."""
    side = actor.side
    out: list[Any] = []
    if "fight" not in actor.used and melee.fighters(state, vessel.id):
        out.append(Fight(side, vessel.id))
    if "fire" not in actor.used:
        # a fire on a deck where her men stand: those beside it fight it, the rest run to it
        fires = {fr.id for fr in state.fires
                 if any(f.crew_of == vessel.id and f.on == fr.vessel and f.where == "deck"
                        and not f.down and not f.moved for f in state.figures)}
        out += [FightFire(side, vessel.id, fid) for fid in sorted(fires)
                if pitch.fire_work(state, vessel.id, fid)]
    if not vessel.in_action:
        return out
    if "pots" not in actor.used:     # a pole dumps its pots once a round (the project's own)
        out += [DumpFirePots(side, vessel.id, t.id) for t in pitch.dump_targets(state, vessel)]
    if "board" not in actor.used:
        from ahoy_tui.rules.acks.crossing import can_leap, on_the_way, party

        if party(state, vessel) or on_the_way(state, vessel):
            for t, by in boarding.crossings(state, vessel):
                if by == "jump" and not can_leap(state, vessel.id, t):
                    continue        # no man of hers could clear the gap: not offered
                mine = boarding.bridge_from(state, vessel.id)
                if by in ("bridge", "ramp") and mine is not None and not (
                        by == "bridge" and mine.fast):
                    out.append(Board(side, vessel.id, t, by))       # walking: no save
                out.append(Board(side, vessel.id, t, by, run=by != "line"))
    if "bridge" not in actor.used:
        for machine in ("bridge", "ramp"):
            out += [LowerBridge(side, vessel.id, t.id, machine)
                    for t in boarding.lower_targets(state, vessel, machine)]
        mine = boarding.bridge_from(state, vessel.id)
        if mine is not None and mine.kind == "bridge":
            out.append(RaiseBridge(side, vessel.id))
        out += [Dislodge(side, vessel.id, b.vessel)
                for b in boarding.dislodge_targets(state, vessel)]
    if "volley" not in actor.used:
        out += [Volley(side, vessel.id, t.id) for t in fire.volley_targets(state, vessel)]
    if "throw_grapple" not in actor.used:
        out += [ThrowGrapple(side, vessel.id, t.id)
                for t in grappling.throw_targets(state, vessel)]
    if "cut_line" not in actor.used:
        for g in grappling.cut_targets(state, vessel):
            other = g.other(vessel.id)
            out += [CutLine(side, vessel.id, other), CutLine(side, vessel.id, other, True)]
    return out


def counts_side(state: AcksState) -> str | None:
    """Whose decision it is on the count: a vessel in the middle of her move; the side that
    moves its vessels first; then the other; then the others' actors, the side with fewer
    first."""
    mover = moving(state)
    if mover is not None:
        return mover.side
    actors = now(state)
    captains = [a for a in actors if a.role == "captain"]
    if captains:
        sides = {a.side for a in captains}
        if len(sides) == 1:
            return sides.pop()
        if not state.first:
            return chooser(state)
        return state.first if state.first in sides else sides.pop()
    if not actors:
        return None
    by_side = {s: sum(1 for a in actors if a.side == s) for s in ("p1", "p2")}
    present = [s for s in ("p1", "p2") if by_side[s]]
    return min(present, key=lambda s: (by_side[s], s))


def chooser(state: AcksState) -> str:
    """The side with fewer vessels moving on this count chooses who moves first; between equal
    numbers, the side with fewer vessels in the battle, then the second side (the project's
    reading)."""
    here, total = chooser_counts(state)
    return min(("p2", "p1"), key=lambda s: (here[s], total[s]))


def chooser_counts(state: AcksState) -> tuple[dict[str, int], dict[str, int]]:
    """Each side's vessels moving on this count, and in the battle."""
    actors = [a for a in now(state) if a.role == "captain"]
    here = {s: sum(1 for a in actors if a.side == s) for s in ("p1", "p2")}
    total = {s: sum(1 for v in state.vessels if v.side == s and v.in_action)
             for s in ("p1", "p2")}
    return here, total


def choices(state: AcksState) -> list[Any]:
    side = state.to_act
    if state.over or side is None:
        return []
    if state.phase is Phase.DECLARE:
        out: list[Any] = []
        for v in undeclared(state, side):
            out += declarations(state, v)
        if any(v.speed or v.sails for v in undeclared(state, side)):
            out.append(HoldCourse(side))
        return out
    if state.head_on is not None:
        return [HeadOnChoice(side, o) for o in ("ram", "shear", "miss")]
    mover = moving(state)
    if mover is not None:
        return vessel_steps(state, mover)
    actors = [a for a in now(state) if a.side == side]
    captains = [a for a in actors if a.role == "captain"]
    if captains:
        if not state.first and len({a.side for a in now(state) if a.role == "captain"}) > 1:
            return [MoveFirst(side, "p1"), MoveFirst(side, "p2")]
        out = []
        for a in captains:
            out += vessel_steps(state, state.vessel(a.vessel))
        return out
    out = []
    for a in actors:
        out += actor_choices(state, a)
    return out


def legal(state: AcksState) -> LegalActions:
    """The choices, and for each boarding offered, how many of her party set out (1 to one
    fewer than all of them: ``Board.men`` 0 sends the whole party)."""
    fixed = choices(state)
    return LegalActions(fixed, board_ranges(state, fixed))


def party_size(state: AcksState, vessel: Vessel) -> int:
    from ahoy_tui.rules.acks.crossing import party

    return len(party(state, vessel))


def board_ranges(state: AcksState, fixed: list[Any]) -> list[ActionRange]:
    out = []
    sizes: dict[str, int] = {}
    for a in fixed:
        if isinstance(a, Board) and a.men == 0:
            if a.vessel not in sizes:
                sizes[a.vessel] = party_size(state, state.vessel(a.vessel))
            if sizes[a.vessel] > 1:
                out.append(ActionRange(replace(a, men=1), "men", 1, sizes[a.vessel] - 1))
    return out


def explain(state: AcksState, action: Any) -> tuple[str, str]:
    """The rule that refuses ``action`` now, and why."""
    if state.over:
        return "Victory", "the battle is over"
    side = getattr(action, "side", None)
    if side != state.to_act:
        return SEQUENCE, f"it is {state.side_name(state.to_act or 'p1')}'s decision now"
    if state.phase is Phase.DECLARE:
        if not isinstance(action, (Declare, HoldCourse)):
            return DECLARATIONS, "each captain declares before the initiative dice are rolled"
        if isinstance(action, Declare):
            try:
                vessel = state.vessel(action.vessel)
            except KeyError:
                return DECLARATIONS, f"no vessel {action.vessel!r}"
            if vessel.declared is not None:
                return DECLARATIONS, f"{vessel.name} has declared already"
            if action.mode not in helm.modes(vessel, state):
                if vessel.must_backwater and action.mode in ("oar", "raise"):
                    return "Ramming", (f"{vessel.name} rammed: she must backwater before "
                                       "going ahead")
                return DECLARATIONS, f"{vessel.name} cannot go by {action.mode} now"
            top = helm.max_speed(vessel, action.mode, state.wind)
            return DECLARATIONS, (f"{vessel.name}'s speed by {action.mode} is at most "
                                  f"{top}' now (in 30' steps)")
        return DECLARATIONS, "nothing to hold"
    if isinstance(action, (Step, Ram)):
        try:
            vessel = state.vessel(action.vessel)
        except KeyError:
            return SEQUENCE, f"no vessel {action.vessel!r}"
        if not vessel.moving and not any(a.vessel == vessel.id and a.role == "captain"
                                         for a in now(state)):
            return INITIATIVE, f"{vessel.name} moves on her captain's count, not now"
        plan = plan_step(state, vessel, action.how)
        if plan.refused:
            return plan.rule, plan.refused
        if plan.ram and isinstance(action, Step):
            return "Ramming", (f"her bow would enter {state.vessel(plan.ram).name}'s hex: "
                               "that is a ram")
        if vessel.moving is False and moving(state) is not None:
            return INITIATIVE, "another vessel is in the middle of her move"
    if isinstance(action, Board) and action.men != 0:
        try:
            vessel = state.vessel(action.vessel)
        except KeyError:
            return SEQUENCE, f"no vessel {action.vessel!r}"
        if replace(action, men=0) in choices(state):
            size = party_size(state, vessel)
            return BOARDING, (f"{vessel.name}'s boarding party is {size} men: send 1 to "
                              f"{size - 1} of them, or the whole party")
    return SEQUENCE, "that is not one of the choices now"
