"""Every way a vessel can finish her move, found as the rules would play it, and the best of
them by the judge.

The search walks her steps hex by hex as ``rules.acks.movement.plan_step`` does (ahead, a turn
into the hex beside the bow when her length and her captain allow, backwatering astern; the
battlemap's edge; an enemy's hex under her bow is a ram, a friend's refuses the step, a hex of
her hull on another's a collision; a line to a heavier vessel holds her; a sailing vessel
turning into the wind halts), merging tracks that reach the same hex, facing and freedom to
turn. Moving is not optional: a move ends after all her hexes, at a ram, off the map, or
(backwatering) wherever she halts.
"""

from __future__ import annotations

from attrs import frozen

from ahoy_tui.ai.acks.judge import Judge
from ahoy_tui.ai.acks.sight import hexes_of
from ahoy_tui.engine.hexgrid import Body, Hex, turned
from ahoy_tui.rules.acks import helm
from ahoy_tui.rules.acks.grappling import weight
from ahoy_tui.rules.acks.model import AcksState, Vessel
from ahoy_tui.rules.acks.movement import BACKWARD, FORWARD, stepped

STAND = "stand"     # no step at all (a halt before moving)
STUCK = 5.0         # a rammer who halts before backwatering a hex: still stuck, in shp


@frozen
class Path:
    """One way to finish her move: its steps (with ``collide`` for each: fail the Seafaring
    throw on purpose), how it ends, its worth."""

    steps: tuple[tuple[str, bool], ...]
    end: Body
    how: str                 # end, ram, head_on, leave, halt, wind
    target: str = ""
    value: float = 0.0
    slow: float | None = None   # its worth declared below oar cruise (a ram's half damage)
    note: str = ""              # how it was chosen, when not by the judge alone

    def worth(self, slow: bool) -> float:
        return self.slow if slow and self.slow is not None else self.value

    @property
    def first(self) -> tuple[str, bool]:
        return self.steps[0] if self.steps else (STAND, False)


class Sea:
    """The other vessels as one vessel's steps meet them."""

    def __init__(self, view: AcksState, vessel: Vessel) -> None:
        self.view = view
        self.vessel = vessel
        self.others = [(o, o.hexes) for o in view.vessels if o.id != vessel.id
                       and o.in_action and o.id not in vessel.passing]
        self.held = [view.vessel(g.other(vessel.id)) for g in view.grapples
                     if g.joins(vessel.id)]
        self.held = [o for o in self.held if o.in_action]
        self.grappled = any(g.joins(vessel.id) for g in view.grapples)

    def on_map(self, h: Hex) -> bool:
        col, row = h.q, h.r + (h.q - (h.q & 1)) // 2
        return 0 <= col < self.view.columns and 0 <= row < self.view.rows

    def meet(self, old: Body, new: Body, how: str) -> tuple[str, str, bool, tuple[Vessel, ...]]:
        """(refused or "", ram target, head-on, collisions) of the step ``old`` to ``new``."""
        v = self.vessel
        lead = new.bow if how in FORWARD else new.stern
        old_hexes = hexes_of(old)
        fresh = [h for h in hexes_of(new) if h not in old_hexes]
        ram = ""
        head_on = False
        collides: list[Vessel] = []
        for o, hexes in self.others:
            if v.creature or o.creature:
                if how in FORWARD and lead in hexes and o.side != v.side and not v.creature:
                    ram = o.id
                continue
            hit = [h for h in fresh if h in hexes]
            if not hit:
                continue
            if how in FORWARD and lead in hit:
                if o.side == v.side:
                    return "ally", "", False, ()
                ram = o.id
                head_on = o.body.bow == new.bow and o.body.facing == turned(new.facing, 3)
            else:
                collides.append(o)
        return "", ram, head_on, tuple(collides)

    def hold(self, old: Body, new: Body) -> Body:
        """A line to a vessel at least as heavy keeps her from drawing away."""
        from ahoy_tui.ai.acks.sight import gap

        for o in self.held:
            if gap(hexes_of(new), o.hexes) > gap(hexes_of(old), o.hexes) and \
                    weight(self.vessel) <= weight(o):
                return old
        return new


