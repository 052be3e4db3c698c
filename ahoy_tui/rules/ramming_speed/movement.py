"""The movement phase: every galley follows her revealed orders at once (1.0), moved by sixths
of the turn, the sides alternating, so that ships closing to ram or board meet where they
would (8.0 Phased moves). Each sixth is followed a quarter inch at a time.

Contacts found here are settled later in the turn: a ram in the ramming phase (10.0), an oar
rake at once (9.0), wreckage or the shore as a ram at -2 (23.1-23.2). A galley that touches
another any other way stops short of her.
"""

from __future__ import annotations

from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import (
    Point,
    Polygon,
    angle_between,
    hull_deg,
    on_hull_deg,
    overlap,
    ray_entry,
    unit_deg,
)
from ahoy_tui.rules.ramming_speed.helm import (
    energy_cost,
    full_distance,
    radius,
    track,
)
from ahoy_tui.rules.ramming_speed.model import (
    Band,
    Contact,
    Galley,
    RSState,
    ShipOrders,
    Status,
)
from ahoy_tui.rules.ramming_speed.tables import tables

PHASED = "8.0 Phased moves"
OAR_RAKING = "9.0 Oar raking"
RAMMING = "10.0 Ramming"
ENERGY = "5.1 Energy"
GRAPPLING = "14.1 Grappling"
ACCIDENT = "23.1 Accidental ramming"
SIXTHS = 6
OAR_ZONE = 0.3  # the oars run from 0.3 of her length forward of the centre to 0.3 aft


def bow_tip(x: float, y: float, h: float, length: float) -> tuple[float, float]:
    return on_hull_deg(x, y, h, length / 2, 0.0)


def bow_strikes(me: Galley, pose: tuple[float, float, float], theirs: Polygon) -> bool:
    """Whether her bow is what touches ``theirs`` (10.0): the fore part of her hull, as long as
    she is broad (the project's reading), overlaps it and nothing of her aft of that does. At
    any angle of attack but square on, a corner of her bow touches first, so the bow's tip
    alone would miss every ram but the perpendicular."""
    x, y, h = pose
    fore = me.beam
    bx, by = on_hull_deg(x, y, h, (me.length - fore) / 2, 0.0)
    ax, ay = on_hull_deg(x, y, h, -fore / 2, 0.0)
    bow = hull_deg(bx, by, h, fore, me.beam)
    aft = hull_deg(ax, ay, h, me.length - fore, me.beam)
    return overlap(bow, theirs) and not overlap(aft, theirs)


def ram_point(tip: Point, heading: float, theirs: Polygon) -> Point:
    """Where her ram strikes (10.1): her centre line carried on from the bow's tip to the
    other's hull (a corner of her bow may touch first, the tip a little short of the side);
    the tip itself if that line misses."""
    direction = unit_deg(heading)
    entry = ray_entry(tip, direction, theirs)
    if entry is None:
        return tip
    d = entry[0]
    return tip[0] + direction[0] * d, tip[1] + direction[1] * d


def local(ship_pose: tuple[float, float, float], point: tuple[float, float]) -> tuple[float,
                                                                                     float]:
    """A point in a galley's own frame: (along toward the bow, across toward starboard)."""
    x, y, h = ship_pose
    fx, fy = unit_deg(h)
    dx, dy = point[0] - x, point[1] - y
    return dx * fx + dy * fy, -dx * fy + dy * fx


def zone_of(length: float, along: float) -> str:
    """Where on her side a ram strikes (10.1): the bow, among the oars, or the rear."""
    if along > OAR_ZONE * length:
        return "bow"
    if along < -OAR_ZONE * length:
        return "rear"
    return "oars"


def oar_section_at(length: float, along: float, sections: int = 5) -> int | None:
    """Which of her oar sections (0 aftmost) is beside ``along``, if any."""
    span = 2 * OAR_ZONE * length
    at = along + OAR_ZONE * length
    if at < 0 or at > span:
        return None
    return min(sections - 1, int(at / span * sections))


def attack_angle(rammer: float, victim: float) -> float:
    """The angle between the rammer's course and the victim's centre line, 0-90 (10.2)."""
    a = angle_between(rammer, victim)
    return min(a, 180 - a)


