"""Everything but the helm: who moves first on a shared count, the head-on choice, artillery
(``Shoot``, ``Winch``), the deck crews (``Volley``, ``ThrowGrapple``, ``CutLine``, and
boarding: ``LowerBridge``, ``RaiseBridge``, ``Dislodge``, ``Board``, ``Fight``). Each
function picks one action from the legal ones, with its reason; an actor is finished
(``Done``) when nothing is left worth doing. ``careful`` is the normal captain's judgement;
without it, the easy captain's plain rules."""

from __future__ import annotations

from typing import Any

from ahoy_tui.ai.acks import odds, sight
from ahoy_tui.ai.captain import Decision
from ahoy_tui.rules.acks import fire
from ahoy_tui.rules.acks.actions import (
    Board,
    CutLine,
    Dislodge,
    Done,
    DumpFirePots,
    Fight,
    FightFire,
    HeadOnChoice,
    LowerBridge,
    MoveFirst,
    RaiseBridge,
    Shoot,
    ThrowGrapple,
    Volley,
    Winch,
)
from ahoy_tui.rules.acks.flow import fighting_crew
from ahoy_tui.rules.acks.grappling import weight
from ahoy_tui.rules.acks.legal import now
from ahoy_tui.rules.acks.model import AcksState, Vessel
from ahoy_tui.rules.acks.ramming import oars_of
from ahoy_tui.rules.acks.tables import tables

DECK = (Shoot, Winch, Volley, ThrowGrapple, CutLine, LowerBridge, RaiseBridge, Dislodge, Board,
        Fight, DumpFirePots, FightFire)
FIGHT = 15.0         # the men on deck always fight when they can
BOARD = {"bridge": 14.0, "ramp": 11.0, "line": 9.0, "jump": 8.0}   # by the safety of the way
ODDS = 1.2           # a boarding party must outnumber the defenders so many times
JUMP_ODDS = 0.5      # the party's mean chance of clearing the gap before it jumps


def _piece_name(vessel: Vessel, piece_id: str) -> str:
    piece = next((p for p in vessel.pieces if p.id == piece_id), None)
    return tables().piece(piece.kind).name if piece else piece_id


# --- who moves first -------------------------------------------------------------------------

def move_first(view: AcksState, acts: list[Any], side: str) -> Decision:
    """Move first when one of ours can ram (or is in reach of a ram) on this count: a ram
    struck halts its target; otherwise let the enemy show where she goes."""
    here = [view.vessel(a.vessel) for a in now(view) if a.role == "captain"]
    mine = [v for v in here if v.side == side]
    theirs = [v for v in here if v.side != side]
    for v in mine:
        for e in theirs:
            if sight.steps_to_hit(v.body, sight.steering(v), e.hexes) <= v.hexes_due:
                return Decision(MoveFirst(side, side), f"we move first: {v.name} can ram "
                                f"{e.name} on this count")
            if sight.steps_to_hit(e.body, sight.steering(e), v.hexes) <= e.hexes_due:
                return Decision(MoveFirst(side, side), f"we move first: {v.name} is in reach "
                                f"of {e.name}'s ram and must get clear")
    enemy = sight.other(side)
    return Decision(MoveFirst(side, enemy), "the enemy moves first: we answer where they go")


# --- head-on ---------------------------------------------------------------------------------

