"""Ranges and arcs on the sea battlemap, in hexes (60' each): the tape measure (``measure``,
``tape_origins``) and the line on every enemy's sheet while a vessel is selected
(``bearings``). Each says which of her engines reach the hex, in which band of their range,
and whether the hex lies in the mount's arc; and the band of the Missile Weapon Range by Hex
her marines' volley would shoot in, with the crew-size rule (a troop formation of 60-239 shot
at to long range without penalty, and so on). Nothing on open water blocks a shot in these
rules: only the arc and the range do."""

from __future__ import annotations

from attrs import frozen

from ahoy_tui.engine.hexgrid import Hex, distance, in_arc
from ahoy_tui.engine.hexscene import HexLine
from ahoy_tui.rules.acks import fire
from ahoy_tui.rules.acks import tables as tbl
from ahoy_tui.rules.acks.model import AcksState, Piece, Vessel
from ahoy_tui.rules.acks.tables import tables

FEET = 60
MISSILE_BANDS = ("short", "medium", "long", "double long")


@frozen
class HexTape:
    """The tape on the hex battlemap: from a vessel (or one of her pieces) to a hex, the hexes
    between, and what it means, in one line."""

    start: Hex
    end: Hex
    hexes: int
    words: str
    target: str = ""       # the vessel or monster in the end hex
    in_line: bool | None = None   # from a piece: whether the hex lies in its arc
    blocked: tuple[str, ...] = ()

    def thread(self) -> HexLine:
        return HexLine(self.start, self.end, "tape")


def piece_name(piece: Piece) -> str:
    return f"{tables().piece(piece.kind).name} ({piece.mount})"


def tape_origins(state: AcksState, vessel_id: str) -> tuple[tuple[str | None, str], ...]:
    """Her hull, then each artillery piece aboard."""
    vessel = state.vessel(vessel_id)
    return ((None, vessel.name),
            *((p.id, f"{vessel.name}'s {piece_name(p)}") for p in vessel.pieces))


def _hexes(n: int) -> str:
    return f"{n} hex{'es' * (n != 1)} ({n * FEET}')"


def piece_reach(vessel: Vessel, piece: Piece, hexes: tuple[Hex, ...]) -> str:
    """Whether a piece reaches any of ``hexes``: in its arc, and the band it is in."""
    origin = fire.mount_hex(vessel, piece)
    span = min(distance(origin, h) for h in hexes)
    arc = any(h == origin or in_arc(origin, vessel.body.facing, h, piece.mount)
              for h in hexes)
    band = fire.band(piece, span)
    name = piece_name(piece)
    if not arc:
        return f"{name} out of arc"
    if band is None:
        return f"{name} beyond long range"
    mod = tables()["attack"]["range_mod"][band]
    return f"{name} {band}{f' ({mod:+d})' if mod else ''}"


def missile_band(vessel: Vessel, span: int) -> str | None:
    """The column of the Missile Weapon Range by Hex her marines' weapon shoots in at
    ``span`` hexes, or None beyond its double long range."""
    if not vessel.missile:
        return None
    for name, (low, high) in zip(MISSILE_BANDS, tables()["missile"][vessel.missile],
                                 strict=True):
        if low <= span <= high:
            return name
    return None


def volley_words(vessel: Vessel, target: Vessel | None, span: int) -> str:
    """Her marines' volley at ``span`` hexes: the band, and at a crew the troop formation's
    reach and the penalty that leaves."""
    if not vessel.missile or fire.shooters(vessel) <= 0:
        return ""
    weapon = vessel.missile.replace("_", " ")
    band = missile_band(vessel, span)
    if target is None:
        return f"{weapon}s {band}" if band else f"{weapon}s out of range"
    penalty = fire.volley_penalty(vessel, target)
    if penalty is None:
        return f"{weapon}s out of range{f' ({band})' if band else ''}"
    reach = "" if target.creature else f", a crew of {target.crew}: {tbl.crew_reach(target.crew)}"
    return f"{weapon}s {band or 'beyond'}{reach} ({penalty:+d})"


def sharing(state: AcksState, point: Hex) -> list[str]:
    """Every vessel and monster in a hex two or more share (boarding, collisions, ramming
    put enemies in one hex: Stacking), in words for the tape; nothing for a hex with one."""
    here = [v for v in state.vessels if v.in_action and point in v.hexes]
    if len(here) < 2:
        return []

    def who(v: Vessel) -> str:
        notes = [state.side_name(v.side)]
        if not v.afloat:
            notes.append(v.status.value)
        if v.creature and v.submerged:
            notes.append("submerged")
        return f"{v.name} ({', '.join(notes)})"

    return ["in this hex: " + ", ".join(who(v) for v in here)]


def measure(state: AcksState, vessel_id: str, origin: str | None, point: Hex) -> HexTape:
    """The tape from her (the nearest of her hexes) or one of her pieces to a hex."""
    vessel = state.vessel(vessel_id)
    target = next((v for v in state.vessels if v.id != vessel_id and v.in_action
                   and point in v.hexes), None)
    here = sharing(state, point)
    piece = next((p for p in vessel.pieces if p.id == origin), None) if origin else None
    if piece is not None:
        start = fire.mount_hex(vessel, piece)
        span = distance(start, point)
        words = [f"{_hexes(span)} to {target.name if target else 'here'}", *here,
                 piece_reach(vessel, piece, (point,))]
        inside = point == start or in_arc(start, vessel.body.facing, point, piece.mount)
        return HexTape(start, point, span, " · ".join(words), target.id if target else "",
                       inside)
    start = min(vessel.hexes, key=lambda h: distance(h, point))
    span = distance(start, point)
    words = [f"{_hexes(span)} to {target.name if target else 'here'}", *here]
    reaching = [piece_reach(vessel, p, (point,)) for p in vessel.pieces]
    words += [w for w in reaching if "out of arc" not in w and "beyond" not in w] or \
        (["no engine reaches"] if vessel.pieces else [])
    volley = volley_words(vessel, target, span)
    if volley:
        words.append(volley)
    if span <= 1 and target is not None and not target.creature:
        words.append("a grappling line reaches" + (" (-2)" if span == 0 else " (-5)"))
    words.append("nothing blocks on open water")
    return HexTape(start, point, span, " · ".join(words), target.id if target else "")


def bearings(state: AcksState, vessel_id: str) -> dict[str, str]:
    """For each enemy vessel or monster in the fight: hexes from her, and which of her engines
    (in their arcs and bands) and her marines' volley reach her."""
    vessel = next((v for v in state.vessels if v.id == vessel_id), None)
    if vessel is None or not vessel.in_action:
        return {}
    out: dict[str, str] = {}
    for other in state.vessels:
        if other.side == vessel.side or not other.in_action:
            continue
        span = fire.reach_of(vessel, other)
        words = [f"{_hexes(span)} from {vessel.name}"]
        reaching = [piece_reach(vessel, p, other.hexes) for p in vessel.pieces]
        words += [w for w in reaching if "out of arc" not in w and "beyond" not in w]
        volley = volley_words(vessel, other, span)
        if volley:
            words.append(volley)
        if len(words) == 1:
            words.append("nothing of hers reaches")
        out[other.id] = " · ".join(words)
    return out