def move_all(state: RSState, orders: dict[str, ShipOrders],
             events: list[Event]) -> RSState:
    """Move every galley afloat by her orders; returns the state with the turn's contacts."""
    ships = {s.id: s for s in state.ships if s.afloat}
    plans: dict[str, list[tuple[float, float, float]]] = {}
    rakes: set[str] = set()
    moving: set[str] = set()
    freed: dict[str, str] = {}
    for ship in ships.values():
        order = orders[ship.id]
        band = order.band
        cost = energy_cost(band)
        changes: dict[str, object] = {"band": band, "energy": max(0, ship.energy - cost)}
        if ship.embedded is not None and band is Band.BACKING:
            freed[ship.id] = ship.embedded
            changes["embedded"] = None
            events.append(Happened("freed", f"{ship.name} backs water and draws her ram out",
                                   "6.0 Speed", side=ship.side, ship=ship.id))
        ships[ship.id] = replace(ship, **changes)
        if order.moves and full_distance(state, ship, band) > 0:
            plans[ship.id] = track(ship, band, order.moves, radius(state, ship, band))
            moving.add(ship.id)
        if order.rake:
            rakes.add(ship.id)
    grapples = []
    for g in state.grapples:
        if not g.holds and (g.by in moving or g.to in moving):
            events.append(Happened("line_snaps", f"The single line between {ships[g.by].name} "
                                   f"and {ships[g.to].name} snaps", GRAPPLING))
            continue
        grapples.append(g)
    poses = {sid: (s.x, s.y, s.heading) for sid, s in ships.items()}
    index = {sid: 0 for sid in plans}
    stopped: set[str] = set()
    contacts: list[Contact] = []
    raking: dict[str, str] = {}
    smashed: dict[tuple[str, int], set[int]] = {}
    passing: dict[str, set[str]] = {sid: {other} for sid, other in freed.items()}
    for sid, other in freed.items():
        passing.setdefault(other, set()).add(sid)
    afloat = list(ships.values())
    for i, a in enumerate(afloat):  # hulls crossed by last turn's rake part without a blow
        for b in afloat[i + 1:]:
            if overlap(a.outline, b.outline):
                passing.setdefault(a.id, set()).add(b.id)
                passing.setdefault(b.id, set()).add(a.id)
    # wreckage a hull already lies in at the start of the move (the galley she was alongside,
    # or had her ram in, sank there) she works clear of without a blow: only wreckage she
    # comes into contact with strikes her (23.1; reading R40)
    in_wreck = {sid: {i for i, w in enumerate(state.wrecks) if overlap(s.outline, w.outline)}
                for sid, s in ships.items() if sid in plans and state.wrecks}
    rake_side: dict[str, int] = {}
    order_sides = [s for s, _ in state.sides]
    for sixth in range(1, SIXTHS + 1):
        sides = order_sides if sixth % 2 else list(reversed(order_sides))
        for side in sides:
            for sid in [s for s in plans if ships[s].side == side]:
                plan = plans[sid]
                goal = (len(plan) - 1) * sixth // SIXTHS
                while index[sid] < goal and sid not in stopped:
                    nxt = plan[index[sid] + 1]
                    hit = _contact(state, ships, poses, sid, nxt, passing, rakes, raking,
                                   in_wreck.get(sid, set()))
                    if hit == "rake" or (hit is None and sid in raking):
                        # 9.0: she sweeps on along his side, smashing every oar her bow meets
                        _mark_rake(ships, poses, sid, nxt, raking[sid], smashed, rake_side)
                    elif hit is not None:
                        _stop(ships, poses, sid, hit, contacts, stopped, plans, index, events)
                        break
                    index[sid] += 1
                    poses[sid] = nxt
                    if not _on_table(state, nxt):
                        ships[sid] = replace(ships[sid], status=Status.GONE)
                        stopped.add(sid)
                        events.append(Happened("left", f"{ships[sid].name} leaves the table",
                                               PHASED, side=ships[sid].side, ship=sid, big=True))
                        break
    out = []
    tracks = []
    for ship in state.ships:
        if ship.id not in ships:
            out.append(ship)
            continue
        s = ships[ship.id]
        x, y, h = poses[ship.id]
        if ship.id in plans:
            tracks.append((ship.id, tuple((px, py) for px, py, _ in
                                          plans[ship.id][:index[ship.id] + 1])))
        out.append(replace(s, x=round(x, 3), y=round(y, 3), heading=round(h, 2)))
    state = replace(state, ships=tuple(out), grapples=tuple(grapples),
                    contacts=tuple(contacts), last_track=tuple(tracks))
    return _smash_oars(state, smashed, raking, events)


def _on_table(state: RSState, pose: tuple[float, float, float]) -> bool:
    x, y, _ = pose
    return 0.0 <= x <= state.width and 0.0 <= y <= state.height