def head_on(view: AcksState, acts: list[Any], side: str, careful: bool = True) -> Decision:
    meeting = view.head_on
    assert meeting is not None
    me = view.vessel(meeting.chooser)
    other = view.vessel(meeting.target if meeting.chooser == meeting.rammer else meeting.rammer)
    ram = odds.ram_worth(view, me, other, sure=True)
    if view.condition("taken_by") == side and not other.creature:
        ram += 0.5 * odds.grapple_chance(me, other, 0) * odds.LAST
    count = oars_of(other)
    shear = odds.damage_worth(view, other, odds.scaled(count, 10, 1, 1, False)) if count else 0.0
    if not careful:
        ram = 1.0 if ram > 0 else ram
    options = [("ram", ram), ("shear", shear), ("miss", 0.0)]
    outcome, _worth = max(options, key=lambda o: o[1])
    words = {"ram": f"{me.name} rams {other.name} (worth {ram:.0f} shp)",
             "shear": f"{me.name} shears {other.name}'s oars (worth {shear:.0f} shp)",
             "miss": f"{me.name} lets {other.name} pass: nothing worth the blow"}
    return Decision(HeadOnChoice(side, outcome), f"head-on: {words[outcome]}")


# --- artillery and deck crews ----------------------------------------------------------------

def wants_free(view: AcksState, me: Vessel, other: Vessel) -> bool:
    """Whether a line between ``me`` and ``other`` is to be cut: she could take us by
    boarding, she is the stronger crew, or we are running and she holds us back."""
    if view.condition("taken_by") == me.side:
        return False
    if view.condition("taken_by") == other.side:
        return True
    if view.condition(f"escape_{me.side}"):
        return True
    return fighting_crew(other) > fighting_crew(me) or (weight(other) > weight(me) and \
        fighting_crew(other) >= fighting_crew(me))


def takes(view: AcksState, me: Vessel, other: Vessel) -> bool:
    """Whether grappling ``other`` is worth it: the scenario means us to take her, and our
    fighting crew outnumbers hers 1.2 to 1, as a boarding party must (at twice hers, the
    Harpe's 75 against the Golden Fleece's 50 never threw a line, and the merchant she must
    take got away: issue 42)."""
    return (view.condition("taken_by") == me.side and not other.creature
            and fighting_crew(me) >= ODDS * max(1, fighting_crew(other)))


BURNS = 3.0          # rounds a fire is reckoned to burn before it is put out


def pitch_gain(kind: str) -> float:
    """Burning pitch against the piece's plain shot: its dice in full, again each round it
    burns, against the plain shot's share of its own dice."""
    from ahoy_tui.rules.acks.pitch import pitch_dice
    from ahoy_tui.rules.acks.tables import dice_expr

    piece = tables().piece(kind)
    n, sides = dice_expr(piece.damage)
    plain = n * (sides + 1) / 2 * piece.share[0] / piece.share[1]
    p, psides = dice_expr(pitch_dice(kind))
    return BURNS * p * (psides + 1) / 2 / max(0.5, plain)


def standing_on(view: AcksState, vessel_id: str, side: str) -> int:
    return sum(1 for f in view.figures if f.on == vessel_id and f.side == side and f.standing)


def outnumbers(view: AcksState, me: Vessel, other: Vessel) -> bool:
    """Her boarding party (and ours already across) against the men of her side on her
    deck. Once men of ours fight on that deck, the rest go over to them whatever the count
    (issue 42: held back while the odds were short, the Harpe's first sixty were cut down
    piecemeal on the Golden Fleece while the rest idled on her own deck; the easy captain,
    who sends everyone, took the merchantman twice as often)."""
    from ahoy_tui.rules.acks.crossing import party

    across = standing_on(view, other.id, me.side)
    if across:
        return True
    return len(party(view, me)) >= ODDS * max(1, standing_on(view, other.id, other.side))


