"""What the screens show of an ACKS II sea combat: the sea battlemap as plain hex shapes
(``engine.hexscene``), each vessel's sheet (and each monster's), the initiative track, and the
deck battlemaps of a boarding as 5' squares (``engine.deckscene``) with the selected man's sheet.

Nothing here draws: the hex map and the sheets' widget (``ui``) turn these values into
characters. Every figure on a sheet is read from the state and the tables the rules use
(``helm.max_speed`` for the speeds she may declare now).
"""

from __future__ import annotations

import math
from typing import Any

from attrs import frozen

from ahoy_tui.engine.deckscene import (
    DeckBridge,
    DeckFigure,
    DeckFire,
    DeckLine,
    DeckPlan,
    DeckScene,
    FigureSheet,
)
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.hexgrid import (
    FACINGS,
    Hex,
    centre,
    distance,
    facing_toward,
    in_arc,
    neighbour,
    step,
)
from ahoy_tui.engine.hexscene import ARROWS, HexLine, HexMark, HexScene, HexVessel
from ahoy_tui.rules.acks import fire, helm
from ahoy_tui.rules.acks.actions import (
    Declare,
    Ram,
    ShiftBow,
    Shoot,
    Step,
    Swim,
    ThrowGrapple,
    Volley,
)
from ahoy_tui.rules.acks.legal import moving, now, vessel_steps
from ahoy_tui.rules.acks.model import AcksState, Actor, Figure, Phase, Piece, Status, Vessel
from ahoy_tui.rules.acks.movement import BACKWARD, plan_step, shifted, stepped
from ahoy_tui.rules.acks.ramming import armour, ram_dice
from ahoy_tui.rules.acks.tables import hexes_moved, tables
from ahoy_tui.rules.scene import short_labels

ARC_WORDS = {"bow": "60° ahead", "stern": "60° astern", "port": "120° port",
             "starboard": "120° starboard"}
STATUS_WORDS = {Status.AFLOAT: "afloat", Status.SINKING: "sinking", Status.SUNK: "sunk",
                Status.ESCAPED: "off the battlemap", Status.SLAIN: "slain",
                Status.TAKEN: "taken by boarders"}


# --- the sheets ----------------------------------------------------------------------------------

@frozen
class PieceLine:
    """An artillery piece on a vessel's sheet: its kind, mount and arc, its range bands in
    hexes, and how many rounds until it may shoot again (0: loaded) of the rounds it takes."""

    name: str
    mount: str
    arc: str
    bands: tuple[int, int, int]
    reload: int
    reload_rounds: int


@frozen
class VesselSheet:
    """A vessel's sheet: what her captain knows of her at a glance.

    ``limits`` are the fastest she may declare now by each way she can go (oar, backwater,
    sail: after the wind, her hull and her crew), ``full`` the same in her class's table;
    ``crew`` is (kind, aboard, complement) for sailors, rowers and marines."""

    ship: str
    side: str
    side_name: str
    label: str
    name: str
    kind: str
    hexes: int
    status: str
    facing: str
    point_of_sail: str
    shp: int
    shp_max: int
    ac: int
    ram: str
    sails: bool
    speed: int
    limits: tuple[tuple[str, int], ...]
    full: tuple[tuple[str, int], ...]
    crew: tuple[tuple[str, int, int], ...]
    missile: str
    pieces: tuple[PieceLine, ...]
    winded: bool
    sprint_rounds: int
    sprint_limit: int
    rested: int
    must_backwater: bool
    grapples: tuple[str, ...]
    declared: str
    this_round: str
    captain: str
    captain_level: int
    master_mariner: bool
    captain_down: bool
    sinks_in: int = 0
    captain_hp: int = 0
    captain_hp_max: int = 0
    deck: str = ""


@frozen
class MonsterSheet:
    """A sea monster's sheet: hit points, armour class, the fastest it swims, its bite, and
    whether it is submerged."""

    ship: str
    side: str
    side_name: str
    label: str
    name: str
    kind: str
    hexes: int
    status: str
    facing: str
    hp: int
    hp_max: int
    ac: int
    speed: int
    attack: str
    submerged: bool
    declared: str
    this_round: str


WAY_WORDS = {"oar": "oar", "sail": "sail", "backwater": "backwater", "raise": "raising sails,",
             "lower": "lowering sails,", "swim": "swims"}


def declared_words(vessel: Vessel) -> str:
    """Her declaration for the round in a few words: "oar 180', steering all round"."""
    d = vessel.declared
    if d is None:
        return ""
    words = f"{WAY_WORDS.get(d.mode, d.mode)} {d.speed}'"
    if d.steer_full:
        words += ", steering all round"
    if d.submerged:
        words += ", submerged"
    return words


def labels(state: AcksState) -> dict[str, str]:
    """Each vessel's two letters, the same on the map, the sheets and the track."""
    return short_labels([(v.id, v.name) for v in state.vessels])


def cards(state: AcksState) -> tuple[VesselSheet | MonsterSheet, ...]:
    """Every vessel's sheet and every monster's, in the scenario's order."""
    names = labels(state)
    return tuple(monster_sheet(state, v, names[v.id]) if v.creature
                 else vessel_sheet(state, v, names[v.id]) for v in state.vessels)


