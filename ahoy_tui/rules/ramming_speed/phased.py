"""The last move seen sixth by sixth (8.0 Phased moves), for the screens: where each galley
stood at the start of the move and at the end of every sixth, worked out from the state after
it (each galley's course rowed, ``RSState.last_track``, and the orders revealed,
``RSState.written``). Nothing is stored for it: the state is the move's record.

In ``movement.move_all`` a galley whose plan has ``n`` quarter inches stands, at the end of
sixth ``k``, at quarter inch ``n * k // 6`` of it, or where a contact stopped her if that came
first; her course rowed is her plan up to where she stopped. ``n`` is four a letter of her
orders; a galley that had none written (she carried on, or withdrew, 22.5) moved the full
distance of her band (6.3), so hers is that, read in the state after the move (the project's
reading: only a galley stopped by a contact whose loads of water or oars changed in the same
turn could then be drawn a little off in the sixths before her stop).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.ramming_speed.helm import STEPS, full_distance
from ahoy_tui.rules.ramming_speed.model import Band, Galley, RSState
from ahoy_tui.rules.ramming_speed.movement import SIXTHS
from ahoy_tui.rules.scene import LineShape, Scene

Pose = tuple[float, float, float]


def _plan_steps(state: RSState, ship: Galley, points: Sequence[tuple[float, float]]) -> int:
    """The quarter inches of her whole plan (more than she rowed if a contact stopped her)."""
    written = {o.ship: o for _, sheet in state.written for o in sheet.ships}
    order = written.get(ship.id)
    if order is not None and order.moves:
        steps = len(order.moves) * STEPS
    else:
        steps = full_distance(state, ship, ship.band) * STEPS
    return max(steps, len(points) - 1)


def _heading(ship: Galley, points: Sequence[tuple[float, float]], i: int) -> float:
    """Her heading at quarter inch ``i``: along her course there (astern first backing water),
    her own at its end."""
    if i >= len(points) - 1:
        return ship.heading
    (ax, ay), (bx, by) = points[max(0, i - 1)], points[max(1, i)]
    heading = math.degrees(math.atan2(bx - ax, -(by - ay))) % 360  # 0 north, clockwise
    return (heading + 180) % 360 if ship.band is Band.BACKING else heading


def poses(state: RSState) -> dict[str, tuple[tuple[Pose, int], ...]]:
    """Each galley that rowed last turn: (her pose, quarter inches rowed) at the start (0) and
    at the end of each sixth (1-6)."""
    out: dict[str, tuple[tuple[Pose, int], ...]] = {}
    ships = {s.id: s for s in state.ships}
    for ship_id, points in state.last_track:
        ship = ships.get(ship_id)
        if ship is None or len(points) < 2:
            continue
        steps = _plan_steps(state, ship, points)
        sixths = []
        for k in range(SIXTHS + 1):
            i = min(steps * k // SIXTHS, len(points) - 1)
            x, y = points[i]
            if i == len(points) - 1:
                x, y = ship.x, ship.y
            sixths.append(((x, y, _heading(ship, points, i)), i))
        out[ship_id] = tuple(sixths)
    return out


def sixths(state: RSState) -> int:
    """How many sixths the last move may be seen in: 6, or 0 when no galley rowed."""
    return SIXTHS if poses(state) else 0


def phased_scene(state: RSState, selected: str | None, sixth: int) -> Scene:
    """The table as it stood at the end of ``sixth`` of the last move (0: before it): every
    galley that rowed where she was then, her course rowed so far; the rest as now."""
    from ahoy_tui.rules.ramming_speed import view

    sixth = max(0, min(SIXTHS, sixth))
    at = {sid: steps[sixth] for sid, steps in poses(state).items()}
    base = view.scene(state, selected)
    named = view.labels(state)
    crewed = {m.ship for m in state.men if m.aboard == m.ship}
    hulls = []
    for hull in base.hulls:
        if hull.ship in at:
            continue
        hulls.append(hull)
    for ship_id, ((x, y, h), _) in at.items():
        ship = replace(state.ship(ship_id), x=x, y=y, heading=h)
        hulls.append(view.hull_of(ship, named[ship_id], hulk=ship.id not in crewed))
    lines = []
    for line in base.lines:
        if line.kind == "track" and line.ship in at:
            rowed = at[line.ship][1]
            path = line.path[:rowed + 1]
            if len(path) > 1:
                lines.append(LineShape("track", path[0], 0, view.path_length(path), (),
                                       ship=line.ship, path=path, side=line.side))
            continue
        if line.kind == "tow" and sixth < SIXTHS:
            continue  # lines thrown after the move
        lines.append(line)
    return replace(base, hulls=tuple(hulls), lines=tuple(lines))
