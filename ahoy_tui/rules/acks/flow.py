"""The Round Sequence: declarations, initiative rolls, the counts run down (vessels move on their
captain's count before anyone else on it; then artillery crews, deck crews and monsters), the
round's end (sails, winded rowers, reloading, sinking) and victory."""

from __future__ import annotations

from typing import Any

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import DiceRoll, Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.hexgrid import Body, neighbour
from ahoy_tui.rules.acks import (
    boarding,
    crossing,
    deck,
    fire,
    grappling,
    helm,
    melee,
    monsters,
    pitch,
    ramming,
)
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
from ahoy_tui.rules.acks.damage import DEALT, dealt_words, go_down, with_vessel
from ahoy_tui.rules.acks.legal import INITIATIVE, actor_choices, counts_side, now
from ahoy_tui.rules.acks.model import (
    AcksState,
    Actor,
    Declared,
    Figure,
    HeadOn,
    Phase,
    Status,
    Vessel,
)
from ahoy_tui.rules.acks.movement import gap, on_map, plan_step, shifted
from ahoy_tui.rules.acks.tables import tables

SAILS = "Raising and Lowering Sails"
SPRINT = "Oar Sprinting"
VICTORY = "Victory"


def apply_action(state: AcksState, action: Any) -> tuple[AcksState, list[Event]]:
    events: list[Event] = []
    dice = Dice(state.rng, events)
    state = _apply(state, action, dice, events)
    if state.bridges:
        state = boarding.parted(state, dice, events)
    state = deck.muster(deck.lay_decks(state))
    state = replace(state, rng=dice.rng)
    state = advance(state, dice, events)
    return replace(state, rng=dice.rng, step=state.step + 1), events


def _apply(state: AcksState, action: Any, dice: Dice, events: list[Event]) -> AcksState:
    if isinstance(action, Declare):
        return declare(state, action, events)
    if isinstance(action, HoldCourse):
        return hold_course(state, action.side, events)
    if isinstance(action, MoveFirst):
        from ahoy_tui.rules.acks.prompt import possessive

        events.append(Happened("first", f"{state.side_name(action.side)} chose: "
                               f"{possessive(state.side_name(action.first))} vessels move "
                               "first", INITIATIVE, side=action.side))
        return replace(state, first=action.first)
    if isinstance(action, HeadOnChoice):
        return head_on_choice(state, action.outcome, dice, events)
    if isinstance(action, (Step, Ram)):
        return step(state, action, dice, events)
    if isinstance(action, ShiftBow):
        vessel = state.vessel(action.vessel)
        events.append(Happened("shift", f"{vessel.name} is in irons: she shifts her bow to "
                               f"{'starboard' if action.turn > 0 else 'port'}",
                               "Sailing Movement", side=vessel.side, ship=vessel.id))
        state = with_vessel(state, replace(vessel, body=shifted(vessel, action.turn)))
        return finish_move(state, vessel.id)
    if isinstance(action, Halt):
        vessel = state.vessel(action.vessel)
        events.append(Happened("halt", f"{vessel.name} halts", "Backwatering",
                               side=vessel.side, ship=vessel.id))
        return finish_move(state, vessel.id)
    if isinstance(action, Swim):
        return swim(state, action, events)
    if isinstance(action, Attack):
        state = monsters.attack(state, action.vessel, action.target, action.at, dice, events)
        return finish_move(state, action.vessel)
    if isinstance(action, Shoot):
        state = fire.shoot(state, action.vessel, action.piece, action.target, dice, events,
                           action.pitch)
        return mark(state, piece_actor(state, action.vessel, action.piece))
    if isinstance(action, Winch):
        state = fire.winch(state, action.vessel, action.piece, dice, events)
        return mark(state, piece_actor(state, action.vessel, action.piece))
    if isinstance(action, Volley):
        state = fire.volley(state, action.vessel, action.target, dice, events)
        return use(state, f"{action.vessel}:crew", "volley")
    if isinstance(action, ThrowGrapple):
        state = grappling.throw_line(state, action.vessel, action.target, dice, events)
        return use(state, f"{action.vessel}:crew", "throw_grapple")
    if isinstance(action, CutLine):
        state = grappling.cut_line(state, action.vessel, action.other, action.dislodge, dice,
                                   events)
        return use(state, f"{action.vessel}:crew", "cut_line")
    if isinstance(action, LowerBridge):
        state = boarding.lower(state, action.vessel, action.target, action.machine, dice,
                               events)
        return use(state, f"{action.vessel}:crew", "bridge")
    if isinstance(action, RaiseBridge):
        state = boarding.raise_bridge(state, action.vessel, dice, events)
        return use(state, f"{action.vessel}:crew", "bridge")
    if isinstance(action, Dislodge):
        state = boarding.dislodge(state, action.vessel, action.owner, dice, events)
        return use(state, f"{action.vessel}:crew", "bridge")
    if isinstance(action, Board):
        state = crossing.board(state, action.vessel, action.target, action.by, dice, events,
                               action.run, action.men)
        return use(state, f"{action.vessel}:crew", "board")
    if isinstance(action, Fight):
        state = melee.fight(state, action.vessel, dice, events)
        return use(state, f"{action.vessel}:crew", "fight")
    if isinstance(action, DumpFirePots):
        x, y = pitch.aim_square(state, action.vessel, action.target)
        state = pitch.dump_fire_pots(state, action.vessel, action.target, x, y, state.count,
                                     dice, events)
        return use(state, f"{action.vessel}:crew", "pots")
    if isinstance(action, FightFire):
        return use(fight_fire(state, action.vessel, action.fire, events),
                   f"{action.vessel}:crew", "fire")
    if isinstance(action, Done):
        return mark(state, action.actor)
    raise TypeError(f"not an ACKS II action: {action!r}")