def _status(vessel: Vessel) -> str:
    words = STATUS_WORDS[vessel.status]
    if vessel.status is Status.ESCAPED and vessel.left_by:
        words += f" (the {vessel.left_by} edge)"
    return words


def _this_round(state: AcksState, vessel: Vessel) -> str:
    """Her move this round as it stands: the count she moves on and how far she has come."""
    if state.phase is not Phase.COUNTS or not vessel.in_action:
        return ""
    role = "monster" if vessel.creature else "captain"
    actor = next((a for a in state.actors if a.vessel == vessel.id and a.role == role), None)
    if actor is None:
        return ""
    if vessel.shifted_only:
        return f"in irons: shifts her bow on count {actor.total}"
    moved = f"{vessel.moved}/{vessel.hexes_due} hexes"
    if actor.done or vessel.halted:
        return f"moved {moved} on count {actor.total}" + (" (halted)" if vessel.halted else "")
    if vessel.moving:
        turns = "" if vessel.creature or helm.turns_allowed(vessel) > 2 else \
            f", turns {vessel.turns}/{helm.turns_allowed(vessel)}"
        return f"moving: {moved}{turns}"
    return f"moves {vessel.hexes_due} hex{'es' * (vessel.hexes_due != 1)} on count {actor.total}"


def vessel_sheet(state: AcksState, v: Vessel, label: str) -> VesselSheet:
    kind = helm.vtype(v)
    ways = [m for m, has in (("oar", kind.rowers), ("backwater", kind.rowers),
                             ("sail", kind.sail)) if has]
    limits = tuple((m, helm.max_speed(v, m, state.wind)) for m in ways)
    full = tuple((m, f) for m, f in (("sprint", kind.sprint), ("cruise", kind.cruise),
                                     ("slow", kind.slow), ("sail", kind.sail)) if f)
    dice, has_ram = ram_dice(v)
    ram = f"ram {dice}d6" if has_ram else f"no ram ({dice}d6, shared)"
    pieces = tuple(piece_line(p) for p in v.pieces)
    grapples = []
    for g in state.grapples:
        if not g.joins(v.id):
            continue
        other = _name(state, g.other(v.id))
        if g.kind == "harpoon":
            grapples.append(f"harpoon: {'hers in' if g.a == v.id else 'in her from'} {other}")
        else:
            grapples.append(f"line: {'hers to' if g.a == v.id else 'from'} {other}")
    return VesselSheet(
        ship=v.id, side=v.side, side_name=state.side_name(v.side), label=label, name=v.name,
        kind=kind.name, hexes=v.body.length, status=_status(v), facing=FACINGS[v.body.facing],
        point_of_sail=helm.point_name(v.body.facing, state.wind), shp=max(0, v.shp),
        shp_max=v.shp_max, ac=armour(v), ram=ram, sails=v.sails, speed=v.speed,
        limits=limits, full=full,
        crew=(("sailors", v.sailors, kind.sailors), ("rowers", v.rowers, kind.rowers),
              ("marines", v.marines, kind.marines)),
        missile=v.missile.replace("_", " "), pieces=pieces, winded=v.winded,
        sprint_rounds=v.sprint_rounds, sprint_limit=int(tables()["sprint"]["rounds"]),
        rested=v.rested, must_backwater=v.must_backwater, grapples=tuple(grapples),
        declared=declared_words(v), this_round=_this_round(state, v), captain=v.captain.name,
        captain_level=v.captain.level, master_mariner=v.captain.master_mariner,
        captain_down=v.captain_down, sinks_in=v.sinks_in,
        captain_hp=_captain_hp(state, v), captain_hp_max=helm.steerer(v).hp, deck=kind.deck)


def _captain_hp(state: AcksState, v: Vessel) -> int:
    """Her captain's hit points now: his figure's once her deck is laid, else his own less
    what arrows took."""
    captain = helm.steerer(v)
    figure = next((f for f in state.figures if f.crew_of == v.id and f.role == "captain"
                   and f.name == captain.name), None)
    if figure is not None:
        return max(0, figure.hp)
    return 0 if v.captain_down else max(0, captain.hp - v.captain_hurt)


def piece_line(p: Piece) -> PieceLine:
    kind = tables().piece(p.kind)
    return PieceLine(kind.name, p.mount, ARC_WORDS[p.mount], kind.range, p.reload,
                     kind.reload)


def monster_sheet(state: AcksState, v: Vessel, label: str) -> MonsterSheet:
    kind = tables().monster(v.kind)
    return MonsterSheet(
        ship=v.id, side=v.side, side_name=state.side_name(v.side), label=label, name=v.name,
        kind=kind.name, hexes=v.body.length, status=_status(v), facing=FACINGS[v.body.facing],
        hp=max(0, v.shp), hp_max=v.shp_max, ac=armour(v),
        speed=helm.max_speed(v, "swim", state.wind),
        attack=f"bite {kind.damage}, +{kind.attack} to hit", submerged=v.submerged,
        declared=declared_words(v), this_round=_this_round(state, v))


