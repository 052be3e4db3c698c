"""What a screen shows of a Ramming Speed! battle: the table as a scene (galleys at any heading,
shores, wreckage, swimmers, grappling lines and corvi, the courses written and the courses
rowed), each galley's log sheet (appendix B), and the orders typed as a move line.

Nothing here applies a rule: it reads the state and asks ``helm`` where orders lead.

The move line (``:`` on the battle screen) writes one galley's orders, or several separated by
``;``::

    cruising SSSSSSSSRRRRSSS      the selected galley (else the first without orders)
    c 8s 4r 3s                    the same: a band, then runs of S, L or R an inch each
    Victoria: ram 24s             a galley named (her name, its start, or her map label)
    Vi: slow 3l *                 ``*`` (or ``rest``): straight on for the inches left
    Nike: ramming rake 20s 4l     ``rake`` announces an oar rake (9.1)
    hove-to; Fo: slow; seal       a band alone goes straight; ``seal`` seals the sheet
"""

from __future__ import annotations

import contextlib
import itertools
import math
import re
from collections.abc import Iterable, Sequence
from typing import Any

from attrs import frozen

from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import bearing_deg, hull_deg, point_distance
from ahoy_tui.rules.ramming_speed import helm
from ahoy_tui.rules.ramming_speed.actions import AbandonShip, SealOrders, WriteOrders
from ahoy_tui.rules.ramming_speed.model import (
    RANKS,
    Band,
    Galley,
    Man,
    Phase,
    RSState,
    ShipOrders,
    SideOrders,
    Status,
)
from ahoy_tui.rules.ramming_speed.tables import tables
from ahoy_tui.rules.scene import (
    HullShape,
    LineShape,
    Mark,
    Scene,
    Swimmers,
    TerrainShape,
    short_labels,
)

WRITING_ORDERS = "2.1 Writing orders"
BAND_WORDS: dict[str, Band] = {
    "b": Band.BACKING, "back": Band.BACKING, "backing": Band.BACKING,
    "h": Band.HOVE_TO, "hove": Band.HOVE_TO, "hove-to": Band.HOVE_TO, "hoveto": Band.HOVE_TO,
    "stop": Band.HOVE_TO,
    "s": Band.SLOW, "slow": Band.SLOW,
    "c": Band.CRUISING, "cruise": Band.CRUISING, "cruising": Band.CRUISING,
    "r": Band.RAMMING, "ram": Band.RAMMING, "ramming": Band.RAMMING,
    "sail": Band.SAIL,
}
MOVE_LINE_HELP = ("[galley:] band moves: cruising SSSSRRRS · c 8s 4r 3s · Vi: ram 24s · "
                  "slow 3l * (* straight on for the rest) · rake · a; b · seal")
WIND_NAMES = {"light": "light breeze", "breeze": "breeze"}  # calm: no wind drawn
RANK_SHORT = {"admiral": "adm", "captain": "capt", "marine": "mar", "archer": "arch",
              "artilleryman": "art", "sailor": "sail"}


# --- the orders as words ---------------------------------------------------------------------

def runs(moves: str) -> str:
    """Orders in runs, as a captain reads them off his sheet: ``8S 4R 3S``."""
    out = []
    for letters in re.findall(r"S+|L+|R+|.", moves):
        out.append(f"{len(letters)}{letters[0]}")
    return " ".join(out)


def turned(ship: Galley, band: Band, moves: str, circle: float) -> float:
    """How far the orders turn her, degrees to starboard (negative to port)."""
    if not moves:
        return 0.0
    per_inch = math.degrees(1 / circle)
    return per_inch * (moves.count("R") - moves.count("L"))