# --- declarations and initiative -------------------------------------------------------------

def declare(state: AcksState, action: Declare, events: list[Event]) -> AcksState:
    vessel = state.vessel(action.vessel)
    declared = Declared(action.mode, action.speed, action.steer_full, action.submerged)
    words = f"{vessel.name}: {describe_declared(vessel, declared)}"
    events.append(Happened("declare", words, "Pre-Initiative Declarations", side=vessel.side,
                           ship=vessel.id))
    return with_vessel(state, replace(vessel, declared=declared, submerged=action.submerged))


def describe_declared(vessel: Vessel, d: Declared) -> str:
    if d.mode == "swim":
        return f"swims up to {d.speed}'" + (", submerged" if d.submerged else "")
    verb = {"oar": "under oar at", "sail": "under sail at", "backwater": "backwaters at",
            "raise": "raises sails, moving at", "lower": "lowers sails, moving at"}[d.mode]
    steer = ", captain steering all round" if d.steer_full else ""
    return f"{verb} {d.speed}'{steer}"


def hold_course(state: AcksState, side: str, events: list[Event]) -> AcksState:
    """Every vessel of the side not yet declared goes on as last round, no faster than she may
    now (a vessel over her new maximum must slow)."""
    for vessel in [v for v in state.vessels if v.side == side and v.afloat
                   and v.declared is None]:
        if vessel.creature:
            mode = "swim"
        elif vessel.sails:
            mode = "sail"
        elif vessel.must_backwater:
            mode = "backwater"
        else:
            mode = "oar" if "oar" in helm.modes(vessel, state) else helm.modes(vessel, state)[0]
        speed = min(vessel.speed, max(helm.speeds(vessel, mode, state)))  # a bridge may hold her
        state = declare(state, Declare(side, vessel.id, mode, speed, steer_full=True,
                                       submerged=vessel.submerged), events)
    return state


def _with_modifier(dice: Dice, face: int, modifier: int) -> None:
    """The initiative die just rolled shows its modifier beside it in the log (D6 2+1 = 3)."""
    if modifier and dice.events and isinstance(dice.events[-1], DiceRoll):
        dice.events[-1] = replace(dice.events[-1], result=face + modifier)