def _contact(state: RSState, ships: dict[str, Galley],
             poses: dict[str, tuple[float, float, float]], sid: str,
             nxt: tuple[float, float, float], passing: dict[str, set[str]],
             rakes: set[str], raking: dict[str, str],
             clearing: set[int] | None = None) -> Contact | str | None:
    """What the galley ``sid`` meets stepping to ``nxt``: a Contact (she stops), "rake" (she
    sweeps on along an enemy's oars), or None. ``clearing``: the wrecks (by their place in
    the state's list) she lay in at the start of the move and is working clear of."""
    me = ships[sid]
    hull = hull_deg(nxt[0], nxt[1], nxt[2], me.length, me.beam)
    tip = bow_tip(nxt[0], nxt[1], nxt[2], me.length)
    for oid, other in ships.items():
        if oid == sid or not other.afloat or oid in passing.get(sid, ()):
            continue
        ox, oy, oh = poses[oid]
        if abs(ox - nxt[0]) + abs(oy - nxt[1]) > me.length + other.length + 2:
            continue
        theirs = hull_deg(ox, oy, oh, other.length, other.beam)
        if not overlap(hull, theirs):
            continue
        angle = attack_angle(nxt[2], oh)
        bow_first = me.band is not Band.BACKING and bow_strikes(me, nxt, theirs)
        if bow_first and sid in rakes and angle <= tables()["ram"]["rake_angle"] \
                and other.side != me.side:
            raking[sid] = oid
            passing.setdefault(sid, set()).add(oid)
            return "rake"
        if bow_first and not me.withdrawing:
            along, across = local((ox, oy, oh), ram_point(tip, nxt[2], theirs))
            return Contact(sid, oid, round(angle, 1), me.band, zone_of(other.length, along),
                           1 if across > 0 else 0)
        return Contact(sid, oid, round(angle, 1), me.band, "touch")
    for i, wreck in enumerate(state.wrecks):
        if (not clearing or i not in clearing) and overlap(hull, wreck.outline):
            return Contact(sid, None, 90.0, me.band, "wreckage", accident=True)
    for shore in state.shores:
        if overlap(hull, shore.points):
            return Contact(sid, None, 90.0, me.band, "shore", accident=True)
    return None


def _stop(ships: dict[str, Galley], poses: dict[str, tuple[float, float, float]], sid: str,
          hit: Contact, contacts: list[Contact], stopped: set[str],
          plans: dict[str, list[tuple[float, float, float]]], index: dict[str, int],
          events: list[Event]) -> None:
    """She stops where she touched; a ram stops her victim too (6.0: brought to a sudden
    halt) and leaves her ram in him."""
    me = ships[sid]
    stopped.add(sid)
    if hit.zone == "touch":
        other = ships[hit.victim] if hit.victim else None
        events.append(Happened("touch", f"{me.name} comes alongside {other.name if other else ''}"
                               .rstrip(), PHASED, side=me.side, ship=sid))
        return
    contacts.append(hit)
    if hit.accident:
        events.append(Happened("accident", f"{me.name} strikes the {hit.zone}!", ACCIDENT,
                               side=me.side, ship=sid, big=True))
        ships[sid] = replace(me, band=Band.HOVE_TO)
        return
    assert hit.victim is not None
    victim = ships[hit.victim]
    ships[sid] = replace(me, band=Band.HOVE_TO, embedded=victim.id)
    ships[victim.id] = replace(victim, band=Band.HOVE_TO)
    if victim.id in plans:
        stopped.add(victim.id)
    events.append(Happened("ram", f"{me.name} rams {victim.name} at {hit.angle:.0f}°, "
                           f"{hit.band.words}, {_zone_words(hit.zone)}", RAMMING,
                           side=me.side, ship=sid, big=True))


def _zone_words(zone: str) -> str:
    return {"bow": "in the bow", "oars": "among the oars", "rear": "in the rear"}.get(zone, zone)


def _mark_rake(ships: dict[str, Galley], poses: dict[str, tuple[float, float, float]], sid: str,
               nxt: tuple[float, float, float], victim: str,
               smashed: dict[tuple[str, int], set[int]], rake_side: dict[str, int]) -> None:
    """Oars her bow comes within half an inch of their rowlocks are smashed (9.0): on the side
    she first struck, every section her bow passes as she sweeps on."""
    other = ships[victim]
    tip = bow_tip(nxt[0], nxt[1], nxt[2], ships[sid].length)
    along, across = local(poses[victim], tip)
    side = rake_side.setdefault(sid, 1 if across > 0 else 0)
    reach = other.beam / 2 + tables()["ram"]["rake_reach"]
    if abs(across) > reach or (1 if across > 0 else 0) != side:
        return
    section = oar_section_at(other.length, along, other.full_oars or 5)
    if section is not None:
        smashed.setdefault((victim, side), set()).add(section)


def _smash_oars(state: RSState, smashed: dict[tuple[str, int], set[int]],
                raking: dict[str, str], events: list[Event]) -> RSState:
    for (victim, side), sections in sorted(smashed.items()):
        ship = state.ship(victim)
        oars = list(ship.oars)
        lost = min(len(sections), oars[side])
        oars[side] -= lost
        raker = next((state.ship(r).name for r, v in raking.items() if v == victim), "")
        events.append(Happened("oar_rake", f"{raker} rakes {ship.name}'s "
                               f"{'starboard' if side else 'port'} oars: {lost} section"
                               f"{'s' if lost != 1 else ''} smashed", OAR_RAKING,
                               side=ship.side, ship=victim, big=True))
        state = state.with_ship(replace(ship, oars=(oars[0], oars[1])))
    return state