def order_words(state: RSState, ship_id: str, band_name: str, moves: str,
                rake: bool = False) -> str:
    """One galley's orders in a line: ``Victoria: cruising 8S 4R 3S (15", 38° to starboard)``."""
    try:
        ship = state.ship(ship_id)
    except KeyError:
        return f"{ship_id}: {band_name} {moves}"
    band = helm.band_named(band_name)
    rake_words = ", oar rake" if rake else ""
    if band is None or not moves:
        return f"{ship.name}: {band_name} (stays put){rake_words}"
    angle = turned(ship, band, moves, helm.radius(state, ship, band))
    how = ("straight on" if abs(angle) < 0.5 else
           f"{abs(angle):.0f}° to {'starboard' if angle > 0 else 'port'}")
    backing = " astern" if band is Band.BACKING else ""
    return f"{ship.name}: {band.words} {runs(moves)} ({len(moves)}\"{backing}, {how}{rake_words})"


def describe(state: RSState, action: Any) -> str | None:
    """The screen's words for orders written; None for any other action."""
    if isinstance(action, WriteOrders):
        return order_words(state, action.ship, action.band, action.moves, action.rake)
    return None


# --- the move line ---------------------------------------------------------------------------

def own_galleys(state: RSState, side: str | None = None) -> list[Galley]:
    side = side or state.to_act or ""
    return [s for s in state.side_ships(side) if not s.withdrawing]


def galley_named(state: RSState, word: str, side: str | None = None) -> Galley:
    """The galley of the side writing whose name, start of a name, map label or id is
    ``word`` (any case)."""
    ships = own_galleys(state, side)
    labels = short_labels([(s.id, s.name) for s in state.ships])
    key = word.strip().casefold()
    for test in (lambda s: s.id.casefold() == key or s.name.casefold() == key,
                 lambda s: labels[s.id].casefold() == key,
                 lambda s: s.name.casefold().startswith(key)):
        found = [s for s in ships if test(s)]
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            names = ", ".join(s.name for s in found)
            raise ValueError(f"'{word}' could be {names}: write more of her name")
    names = ", ".join(s.name for s in ships) or "none"
    raise ValueError(f"no galley of yours is called '{word}' (yours to order: {names})")


def _default_galley(state: RSState, selected: str | None) -> Galley:
    ships = own_galleys(state)
    if not ships:
        raise ValueError("you have no galley to write orders for")
    chosen = next((s for s in ships if s.id == selected), None)
    if chosen is not None:
        return chosen
    written = {d.ship for d in state.drafts}
    return next((s for s in ships if s.id not in written), ships[0])


def _moves(state: RSState, ship: Galley, band: Band, words: Sequence[str]) -> str:
    """The letters of the move words: ``8s 4r``, ``SSSRRR``, ``8s4r3s``; ``*`` (or ``rest``)
    is straight on for the inches left."""
    moves = ""
    rest = False
    for word in words:
        if word in ("*", "rest"):
            rest = True
            continue
        if rest:
            raise ValueError(f"'{word}' after '*': the rest is straight on")
        found = re.fullmatch(r"(?:\d*[slr])+", word, re.IGNORECASE)
        if found is None:
            raise ValueError(f"'{word}' is not a move: an inch is S, L or R, a run is 8s "
                             f"({WRITING_ORDERS})")
        for count, letter in re.findall(r"(\d*)([slr])", word, re.IGNORECASE):
            n = int(count) if count else 1
            if n > 24:
                raise ValueError(f"'{count}{letter}': no galley moves more than 24\" a turn")
            moves += letter.upper() * n
    need = helm.full_distance(state, ship, band)
    if rest or not words:
        moves += "S" * max(0, need - len(moves))
    return moves


def parse_clause(state: RSState, clause: str, selected: str | None) -> WriteOrders | SealOrders:
    """One clause of a move line as its action, without asking whether the rules take it."""
    side = state.to_act or ""
    text = clause.strip()
    if text.casefold() == "seal":
        return SealOrders(side)
    name = ""
    if ":" in text:
        name, text = text.split(":", 1)
    words = text.replace(",", " ").split()
    if not name and words and words[0].casefold() not in BAND_WORDS:
        try:
            ship = galley_named(state, words[0], side)
        except ValueError:
            yours = ", ".join(s.name for s in own_galleys(state, side))
            raise ValueError(f"'{words[0]}' is neither a speed band (backing, hove-to, slow, "
                             f"cruising, ramming, sail) nor a galley of yours ({yours})"
                             ) from None
        words = words[1:]
    elif name.strip():
        ship = galley_named(state, name, side)
    else:
        ship = _default_galley(state, selected)
    if not words:
        raise ValueError(f"{ship.name}: a band, then her moves (e.g. cruising 8s 4r 3s)")
    band = BAND_WORDS.get(words[0].casefold())
    if band is None:
        raise ValueError(f"'{words[0]}' is not a speed band: backing, hove-to, slow, cruising, "
                         "ramming or sail (6.0 Speed)")
    rest = [w for w in words[1:] if w.casefold() != "rake"]
    rake = len(rest) < len(words) - 1
    moves = "" if band is Band.HOVE_TO else _moves(state, ship, band, [w.lower() for w in rest])
    return WriteOrders(side, ship.id, band.words, moves, rake)