def roll_initiative(state: AcksState, dice: Dice, events: list[Event]) -> AcksState:
    """Initiative Rolls: each captain, artillery crew, deck crew and monster rolls 1d6 (plus
    its modifier); the counts run down from the highest."""
    actors: list[Actor] = []
    vessels = []
    for v in state.vessels:
        if not v.in_action:
            vessels.append(v)
            continue
        if v.creature:
            kind = tables().monster(v.kind)
            face = dice.d6(f"{v.name}'s initiative", INITIATIVE, side=v.side, ship=v.id)
            _with_modifier(dice, face, kind.initiative)
            actors.append(Actor(f"{v.id}:monster", v.id, v.side, "monster", face,
                                face + kind.initiative))
            due = helm.declared_hexes(v, v.declared, face, state.wind) if v.declared else 0
            vessels.append(replace(v, hexes_due=due))
            continue
        if v.afloat:
            steerer = helm.steerer(v)
            mod, who = steerer.initiative, steerer.name
            face = dice.d6(f"{v.name}'s captain ({who}) initiative", INITIATIVE, side=v.side,
                           ship=v.id)
            _with_modifier(dice, face, mod)
            actors.append(Actor(f"{v.id}:captain", v.id, v.side, "captain", face, face + mod))
            d = v.declared
            due = 0
            if d is not None and (d.mode not in ("raise", "lower")
                                  or v.kind in tables()["sails"]["moves_meanwhile"]):
                due = helm.declared_hexes(v, d, face, state.wind)
            into = v.sails and helm.into_wind(v, state.wind)
            v = replace(v, hexes_due=0 if into else due, shifted_only=into)
        for p in v.pieces:
            face = dice.d6(f"{v.name}'s {tables().piece(p.kind).name} crew initiative",
                           INITIATIVE, side=v.side, ship=v.id)
            actors.append(Actor(f"{v.id}:{p.id}", v.id, v.side, "piece", face, face,
                                piece=p.id))
        if v.crew > 0 or any(f.crew_of == v.id and f.standing for f in state.figures):
            face = dice.d6(f"{v.name}'s deck crew initiative", INITIATIVE, side=v.side,
                           ship=v.id)
            actors.append(Actor(f"{v.id}:crew", v.id, v.side, "crew", face, face))
        vessels.append(v)
    top = max((a.total for a in actors), default=0)
    return replace(state, vessels=tuple(vessels), actors=tuple(actors), phase=Phase.COUNTS,
                   count=top, first="")


# --- the counts ------------------------------------------------------------------------------

def count_begins(state: AcksState, dice: Dice, events: list[Event]) -> AcksState:
    """The start of a count: fires burn on theirs; the men of a crew acting on it who are in
    the water or hanging from a hull swim, sink or climb (Falling Overboard: "at the start of
    his initiative")."""
    if state.fires:
        state = pitch.burn(state, state.count, dice, events)
    if not state.figures:
        return state
    crews = {a.vessel for a in state.actors if a.role == "crew" and a.total == state.count}
    return in_the_water(state, crews, dice, events)


def in_the_water(state: AcksState, crews: set[str], dice: Dice,
                 events: list[Event]) -> AcksState:
    """Each man of these crews in the water makes his round's throw (a crewman's rounds run
    down); a character afloat beside a vessel of his side climbs aboard by the rope her crew
    lower (an easy climb); a man hanging from a hull climbs up it."""
    from ahoy_tui.rules.acks import overboard

    weather = overboard.weather_of(state.wind.strength)
    for f in [f for f in state.figures if f.crew_of in crews and not f.down
              and f.where in ("water", "hanging")]:
        f = state.figure(f.id)
        if f.where == "water":
            f = overboard.swim_round(f, weather, dice, events)
            state = deck.with_figure(state, f)
            if f.drowning and not f.down and not f.npc:
                state = _grabbed(state, f, events)
                f = state.figure(f.id)
            if f.down or f.drowning or f.npc:
                continue
        vessel = state.vessel(f.on)
        if not vessel.in_action or (f.where == "water" and vessel.side != f.side):
            continue
        at = deck.steering_oars(vessel) if f.where == "water" else (f.x, f.y)
        sq = boarding.nearest_free(state, vessel, *at)
        if sq is None:
            continue
        climbed = overboard.climb_aboard(f, f.where == "water", dice, events)
        if climbed.where == "deck":
            climbed = replace(climbed, x=sq[0], y=sq[1], moved=climbed.running_ft)
        state = deck.with_figure(state, climbed)
    return state


def _grabbed(state: AcksState, f: Figure, events: list[Event]) -> AcksState:
    """An ally afloat in the water beside the same hull grabs a drowning character and
    carries him up (Falling Overboard)."""
    from ahoy_tui.rules.acks import overboard

    ally = next((a for a in state.figures if a.id != f.id and a.side == f.side
                 and a.where == "water" and a.on == f.on and not a.down and not a.drowning
                 and not a.npc), None)
    if ally is None:
        return state
    saved, carrier = overboard.rescue(f, ally, events)
    # the load is his while he carries him up, this round
    carrier = replace(carrier, carrying=carrier.stone - ally.stone)
    return deck.with_figures(state, {saved.id: saved, carrier.id: carrier})


