"""What an ACKS II captain reads off the battlemap from his side's view: who is still in the
fight, who has yet to move this round and how far, how far a vessel can go next round, where
her bow can reach (reach tables worked out once for each length of hull and way of steering),
and the edges.

Reach tables: a vessel's bow is at the origin facing north; a breadth-first walk of her
steps (ahead, or a turn into the hex beside the bow, one turn per hex of length) gives the
fewest hexes she must move for her bow to enter each hex around her. Turned and shifted to any
vessel's bow and facing, the table answers "can she ram that hull this move?" without
following a single track.
"""

from __future__ import annotations

from functools import cache, lru_cache

from ahoy_tui.engine.hexgrid import STEPS, Body, Hex, distance
from ahoy_tui.rules.acks import helm
from ahoy_tui.rules.acks.model import AcksState, Phase, Vessel
from ahoy_tui.rules.acks.tables import hexes_moved

DEPTH = 10           # the reach tables look this many hexes ahead
FAR = 99             # "not within the table"
FREE = 99            # turns allowed to a captain steering all round


@lru_cache(maxsize=1 << 16)
def hexes_of(body: Body) -> tuple[Hex, ...]:
    """A body's hexes (worked out once for each place and facing)."""
    return body.hexes


def enemies(view: AcksState, side: str) -> list[Vessel]:
    """Enemy vessels and monsters still afloat (the ones worth striking)."""
    return [v for v in view.vessels if v.side != side and v.afloat]


def friends(view: AcksState, vessel: Vessel) -> list[Vessel]:
    return [v for v in view.vessels if v.side == vessel.side and v.afloat and v.id != vessel.id]


def side_afloat(view: AcksState, side: str) -> list[Vessel]:
    return [v for v in view.vessels if v.side == side and v.afloat]


def other(side: str) -> str:
    return "p2" if side == "p1" else "p1"


def gap(a_hexes: tuple[Hex, ...], b_hexes: tuple[Hex, ...]) -> int:
    return min(distance(x, y) for x in a_hexes for y in b_hexes)


# --- who moves, and how far ------------------------------------------------------------------

def to_move(view: AcksState, vessel: Vessel) -> int:
    """Hexes she has still to move this round on a count yet to come (0 if she has moved, is
    halted, or the round's initiative is not rolled yet)."""
    if view.phase is not Phase.COUNTS or not vessel.afloat or vessel.halted:
        return 0
    role = "monster" if vessel.creature else "captain"
    actor = next((a for a in view.actors if a.vessel == vessel.id and a.role == role), None)
    if actor is None or actor.done or actor.total > view.count:
        return 0
    return max(0, vessel.hexes_due - vessel.moved)


def top_speed(view: AcksState, vessel: Vessel) -> int:
    """The fastest she could declare next round, in feet."""
    if vessel.creature:
        return helm.max_speed(vessel, "swim", view.wind)
    if vessel.sails:
        return helm.max_speed(vessel, "sail", view.wind)
    if vessel.must_backwater and not vessel.creature:
        return helm.max_speed(vessel, "backwater", view.wind)
    return max(helm.max_speed(vessel, "oar", view.wind), 0)


def next_reach(view: AcksState, vessel: Vessel) -> int:
    """Hexes she may make next round at her fastest (a half hex counted up)."""
    if vessel.must_backwater and not vessel.creature:
        return 0
    return hexes_moved(top_speed(view, vessel), 6, helm.fast(vessel, view.wind))


def declared_reach(view: AcksState, vessel: Vessel) -> int:
    """Hexes she will make this round by her declaration if she has made it (a half hex
    counted up), else at her fastest."""
    d = vessel.declared
    if d is None:
        return next_reach(view, vessel)
    if d.mode in ("backwater", "raise", "lower") and not vessel.creature:
        return 0
    return hexes_moved(d.speed, 6, helm.fast(vessel, view.wind))


def steering(vessel: Vessel) -> int:
    """Turns she may make in a move: all her length allows with the captain steering all
    round; one if he is down."""
    return 1 if vessel.captain_down else FREE


# --- the reach tables ------------------------------------------------------------------------