def parse_line(state: RSState, text: str,
               selected: str | None = None) -> list[WriteOrders | SealOrders]:
    """The move line's actions, read but not checked against the rules (a ValueError for
    words it cannot read)."""
    if state.phase is not Phase.ORDERS:
        raise ValueError("orders are written at the start of the turn (1.1 Sequence of play)")
    return [parse_clause(state, clause, selected) for clause in text.split(";")
            if clause.strip()]


def move_line(state: RSState, text: str, selected: str | None = None) -> list[Any]:
    """The move line's actions: orders the rules accept (a ValueError naming the rule that
    refuses any), and perhaps the sheet sealed."""
    actions = parse_line(state, text, selected)
    for action in actions:
        if isinstance(action, WriteOrders):
            ship = state.ship(action.ship)
            rule, why = helm.problem(state, ship, helm.band_named(action.band), action.moves)
            if rule:
                raise ValueError(f"{rule}: {why}")
    return actions


def line_preview(state: RSState, text: str,
                 selected: str | None = None) -> tuple[WriteOrders | None, str]:
    """The last orders of a move line being typed, as far as they go (drawn before they are
    whole), and what they would run her into (off the table, aground)."""
    try:
        actions = parse_line(state, text, selected)
    except ValueError:
        return None, ""
    last = next((a for a in reversed(actions) if isinstance(a, WriteOrders)), None)
    warned = ""
    sim = state   # the line's earlier orders written, as the move would find them
    for action in actions:
        band = helm.band_named(action.band) if isinstance(action, WriteOrders) else None
        if band is not None and set(action.moves) <= set("SLR"):
            ship = sim.ship(action.ship)
            order = ShipOrders(ship.id, band, action.moves, action.rake)
            warned = warned or trouble(sim, ship, order)
            sim = replace(sim, drafts=(*(d for d in sim.drafts if d.ship != ship.id), order))
    return last, warned


# --- what orders lead into -------------------------------------------------------------------

def sheet_of(state: RSState, side: str) -> dict[str, ShipOrders]:
    """The orders a side's galleys would follow if it sealed now: those written, the rest
    carrying on (helm.default_orders)."""
    written = {d.ship: d for d in state.drafts}
    return {s.id: written.get(s.id) or helm.default_orders(state, s)
            for s in state.side_ships(side) if not s.withdrawing}