def fight_fire(state: AcksState, vessel_id: str, fire_id: str,
               events: list[Event]) -> AcksState:
    """Every man of her crew in reach of the fire who has not moved this round spends his
    full round fighting it (each one of the fifteen actions that put it out)."""
    fire_now = pitch.fire_of(state, fire_id)
    vessel = state.vessel(fire_now.vessel)
    men = 0
    for f in pitch.fire_fighters_near(state, fire_now):
        if f.crew_of != vessel_id or f.moved or not any(x.id == fire_id for x in state.fires):
            continue
        state = pitch.fight_fire(state, f.id, fire_id)
        state = deck.with_figure(state, replace(state.figure(f.id), moved=f.running_ft))
        men += 1
    left = next((x for x in state.fires if x.id == fire_id), None)
    running = 0
    if left is not None:
        state, running = pitch.run_to_fire(state, vessel_id, left)
    mine = state.vessel(vessel_id)
    if left is None:
        events.append(Happened("fire", f"{mine.name}'s men put out the fire on "
                               f"{vessel.name}'s deck", "Fire Pot Poles and Pitch",
                               side=mine.side, ship=vessel.id, big=True))
    else:
        more = f"; {running} run to fight it next round" if running else ""
        events.append(Happened("fire", f"{men} of {mine.name}'s men fight the fire on "
                               f"{vessel.name}'s deck ({left.fought} of "
                               f"{pitch.pots()['put_out']}){more}", "Fire Pot Poles and Pitch",
                               side=mine.side, ship=vessel.id))
    return state


def mark(state: AcksState, actor_id: str) -> AcksState:
    return replace(state, actors=tuple(replace(a, done=True) if a.id == actor_id else a
                                       for a in state.actors))


def use(state: AcksState, actor_id: str, kind: str) -> AcksState:
    return replace(state, actors=tuple(replace(a, used=(*a.used, kind)) if a.id == actor_id
                                       else a for a in state.actors))


def piece_actor(state: AcksState, vessel: str, piece: str) -> str:
    return f"{vessel}:{piece}"


def mover_actor(vessel: Vessel) -> str:
    return f"{vessel.id}:{'monster' if vessel.creature else 'captain'}"


def finish_move(state: AcksState, vessel_id: str) -> AcksState:
    vessel = state.vessel(vessel_id)
    state = with_vessel(state, replace(vessel, moving=False))
    return mark(state, mover_actor(vessel))


def step(state: AcksState, action: Step | Ram, dice: Dice, events: list[Event]) -> AcksState:
    """One hex of a vessel's move, with what it meets: a ram, a head-on meeting, collisions,
    the edge of the battlemap, a grapple line that holds her."""
    vessel = state.vessel(action.vessel)
    before = state
    plan = plan_step(state, vessel, action.how)
    turning = action.how not in ("ahead", "back")
    vessel = replace(vessel, moving=True, moved_this_round=True)
    if plan.leaves:
        edge = edge_of(state, plan.body)
        events.append(Happened("escaped", f"{vessel.name} leaves the battlemap by the {edge} "
                               "edge", "Sea Combat", side=vessel.side, ship=vessel.id,
                               big=True))
        state = with_vessel(state, replace(vessel, status=Status.ESCAPED, left_by=edge,
                                           moving=False, body=plan.body))
        state = replace(state, grapples=tuple(g for g in state.grapples
                                              if not g.joins(vessel.id)))
        return mark(state, mover_actor(vessel))
    if isinstance(action, Ram) and plan.head_on:
        return head_on(state, vessel, plan.ram, action.how, dice, events)
    if isinstance(action, Ram):
        state = with_vessel(state, vessel)
        state, hit = ramming.ram(state, vessel.id, plan.ram, dice, events)
        if hit:
            vessel = state.vessel(vessel.id)
            state = with_vessel(state, replace(vessel, body=plan.body, moved=vessel.moved + 1))
        return finish_move(state, vessel.id)
    moved = replace(vessel, body=plan.body, moved=vessel.moved + 1,
                    straight=0 if turning else vessel.straight + 1,
                    turns=vessel.turns + (1 if turning else 0))
    state = with_vessel(state, moved)
    for other in plan.collides:
        state = ramming.collision(state, vessel.id, other, action.collide, dice, events)
    state = grappling.hold_together(state, vessel.id, before, dice, events)
    if state.bridges:
        state = boarding.unhook_moved(state, vessel.id, dice, events)
    return after_step(state, vessel.id, events)