def _name(state: AcksState, vid: str) -> str:
    try:
        return state.vessel(vid).name
    except KeyError:
        return vid


# --- the initiative track ------------------------------------------------------------------------

@frozen
class TrackEntry:
    """One initiative roll on the track: whose (``vessel``, her ``label`` and side), who acts
    (``who``: her helm, an engine, her deck crew, a monster) and whether it has acted."""

    vessel: str
    label: str
    side: str
    who: str
    done: bool


@frozen
class TrackCount:
    """A count of the round with everyone who acts on it (vessels move first)."""

    count: int
    current: bool
    entries: tuple[TrackEntry, ...]


@frozen
class Declaration:
    """Before the dice: a vessel's declaration for the round, or "" while it is awaited."""

    vessel: str
    label: str
    side: str
    words: str


@frozen
class Track:
    """The round as the initiative track shows it: the declarations while they are made, then
    the counts running down from the highest (``count`` the one being played)."""

    round: int
    phase: str
    count: int
    counts: tuple[TrackCount, ...] = ()
    declarations: tuple[Declaration, ...] = ()


ROLE_ORDER = {"captain": 0, "monster": 1, "piece": 2, "crew": 3}


def who_acts(state: AcksState, actor: Actor) -> str:
    """An initiative roll in a word or two: "moves" (her captain's count), "bow ballista",
    "deck crew"."""
    if actor.role == "captain":
        return "moves"
    if actor.role == "crew":
        return "deck crew"
    vessel = state.vessel(actor.vessel)
    if actor.role == "monster":
        return tables().monster(vessel.kind).name.split()[-1].lower()
    piece = next((p for p in vessel.pieces if p.id == actor.piece), None)
    if piece is None:
        return actor.piece
    kind = tables().piece(piece.kind)
    short = "harpoon" if kind.harpoon else kind.name.split()[-1]
    mount = "stbd" if piece.mount == "starboard" else piece.mount
    return f"{mount} {short}"


def track(state: AcksState) -> Track:
    names = labels(state)
    if state.phase is Phase.DECLARE:
        lines = tuple(Declaration(v.id, names[v.id], v.side, declared_words(v))
                      for v in state.vessels if v.afloat)
        return Track(state.round, state.phase.value, 0, declarations=lines)
    counts = sorted({a.total for a in state.actors}, reverse=True)
    rows = []
    for count in counts:
        actors = sorted((a for a in state.actors if a.total == count),
                        key=lambda a: ROLE_ORDER.get(a.role, 9))
        rows.append(TrackCount(count, count == state.count and not state.over, tuple(
            TrackEntry(a.vessel, names.get(a.vessel, a.vessel), a.side, who_acts(state, a),
                       a.done or a.total > state.count)
            for a in actors)))
    return Track(state.round, state.phase.value, state.count, counts=tuple(rows))


# --- the battlemap -------------------------------------------------------------------------------

def hex_scene(state: AcksState, selected: str | None = None, *, preview_action: Any = None,
              arcs: bool = False, **_: Any) -> HexScene:
    """The sea battlemap: every vessel and monster still in the fight across her hexes, the
    grapples between them; for the selected vessel, where her next step may take her (when she
    is moving: the hex the choice highlighted, ``preview_action``, leads to marked
    ``chosen``), how far a speed being declared takes her straight on (``preview_action``), and
    the hexes her engines reach (those acting on this count, or all of them with ``arcs``)."""
    names = labels(state)
    burning = {f.vessel for f in state.fires}
    vessels = tuple(
        HexVessel(v.body.hexes, v.body.facing, names[v.id], v.side, selected=v.id == selected,
                  ship=v.id, fill="≈" if v.creature else "",
                  faded=v.status is Status.SINKING or (v.creature and v.submerged),
                  name=v.name, aflame=v.id in burning)
        for v in state.vessels if v.in_action)
    marks: list[HexMark] = []
    chosen = next((v for v in state.vessels if v.id == selected and v.in_action), None)
    if chosen is not None:
        marks += engine_reach(state, chosen, everything=arcs)
        if isinstance(preview_action, Declare) and preview_action.vessel == chosen.id:
            marks += declared_reach(state, chosen, preview_action)
        elif _moves_now(state, chosen):
            marks += next_steps(state, chosen, preview_action)
    lines = grapple_lines(state) + line_of_fire(state, preview_action)
    return HexScene(state.columns, state.rows, vessels, tuple(marks), lines)


def line_of_fire(state: AcksState, action: Any) -> tuple[HexLine, ...]:
    """The line from the vessel acting to the target of the choice highlighted (``action``):
    a shot from her piece's hex, a volley or a grapple thrown from her hex nearest the target
    (to the target's hex nearest that), none for any other choice."""
    if not isinstance(action, (Shoot, Volley, ThrowGrapple)):
        return ()
    vessel = next((v for v in state.vessels if v.id == action.vessel and v.in_action), None)
    target = next((v for v in state.vessels if v.id == action.target and v.in_action), None)
    if vessel is None or target is None:
        return ()
    ends = vessel.hexes
    if isinstance(action, Shoot):
        piece = next((p for p in vessel.pieces if p.id == action.piece), None)
        if piece is not None:
            ends = (fire.mount_hex(vessel, piece),)
    _, a, b = min((distance(x, y), x, y) for x in ends for y in target.hexes)
    return (HexLine(a, b, "fire"),)