def trouble(state: RSState, ship: Galley, orders: ShipOrders) -> str:
    """What her orders run her into, in words: off the table, onto a shore or wreckage, into
    one of her own galleys or a hulk (issue 37: rams on one's own ships written blind). The
    move is the rules' own, by sixths (8.0), her side's other galleys on their orders as
    written (or carrying on), the enemy holding his course: a friend rowing on ahead of her at
    her speed is no ram (played at 80x24: six galleys in line abreast ordered slow, straight,
    were warned of running into each other "as she lies now")."""
    from ahoy_tui.rules.ramming_speed.movement import move_all
    from ahoy_tui.rules.ramming_speed.odds import foreseen_orders

    if not orders.moves:
        return ""
    after = move_all(state, foreseen_orders(state, ship.side, orders), [])
    contact = next((c for c in after.contacts if c.rammer == ship.id), None)
    moved = after.ship(ship.id)
    if contact is not None and contact.accident:
        if contact.zone == "shore":
            # she stops short of it, touching: the shore nearest her where she stops
            shore = min(state.shores, key=lambda sh: point_distance(
                (moved.x, moved.y), sh.points)).name if state.shores else "the shore"
            return f"{ship.name} runs onto {shore}: struck as a ram at -2 (23.2 Accidental ramming)"
        return f"{ship.name} runs into wreckage: struck as a ram at -2 (23.1 Accidental ramming)"
    if contact is not None and contact.victim is not None:
        other = state.ship(contact.victim)
        if not any(m.ship == other.id and m.aboard == other.id for m in state.men):
            return f"{ship.name} runs into the hulk {other.name} (23.3: a ram is a ram)"
        if other.side == ship.side:
            return (f"{ship.name} runs into your own {other.name} (23.3 Accidental ramming: "
                    "ramming your own galley is a ram)")
        return ""   # the enemy: the ram she is after (its odds are shown, odds.py)
    if moved.status is Status.GONE:
        if dict(state.escape).get(ship.side) == state.nearest_edge(moved.x, moved.y):
            return ""   # off her own edge: the escape she is there to make
        how = "sails" if orders.band is Band.SAIL else "rows"
        return f"{ship.name} {how} off the table and leaves the battle"
    return ""


def caution(state: RSState, action: Any) -> str:
    """Words to confirm before sealing orders that take a galley off the table, aground or
    into a friend, or that leave a galley with no orders written (one Enter on "seal the
    orders" never seals a blank sheet unasked), and before abandoning ship (12.0)."""
    if isinstance(action, AbandonShip):
        ship = state.ship(action.ship)
        return (f"abandon the {ship.name}: all her men go over the side to swim for it (12.0); "
                "she is lost to you, taken if enemy boarders hold her deck")
    if not isinstance(action, SealOrders) or state.phase is not Phase.ORDERS:
        return ""
    found = [words for s in state.side_ships(action.side) if not s.withdrawing
             if (words := trouble(state, s, sheet_of(state, action.side)[s.id]))]
    written = {d.ship for d in state.drafts}
    # a galley held fast (lines, a corvus, a ram in her) has only hove-to to be ordered: she
    # is not asked about
    blank = [s.name for s in state.side_ships(action.side)
             if not s.withdrawing and s.id not in written
             and helm.bands_allowed(state, s) != (Band.HOVE_TO,)]
    if blank:
        found.append(f"no orders written for {', '.join(blank)}: "
                     f"{'she carries' if len(blank) == 1 else 'they carry'} on as "
                     f"{'she is' if len(blank) == 1 else 'they are'} (2.0)")
    return "; ".join(found)


# --- the table -------------------------------------------------------------------------------

def labels(state: RSState) -> dict[str, str]:
    return short_labels([(s.id, s.name) for s in state.ships])


def _hull(ship: Galley, label: str, hulk: bool = False) -> HullShape:
    """Her hull on the map: a captured prize crossed (×) in grey, a drifting hulk (none of her
    own men aboard) grey, a withdrawing galley in her side's paler colour."""
    from ahoy_tui.engine.geometry import on_hull_deg

    bow = on_hull_deg(ship.x, ship.y, ship.heading, ship.length * 0.4, 0.0)
    captured = ship.status is Status.CAPTURED
    # a captured prize is drawn as a hulk, crossed (×), out of the battle
    return HullShape(ship.id, ship.name, ship.side, ship.outline, bow,
                     round(ship.heading / 45) % 8, ship.centre, 0, False, captured or hulk,
                     ship.holed or ship.loads >= 3, captured, label=label,
                     fill="×" if captured else "",
                     withdrawing=ship.withdrawing and not (captured or hulk))


hull_of = _hull  # the phased moves' hulls (phased.py), drawn as the table's


def _ghost(ship: Galley, pose: tuple[float, float, float], label: str) -> HullShape:
    x, y, h = pose
    return HullShape(ship.id, ship.name, ship.side, hull_deg(x, y, h, ship.length, ship.beam),
                     (x, y), round(h / 45) % 8, (x, y), 0, False, False, False, False,
                     label=label, ghost=True)