def after_step(state: AcksState, vessel_id: str, events: list[Event]) -> AcksState:
    vessel = state.vessel(vessel_id)
    passing = tuple(p for p in vessel.passing
                    if set(state.vessel(p).hexes) & set(vessel.hexes))
    vessel = replace(vessel, passing=passing)
    if vessel.sails and helm.into_wind(vessel, state.wind) and not vessel.halted:
        events.append(Happened("halt", f"{vessel.name} turns into the wind and halts",
                               "Sailing Movement", side=vessel.side, ship=vessel.id))
        vessel = replace(vessel, halted=True)
    state = with_vessel(state, vessel)
    if vessel.halted or vessel.moved >= vessel.hexes_due or not vessel.afloat:
        return finish_move(state, vessel_id)
    return state


def head_on(state: AcksState, vessel: Vessel, target_id: str, how: str, dice: Dice,
            events: list[Event]) -> AcksState:
    """Head-On Ramming: both captains throw; the one who hits the higher AC chooses."""
    target = state.vessel(target_id)
    events.append(Happened("head_on", f"{vessel.name} and {target.name} meet bow to bow!",
                           ramming.HEAD_ON, side=vessel.side, ship=vessel.id, big=True))
    hit_a, reach_a = ramming.captain_throw(vessel, target, dice, f"{vessel.name}'s captain",
                                           ramming.HEAD_ON)
    hit_b, reach_b = ramming.captain_throw(target, vessel, dice, f"{target.name}'s captain",
                                           ramming.HEAD_ON)
    state = with_vessel(state, vessel)
    if not hit_a and not hit_b:
        events.append(Happened("head_on", "both miss: they pass through each other",
                               ramming.HEAD_ON, side=vessel.side, ship=vessel.id))
        return pass_through(state, vessel.id, target_id, how, events)
    chooser = vessel.id if hit_a and (not hit_b or reach_a >= reach_b) else target_id
    return replace(state, head_on=HeadOn(vessel.id, target_id, chooser, how))


def pass_through(state: AcksState, mover_id: str, other_id: str, how: str,
                 events: list[Event]) -> AcksState:
    mover = state.vessel(mover_id)
    other = state.vessel(other_id)
    state = with_vessel(state, replace(other, passing=(*other.passing, mover_id)))
    mover = replace(mover, passing=(*mover.passing, other_id))
    plan_body = plan_step(state, mover, how).body
    mover = replace(mover, body=plan_body, moved=mover.moved + 1,
                    straight=mover.straight + 1 if how == "ahead" else 0,
                    turns=mover.turns + (0 if how == "ahead" else 1))
    state = with_vessel(state, mover)
    return after_step(state, mover_id, events)


def head_on_choice(state: AcksState, outcome: str, dice: Dice,
                   events: list[Event]) -> AcksState:
    meeting = state.head_on
    assert meeting is not None
    state = replace(state, head_on=None)
    chooser = state.vessel(meeting.chooser)
    other_id = meeting.target if meeting.chooser == meeting.rammer else meeting.rammer
    other = state.vessel(other_id)
    events.append(Happened("head_on", f"{chooser.name}'s captain chooses: {outcome}",
                           ramming.HEAD_ON, side=chooser.side, ship=chooser.id))
    if outcome == "ram":
        events.append(Happened("ram", f"{chooser.name} rams {other.name}!", ramming.HEAD_ON,
                               side=chooser.side, ship=chooser.id, big=True))
        state = ramming.ram_damage(state, chooser, other, dice, events, ramming.HEAD_ON)
        rammer = state.vessel(meeting.rammer)
        body = plan_step(state, rammer, meeting.step).body
        state = with_vessel(state, replace(rammer, body=body, moved=rammer.moved + 1,
                                           halted=True))
        chooser = state.vessel(meeting.chooser)
        state = with_vessel(state, replace(chooser, halted=True, must_backwater=(
            helm.vtype(chooser).rowers > 0)))
        other = state.vessel(other_id)
        state = with_vessel(state, replace(other, halted=True))
        return finish_move(state, meeting.rammer)
    if outcome == "shear":
        state = ramming.shear(state, chooser, other, dice, events)
    return pass_through(state, meeting.rammer, meeting.target, meeting.step, events)


def swim(state: AcksState, action: Swim, events: list[Event]) -> AcksState:
    """A monster swims a hex; off the battlemap it is gone."""
    monster = state.vessel(action.vessel)
    bow = neighbour(monster.body.bow, action.facing)
    body = Body(bow, action.facing, monster.body.length)
    monster = replace(monster, body=body, moved=monster.moved + 1, moving=True,
                      moved_this_round=True)
    if not all(on_map(state, h) for h in body.hexes):
        edge = edge_of(state, body)
        events.append(Happened("escaped", f"{monster.name} dives away off the {edge} edge",
                               "Sea Combat", side=monster.side, ship=monster.id, big=True))
        state = with_vessel(state, replace(monster, status=Status.ESCAPED, left_by=edge,
                                           moving=False))
        return mark(state, mover_actor(monster))
    return with_vessel(state, monster)