def rotate_ccw(q: int, r: int, times: int) -> tuple[int, int]:
    for _ in range(times % 6):
        q, r = q + r, -q
    return q, r


def relative(body_bow: Hex, facing: int, h: Hex) -> tuple[int, int]:
    """``h`` as seen from a bow at ``body_bow`` facing ``facing``: turned so she faces north."""
    return rotate_ccw(h.q - body_bow.q, h.r - body_bow.r, facing)


@cache
def reach_table(length: int, turns: int, straight: int = 99) -> dict[tuple[int, int], int]:
    """The fewest hexes a vessel ``length`` hexes long, allowed ``turns`` turns, having gone
    ``straight`` hexes ahead since her last turn, must go for her bow to enter each hex near
    her."""
    best: dict[tuple[int, int], int] = {}
    cap = length - 1
    start = (0, 0, 0, min(cap, straight), 0)      # q, r, facing, straight (capped), turns used
    layer = {start}
    seen = {start}
    for depth in range(1, DEPTH + 1):
        nxt = set()
        for q, r, f, ahead, used in layer:
            options = [(f, min(cap, ahead + 1), used)]
            if ahead >= cap and used < turns:
                options += [((f + 5) % 6, 0, used + 1), ((f + 1) % 6, 0, used + 1)]
            for nf, ns, nu in options:
                dq, dr = STEPS[nf]
                node = (q + dq, r + dr, nf, ns, min(nu, turns))
                best.setdefault((node[0], node[1]), depth)
                if node not in seen:
                    seen.add(node)
                    nxt.add(node)
        layer = nxt
    best.pop((0, 0), None)
    return best


def steps_to_hit(body: Body, turns: int, target: tuple[Hex, ...], straight: int = 99) -> int:
    """The fewest hexes a vessel lying as ``body`` (``straight`` hexes on since her last turn)
    must move for her bow to enter one of ``target``'s hexes (FAR if not within the table)."""
    table = reach_table(body.length, min(turns, FREE), min(straight, body.length - 1))
    bow, facing = body.bow, body.facing
    out = FAR
    for h in target:
        n = table.get(relative(bow, facing, h), FAR)
        if n < out:
            out = n
    return out


def approach(body: Body, turns: int, target: tuple[Hex, ...], straight: int = 99) -> int:
    """Hexes to bring her bow onto ``target``: the reach table's answer near, else the distance
    and a little for the turning."""
    n = steps_to_hit(body, turns, target, straight)
    if n < FAR:
        return n
    return min(distance(body.bow, h) for h in target) + 2


# --- the battlemap's edges -------------------------------------------------------------------

def column_row(h: Hex) -> tuple[int, int]:
    return h.q, h.r + (h.q - (h.q & 1)) // 2


def on_map(view: AcksState, h: Hex) -> bool:
    col, row = column_row(h)
    return 0 <= col < view.columns and 0 <= row < view.rows


def to_edge(view: AcksState, h: Hex, edge: str) -> int:
    """Hexes from ``h`` to just beyond the named edge (a step off the map)."""
    col, row = column_row(h)
    if edge == "W":
        return col + 1
    if edge == "E":
        return view.columns - col
    if edge == "N":
        return row + 1
    return view.rows - row


def edge_room(view: AcksState, h: Hex) -> int:
    """Hexes from ``h`` to the nearest edge."""
    return min(to_edge(view, h, e) for e in ("N", "E", "S", "W"))


def ahead_room(view: AcksState, body: Body, limit: int = 6) -> int:
    """Hexes straight ahead of her bow before the edge (at most ``limit``)."""
    h = body.bow
    dq, dr = STEPS[body.facing]
    for n in range(limit):
        h = Hex(h.q + dq, h.r + dr)
        if not on_map(view, h):
            return n
    return limit


def edge_left(view: AcksState, body: Body) -> str:
    """The edge a body lying partly off the battlemap has crossed ("" if on it)."""
    for h in body.hexes:
        col, row = column_row(h)
        if col < 0:
            return "W"
        if col >= view.columns:
            return "E"
        if row < 0:
            return "N"
        if row >= view.rows:
            return "S"
    return ""