def _length(points: Sequence[tuple[float, float]]) -> float:
    return sum(math.dist(a, b) for a, b in itertools.pairwise(points))


path_length = _length


def planned(state: RSState, ship: Galley, orders: ShipOrders, *,
            label: str) -> tuple[LineShape, HullShape | None]:
    """Her orders as a course on the table, inch by inch (every inch a mark as it would be
    measured), the turning circle's grade where each turn begins, and her hull at its end."""
    circle = helm.radius(state, ship, orders.band)
    grade = helm.grade(state, ship, orders.band)
    poses = helm.track(ship, orders.band, orders.moves, circle)
    path = tuple((x, y) for x, y, _ in poses)
    marks = []
    previous = "S"
    for inch, letter in enumerate(orders.moves):
        if letter != "S" and letter != previous:
            marks.append(Mark(float(inch) + 0.5, grade))
        previous = letter
    length = _length(path)
    line = LineShape("move", path[0], round(ship.heading / 45) % 8, length, tuple(marks),
                     highlight=length, ship=ship.id, path=path, side=ship.side)
    ghost = _ghost(ship, poses[-1], label) if orders.moves else None
    return line, ghost


def _viewers_orders(state: RSState, ahead: Sequence[Any],
                    preview: Any) -> dict[str, ShipOrders]:
    """The orders of the viewer's galleys the screen may draw: sealed (the viewer's own, in
    its view), written so far, the move line's look ahead, and the orders being typed."""
    shown: dict[str, ShipOrders] = {}
    if state.phase is not Phase.ORDERS:
        return shown
    for _, sheet in state.orders.entries:
        for order in sheet.ships:
            shown[order.ship] = order
    source = next((s for s in reversed(ahead) if isinstance(s, RSState)
                   and s.phase is Phase.ORDERS and s.to_act == state.to_act), state)
    for draft in source.drafts:
        shown[draft.ship] = draft
    if isinstance(preview, WriteOrders):
        band = helm.band_named(preview.band)
        if band is not None and all(c in "SLR" for c in preview.moves):
            shown[preview.ship] = ShipOrders(preview.ship, band, preview.moves, preview.rake)
    return shown


def _grapple_lines(state: RSState) -> list[LineShape]:
    out = []
    for g in state.grapples:
        try:
            a, b = state.ship(g.by), state.ship(g.to)
        except KeyError:
            continue
        if not (a.afloat and b.afloat):
            continue
        length = math.dist(a.centre, b.centre)
        if length < 1e-6:
            continue
        direction = ((b.x - a.x) / length, (b.y - a.y) / length)
        label = "C" if g.corvus else str(g.lines)
        out.append(LineShape("tow", a.centre, 0, length, (Mark(length / 2, label),),
                             ship=a.id, direction=direction))
    return out


def scene(state: RSState, selected: str | None = None, *, preview: int | None = None,
          preview_gun: str | None = None, preview_action: Any = None,
          ahead: Sequence[Any] = (), **_: Any) -> Scene:
    """The table now: galleys, shores, wreckage, swimmers, lines and corvi; each galley's
    course last turn in her side's colour; the orders the viewer has written (or is typing)
    as courses inch by inch, the turning circle's grade where a turn begins, and where they
    end."""
    named = labels(state)
    terrain = [TerrainShape("land", shore.points, shore.name.removeprefix("the ").capitalize())
               for shore in state.shores]
    terrain += [TerrainShape("wreck", w.outline, "Wreck") for w in state.wrecks]
    lines: list[LineShape] = []
    for ship_id, points in state.last_track:
        try:
            ship = state.ship(ship_id)
        except KeyError:
            continue
        if len(points) > 1:
            lines.append(LineShape("track", points[0], 0, _length(points), (), ship=ship_id,
                                   path=tuple(points), side=ship.side))
    lines += _grapple_lines(state)
    crewed = {m.ship for m in state.men if m.aboard == m.ship}
    hulls = [_hull(s, named[s.id], hulk=s.afloat and s.id not in crewed)
             for s in state.ships if s.afloat or s.status is Status.CAPTURED]
    for ship_id, orders in _viewers_orders(state, ahead, preview_action).items():
        try:
            ship = state.ship(ship_id)
        except KeyError:
            continue
        if not ship.afloat or not orders.moves:
            continue
        line, ghost = planned(state, ship, orders, label=named[ship_id])
        lines.append(line)
        if ghost is not None:
            hulls.append(ghost)
    reach: tuple[tuple[Any, float], ...] = ()
    if state.phase is Phase.GRAPPLE and selected:
        chosen = next((s for s in state.ships if s.id == selected and s.afloat), None)
        if chosen is not None:
            reach = ((chosen.outline, 2.0),)
    swimmers = tuple(Swimmers(g.x, g.y, g.side, len(g.men)) for g in state.swimmers)
    wind = state.wind
    return Scene(state.width, state.height, round(wind.toward / 45) % 8,
                 WIND_NAMES.get(wind.strength, ""), tuple(hulls),
                 tuple(lines), swimmers, reach=reach, terrain=tuple(terrain))