def edge_of(state: AcksState, body: Body) -> str:
    for h in body.hexes:
        col, row = h.q, h.r + (h.q - (h.q & 1)) // 2
        if col < 0:
            return "W"
        if col >= state.columns:
            return "E"
        if row < 0:
            return "N"
        if row >= state.rows:
            return "S"
    return ""


def advance(state: AcksState, dice: Dice, events: list[Event]) -> AcksState:
    """Play on to the next decision: declarations done roll initiative; actors with nothing to
    choose are passed; an empty count gives way to the next; the last ends the round."""
    for _ in range(10_000):
        if state.figures:
            state = taken(state, events)
        state = check_victory(state, events)
        if state.over:
            return replace(state, to_act=None, phase=Phase.OVER)
        if state.phase is Phase.DECLARE:
            waiting = [s for s in ("p1", "p2")
                       if any(v.side == s and v.afloat and v.declared is None
                              for v in state.vessels)]
            if waiting:
                return replace(state, to_act=waiting[0])
            state = roll_initiative(state, dice, events)
            if state.fires:
                # a fire burns on its count even above every die rolled this round
                state = replace(state, count=max(state.count,
                                                 *(f.count for f in state.fires)))
            state = count_begins(state, dice, events)
            continue
        if state.head_on is not None:
            return replace(state, to_act=state.vessel(state.head_on.chooser).side)
        mover = next((v for v in state.vessels if v.moving), None)
        if mover is not None:
            if mover.creature and (mover.moved >= mover.hexes_due or mover.halted) \
                    and not monsters.attack_targets(state, mover):
                state = finish_move(state, mover.id)
                continue
            return replace(state, to_act=mover.side)
        actors = now(state)
        if not actors:
            lower = [a.total for a in state.actors if not a.done and a.total < state.count]
            lower += [f.count for f in state.fires if 0 < f.count < state.count]
            if not lower:
                state = end_round(state, dice, events)
                continue
            state = replace(state, count=max(lower), first="")
            state = count_begins(state, dice, events)
            continue
        # vessels move first on a count: the others are judged idle only after, when a
        # target may have come into their arc or reach
        first = [a for a in actors if a.role == "captain"] or actors
        idle = next((a for a in first if _nothing_to_do(state, a, events)), None)
        if idle is not None:
            state = mark(state, idle.id)
            continue
        return replace(state, to_act=counts_side(state))
    raise AssertionError("the round did not come to a decision")


def _nothing_to_do(state: AcksState, actor: Actor, events: list[Event]) -> bool:
    vessel = state.vessel(actor.vessel)
    if not vessel.in_action:
        return True
    if actor.role == "captain":
        if not vessel.afloat or vessel.halted:
            return True
        return bool(vessel.hexes_due <= vessel.moved and not vessel.shifted_only)
    if actor.role == "monster":
        still = vessel.halted or vessel.hexes_due <= vessel.moved
        return still and not monsters.attack_targets(state, vessel)
    return len(actor_choices(state, actor)) <= 1


