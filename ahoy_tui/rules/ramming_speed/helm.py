"""Writing Orders (2.0-2.1), Sailing speeds (3.2), Energy (5.0-5.2), Speed (6.0-6.3), Turning
(7.0-7.1) and the quarter of a move lost to each load of water (10.7).

A galley's orders are a speed band and one letter an inch: ``S`` straight on, ``L`` or ``R``
an inch along the circumference of her turning circle. :func:`track` follows them.
"""

from __future__ import annotations

import math

from ahoy_tui.engine.geometry import angle_between, hull_deg, overlap, unit_deg
from ahoy_tui.engine.memo import KeyedMemo
from ahoy_tui.rules.ramming_speed.model import Band, Galley, RSState, Sail, ShipOrders
from ahoy_tui.rules.ramming_speed.tables import band_distance, tables

WRITING_ORDERS = "2.1 Writing orders"
SPEED = "6.0 Speed"
SPEED_TABLE = "6.3 Speed table"
ENERGY = "5.2 Energy"
TURNING = "7.0 Turning"
SAILING = "3.2 Sailing"
WATERLOGGED = "10.7 Ramming"
HELD = "14.1 Grappling"
WITHDRAWING = "22.5 Morale"
RAMMED = "10.0 Ramming"

ROWED = (Band.BACKING, Band.HOVE_TO, Band.SLOW, Band.CRUISING, Band.RAMMING)
STEPS = 4  # each inch is followed in quarters


def band_named(name: str) -> Band | None:
    try:
        return Band[name.upper().replace("-", "_")]
    except KeyError:
        return None


def sail_works(ship: Galley) -> bool:
    """Whether her sail drives her: fully up, or still coming down (3.4)."""
    return ship.sail in (Sail.UP, Sail.LOWERING)


def sail_speed(state: RSState, ship: Galley) -> int:
    """Inches a turn under sail at her heading now (3.2); 0 in a calm or too close to the wind."""
    strength = state.wind.strength
    if strength == "calm":
        return 0
    angle = angle_between(ship.heading, state.wind.toward)
    sail = tables()["sail"]
    if angle <= sail["astern_arc"]:
        return int(sail["astern"][strength])
    if angle <= sail["closest"]:
        return int(sail["beam"][strength])
    return 0