# --- the log sheet (appendix B) --------------------------------------------------------------

@frozen
class Section:
    """Who stands in one part of her: ``men`` fit and ``wounded`` by rank, short words."""

    name: str
    men: str
    wounded: str = ""


@frozen
class OrdersLine:
    """Orders on the sheet: ``when`` says which (being written, sealed, revealed)."""

    when: str
    words: str


@frozen
class LogSheet:
    """One galley's log sheet, as her captain keeps it: oars, water, energy, speed, the
    turning circle, the sail, her men by section, lines and corvus, and her orders."""

    ship: str
    name: str
    label: str
    side: str
    side_name: str
    kind: str
    where: str                    # "afloat", "sunk", "captured", "left the table"
    oars: tuple[int, int]
    full_oars: int
    half_hit: tuple[bool, bool]
    loads: int
    sink_at: int
    holed: bool
    energy: int
    energy_max: int
    band: str
    distance: int
    grade: str
    sail: str
    heading: float
    allowed: tuple[tuple[str, int], ...]   # the bands she may be ordered to, and their inches
    sections: tuple[Section, ...]
    flags: tuple[str, ...]
    lines: tuple[str, ...]        # grapples and corvi, ram stuck fast
    orders: tuple[OrdersLine, ...]
    men: int
    start_men: int
    away: str = ""                # her men aboard another galley
    energy_after: int | None = None   # once the orders shown are rowed (5.1)


def _men_words(men: Iterable[Man]) -> str:
    counts: dict[str, int] = {}
    for man in men:
        counts[man.rank] = counts.get(man.rank, 0) + 1
    order = {r: i for i, r in enumerate(RANKS)}
    return ", ".join(f"{n} {RANK_SHORT.get(r, r)}" if n > 1 else RANK_SHORT.get(r, r)
                     for r, n in sorted(counts.items(), key=lambda kv: order.get(kv[0], 9)))


def _sections(state: RSState, ship: Galley) -> tuple[Section, ...]:
    aboard = state.men_aboard(ship.id)
    out = []
    for section in ("bow", "middle", "stern", "tower"):
        here = [m for m in aboard if m.section == section]
        if section == "tower" and not ship.towers and not here:
            continue
        fit = [m for m in here if not m.wounded(state.turn)]
        hurt = [m for m in here if m.wounded(state.turn)]
        mine = _men_words(m for m in fit if m.ship == ship.id)
        enemy = _men_words(m for m in fit if m.ship != ship.id and
                           state.ship(m.ship).side != ship.side)
        words = mine + (f" · enemy {enemy}" if enemy else "")
        out.append(Section(section, words or "—", _men_words(hurt)))
    return tuple(out)


