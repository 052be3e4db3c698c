"""How far each enemy lies from a galley, where she bears from her bow, and what reaches her:
the archers' short and long range (18.1), the engines' bands (19.1, 20.0), grappling lines
(14.0); the ``bearings`` hook, a line on every other galley's log sheet while one is
selected."""

from __future__ import annotations

from collections.abc import Callable

from ahoy_tui.engine.geometry import bearing_deg, distance, point_distance
from ahoy_tui.rules.ramming_speed import archery
from ahoy_tui.rules.ramming_speed.model import Galley, RSState
from ahoy_tui.rules.ramming_speed.tables import tables


def quarter(relative: float) -> str:
    """Where a bearing lies from her bow (degrees clockwise from it)."""
    r = relative % 360
    side = "starboard" if r < 180 else "port"
    off = r if r < 180 else 360 - r
    if off <= 22.5:
        return "dead ahead"
    if off < 67.5:
        return f"off her {side} bow"
    if off <= 112.5:
        return f"abeam to {side}"
    if off < 157.5:
        return f"on her {side} quarter"
    return "astern"


def shooters_reaching(state: RSState, ship: Galley,
                      span_from: Callable[[tuple[float, float]], float]) -> list[str]:
    """Which of her shooters reach a mark, in which band: her archers (short or long, 18.1)
    and each manned engine (its band's number, 19.1, 20.0); ``span_from`` gives the inches from
    where a section's men stand to the mark (a galley's nearest part, or a point)."""
    rules = tables()
    words: list[str] = []
    bows = archery.archers(state, ship)
    if bows:
        span = min(span_from(archery.place_of(ship, m.section)) for m in bows)
        arch = rules["archery"]
        if span <= arch["short"]:
            words.append(f"archers short ({arch['hit_short']}+)")
        elif span <= arch["range"]:
            words.append(f"archers long ({arch['hit_long']}+)")
    for engine, _crew in archery.manned(state, ship):
        table = rules[engine.kind]
        span = span_from(archery.place_of(ship, engine.section))
        if span <= table["range"]:
            need = next(b["hit"] for b in table["bands"] if span <= b["upto"])
            name = "bolt thrower" if engine.kind == "bolt" else "stone thrower"
            words.append(f"{name} {need}+")
    return words


def bearings(state: RSState, ship_id: str) -> dict[str, str]:
    """For each enemy galley afloat: inches hull to hull, where she bears, and which of her
    shooters (and grapples) reach her, in which band."""
    ship = next((s for s in state.ships if s.id == ship_id), None)
    if ship is None or not ship.afloat:
        return {}
    rules = tables()
    out: dict[str, str] = {}
    for other in state.ships:
        if other.side == ship.side or not other.afloat:
            continue
        gap = distance(ship.outline, other.outline)
        where = quarter(bearing_deg(ship.centre, other.centre) - ship.heading)
        words = [f"{gap:.1f}\" from {ship.name}, {where}"]
        words += shooters_reaching(state, ship,
                                   lambda at, hull=other.outline: point_distance(at, hull))
        if gap <= rules["grapple"]["reach"]:
            words.append("within grappling reach")
        if len(words) == 1:
            words.append("out of range")
        out[other.id] = " · ".join(words)
    return out