def boarding_worth(view: AcksState, action: Any, careful: bool) -> float:
    v = view.vessel(action.vessel)
    if isinstance(action, Fight):
        return FIGHT
    if isinstance(action, Board):
        target = view.vessel(action.target)
        if not target.afloat:
            return 0.0          # a vessel going down is no prize
        if view.condition(f"escape_{v.side}") and view.condition("taken_by") != v.side:
            return 0.0
        if careful and not outnumbers(view, v, target):
            return 0.0
        fast = any(b.vessel == v.id and b.fast for b in view.bridges)
        if action.by == "jump" and careful:
            from ahoy_tui.rules.acks.crossing import larger, party, span
            from ahoy_tui.rules.acks.jumping import chance

            men = party(view, v)
            gap_ft = span(view, v, target)
            odds_of = [chance(f, gap_ft, larger(v, target), 20) for f in men]
            if not men or sum(odds_of) / len(men) < JUMP_ODDS:
                return 0.0
        if action.by in ("bridge", "ramp") and action.run and not fast:
            return 0.0 if careful else 1.0       # a save each or overboard: walk across
        return BOARD[action.by] + (2.0 if action.by == "bridge" and fast else 0.0)
    if isinstance(action, LowerBridge):
        target = view.vessel(action.target)
        if not target.afloat:
            return 0.0
        if view.condition(f"escape_{v.side}") and view.condition("taken_by") != v.side:
            return 0.0
        if careful and not outnumbers(view, v, target):
            return 0.0
        return 13.0 if action.machine == "bridge" else 10.0
    if isinstance(action, RaiseBridge):
        bridge = next(b for b in view.bridges if b.vessel == v.id)
        ours_there = standing_on(view, bridge.target, v.side)
        theirs_here = standing_on(view, v.id, view.vessel(bridge.target).side)
        if view.condition(f"escape_{v.side}") or (ours_there == 0 and theirs_here > 0):
            return 12.0
        return 0.0
    if isinstance(action, DumpFirePots):
        # burning a prize we mean to take is no gain
        if view.condition("taken_by") == v.side:
            return 0.0
        return BURNS * 7.0       # 4d6 to her hull each round it burns
    if isinstance(action, FightFire):
        fighting = any(f.on == v.id and f.side != v.side and f.standing for f in view.figures)
        return 5.0 if fighting else BURNS * 7.0 + FIGHT     # before the boarding
    if isinstance(action, Dislodge):
        owner = view.vessel(action.owner)
        if view.condition("taken_by") == owner.side or outnumbers(view, owner, v) or \
                view.condition(f"escape_{v.side}"):
            return 12.0
        return 0.0
    return 0.0


def worth(view: AcksState, action: Any, careful: bool) -> float:
    """What a deck action is worth, in shp."""
    if isinstance(action, (Fight, Board, LowerBridge, RaiseBridge, Dislodge, DumpFirePots,
                           FightFire)):
        return boarding_worth(view, action, careful)
    v = view.vessel(action.vessel)
    if isinstance(action, Shoot):
        target = view.vessel(action.target)
        if not target.creature and not target.afloat:
            return 0.0      # nor a shot at a hull already going down
        piece = next(p for p in v.pieces if p.id == action.piece)
        band = fire.band(piece, fire.hex_range(v, piece, target)) or "long"
        plain = odds.shot_worth(view, v, piece, target, band) if careful else 1.0
        if action.pitch:
            return plain * pitch_gain(piece.kind)
        return plain
    if isinstance(action, Winch):
        piece = next(p for p in v.pieces if p.id == action.piece)
        held = view.vessel(piece.harpooned)
        if sight.gap(v.hexes, held.hexes) == 0:
            return 0.0
        return 5.0 if takes(view, v, held) or fighting_crew(v) > fighting_crew(held) else 0.0
    if isinstance(action, Volley):
        target = view.vessel(action.target)
        if not target.creature and not target.afloat:
            return 0.0      # no volley at the crew of a vessel already going down
        return odds.volley_worth(view, v, target) if careful else 1.0
    if isinstance(action, ThrowGrapple):
        target = view.vessel(action.target)
        if not takes(view, v, target):
            return 0.0
        return odds.grapple_chance(v, target, sight.gap(v.hexes, target.hexes)) * odds.LAST
    if isinstance(action, CutLine):
        other = view.vessel(action.other)
        if not wants_free(view, v, other):
            return 0.0
        chance = odds.dislodge_chance() if action.dislodge else odds.cut_chance()
        stake = odds.LAST if view.condition("taken_by") == other.side else 20.0
        return chance * stake
    return 0.0