def _orders_lines(state: RSState, ship: Galley) -> tuple[OrdersLine, ...]:
    out = []
    if state.phase is Phase.ORDERS:
        draft = next((d for d in state.drafts if d.ship == ship.id), None)
        sheet: SideOrders | None = state.orders.get(ship.side)
        sealed = sheet.of(ship.id) if sheet is not None else None
        if sealed is not None:
            out.append(OrdersLine("sealed", _short(state, ship, sealed)))
        elif draft is not None:
            out.append(OrdersLine("written", _short(state, ship, draft)))
        elif state.orders.has_sealed(ship.side):
            out.append(OrdersLine("sealed", "(hidden until the reveal)"))
        elif ship.side == state.to_act and not ship.withdrawing:
            # (true whether or not the reader may see the drafts: a view hides another
            # side's orders as it writes them)
            out.append(OrdersLine("if none", "carries on "
                                  + _short(state, ship, helm.default_orders(state, ship))))
    for side, sheet in state.written:
        order = sheet.of(ship.id) if side == ship.side else None
        if order is not None:
            when = "last" if state.phase is Phase.ORDERS else "rowed"
            out.append(OrdersLine(when, _short(state, ship, order)))
    return tuple(out)


def energy_after(state: RSState, ship: Galley) -> int | None:
    """Her energy once the orders her sheet shows are rowed (5.1): the sealed or written ones,
    or those she carries on with; None when no orders are in hand (another side's, unseen)."""
    if state.phase is not Phase.ORDERS or not ship.afloat:
        return None
    sheet: SideOrders | None = state.orders.get(ship.side)
    orders = (sheet.of(ship.id) if sheet is not None else None) or next(
        (d for d in state.drafts if d.ship == ship.id), None)
    if orders is None and ship.side == state.to_act and not state.orders.has_sealed(ship.side):
        orders = helm.default_orders(state, ship)
    if orders is None:
        return None
    return max(0, ship.energy - helm.energy_cost(orders.band))


SHORT_BANDS = {Band.BACKING: "back", Band.CRUISING: "cruise", Band.RAMMING: "ram"}


def _short(state: RSState, ship: Galley, orders: ShipOrders) -> str:
    """Orders as a log sheet's line: ``cruise 8S 4R 3S, circle B``."""
    rake = ", rake" if orders.rake else ""
    band = SHORT_BANDS.get(orders.band, orders.band.words)
    if not orders.moves:
        return f"{band}{rake}"
    circle = helm.grade(state, ship, orders.band) if set(orders.moves) - {"S"} else ""
    circle_words = f", circle {circle}" if circle else ""
    return f"{band} {runs(orders.moves)}{circle_words}{rake}"


def _lines(state: RSState, ship: Galley) -> tuple[str, ...]:
    out = []
    for g in state.grapples:
        if ship.id not in (g.by, g.to):
            continue
        other_id = g.to if g.by == ship.id else g.by
        try:
            other = state.ship(other_id).name
        except KeyError:
            other = other_id
        if g.corvus:
            who = "her corvus on" if g.by == ship.id else "corvus from"
            going = " (coming off)" if g.corvus_going else ""
            out.append(f"{who} {other}{going}")
        if g.lines:
            hold = "holding" if g.holds else "one line: snaps if either moves"
            out.append(f"{g.lines} line{'s' if g.lines > 1 else ''} to {other} ({hold})")
    if ship.embedded:
        with contextlib.suppress(KeyError):
            out.append(f"her ram stuck in {state.ship(ship.embedded).name}: back water")
    for other in state.ships:
        if other.embedded == ship.id and other.afloat:
            out.append(f"{other.name}'s ram stuck in her")
    return tuple(out)


WHERE = {Status.AFLOAT: "afloat", Status.SUNK: "sunk", Status.CAPTURED: "captured",
         Status.GONE: "left the table"}