def end_round(state: AcksState, dice: Dice, events: list[Event]) -> AcksState:
    """The round's end: sails raised or lowered, rowers winded or rested, pieces reloaded,
    sinking vessels a round lower; then the next round's declarations."""
    vessels = []
    for v in state.vessels:
        d = v.declared
        changes: dict[str, Any] = {
            # ``straight`` runs on: one turn per hex of length counts hexes, not rounds
            "declared": None, "hexes_due": 0, "moved": 0, "turns": 0,
            "halted": False, "moving": False, "shifted_only": False,
            "moved_this_round": False,
            "pieces": tuple(replace(p, reload=max(0, p.reload - 1)) for p in v.pieces)}
        if v.captain_down and not v.creature:
            # Steering: whoever reached the oars is her captain now, and starts the next
            # round at them (he may declare a full round)
            changes.update(captain=helm.MATE, captain_down=False, captain_hurt=0)
            events.append(Happened("captain", f"{v.name}: {helm.MATE.name} has the steering "
                                   "oars and commands her now", "Steering", side=v.side,
                                   ship=v.id))
        if d is not None and not v.creature:
            changes["speed"] = d.speed
            if d.mode in ("raise", "lower"):
                changes["sails"] = d.mode == "raise"
                events.append(Happened("sails", f"{v.name}'s sails are "
                                       f"{'up' if d.mode == 'raise' else 'down'}", SAILS,
                                       side=v.side, ship=v.id))
                changes["speed"] = 0
            if d.mode == "backwater" and v.moved:
                changes["must_backwater"] = False
            sprinting = d.mode == "oar" and d.speed > helm.cruise(v)
            rested = d.speed == 0 or d.mode == "sail"
            rules = tables()["sprint"]
            if sprinting:
                run = v.sprint_rounds + 1
                if run >= rules["rounds"]:
                    events.append(Happened("winded", f"{v.name}'s rowers are winded: no "
                                           "faster than oar cruise until a turn's rest",
                                           SPRINT, side=v.side, ship=v.id))
                    changes.update(winded=True, sprint_rounds=0, rested=0)
                else:
                    changes.update(sprint_rounds=run, rested=0)
            elif rested:
                rest = v.rested + 1
                if v.winded and rest >= rules["rest"]:
                    events.append(Happened("rested", f"{v.name}'s rowers have rested",
                                           SPRINT, side=v.side, ship=v.id))
                    changes.update(winded=False, rested=0, sprint_rounds=0)
                else:
                    changes["rested"] = rest
            else:
                changes["rested"] = 0
        elif d is not None:
            changes["speed"] = d.speed
        vessels.append(replace(v, **changes))
    if state.figures:
        acted = {a.vessel for a in state.actors if a.role == "crew"}
        idle = {f.crew_of for f in state.figures if f.crew_of not in acted}
        if idle:
            state = in_the_water(replace(state, vessels=tuple(vessels)), idle, dice, events)
            vessels = list(state.vessels)
    state = replace(state, vessels=tuple(vessels), actors=(), count=0, first="")
    if state.figures:
        state = replace(state, figures=tuple(
            replace(f, moved=0, stone=f.stone - f.carrying, carrying=0)
            if f.moved or f.carrying else f for f in state.figures),
            bridges=tuple(replace(b, crossed=0) for b in state.bridges))
        for v in state.vessels:
            if v.in_action and any(f.on == v.id and f.where == "below" for f in state.figures):
                state = deck.come_up(state, v.id)
    state = go_down(state, events)
    state = sunk_crews(state, dice, events)
    state = replace(state, grapples=tuple(
        g for g in state.grapples
        if state.vessel(g.a).in_action and state.vessel(g.b).in_action))
    if state.figures:
        state = taken(state, events)
    state = check_victory(state, events)
    if state.over:
        return state
    if state.round >= state.round_limit:
        return time_up(state, events)
    events.append(Happened("round", f"Round {state.round + 1}", "Round Sequence"))
    return replace(state, round=state.round + 1, phase=Phase.DECLARE)


# --- victory ---------------------------------------------------------------------------------

def fighting_crew(vessel: Vessel) -> int:
    """The men who would board or repel: sailors and marines, and the rowers of a vessel whose
    crew double as marines (the longship)."""
    extra = vessel.rowers if not vessel.creature and helm.vtype(vessel).crew_fights else 0
    return vessel.crew + extra


def taken(state: AcksState, events: list[Event]) -> AcksState:
    """A vessel is taken when no defender stands on her deck and her boarders do (the end of
    a battle): she strikes, out of the fight."""
    for v in state.vessels:
        if not v.afloat or v.creature or not deck.laid(state, v.id):
            continue
        if melee.defenders(state, v.id) or not melee.boarders(state, v.id):
            continue
        events.append(Happened("taken", f"{v.name} is taken: no defender stands on her deck",
                               VICTORY, side=v.side, ship=v.id, big=True))
        state = with_vessel(state, replace(v, status=Status.TAKEN, hexes_due=0, halted=True,
                                           moving=False))
    return state


def sunk_crews(state: AcksState, dice: Dice, events: list[Event]) -> AcksState:
    """The men on a vessel gone down are in the water (Falling Overboard)."""
    for v in state.vessels:
        if v.status is not Status.SUNK:
            continue
        for f in [f for f in state.figures if f.on == v.id and f.where in
                  ("deck", "below", "hanging", "bridge", "ramp") and not f.down]:
            state = crossing.overboard(state, f, v.id, dice, events)
        state = replace(state, bridges=tuple(b for b in state.bridges
                                             if v.id not in (b.vessel, b.target)))
    return state