def _moves_now(state: AcksState, vessel: Vessel) -> bool:
    """Whether her next step is being decided: she is moving, or her helm (a monster itself)
    acts on this count and has not yet."""
    if state.phase is not Phase.COUNTS or state.head_on is not None:
        return False
    mover = moving(state)
    if mover is not None:
        return mover.id == vessel.id
    return any(a.vessel == vessel.id and a.role in ("captain", "monster") for a in now(state))


def next_steps(state: AcksState, vessel: Vessel, highlighted: Any = None) -> list[HexMark]:
    """Where each step she may take now leads: an arrow the way she would go in the hex her
    bow (her stern, backing water) would enter; a ram crossed. The hex the ``highlighted``
    choice (the one the player's list stands on) leads to is marked ``chosen``, drawn over
    the rest."""
    marks: dict[Hex, HexMark] = {}
    chosen: HexMark | None = None
    for action in vessel_steps(state, vessel):
        if isinstance(action, (Step, Ram)):
            plan = plan_step(state, vessel, action.how)
            backing = action.how in BACKWARD
            lead = vessel.body.stern if backing else vessel.body.bow
            into = stepped(vessel.body, action.how)
            goes = into.stern if backing else into.bow
            arrow = ARROWS[facing_toward(lead, goes)]
            if isinstance(action, Ram) or plan.ram:
                marks[goes] = HexMark(goes, "×" + arrow, "ram")
            elif goes not in marks:
                marks[goes] = HexMark(goes, arrow, "step")
        elif isinstance(action, Swim):
            goes = neighbour(vessel.body.bow, action.facing)
            marks.setdefault(goes, HexMark(goes, ARROWS[action.facing], "step"))
        elif isinstance(action, ShiftBow):
            body = shifted(vessel, action.turn)
            marks.setdefault(body.bow, HexMark(body.bow, ARROWS[body.facing], "step"))
        if highlighted is not None and action == highlighted:
            chosen = _chosen_mark(vessel, action, marks)
    return list(marks.values()) + ([chosen] if chosen is not None else [])


def _chosen_mark(vessel: Vessel, action: Any, marks: dict[Hex, HexMark]) -> HexMark | None:
    """The mark of the hex ``action`` leads to (the one ``next_steps`` just made or found), as
    the highlighted choice's."""
    if isinstance(action, (Step, Ram)):
        into = stepped(vessel.body, action.how)
        goes = into.stern if action.how in BACKWARD else into.bow
    elif isinstance(action, Swim):
        goes = neighbour(vessel.body.bow, action.facing)
    elif isinstance(action, ShiftBow):
        goes = shifted(vessel, action.turn).bow
    else:
        return None
    mark = marks.get(goes)
    return None if mark is None else HexMark(goes, mark.char, "chosen")


def speed_hexes(state: AcksState, declare: Declare) -> tuple[int, int]:
    """The hexes a declared speed moves her on her count: on a natural 1-3 on her captain's
    initiative die, and on a 4-6 (one more when the speed has a half hex)."""
    fast = helm.fast(state.vessel(declare.vessel), state.wind)
    return hexes_moved(declare.speed, 1, fast), hexes_moved(declare.speed, 6, fast)


def declared_reach(state: AcksState, vessel: Vessel, declare: Declare) -> list[HexMark]:
    """How far a declared speed takes her straight on: the hexes she is sure of (``•``), and
    the half hex a natural 4+ on her initiative adds (``?``). Monsters swim any way: their
    reach is a ring, not drawn."""
    if vessel.creature or declare.speed == 0:
        return []
    sure, lucky = speed_hexes(state, declare)
    backing = declare.mode == "backwater"
    way = (vessel.body.facing + 3) % 6 if backing else vessel.body.facing
    here = vessel.body.stern if backing else vessel.body.bow
    marks = []
    for n in range(1, lucky + 1):
        here = neighbour(here, way)
        marks.append(HexMark(here, "•" if n <= sure else "?", "reach"))
    return marks


def engine_reach(state: AcksState, vessel: Vessel, *, everything: bool) -> list[HexMark]:
    """The hexes in her engines' arcs within long range: of those whose crews act on this
    count (they are choosing a target), or of every engine (``everything``)."""
    if vessel.creature or not vessel.pieces:
        return []
    acting = {a.piece for a in now(state) if a.vessel == vessel.id and a.role == "piece"}
    pieces = [p for p in vessel.pieces if everything or p.id in acting]
    taken = set(vessel.hexes)
    marks: dict[Hex, HexMark] = {}
    for piece in pieces:
        origin = fire.mount_hex(vessel, piece)
        long = tables().piece(piece.kind).range[2]
        for dq in range(-long, long + 1):
            for dr in range(max(-long, -dq - long), min(long, -dq + long) + 1):
                h = Hex(origin.q + dq, origin.r + dr)
                if h in taken or h in marks or distance(origin, h) == 0:
                    continue
                if in_arc(origin, vessel.body.facing, h, piece.mount):
                    marks[h] = HexMark(h, "∙", "arc")
    return list(marks.values())