def deck(view: AcksState, acts: list[Any], side: str, careful: bool = True) -> Decision:
    """The deck action worth most among all our actors on this count; an actor with nothing
    worth doing is done."""
    scored = [(worth(view, a, careful), i, a) for i, a in enumerate(acts)
              if isinstance(a, DECK)]
    good = [s for s in scored if s[0] > 0]
    if good:
        value, _, action = max(good, key=lambda s: (s[0], -s[1]))
        return Decision(action, deck_words(view, action, value, careful))
    done = next((a for a in acts if isinstance(a, Done)), None)
    if done is not None:
        vid, _, role = done.actor.partition(":")
        v = view.vessel(vid)
        what = "deck crew" if role == "crew" else _piece_name(v, role)
        return Decision(done, f"{v.name}'s {what}: nothing worth doing on this count")
    return Decision(acts[0], "nothing to decide")


def deck_words(view: AcksState, action: Any, value: float, careful: bool) -> str:
    v = view.vessel(action.vessel)
    tail = f" (worth {value:.1f} shp)" if careful else ""
    if isinstance(action, Shoot):
        target = view.vessel(action.target)
        if not target.creature and not target.afloat:
            return 0.0      # nor a shot at a hull already going down
        piece = next(p for p in v.pieces if p.id == action.piece)
        band = fire.band(piece, fire.hex_range(v, piece, target)) or "long"
        return (f"{v.name}'s {_piece_name(v, action.piece)} shoots at {target.name} at "
                f"{band} range{tail}")
    if isinstance(action, Winch):
        piece = next(p for p in v.pieces if p.id == action.piece)
        return f"{v.name} winches in {view.vessel(piece.harpooned).name}"
    if isinstance(action, Volley):
        target = view.vessel(action.target)
        what = "" if target.creature else f"'s crew of {target.crew}"
        return f"{v.name}'s marines shoot at {target.name}{what}{tail}"
    if isinstance(action, ThrowGrapple):
        target = view.vessel(action.target)
        return (f"{v.name} throws a line at {target.name}: {fighting_crew(v)} against "
                f"{fighting_crew(target)}, grappled we board her{tail}")
    if isinstance(action, CutLine):
        other = view.vessel(action.other)
        verb = "dislodge" if action.dislodge else "cut"
        return f"{v.name} tries to {verb} the line to {other.name}: she must get free{tail}"
    if isinstance(action, Fight):
        foes = sum(1 for f in view.figures if f.side != v.side and f.standing
                   and any(g.on == f.on and g.crew_of == v.id and g.standing
                           for g in view.figures))
        return f"{v.name}'s men close and fight: {foes} enemies on the decks{tail}"
    if isinstance(action, Board):
        target = view.vessel(action.target)
        if not target.afloat:
            return 0.0          # a vessel going down is no prize
        return (f"{v.name}'s boarders cross to {target.name} ({action.by}): they outnumber "
                f"her {standing_on(view, target.id, target.side)} defenders{tail}")
    if isinstance(action, LowerBridge):
        target = view.vessel(action.target)
        if not target.afloat:
            return 0.0
        return f"{v.name} drops her boarding {action.machine} on {target.name}{tail}"
    if isinstance(action, RaiseBridge):
        return f"{v.name} raises her bridge: the fight is going against us{tail}"
    if isinstance(action, DumpFirePots):
        return f"{v.name} dumps her fire pots on {view.vessel(action.target).name}{tail}"
    if isinstance(action, FightFire):
        return f"{v.name}'s men fight the fire on her deck{tail}"
    if isinstance(action, Dislodge):
        return (f"{v.name}'s men throw off {view.vessel(action.owner).name}'s "
                f"boarding way{tail}")
    return str(action)