def full_distance(state: RSState, ship: Galley, band: Band) -> int:
    """Inches she must move this turn at ``band`` (6.3: the full distance), less a quarter a
    load of water aboard (10.7), rounded down."""
    if band is Band.HOVE_TO:
        return 0
    if band is Band.SAIL:
        base = sail_speed(state, ship)
    else:
        base = band_distance(band.words, ship.oar_sections)
    base = min(base, tables()["speed"]["most_moves"])
    return max(0, base * (4 - ship.loads) // 4)


def energy_cost(band: Band) -> int:
    """Energy a turn at the band (5.1)."""
    return int(tables()["energy"]["cost"].get(band.words, 0))


def held(state: RSState, ship: Galley) -> bool:
    """Whether she is held fast: two lines or a corvus (14.1, 21.2), or a ram in her or hers in
    another (10.0: only backing water frees a ram, 6.0)."""
    if grappled(state, ship) or ship.embedded is not None:
        return True
    return any(s.embedded == ship.id for s in state.ships if s.afloat)


def grappled(state: RSState, ship: Galley) -> bool:
    """Whether two lines or a corvus hold her to another galley (14.1, 21.1)."""
    return any(g.holds and ship.id in (g.by, g.to) for g in state.grapples)


_BANDS: KeyedMemo[tuple[Band, ...]] = KeyedMemo(512)


def bands_allowed(state: RSState, ship: Galley) -> tuple[Band, ...]:
    """The bands she may be ordered to this turn, remembered by what they read: the galley
    herself, the grapples and the galleys afloat (whose rams may be in her)."""
    key = (id(ship), id(state.grapples), id(state.ships))
    return _BANDS(key, (ship, state.grapples, state.ships),
                  lambda: _bands_allowed(state, ship))


def _bands_allowed(state: RSState, ship: Galley) -> tuple[Band, ...]:
    """The bands she may be ordered to this turn (6.0 one band at a time, 5.2 energy, 6.3 oars
    enough for the band, 3.2 her sail, 14.1 held fast). Held fast comes first: a galley
    grappled or rammed goes nowhere, under oars or sail."""
    if held(state, ship):
        bands = [Band.HOVE_TO]
        if ship.embedded is not None and not grappled(state, ship) and not sail_works(ship):
            bands.append(Band.BACKING)
        return tuple(bands)
    if sail_works(ship):
        return (Band.SAIL,)
    if ship.sail_only:
        return (Band.HOVE_TO,)
    # a band her oars cannot row (6.3's "--") is passed over: the next one is one band on
    rowable = tuple(b for b in ROWED
                    if b is Band.HOVE_TO or band_distance(b.words, ship.oar_sections) > 0)
    if ship.band is Band.SAIL:  # the sail just stowed: she takes up her oars
        near = tuple(b for b in rowable if Band.HOVE_TO.value <= b.value <= Band.CRUISING.value)
    else:  # the nearest band she can row below hers, hers, and the nearest above
        at = ROWED.index(ship.band)
        below = [b for b in rowable if ROWED.index(b) < at][-1:]
        above = [b for b in rowable if ROWED.index(b) > at][:1]
        near = (*below, *((ship.band,) if ship.band in rowable else ()), *above)
    out = [band for band in near
           if band not in (Band.CRUISING, Band.RAMMING) or ship.energy >= energy_cost(band)]
    # spent rowers at speed come down to slow at once (5.2), if she can row slow at all
    slowest = [b for b in rowable if Band.HOVE_TO.value <= b.value <= Band.SLOW.value][-1:]
    return tuple(out) or tuple(slowest)


def grade(state: RSState, ship: Galley, band: Band) -> str:
    """Her turning circle (7.0-7.1): by band, one grade larger with no sailor at the helm, two
    larger with both rudders gone."""
    turning = tables()["turning"]
    grades = turning["grades"]
    at = grades.index(turning["band"].get(band.words, "A"))
    if band is not Band.SAIL and not any(ship.rudders):
        at += turning["no_rudders"]
    if not sailor_at_helm(state, ship):
        at += turning["no_sailor_at_helm"]
    return str(grades[min(at, len(grades) - 1)])


def radius(state: RSState, ship: Galley, band: Band) -> float:
    return float(tables()["turning"]["radius"][grade(state, ship, band)])


def sailor_at_helm(state: RSState, ship: Galley) -> bool:
    """A fit sailor of hers aboard her to take the helm (7.1); a rescued swimmer only once he
    has recovered (12.2)."""
    return any(m.rank == "sailor" and m.aboard == ship.id and m.ship == ship.id
               and not m.wounded(state.turn) and m.rested <= state.turn for m in state.men)


Pose = tuple[float, float, float]  # x, y, heading


def track(ship: Galley, band: Band, moves: str, circle: float) -> list[Pose]:
    """Where the orders take her: her pose at the start and after every quarter inch."""
    x, y, h = ship.x, ship.y, ship.heading
    poses: list[Pose] = [(x, y, h)]
    back = band is Band.BACKING
    step = 1.0 / STEPS
    turn = math.degrees(step / circle)
    for letter in moves:
        dh = -turn if letter == "L" else turn if letter == "R" else 0.0
        for _ in range(STEPS):
            ux, uy = unit_deg(h + dh / 2)
            if back:
                ux, uy = -ux, -uy
            x, y, h = x + ux * step, y + uy * step, (h + dh) % 360
            poses.append((round(x, 4), round(y, 4), round(h, 4)))
    return poses


def problem(state: RSState, ship: Galley, band: Band | None, moves: str) -> tuple[str, str]:
    """Why these orders cannot be written for her, as (rule, reason); ("", "") if they can."""
    if band is None:
        return SPEED, "the bands are backing, hove-to, slow, cruising, ramming and sail"
    if ship.withdrawing:
        return WITHDRAWING, f"{ship.name} is withdrawing: she heads home by the easiest route"
    allowed = bands_allowed(state, ship)
    if band not in allowed:
        words = ", ".join(b.words for b in allowed)
        if grappled(state, ship):
            return HELD, f"{ship.name} is held fast: she may only be {words}"
        if ship.embedded is not None:
            return SPEED, (f"{ship.name}'s ram is fast in {state.ship(ship.embedded).name}: "
                           f"only backing water draws it out ({words})")
        if held(state, ship):
            return RAMMED, f"a ram is fast in {ship.name}: she may only be {words}"
        if band is Band.SAIL or sail_works(ship):
            return SAILING, f"{ship.name} may be ordered {words} (her sail is {ship.sail.value})"
        if band in (Band.CRUISING, Band.RAMMING) and ship.energy < energy_cost(band):
            return ENERGY, f"{ship.name}'s rowers have {ship.energy} energy left"
        return SPEED, (f"speed changes one band a turn: {ship.name} is {ship.band.words}, "
                       f"so {words}")
    if any(c not in "SLR" for c in moves):
        return WRITING_ORDERS, "orders are one letter an inch: S, L or R"
    need = full_distance(state, ship, band)
    if len(moves) != need:
        return SPEED_TABLE, (f"{ship.name} must move the full {need}\" of {band.words} "
                             f"(written: {len(moves)}\")")
    if band is Band.SAIL:
        poses = track(ship, band, moves, radius(state, ship, band))
        closest = tables()["sail"]["closest"]
        # every heading she turns to (not the one she starts at: a wind that has veered on her
        # leaves her becalmed, 0", not refused every order)
        if any(angle_between(h, state.wind.toward) > closest + 1e-6 for _, _, h in poses[1:]):
            return SAILING, "under sail she may never turn closer than 90° to the wind"
    return "", ""


def default_orders(state: RSState, ship: Galley) -> ShipOrders:
    """What a galley left without orders does: carries on straight at her band if she may,
    else the nearest band she may keep."""
    if ship.withdrawing:
        return withdraw_orders(state, ship)
    allowed = bands_allowed(state, ship)
    if ship.band in allowed:
        band = ship.band
    else:
        band = min(allowed, key=lambda b: (abs(b.value - ship.band.value), b.value))
    moves = "S" * full_distance(state, ship, band)
    if band is Band.SAIL and problem(state, ship, band, moves)[0]:
        moves = best_sail_moves(state, ship, len(moves))
    return ShipOrders(ship.id, band, moves)


def best_sail_moves(state: RSState, ship: Galley, length: int) -> str:
    """Under sail, turn away from the wind while too close to it, then straight on."""
    circle = radius(state, ship, Band.SAIL)
    moves = ""
    h = ship.heading
    for _ in range(length):
        if angle_between(h, state.wind.toward) > 60:
            d = (state.wind.toward - h) % 360
            letter = "R" if d < 180 else "L"
            h = (h + (1 if letter == "R" else -1) * math.degrees(1 / circle)) % 360
        else:
            letter = "S"
        moves += letter
    return moves


def steer_toward(start: Galley, band: Band, length: int, circle: float, goal: float) -> str:
    """Letters that turn her toward heading ``goal`` and then run straight."""
    moves = ""
    h = start.heading
    per_inch = math.degrees(1 / circle)
    for _ in range(length):
        d = (goal - h) % 360
        if min(d, 360 - d) < per_inch / 2:
            moves += "S"
            continue
        letter = "R" if d < 180 else "L"
        h = (h + (per_inch if letter == "R" else -per_inch)) % 360
        moves += letter
    return moves


def withdraw_orders(state: RSState, ship: Galley) -> ShipOrders:
    """A withdrawing galley's orders, written by the rules (22.5): home by the easiest route,
    as fast as her rowers allow, never ramming."""
    allowed = bands_allowed(state, ship)
    fastest = max((b for b in allowed if b is not Band.BACKING), key=lambda b: b.value,
                  default=Band.HOVE_TO)
    if fastest is Band.RAMMING and Band.CRUISING in allowed:
        fastest = Band.CRUISING  # the easiest route spares the rowers
    length = full_distance(state, ship, fastest)
    circle = radius(state, ship, fastest)
    home = ShipOrders(ship.id, fastest, steer_toward(ship, fastest, length, circle, ship.home))
    if clear_track(state, ship, home, ahead=LOOK_AHEAD):
        return home
    # the easiest route home goes round what lies in her way: wreckage, the shore, another
    # galley (the project's reading of 22.5; a galley that withdraws never rams, and she
    # does not drive into the same wreck or alongside the same galley turn after turn). A
    # course that ends with open water ahead of her is taken first: one that stops her short
    # of the wreck would leave her to strike it, or lie before it, the next turn. Hove-to is
    # no course round it: she backs clear of it first, if she may.
    under_way = [b for b in allowed if b not in (Band.BACKING, Band.SAIL, Band.HOVE_TO)]
    courses = [home]
    for band in dict.fromkeys((*([fastest] if fastest is not Band.HOVE_TO else []),
                               *sorted(under_way, key=lambda b: -b.value))):
        length = full_distance(state, ship, band)
        circle = radius(state, ship, band)
        courses += [ShipOrders(ship.id, band,
                               steer_toward(ship, band, length, circle, ship.home + off))
                    for off in (30, -30, 60, -60, 90, -90, 135, -135, 180)]
    courses = [c for c in dict.fromkeys(courses) if c.moves and full_distance(state, ship,
                                                                              c.band)]
    back = (ShipOrders(ship.id, Band.BACKING, "S" * full_distance(state, ship, Band.BACKING))
            if Band.BACKING in allowed else None)
    for orders in (*(c for c in courses[1:] if clear_track(state, ship, c, ahead=LOOK_AHEAD)),
                   *([back] if back is not None and clear_track(state, ship, back) else []),
                   *(c for c in courses if clear_track(state, ship, c))):
        return orders
    if Band.HOVE_TO in allowed:
        return ShipOrders(ship.id, Band.HOVE_TO, "S" * full_distance(state, ship, Band.HOVE_TO))
    return home


LOOK_AHEAD = 8  # inches of open water ahead of her at her course's end, for choosing it


def clear_track(state: RSState, ship: Galley, orders: ShipOrders, ahead: int = 0) -> bool:
    """Whether her orders take her clear of wreckage, the shore and the galleys where they lie
    now (those she already touches she is passing, and not counted, as the wreckage she lies
    in); with ``ahead``, and
    ``ahead`` inches straight on past her course's end too (backing water: only the course)."""
    length = full_distance(state, ship, orders.band)
    if not orders.moves or not length:
        return True
    moves = orders.moves + ("S" * ahead if orders.band is not Band.BACKING else "")
    poses = track(ship, orders.band, moves, radius(state, ship, orders.band))
    mine = ship.outline
    others = [o.outline for o in state.ships if o.afloat and o.id != ship.id]
    others = [o for o in others if not overlap(mine, o)]
    wrecks = [w.outline for w in state.wrecks if not overlap(mine, w.outline)]  # working clear
    obstacles = [*others, *wrecks, *(s.points for s in state.shores)]
    for x, y, h in poses[1::2]:
        hull = hull_deg(x, y, h, ship.length, ship.beam)
        if any(overlap(hull, o) for o in obstacles):
            return False
    return True
    poses = track(ship, orders.band, orders.moves, radius(state, ship, orders.band))
    mine = ship.outline
    others = [o.outline for o in state.ships if o.afloat and o.id != ship.id]
    others = [o for o in others if not overlap(mine, o)]
    wrecks = [w.outline for w in state.wrecks if not overlap(mine, w.outline)]  # working clear
    obstacles = [*others, *wrecks, *(s.points for s in state.shores)]
    for x, y, h in poses[1::2]:
        hull = hull_deg(x, y, h, ship.length, ship.beam)
        if any(overlap(hull, o) for o in obstacles):
            return False
    return True