def grapple_lines(state: AcksState) -> tuple[HexLine, ...]:
    """Each grapple between the nearest hexes of the two vessels (a harpoon from its
    ballista's hex)."""
    out = []
    for g in state.grapples:
        a, b = state.vessel(g.a), state.vessel(g.b)
        if not (a.in_action and b.in_action):
            continue
        ends = a.hexes
        if g.kind == "harpoon":
            piece = next((p for p in a.pieces if p.id == g.piece), None)
            if piece is not None:
                ends = (fire.mount_hex(a, piece),)
        _, x, y = min((distance(x, y), x, y) for x in ends for y in b.hexes)
        out.append(HexLine(x, y, "harpoon" if g.kind == "harpoon" else "line"))
    return tuple(out)


# --- the deck battlemaps -------------------------------------------------------------------------

ROLE_LETTERS = {"captain": "c", "marine": "m", "rower": "r", "sailor": "s", "officer": "o"}
SAVE_LETTERS = ("P", "D", "B", "I", "S")   # Paralysis, Death, Blast, Implements, Spells
DECK_WATER = 1                  # rows of water above the top deck and below the bottom one
DECK_GAP = 2                    # rows of water between two decks side by side
DECK_ENDS = 2                   # columns of water beyond the ends of the decks
SQUARES_A_HEX = 12              # 60' a hex, 5' a square
WATER_REACH = 12                # how far from where he fell a man in the water may be drawn


def engaged(state: AcksState, a: Vessel, b: Vessel) -> bool:
    """A boarding between two vessels: a grapple or a bridge joins them, they are beside
    each other or share a hex, or men of one stand on the other's deck (boarders carried off
    when the vessels parted)."""
    from ahoy_tui.rules.acks.movement import gap

    return (any(g.joins(a.id) and g.other(a.id) == b.id for g in state.grapples)
            or any({br.vessel, br.target} == {a.id, b.id} for br in state.bridges)
            or gap(a, b) <= 1
            or any(not f.down and ((f.crew_of == a.id and f.on == b.id)
                                   or (f.crew_of == b.id and f.on == a.id))
                   for f in state.figures))


def laid_vessels(state: AcksState) -> list[Vessel]:
    """The vessels in the battle whose decks are laid (their crews are figures)."""
    from ahoy_tui.rules.acks.deck import laid

    return [v for v in state.vessels if not v.creature and v.in_action and laid(state, v.id)]


def boarding_focus(state: AcksState, focus: str | None = None) -> Vessel | None:
    """The deck the deck view is about: ``focus`` if her deck is laid, else the first laid
    vessel in a boarding (the side to act's first), else the first laid one; None when no deck
    is laid."""
    decks = laid_vessels(state)
    chosen = next((v for v in decks if v.id == focus), None)
    if chosen is not None or not decks:
        return chosen
    busy = [v for v in decks if any(o.side != v.side and engaged(state, v, o) for o in decks)]
    pool = busy or decks
    return next((v for v in pool if v.side == state.to_act), pool[0])


def _middle(vessel: Vessel) -> tuple[float, float]:
    (bx, by), (sx, sy) = centre(vessel.body.bow), centre(vessel.body.stern)
    return (bx + sx) / 2, (by + sy) / 2