def check_victory(state: AcksState, events: list[Event]) -> AcksState:
    if state.over:
        return state
    for side in ("p1", "p2"):
        edge = state.condition(f"escape_{side}")
        if edge and any(v.side == side and v.status is Status.ESCAPED and v.left_by == edge
                        for v in state.vessels):
            return finish(state, side, f"Victory to {state.side_name(side)}: away off the "
                          f"{edge} edge", events)
    left = {s: any(v.side == s and v.afloat for v in state.vessels) for s in ("p1", "p2")}
    if left["p1"] and left["p2"]:
        return state
    if not left["p1"] and not left["p2"]:
        return finish(state, None, "Draw: neither side has a vessel left in the fight", events)
    winner = "p1" if left["p1"] else "p2"
    loser = "p2" if winner == "p1" else "p1"
    return finish(state, winner, f"Victory to {state.side_name(winner)}: "
                  f"{state.side_name(loser)}: nothing left in the fight", events)


def time_up(state: AcksState, events: list[Event]) -> AcksState:
    holder = state.condition("limit_winner")
    if holder:
        return finish(state, holder, f"Victory to {state.side_name(holder)}: held out "
                      f"{state.round_limit} rounds", events)
    a, b = state.damage_dealt
    if a == b:
        return finish(state, None, f"Draw after {state.round_limit} rounds", events)
    winner = "p1" if a > b else "p2"
    return finish(state, winner, f"Victory to {state.side_name(winner)} on {DEALT} "
                  f"({a} to {b} {dealt_words(state)}) after {state.round_limit} rounds", events)


def finish(state: AcksState, winner: str | None, result: str,
           events: list[Event]) -> AcksState:
    events.append(Happened("over", result, VICTORY, big=True))
    events.append(Happened("summary", summary(state), VICTORY))
    return replace(state, over=True, winner=winner, result=result, phase=Phase.OVER,
                   to_act=None)


FATES = {Status.AFLOAT: "afloat", Status.SINKING: "sinking", Status.SUNK: "sunk",
         Status.ESCAPED: "left the battlemap", Status.SLAIN: "slain", Status.TAKEN: "taken"}


def summary(state: AcksState) -> str:
    """The game-over box: the rounds fought, the damage each side dealt, and every vessel's and
    monster's fate with what is left of her."""
    a, b = state.damage_dealt
    lines = [f"{state.round} round{'s' * (state.round != 1)} fought; {DEALT} "
             f"({dealt_words(state)}; men struck down not counted): "
             f"{state.side_name('p1')} {a}, {state.side_name('p2')} {b}"]
    for side in ("p1", "p2"):
        lines.append(state.side_name(side))
        for v in (v for v in state.vessels if v.side == side):
            fate = FATES[v.status]
            if v.status is Status.ESCAPED and v.left_by:
                fate += f" by the {v.left_by} edge"
            if v.creature:
                lines.append(f"  {v.name}: {fate}, {v.shp}/{v.shp_max} hp")
                continue
            lines.append(f"  {v.name}: {fate}, {v.shp}/{v.shp_max} shp; {v.sailors} sailors, "
                         f"{v.rowers} rowers, {v.marines} marines" + _men_away(state, v))
    return "\n".join(lines)


def _men_away(state: AcksState, vessel: Vessel) -> str:
    """Her crew's men not on her own deck: on other decks, in the water, and fallen."""
    mine = [f for f in state.figures if f.crew_of == vessel.id]
    if not mine:
        return ""
    parts = []
    for other in state.vessels:
        there = sum(1 for f in mine if f.on == other.id and other.id != vessel.id
                    and not f.down and f.where != "water")
        if there:
            parts.append(f"{there} on {other.name}")
    wet = sum(1 for f in mine if f.where == "water" and not f.down)
    if wet:
        parts.append(f"{wet} in the water")
    fallen = sum(1 for f in mine if f.down)
    if fallen:
        parts.append(f"{fallen} fallen")
    return f" aboard ({', '.join(parts)})" if parts else " aboard"


def standing(state: AcksState) -> str:
    """The header's points: the structural damage each side has dealt, named by its unit
    (``shp dealt``: it is not the men struck down)."""
    a, b = state.damage_dealt
    return (f"{dealt_words(state)} dealt {state.side_name('p1')} {a}, "
            f"{state.side_name('p2')} {b}")


def gap_between(state: AcksState, a: str, b: str) -> int:
    return gap(state.vessel(a), state.vessel(b))
