"""Plain words for ACKS II sea combat: the phase prompt, each action as the log says it, and the
whole battle as text for headless play."""

from __future__ import annotations

from typing import Any

from ahoy_tui.engine.hexgrid import FACINGS
from ahoy_tui.rules.acks import helm
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
from ahoy_tui.rules.acks.flow import describe_declared
from ahoy_tui.rules.acks.legal import moving, now
from ahoy_tui.rules.acks.model import AcksState, Declared, Phase, Vessel
from ahoy_tui.rules.acks.tables import tables

STEP_WORDS = {"ahead": "ahead", "port": "turn to port", "starboard": "turn to starboard",
              "back": "back water", "back_port": "back water, stern to port",
              "back_starboard": "back water, stern to starboard"}


def _name(state: AcksState, vid: str) -> str:
    try:
        return state.vessel(vid).name
    except KeyError:
        return vid


def possessive(name: str) -> str:
    """A side's name as an owner, whether it is one (Phaedra's, Merchant's) or many (Corsairs'):
    the words then agree with any side's name."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def why_you_choose(state: AcksState) -> str:
    """Why the side to act chooses who moves first on this count (``legal.chooser``): fewer of
    its vessels move on it; as many, and fewer in the battle; or all even, the second side
    (the project's reading)."""
    from ahoy_tui.rules.acks.legal import chooser_counts

    here, total = chooser_counts(state)
    side = state.to_act or "p2"
    other = "p1" if side == "p2" else "p2"
    if here[side] < here[other]:
        return "fewer of your vessels move on this count"
    if total[side] < total[other]:
        return "as many move on each side and you have fewer in the battle"
    return "the sides are even here and in the battle, and the second side breaks the tie"


def prompt(state: AcksState) -> str:
    """What the rules want now, in the game's words."""
    if state.over:
        return f"The battle is over. {state.result}"
    side = state.side_name(state.to_act or "p1")
    if state.phase is Phase.DECLARE:
        undeclared = [v for v in state.vessels if v.side == state.to_act and v.afloat
                      and v.declared is None]
        left = [v.name for v in undeclared]
        # Ramming: a rammer must backwater before going ahead again; at 0' she has not
        astern = [v.name for v in undeclared if v.must_backwater and not v.creature]
        must = (f"; {', '.join(astern)} must backwater a hex or more before going ahead "
                "again") if astern else ""
        return (f"Round {state.round}, declarations: {side}, declare "
                f"{', '.join(left)}: oar, sail or backwater, the speed, and whether the "
                f"captain steers all round (public, before the dice){must}")
    if state.head_on is not None:
        return (f"Head-on! {side}: {_name(state, state.head_on.chooser)}'s captain hit the "
                "higher AC and chooses: ram, shear the oars, or miss")
    mover = moving(state)
    if mover is not None:
        return _move_prompt(state, mover)
    actors = [a for a in now(state) if a.side == state.to_act]
    if any(a.role == "captain" for a in actors) and not state.first and len(
            {a.side for a in now(state) if a.role == "captain"}) > 1:
        return (f"Count {state.count}: both sides' vessels move. {side}: "
                f"{why_you_choose(state)}, so you choose who moves first")
    if any(a.role == "captain" for a in actors):
        names = ", ".join(_name(state, a.vessel) for a in actors if a.role == "captain")
        return f"Count {state.count}: {side}, move {names} (moving is not optional)"
    what = ", ".join(_actor_words(state, a.vessel, a.role, a.piece, a.used) for a in actors)
    decks = " (d: the decks)" if any(a.role == "crew" for a in actors) and state.figures else ""
    return f"Count {state.count}: {side}: {what}{decks}"


def _move_prompt(state: AcksState, v: Vessel) -> str:
    if v.creature:
        return (f"Count {state.count}: {v.name} swims ({v.moved}/{v.hexes_due} hexes), then "
                "may attack a vessel beside it")
    if v.shifted_only:
        return (f"Count {state.count}: {v.name} faces into the wind: she may only shift her "
                "bow into an adjacent hex")
    steer = "" if helm.turns_allowed(v) > 2 else f", turns {v.turns}/{helm.turns_allowed(v)}"
    how = ("astern, or the stern into a hex beside it; she may halt" if v.declared is not None
           and v.declared.mode == "backwater" else "ahead, or turn into a hex beside the bow")
    return (f"Count {state.count}: {v.name} moves, hex {v.moved + 1} of {v.hexes_due}"
            f"{steer} ({how})")


def _actor_words(state: AcksState, vid: str, role: str, piece: str,
                 used: tuple[str, ...] = ()) -> str:
    v = state.vessel(vid)
    if role == "piece":
        p = next(p for p in v.pieces if p.id == piece)
        return f"{v.name}'s {tables().piece(p.kind).name} ({p.mount}) may shoot"
    if role == "crew":
        return _crew_words(state, v, used)
    return f"{v.name} acts"


# what her deck crew's choices are called, in the order the prompt names them
CREW_VERBS = (("fight", "fight on deck"), ("fight_fire", "fight the fire"),
              ("volley", "shoot"), ("throw_grapple", "throw a grappling line"),
              ("cut_line", "cut or dislodge a line"), ("lower_bridge", "lower the bridge"),
              ("raise_bridge", "raise the bridge"), ("dislodge", "throw off a bridge"),
              ("board", "board"), ("dump_fire_pots", "dump the fire pots"))


def _crew_words(state: AcksState, v: Vessel, used: tuple[str, ...]) -> str:
    """Her deck crew's count in words naming only what they may do now (hold always)."""
    from ahoy_tui.rules.acks.legal import deck_choices
    from ahoy_tui.rules.acks.model import Actor

    actor = next((a for a in state.actors if a.vessel == v.id and a.role == "crew"),
                 Actor(f"{v.id}:crew", v.id, v.side, "crew", 0, 0, used=used))
    kinds = {getattr(c, "kind", "") for c in deck_choices(state, actor, v)}
    ramp = any(getattr(c, "machine", "") == "ramp" for c in deck_choices(state, actor, v))
    verbs = [("place the ramp" if kind == "lower_bridge" and ramp else words)
             for kind, words in CREW_VERBS if kind in kinds]
    head = f"{v.name} is aflame: her men" if "fight_fire" in kinds else \
        f"{v.name}'s men are in a fight on deck:" if "fight" in kinds else \
        f"{v.name}'s deck crew"
    if not verbs:
        return f"{head} have nothing to do but hold"
    listed = ", ".join(verbs[:-1]) + (" or " if len(verbs) > 1 else "") + verbs[-1]
    return f"{head} may {listed}, or hold" if not head.endswith(":") else \
        f"{head} {listed}, or hold"


def _facing_after(state: AcksState, action: Any) -> str:
    """The facing a step that turns her gives ("to face SW"); nothing for one that keeps it."""
    from ahoy_tui.rules.acks.movement import stepped

    try:
        body = state.vessel(action.vessel).body
        after = stepped(body, action.how).facing
    except (KeyError, ValueError):
        return ""
    return "" if after == body.facing else f", to face {FACINGS[after]}"


def describe(state: AcksState, action: Any) -> str:
    """One action in the log's words."""
    name = _name(state, getattr(action, "vessel", ""))
    if isinstance(action, Declare):
        try:
            vessel = state.vessel(action.vessel)
        except KeyError:
            return f"declare {action.vessel}"
        declared = Declared(action.mode, action.speed, action.steer_full, action.submerged)
        return f"{name}: {describe_declared(vessel, declared)}"
    if isinstance(action, HoldCourse):
        return "hold course: every vessel as last round"
    if isinstance(action, MoveFirst):
        return f"{possessive(state.side_name(action.first))} vessels move first"
    if isinstance(action, Step):
        extra = " (fail the Seafaring throw on purpose: collide)" if action.collide else ""
        return f"{name}: {STEP_WORDS[action.how]}{_facing_after(state, action)}{extra}"
    if isinstance(action, Ram):
        return (f"{name}: {STEP_WORDS[action.how]}{_facing_after(state, action)} and RAM "
                f"{_name(state, action.target)}")
    if isinstance(action, HeadOnChoice):
        return {"ram": "ram her", "shear": "shear her oars",
                "miss": "miss each other"}[action.outcome]
    if isinstance(action, ShiftBow):
        from ahoy_tui.rules.acks.movement import shifted

        try:
            facing = shifted(state.vessel(action.vessel), action.turn).facing
            face = f", to face {FACINGS[facing]}"
        except KeyError:
            face = ""
        return f"{name}: shift the bow to {'starboard' if action.turn > 0 else 'port'}{face}"
    if isinstance(action, Halt):
        return f"{name}: halt"
    if isinstance(action, Swim):
        return f"{name}: swim {FACINGS[action.facing]}"
    if isinstance(action, Attack):
        return f"{name}: attack {_name(state, action.target)}'s {action.at}"
    if isinstance(action, Shoot):
        v = state.vessel(action.vessel)
        p = next((p for p in v.pieces if p.id == action.piece), None)
        kind = tables().piece(p.kind).name if p else action.piece
        what = "throw burning pitch at" if action.pitch else "shoot at"
        return f"{name}'s {kind}: {what} {_name(state, action.target)}"
    if isinstance(action, Winch):
        return f"{name}: crank the harpoon's winch"
    if isinstance(action, Volley):
        shooters = "marines" if state.vessel(action.vessel).marines else "crew"
        target = state.vessel(action.target)
        at = target.name if target.creature else f"{target.name}'s crew"
        return f"{name}'s {shooters}: shoot at {at}"
    if isinstance(action, ThrowGrapple):
        return f"{name}: throw a grappling line at {_name(state, action.target)}"
    if isinstance(action, CutLine):
        verb = "dislodge" if action.dislodge else "cut"
        return f"{name}: {verb} the line to {_name(state, action.other)}"
    if isinstance(action, LowerBridge):
        what = "lower the boarding bridge on" if action.machine == "bridge" else \
            "place the boarding ramp on"
        return f"{name}: {what} {_name(state, action.target)}"
    if isinstance(action, RaiseBridge):
        return f"{name}: raise the boarding bridge"
    if isinstance(action, Dislodge):
        return f"{name}: throw off {_name(state, action.owner)}'s bridge or ramp"
    if isinstance(action, Board):
        how = {"bridge": "over the bridge", "ramp": "over the ramp",
               "line": "along the grapple lines", "jump": "jumping across"}[action.by]
        pace = (" at a run" if action.run else " walking") if action.by in (
            "bridge", "ramp") else ""
        many = f", {action.men} of the party (the rest stay aboard)" if action.men else \
            ", the whole party"
        return f"{name}: board {_name(state, action.target)} {how}{pace}{many}"
    if isinstance(action, Fight):
        return f"{name}: the men on deck close and fight"
    if isinstance(action, DumpFirePots):
        return f"{name}: dump the fire pots on {_name(state, action.target)}"
    if isinstance(action, FightFire):
        where = action.fire.partition(":")[0]
        return f"{name}: the men near it fight the fire on {_name(state, where)}"
    if isinstance(action, Done):
        vid, _, role = action.actor.partition(":")
        who = {"crew": "deck crew", "captain": "captain", "monster": ""}.get(role, "crew")
        if role not in ("crew", "captain", "monster"):
            v = state.vessel(vid)
            p = next((p for p in v.pieces if p.id == role), None)
            who = tables().piece(p.kind).name if p else role
        whose = f"'s {who}" if who else ""
        return f"{_name(state, vid)}{whose}: hold (done this count)"
    return str(action)


def vessel_line(state: AcksState, v: Vessel) -> str:
    hexes = " ".join(f"{h.q},{h.r + (h.q - (h.q & 1)) // 2}" for h in v.hexes)  # column,row
    if v.creature:
        return (f"{v.name} [{v.side}] {v.status.value} hp {v.shp}/{v.shp_max} facing "
                f"{FACINGS[v.body.facing]} at {hexes}")
    return (f"{v.name} [{v.side}] {v.status.value} shp {v.shp}/{v.shp_max} facing "
            f"{FACINGS[v.body.facing]} at {hexes}; {'sail' if v.sails else 'oar'} "
            f"{v.speed}'; crew {v.sailors} sailors, {v.rowers} rowers, {v.marines} marines"
            f"{'; winded' if v.winded else ''}")


def table_text(state: AcksState) -> str:
    lines = [f"Round {state.round}, {state.phase.value}"
             f"{f', count {state.count}' if state.phase is Phase.COUNTS else ''}; wind "
             f"{state.wind.strength} from the {FACINGS[state.wind.source]}"]
    lines += [vessel_line(state, v) for v in state.vessels]
    for g in state.grapples:
        lines.append(f"{g.kind}: {_name(state, g.a)} - {_name(state, g.b)}")
    for b in state.bridges:
        lines.append(f"{b.kind}: {_name(state, b.vessel)} on {_name(state, b.target)}"
                     f"{' (fastened)' if b.fast else ''}")
    for v in state.vessels:
        men = [f for f in state.figures if f.on == v.id and not f.down]
        if men:
            here = {s: sum(1 for f in men if f.side == s and f.standing) for s in ("p1", "p2")}
            wet = sum(1 for f in men if f.where == "water")
            lines.append(f"{v.name}'s deck: {state.side_name('p1')} {here['p1']}, "
                         f"{state.side_name('p2')} {here['p2']} standing"
                         + (f"; {wet} in the water" if wet else ""))
    return "\n".join(lines)
