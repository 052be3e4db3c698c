"""What the screens show of an ACKS II sea combat: the sea battlemap as plain hex shapes
(``engine.hexscene``), each vessel's sheet (and each monster's), and the initiative track.

Nothing here draws: the hex map and the sheets' widget (``ui``) turn these values into
characters. Every figure on a sheet is read from the state and the tables the rules use
(``helm.max_speed`` for the speeds she may declare now).
"""

from __future__ import annotations

from typing import Any

from attrs import frozen

from ahoy_tui.engine.hexgrid import FACINGS, Hex, distance, facing_toward, in_arc, neighbour
from ahoy_tui.engine.hexscene import ARROWS, HexLine, HexMark, HexScene, HexVessel
from ahoy_tui.rules.acks import fire, helm
from ahoy_tui.rules.acks.actions import Declare, Ram, ShiftBow, Step, Swim
from ahoy_tui.rules.acks.legal import moving, now, vessel_steps
from ahoy_tui.rules.acks.model import AcksState, Actor, Phase, Piece, Status, Vessel
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
                                     ("sail", kind.sail)) if f)
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
        captain_down=v.captain_down, sinks_in=v.sinks_in)


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
    is moving), how far a speed being declared takes her straight on (``preview_action``), and
    the hexes her engines reach (those acting on this count, or all of them with ``arcs``)."""
    names = labels(state)
    vessels = tuple(
        HexVessel(v.body.hexes, v.body.facing, names[v.id], v.side, selected=v.id == selected,
                  ship=v.id, fill="≈" if v.creature else "",
                  faded=v.status is Status.SINKING or (v.creature and v.submerged))
        for v in state.vessels if v.in_action)
    marks: list[HexMark] = []
    chosen = next((v for v in state.vessels if v.id == selected and v.in_action), None)
    if chosen is not None:
        marks += engine_reach(state, chosen, everything=arcs)
        if isinstance(preview_action, Declare) and preview_action.vessel == chosen.id:
            marks += declared_reach(state, chosen, preview_action)
        elif _moves_now(state, chosen):
            marks += next_steps(state, chosen)
    return HexScene(state.columns, state.rows, vessels, tuple(marks), grapple_lines(state))


def _moves_now(state: AcksState, vessel: Vessel) -> bool:
    """Whether her next step is being decided: she is moving, or her helm (a monster itself)
    acts on this count and has not yet."""
    if state.phase is not Phase.COUNTS or state.head_on is not None:
        return False
    mover = moving(state)
    if mover is not None:
        return mover.id == vessel.id
    return any(a.vessel == vessel.id and a.role in ("captain", "monster") for a in now(state))


def next_steps(state: AcksState, vessel: Vessel) -> list[HexMark]:
    """Where each step she may take now leads: an arrow the way she would go in the hex her
    bow (her stern, backing water) would enter; a ram crossed."""
    marks: dict[Hex, HexMark] = {}
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
    return list(marks.values())


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