def _plan(state: AcksState, vessel: Vessel, col: int, row: int, bow_right: bool,
          label: str, focus: bool = False, upright: int = 0) -> DeckPlan:
    from ahoy_tui.rules.acks.deck import bow_square, deck_size, steering_oars

    length, width = deck_size(vessel)
    mid = width // 2
    mounts = {"bow": (length - 2, mid), "stern": (1, mid), "port": (length // 2, 0),
              "starboard": (length // 2, width - 1)}
    artillery = tuple(mounts[p.mount] for p in vessel.pieces if p.mount in mounts)
    return DeckPlan(vessel.id, vessel.name, vessel.side, length, width, col, row, bow_right,
                    steering_oars(vessel), bow_square(vessel), artillery, label, focus,
                    upright)


def _placed(state: AcksState, focus: Vessel,
            other: Vessel) -> tuple[bool, float, bool, bool]:
    """Where an enemy deck goes beside hers (bow to the right): whether it runs bow to the
    right too (within 60° of her heading), the columns its middle lies from hers (the hexes'
    offset along her keel, 12 squares a hex), whether it lies to her starboard (drawn below
    her), and whether a boarding bridge fixes it (its landing square at the bridging bow, on
    the rail facing)."""
    from ahoy_tui.rules.acks.deck import bow_square, deck_size

    bow_right = (other.body.facing - focus.body.facing) % 6 in (0, 1, 5)
    ax, ay = centre(step(focus.body.facing))
    norm = math.hypot(ax, ay)
    (fx, fy), (ox, oy) = _middle(focus), _middle(other)
    dx, dy = ox - fx, oy - fy
    along = (dx * ax + dy * ay) / norm / norm * SQUARES_A_HEX
    cross = ax * dy - ay * dx
    below = cross >= 0
    bridge = next((b for b in state.bridges if {b.vessel, b.target} == {focus.id, other.id}),
                  None)
    if bridge is None:
        return bow_right, along, below, False
    flen, olen = deck_size(focus)[0], deck_size(other)[0]
    if bridge.target == focus.id:
        # her port rail (y 0) is on top: the bridging enemy lies above it
        below = bridge.y != 0
        if bridge.kind == "bridge":
            bx = bow_square(other)[0]
            bow_col = bx if bow_right else olen - 1 - bx  # from the enemy deck's left end
            along = bridge.x - bow_col + (olen - 1) / 2 - (flen - 1) / 2
    else:
        port_on_top = bow_right
        below = (bridge.y == 0) == port_on_top
        if bridge.kind == "bridge":
            land_col = bridge.x if bow_right else olen - 1 - bridge.x
            along = bow_square(focus)[0] - land_col + (olen - 1) / 2 - (flen - 1) / 2
    return bow_right, along, below, bridge.kind == "bridge"


def rammed_into_side(focus: Vessel, other: Vessel) -> bool:
    """Whether ``other`` lies with her bow in ``focus``'s side: her bow in one of the hexes
    of ``focus``, her heading across ``focus``'s (60° or 120° off it, not along it or
    head-on)."""
    return other.body.bow in focus.hexes \
        and (other.body.facing - focus.body.facing) % 6 in (1, 2, 4, 5)


def _along_at(focus: Vessel, h: Hex) -> float:
    """How many squares along ``focus``'s keel (bow positive) hex ``h`` lies from her
    middle."""
    ax, ay = centre(step(focus.body.facing))
    norm = math.hypot(ax, ay)
    (fx, fy), (hx, hy) = _middle(focus), centre(h)
    return ((hx - fx) * ax + (hy - fy) * ay) / norm / norm * SQUARES_A_HEX


def _layout(state: AcksState, focus: Vessel, enemies: list[Vessel]) -> list[DeckPlan]:
    """Her deck bow to the right, the enemy decks above (to her port) and below (to her
    starboard) with rows of water between, alongside her: the shorter of two decks wholly
    beside the longer, where the hexes put it (a bridge's landing at the bridging bow);
    every column shifted so that the westmost deck starts ``DECK_ENDS`` squares from the
    canvas's edge. A vessel with her bow in her side (a ram) stands across her, bow against
    her rail where the bow went in, with only her point in the row of water between (the
    project's reading: 5' squares show a ram's 60° or 120° as a right angle)."""
    from ahoy_tui.rules.acks.deck import deck_size

    names = labels(state)
    flen, fwidth = deck_size(focus)
    above: list[tuple[Vessel, bool, int, int]] = []
    below: list[tuple[Vessel, bool, int, int]] = []
    # nearest her, the enemies rammed into her side, then those a bridge, then a line, joins
    bridged = {v for b in state.bridges if focus.id in (b.vessel, b.target)
               for v in (b.vessel, b.target)}
    lined = {g.other(focus.id) for g in state.grapples if g.joins(focus.id)}
    for other in sorted(enemies, key=lambda o: (not rammed_into_side(focus, o),
                                                o.id not in bridged, o.id not in lined)):
        bow_right, along, under, fixed = _placed(state, focus, other)
        olen, owidth = deck_size(other)
        if rammed_into_side(focus, other):
            # her keel across the canvas, her bow's square at the hex it went in
            col = round((flen - 1) / 2 + _along_at(focus, other.body.bow) - (owidth - 1) / 2)
            col = max(0, min(flen - owidth, col))
            ax, ay = centre(step(focus.body.facing))
            bx, by = centre(step(other.body.facing))
            # coming from her port side (above), heading to starboard: bow down
            under = ax * by - ay * bx < 0
            (below if under else above).append((other, True, col, 1 if under else -1))
            continue
        col = round((flen - 1) / 2 + along - (olen - 1) / 2)
        if not fixed:
            col = max(min(0, flen - olen), min(max(0, flen - olen), col))
        (below if under else above).append((other, bow_right, col, 0))
    plans: list[DeckPlan] = []
    row = DECK_WATER
    for other, bow_right, col, upright in reversed(above):   # the outermost at the top
        plan = _plan(state, other, col, row, bow_right, names[other.id], upright=upright)
        plans.append(plan)
        row += plan.rows + (1 if upright else DECK_GAP)
    plans.append(_plan(state, focus, 0, row, True, names[focus.id], focus=True))
    row += fwidth + DECK_GAP
    for other, bow_right, col, upright in below:
        if upright:
            row -= DECK_GAP - 1   # only her point between
        plan = _plan(state, other, col, row, bow_right, names[other.id], upright=upright)
        plans.append(plan)
        row += plan.rows + DECK_GAP
    shift = DECK_ENDS - min(p.col for p in plans)
    return [replace(p, col=p.col + shift) for p in plans]


def _between(a: DeckPlan, b: DeckPlan) -> list[int]:
    """The canvas rows of water between two decks (none if another deck lies between)."""
    top, bottom = (a, b) if a.row < b.row else (b, a)
    return list(range(top.row + top.rows, bottom.row))


def _spread(base: int, count: int, rows: list[int]) -> list[tuple[int, int]]:
    """``count`` squares across ``rows`` from column ``base`` outward (base, base+1, base-1,
    ...): a bridge widened to hold the men on it."""
    cols = [base]
    k = 1
    while len(cols) * max(1, len(rows)) < count:
        cols.append(base + k if len(cols) % 2 else base - k)
        k += len(cols) % 2 == 1
    return [(c, r) for c in cols for r in rows]


def deck_scene(state: AcksState, focus: str | None = None,
               selected: str | None = None) -> DeckScene | None:
    """The deck battlemaps of a boarding (Simulating Sea Combat on the Battlemap: the
    "zoomed-in" deck plan beside the sea battlemap): the deck of the vessel in ``focus`` (by
    default the first laid vessel in a boarding) bow to the right, and the laid enemy decks
    she is grappled or bridged to, beside or in a hex with, above and below her with water
    between; the men standing on them, on bridges and lines between, hanging from a hull or
    in the water beside the vessel they fell from; fires; the ``selected`` figure (by default
    her captain) and his sheet. None when no deck is laid."""
    chosen = boarding_focus(state, focus)
    if chosen is None:
        return None
    enemies = [o for o in laid_vessels(state) if o.side != chosen.side
               and engaged(state, chosen, o)]
    plans = _layout(state, chosen, enemies)
    by_id = {p.vessel: p for p in plans}
    taken: set[tuple[int, int]] = {sq for p in plans for sq in (*p.cells, *p.point)}
    placed: dict[str, tuple[tuple[int, int], str]] = {}   # figure id: square, how
    bridges: list[DeckBridge] = []
    for b in state.bridges:
        if b.vessel not in by_id or b.target not in by_id:
            continue
        rows = _between(by_id[b.vessel], by_id[b.target])
        men = [f for f in state.figures if f.on == b.vessel and f.where == b.kind
               and not f.down]
        col = by_id[b.target].cell(b.x, b.y)[0]
        squares = [sq for sq in _spread(col, len(men), rows) if sq not in taken]
        while len(squares) < len(men):   # no water between (a ram): beside the landing
            spot = _free_water(by_id[b.target].cell(b.x, b.y), taken | set(squares), plans)
            if spot is None:
                break
            squares.append(spot)
        bridges.append(DeckBridge(tuple(squares), b.vessel, b.target, b.kind, b.fast))
        taken.update(squares)
        for f, sq in zip(men, squares, strict=False):
            placed[f.id] = (sq, "bridge")
    lines: list[DeckLine] = []
    line_squares: dict[frozenset[str], list[tuple[int, int]]] = {}
    for g in state.grapples:
        a, b = by_id.get(g.a), by_id.get(g.b)
        if a is None or b is None:
            continue
        rows = _between(a, b)
        low = max(a.col, b.col)
        high = min(a.col + a.columns, b.col + b.columns) - 1
        pair = frozenset((g.a, g.b))
        n = len(line_squares.get(pair, ()))   # a second line beside the first
        col = (low + high) // 2 + 2 * n if low <= high else (low + high) // 2
        squares = [(col, r) for r in rows if (col, r) not in taken]
        lines.append(DeckLine(tuple(squares), "harpoon" if g.kind == "harpoon" else "line"))
        line_squares.setdefault(pair, []).extend(squares)
    for f in state.figures:
        if f.down or f.on not in by_id or f.id in placed:
            continue
        plan = by_id[f.on]
        if f.where == "deck":
            placed[f.id] = (plan.cell(f.x, f.y), "deck")
        elif f.where == "line":
            spot = _on_line(state, f, plan, by_id, line_squares, taken)
            if spot is not None:
                taken.add(spot)
                placed[f.id] = (spot, "line")
    taken.update(sq for squares in line_squares.values() for sq in squares)
    for f in state.figures:   # in the water last: beside the decks, clear of the rest
        if f.down or f.on not in by_id or f.where not in ("water", "hanging"):
            continue
        plan = by_id[f.on]
        x = max(0, min(plan.length - 1, f.x))
        outside = -1 if f.y < plan.width / 2 else plan.width
        spot = _free_water(plan.cell(x, outside), taken, plans)
        if spot is not None:
            taken.add(spot)
            placed[f.id] = (spot, f.where)
    figures = [f for f in state.figures if f.id in placed]
    if selected not in placed:
        mine = [f for f in figures if f.crew_of == chosen.id]
        pick = next((f for f in mine if f.role == "captain"), mine[0] if mine else
                    (figures[0] if figures else None))
        selected = pick.id if pick is not None else None
    drawn = tuple(_deck_figure(f, *placed[f.id], f.id == selected) for f in figures)
    fires = tuple(_fire(by_id[fire.vessel], fire.x, fire.y, fire.vessel)
                  for fire in state.fires if fire.vessel in by_id)
    columns = max(p.col + p.columns for p in plans) + DECK_ENDS
    columns = max([columns] + [sq[0] + 1 for sq, _ in placed.values()])
    rows = max(p.row + p.rows for p in plans) + DECK_WATER
    sheet = figure_sheet(state, state.figure(selected)) if selected else None
    return DeckScene(columns, rows, tuple(plans), drawn, tuple(bridges), tuple(lines), fires,
                     chosen.id, selected or "", sheet)


def _on_line(state: AcksState, f: Figure, plan: DeckPlan, by_id: dict[str, DeckPlan],
             line_squares: dict[frozenset[str], list[tuple[int, int]]],
             taken: set[tuple[int, int]]) -> tuple[int, int] | None:
    """A man along a grapple line: on a free square of a line from the deck he left."""
    for pair, squares in line_squares.items():
        if f.on in pair:
            spot = next((sq for sq in squares if sq not in taken), None)
            if spot is not None:
                return spot
            return _free_water(squares[0], taken, list(by_id.values())) if squares else None
    return None


def _free_water(near: tuple[int, int], taken: set[tuple[int, int]],
                plans: list[DeckPlan]) -> tuple[int, int] | None:
    """The free water square nearest ``near`` (squares, diagonals one), on the canvas."""
    top = 0
    left = 0
    right = max(p.col + p.columns for p in plans) + DECK_ENDS - 1
    bottom = max(p.row + p.rows for p in plans) + DECK_WATER - 1
    cx, cy = near
    for radius in range(WATER_REACH + 1):
        ring = sorted(((cx + dx, cy + dy) for dx in range(-radius, radius + 1)
                       for dy in range(-radius, radius + 1)
                       if max(abs(dx), abs(dy)) == radius),
                      key=lambda sq: (abs(sq[1] - cy), abs(sq[0] - cx), sq))
        for sq in ring:
            if left <= sq[0] <= right and top <= sq[1] <= bottom and sq not in taken:
                return sq
    return None


def _fire(plan: DeckPlan, x: int, y: int, vessel: str) -> DeckFire:
    """Burning pitch: the 15' puddle (3 × 3 squares) centred on (x, y), on her deck."""
    squares = tuple(plan.cell(i, j) for i in range(x - 1, x + 2) for j in range(y - 1, y + 2)
                    if 0 <= i < plan.length and 0 <= j < plan.width)
    return DeckFire(squares, vessel)


def figure_letter(figure: Figure) -> str:
    """A man's letter: his role's (captain ``c``, marine ``m``, rower ``r``, sailor ``s``),
    a capital for a character who is no non-player character."""
    letter = ROLE_LETTERS.get(figure.role, figure.role[:1] or "?")
    return letter if figure.npc else letter.upper()


def _deck_figure(f: Figure, square: tuple[int, int], how: str, selected: bool) -> DeckFigure:
    water = how == "water"
    return DeckFigure(square, figure_letter(f), f.side, f.id, f.on,
                      captain=f.role == "captain", prone=f.prone, hanging=how == "hanging",
                      swimming=water and not f.drowning, drowning=water and f.drowning > 0,
                      bridge=how == "bridge", line=how == "line", selected=selected)


def figure_conditions(f: Figure) -> tuple[str, ...]:
    """His conditions in words: prone, hanging, swimming, drowning (rounds), winded, lost in
    the water (rounds left), down, below decks, on a bridge or a line."""
    out = []
    if f.down:
        out.append("down")
    if f.where == "below":
        out.append("below decks")
    elif f.where in ("bridge", "ramp"):
        out.append(f"on the {f.where}")
    elif f.where == "line":
        out.append("on a grapple line")
    elif f.where == "hanging":
        out.append("hanging")
    elif f.where == "water":
        out.append(f"drowning {f.drowning}" if f.drowning else "swimming")
        if f.npc and f.dies_in:
            out.append(f"lost in {f.dies_in} rd")
    if f.prone:
        out.append("prone")
    if f.winded:
        out.append("winded")
    return tuple(out)


def figure_sheet(state: AcksState, f: Figure) -> FigureSheet:
    """A figure's one-line sheet: name, role, hit points, AC, attack bonus, the five saving
    throws, stone, conditions, and where he is."""
    vessel = _name(state, f.on)
    where = {"deck": f"on {vessel}", "below": f"below on {vessel}",
             "bridge": f"on {vessel}'s bridge", "ramp": f"on {vessel}'s ramp",
             "line": f"on a line from {vessel}", "hanging": f"hanging from {vessel}",
             "water": f"in the water by {vessel}"}.get(f.where, vessel)
    return FigureSheet(f.id, f.side, f.name, f.role, max(0, f.hp), f.hp_max, f.ac, f.attack,
                       tuple(zip(SAVE_LETTERS, f.saves, strict=False)), f.stone,
                       figure_conditions(f), where)