def paths(view: AcksState, vessel: Vessel, judge: Judge, remaining: int | None = None,
          backing: bool | None = None, straight: int | None = None, turns: int | None = None,
          turns_allowed: int | None = None, sails: bool | None = None,
          every_layer: bool = False, both: bool = False) -> list[Path]:
    """Every distinct way to finish her move of ``remaining`` hexes, weighed (best first).
    ``every_layer`` also ends a track after each hex (for a declaration's speeds: the
    :attr:`Path.steps` count is the hexes moved); ``both`` weighs each ram at full and at
    slow speed (:attr:`Path.slow`)."""
    sea = Sea(view, vessel)
    d = vessel.declared
    if remaining is None:
        remaining = max(0, vessel.hexes_due - vessel.moved)
    if backing is None:
        backing = d is not None and d.mode == "backwater"
    if straight is None:
        straight = vessel.straight
    if turns is None:
        turns = vessel.turns
    if turns_allowed is None:
        turns_allowed = helm.turns_allowed(vessel)
    if sails is None:
        sails = vessel.sails
    length = vessel.body.length
    cap = length - 1
    hows = BACKWARD if backing else FORWARD
    out: list[Path] = []
    start = (vessel.body, min(straight, cap), turns)
    layer: dict[tuple[Body, int, int], tuple[tuple[tuple[str, bool], ...], float]] = {
        start: ((), 0.0)}
    if backing or remaining == 0 or every_layer:
        stuck = STUCK if backing and vessel.must_backwater and remaining else 0.0
        out.append(Path((), vessel.body, "halt" if remaining else "end",
                        value=judge.pose(vessel.body, straight) - stuck))
    for k in range(1, remaining + 1):
        nxt: dict[tuple[Body, int, int], tuple[tuple[tuple[str, bool], ...], float]] = {}
        for (body, st, used), (steps, acc) in layer.items():
            moved_any = False
            for how in hows:
                turning = how not in ("ahead", "back")
                if turning and not (used < turns_allowed and st >= cap):
                    continue
                new = stepped(body, how)
                if not all(sea.on_map(h) for h in hexes_of(new)):
                    if sea.grappled:
                        continue
                    moved_any = True
                    out.append(Path((*steps, (how, False)), new, "leave",
                                    value=acc + judge.leave(new)))
                    continue
                refused, ram, head_on, collides = sea.meet(body, new, how)
                if refused:
                    continue
                moved_any = True
                if ram:
                    target = view.vessel(ram)
                    value = acc + judge.ram(body, new, target, head_on, st=st)
                    slow = acc + judge.ram(body, new, target, head_on, 0, st) if both else None
                    out.append(Path((*steps, (how, False)), new,
                                    "head_on" if head_on else "ram", ram, value, slow))
                    continue
                step_acc = acc
                on_purpose = False
                if collides:
                    plain = judge.collide(collides, False)
                    meant = judge.collide(collides, True)
                    on_purpose = meant > plain
                    step_acc += max(plain, meant)
                new = sea.hold(body, new)
                path = (*steps, (how, on_purpose))
                ahead = 0 if turning else min(cap, st + 1)
                if sails and helm.point_of_sail(new.facing, view.wind) == 0:
                    out.append(Path(path, new, "wind", value=step_acc + judge.pose(new, ahead)))
                    continue
                node = (new, ahead, used + (1 if turning else 0))
                if k == remaining or backing or every_layer:
                    out.append(Path(path, new, "end" if k == remaining else "halt",
                                    value=step_acc + judge.pose(new, ahead)))
                if k < remaining:
                    seen = nxt.get(node)
                    if seen is None or seen[1] < step_acc:
                        nxt[node] = (path, step_acc)
            if not moved_any and k > 0 and not (backing or every_layer):
                out.append(Path(steps, body, "halt", value=acc + judge.pose(body, st)))
        layer = nxt
    out.sort(key=lambda p: -p.value)
    return out


def best_path(view: AcksState, vessel: Vessel, judge: Judge) -> Path | None:
    found = paths(view, vessel, judge)
    return found[0] if found else None