def log_sheet(state: RSState, ship: Galley, label: str) -> LogSheet:
    kind = tables().galleys.get(ship.kind)
    flags = []
    if ship.flagship:
        flags.append("flagship")
    if any(m.rank == "admiral" and m.ship == ship.id for m in state.men):
        flags.append("admiral aboard")
    if ship.withdrawing:
        flags.append("WITHDRAWING")
    if ship.carry_on:
        flags.append("fights on to half her men")
    if ship.corvus:
        flags.append("corvus spent" if ship.corvus_spent else "corvus")
    if not all(ship.rudders):
        lost = [side for side, ok in zip(("port", "starboard"), ship.rudders, strict=True)
                if not ok]
        flags.append(f"{' and '.join(lost)} rudder lost")
    if ship.afloat and not helm.sailor_at_helm(state, ship):
        flags.append("no sailor at the helm")
    for engine in ship.engines:
        ready = "ready" if engine.ready <= state.turn else f"ready turn {engine.ready}"
        flags.append(f"{engine.kind} thrower {ready}")
    allowed: tuple[tuple[str, int], ...] = ()
    if ship.afloat and not state.over:
        allowed = tuple((b.words, helm.full_distance(state, ship, b))
                        for b in helm.bands_allowed(state, ship))
    crew = state.own_crew(ship.id)
    away = _men_words(m for m in crew if m.aboard != ship.id)
    picked = sum(1 for m in state.crew_of(ship.id) if m.rescued)
    if picked:   # not of her muster: "men 10/10" stays within her whole (12.1-12.2)
        flags.append(f"{picked} picked up from the water")
    return LogSheet(
        ship.id, ship.name, label, ship.side, state.side_name(ship.side),
        kind.name if kind is not None else ship.kind.capitalize(), WHERE[ship.status],
        ship.oars, ship.full_oars, ship.half_hit, ship.loads,
        int(tables()["water"]["sink_at"]), ship.holed, ship.energy,
        max(ship.energy, int(tables()["energy"]["fresh"])), ship.band.words,
        helm.full_distance(state, ship, ship.band), helm.grade(state, ship, ship.band),
        ship.sail.value if ship.has_sail else "none", ship.heading, allowed,
        _sections(state, ship), tuple(flags), _lines(state, ship), _orders_lines(state, ship),
        len(crew), ship.start_men, away, energy_after(state, ship))


def cards(state: RSState) -> tuple[LogSheet, ...]:
    named = labels(state)
    return tuple(log_sheet(state, ship, named[ship.id]) for ship in state.ships)


# --- the tape measure ------------------------------------------------------------------------

def tape_origins(state: RSState, ship_id: str) -> tuple[tuple[str | None, str], ...]:
    ship = state.ship(ship_id)
    return ((None, ship.name), ("bow", f"{ship.name}'s bow"))


def measure(state: RSState, ship_id: str, origin: str | None,
            point: tuple[float, float]) -> Any:
    """From her (centre, or the tip of her ram) to a point or the galley there: inches, the
    bearing, which of her own shooters reach it in which band (her archers short or long, each
    manned engine's number: the enemy sheets' words, ``ranges.shooters_reaching``), and
    whether a galley there lies within grappling reach (2" hull to hull); nothing on the water
    blocks a shot in these rules (the seed names nothing in the way)."""
    from ahoy_tui.engine.geometry import (
        contains,
        distance,
        nearest_point,
        on_hull_deg,
        point_distance,
    )
    from ahoy_tui.rules.ramming_speed.ranges import shooters_reaching
    from ahoy_tui.rules.ramming_speed.tables import tables
    from ahoy_tui.rules.scene import Measure

    ship = state.ship(ship_id)
    start = on_hull_deg(ship.x, ship.y, ship.heading, ship.length / 2, 0.0) \
        if origin == "bow" else ship.centre
    target = next((s for s in state.ships if s.afloat and s.id != ship.id
                   and contains(s.outline, point)), None)
    if target is not None:
        end = nearest_point(target.outline, start)
        inches = distance(ship.outline, target.outline) if origin is None \
            else math.dist(start, end)
        to = f"to {target.name}"
    else:
        end = point
        inches = math.dist(start, end)
        to = "to here"
    bearing = bearing_deg(start, end)
    parts = [f"{inches:.1f}\" {to}", f"bearing {bearing:.0f}°"]
    if target is not None:
        parts += shooters_reaching(state, ship, lambda at: point_distance(at, target.outline))
        if distance(ship.outline, target.outline) <= tables()["grapple"]["reach"]:
            parts.append("within grappling reach")
    else:
        parts += shooters_reaching(state, ship, lambda at: math.dist(at, point))
    if len(parts) == 2:
        parts.append("none of her shooters reaches")
    parts.append("nothing blocks a shot")
    return Measure(start, end, round(inches, 2), " · ".join(parts), target.id if target else "")
