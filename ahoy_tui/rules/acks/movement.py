"""Movement on the sea battlemap (Oared Movement, Backwatering, Sailing Movement, Stacking):
where a step takes a vessel, what it meets there, and whether the rules let her take it."""

from __future__ import annotations

from attrs import frozen

from ahoy_tui.engine.hexgrid import Body, Hex, neighbour, turned
from ahoy_tui.rules.acks import helm
from ahoy_tui.rules.acks.model import AcksState, Vessel

OARED = "Oared Movement"
BACKWATER = "Backwatering"
STACKING = "Stacking on the Sea Battlemap"
SAILING = "Sailing Movement"
STEERING = "Steering"
RAMMING = "Ramming"
HEAD_ON = "Head-On Ramming"
COLLISIONS = "Collisions"

FORWARD = ("ahead", "port", "starboard")
BACKWARD = ("back", "back_port", "back_starboard")


def stepped(body: Body, how: str) -> Body:
    if how == "ahead":
        return body.ahead()
    if how == "port":
        return body.turn(-1)
    if how == "starboard":
        return body.turn(1)
    if how == "back":
        return body.back()
    if how == "back_port":
        return body.back_turn(-1)
    if how == "back_starboard":
        return body.back_turn(1)
    raise ValueError(f"no step {how!r}")


def on_map(state: AcksState, h: Hex) -> bool:
    col = h.q
    row = h.r + (h.q - (h.q & 1)) // 2
    return 0 <= col < state.columns and 0 <= row < state.rows


def occupants(state: AcksState, h: Hex, but: str = "") -> list[Vessel]:
    return [v for v in state.vessels if v.id != but and v.in_action and h in v.hexes]


@frozen
class StepPlan:
    """What one step would do: the body after it, the vessel it rams (or meets head-on), the
    vessels its rear hexes collide with, whether it leaves the battlemap, and why it may not
    be taken ("" when it may)."""

    body: Body
    ram: str = ""
    head_on: bool = False
    collides: tuple[str, ...] = ()
    leaves: bool = False
    refused: str = ""
    rule: str = ""


def plan_step(state: AcksState, vessel: Vessel, how: str) -> StepPlan:
    """Where ``how`` takes ``vessel`` and what it meets (see :class:`StepPlan`)."""
    body = stepped(vessel.body, how)
    if how in BACKWARD:
        if vessel.declared is None or vessel.declared.mode != "backwater":
            return StepPlan(body, refused="she is not backwatering", rule=BACKWATER)
    elif vessel.declared is not None and vessel.declared.mode == "backwater":
        return StepPlan(body, refused="a backwatering vessel goes astern", rule=BACKWATER)
    if how not in ("ahead", "back") and not helm.may_turn_now(vessel):
        if vessel.turns >= helm.turns_allowed(vessel):
            why = ("without a full round at the steering oars the captain steers through "
                   "one hex turn as a movement action and one as a combat action")
            if vessel.captain_down:
                why = "her captain is down: whoever reaches the oars steers one hex turn"
            return StepPlan(body, refused=why, rule=STEERING)
        return StepPlan(body, refused=f"a {vessel.body.length}-hex vessel goes straight "
                        f"{vessel.body.length - 1} hex(es) between turns", rule=OARED)
    if not all(on_map(state, h) for h in body.hexes):
        return StepPlan(body, leaves=True)
    lead = body.bow if how in FORWARD else body.stern
    fresh = [h for h in body.hexes if h not in vessel.hexes]
    ram = ""
    head_on = False
    collides: list[str] = []
    for other in state.vessels:
        if other.id == vessel.id or not other.in_action or other.id in vessel.passing:
            continue
        if vessel.creature or other.creature:
            if how in FORWARD and lead in other.hexes and other.side != vessel.side \
                    and not vessel.creature:
                ram = other.id   # a vessel may ram a monster; otherwise they share
            continue
        hit = [h for h in fresh if h in other.hexes]
        if not hit:
            continue
        if how in FORWARD and lead in hit:
            if other.side == vessel.side:
                return StepPlan(body, refused=f"{other.name} is an ally: allies do not share "
                                "hexes unless stationary, lashed or colliding",
                                rule=STACKING)
            ram = other.id
            head_on = (other.body.bow == body.bow
                       and other.body.facing == turned(body.facing, 3))
        else:
            collides.append(other.id)
    return StepPlan(body, ram=ram, head_on=head_on, collides=tuple(collides))


def shifted(vessel: Vessel, turn: int) -> Body:
    """Sailing Movement: a vessel facing into the wind shifts her bow into the hex beside it
    to port (``turn`` -1) or starboard (1), her facing turned a hex side: she pivots on the
    hex behind her bow (a three-hex vessel's middle, a two-hex vessel's stern), so the bow
    goes one hex and the rest of her falls in straight behind it. A one-hex vessel turns in
    her hex."""
    body = vessel.body
    facing = turned(body.facing, turn)
    if body.length == 1:
        return Body(body.bow, facing, 1)
    pivot = body.hexes[1]
    return Body(pivot + neighbour(Hex(0, 0), facing), facing, body.length)


def shift_open(state: AcksState, vessel: Vessel, turn: int) -> bool:
    """Whether her bow may shift that way: the new hexes all on the battlemap and none an
    ally's (Stacking on the Sea Battlemap; the project's reading)."""
    body = shifted(vessel, turn)
    allies = {h for v in state.vessels if v.side == vessel.side and v.id != vessel.id
              and v.in_action and not v.creature for h in v.hexes}
    return all(on_map(state, h) for h in body.hexes) and not allies & set(body.hexes)


def gap(a: Vessel, b: Vessel) -> int:
    from ahoy_tui.engine.hexgrid import distance

    return min(distance(x, y) for x in a.hexes for y in b.hexes)


def closer(state: AcksState, mover: Vessel, toward: Vessel) -> Body:
    """The body one hex nearer ``toward``, facing unchanged (a winch, a drag): never off the
    battlemap nor into an ally's hexes (she stays where she is if nothing nearer is open)."""
    from ahoy_tui.engine.hexgrid import distance

    best = mover.body
    best_gap = gap(mover, toward)
    allies = {h for v in state.vessels if v.side == mover.side and v.id != mover.id
              and v.in_action and not v.creature for h in v.hexes}
    for f in range(6):
        step_hex = neighbour(Hex(0, 0), f)
        body = Body(mover.body.bow + step_hex, mover.body.facing, mover.body.length)
        if not all(on_map(state, h) for h in body.hexes) or allies & set(body.hexes):
            continue
        g = min(distance(x, y) for x in body.hexes for y in toward.hexes)
        if g < best_gap:
            best, best_gap = body, g
    return best
