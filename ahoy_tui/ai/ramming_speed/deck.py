"""Everything but the orders: range fire (18.0-20.2), grappling and the corvus (14.0, 21.1),
boarding (15.0), and maintenance (6.2 oars, 3.4 the sail, 14.2 lines, 21.2 the corvus, 12.0
abandoning ship). Each function picks one action from the legal ones, with its reason; the
phase is finished (``PhaseDone``) when nothing is left worth doing. ``careful`` is the normal
captain's judgement; without it, the easy captain's plain rules."""

from __future__ import annotations

import math
from typing import Any

from ahoy_tui.ai.captain import Decision
from ahoy_tui.ai.ramming_speed import sight
from ahoy_tui.ai.ramming_speed.odds import FIGHT
from ahoy_tui.engine import LegalActions
from ahoy_tui.engine.geometry import point_distance
from ahoy_tui.rules.ramming_speed import archery, melee
from ahoy_tui.rules.ramming_speed.actions import (
    AbandonShip,
    Board,
    CutLines,
    DropCorvus,
    Fall,
    MatchUp,
    PhaseDone,
    PutForward,
    RemoveCorvus,
    SetSail,
    ShiftOars,
    Shoot,
    ThrowLines,
)
from ahoy_tui.rules.ramming_speed.model import Galley, Man, RSState, Sail
from ahoy_tui.rules.ramming_speed.odds import duel_odds
from ahoy_tui.rules.ramming_speed.tables import tables

# what losing a man costs his galley (18.0: the shot "whose loss hurts most")
MAN_WORTH = {"admiral": 3.0, "captain": 3.0, "sailor": 1.3, "marine": 1.1, "archer": 1.0,
             "artilleryman": 0.7}
OARS_WORTH = 1.6       # an oar section: her speed (6.1)
BOARD_AT = 1.1         # boarders' strength over the defenders' to grapple and board
HOLD_ON = 0.8          # held already: board unless clearly the weaker


def done(side: str, why: str) -> Decision:
    return Decision(PhaseDone(side), why)


def _name(view: RSState, ship_id: str) -> str:
    try:
        return view.ship(ship_id).name
    except KeyError:
        return ship_id


# --- range fire ------------------------------------------------------------------------------

def fire(view: RSState, legal: LegalActions, side: str, careful: bool) -> Decision:
    offered = [a for a in legal if isinstance(a, Shoot)]
    if not offered:
        return done(side, "no target within range")
    # no volley at the crew of a galley going down (her men are no longer the fight, and a
    # galley sunk scores the same however many of them were shot), unless she is grappled to
    # the shooter, whose deck they may yet come across to
    shots = [a for a in offered if not going_down(view, view.ship(a.ship), view.ship(a.target))]
    if not shots:
        return done(side, f"no volley at the crew of {_name(view, offered[0].target)}, going "
                          "down")
    ship_id = shots[0].ship
    mine = [a for a in shots if a.ship == ship_id]
    ship = view.ship(ship_id)
    if not careful:
        def gap(a: Shoot) -> float:
            return archery.reach(view, ship, view.ship(a.target))

        pick = min((a for a in mine if a.aim == ""), key=gap, default=mine[0])
        return Decision(pick, f"{ship.name} looses at the nearest enemy, "
                        f"{_name(view, pick.target)}")
    scored = [(_shot_worth(view, ship, a), a) for a in mine]
    worth, pick = max(scored, key=lambda t: t[0])
    aim = f" aiming at the {pick.aim}" if pick.aim in ("bow", "middle", "stern") else (
        f" picking out the {view.man(pick.aim).rank}" if pick.aim else "")
    return Decision(pick, f"{ship.name} looses at {_name(view, pick.target)}{aim}: the shot "
                    f"that hurts most (worth {worth:.1f})")


def going_down(view: RSState, ship: Galley, target: Galley) -> bool:
    """The target is sinking (holed, three loads or more) and not grappled to ``ship``."""
    return sight.sinking(target) and not any(g.joins(ship.id, target.id)
                                             for g in view.grapples)


def _section_worth(view: RSState, target: Galley, section: str, shooter: str) -> float:
    men = [m for m in view.men if m.aboard == target.id and view.ship(m.ship).side != shooter
           and
           (m.section == section or (m.section == "tower" and section in target.towers))]
    values = [_man_worth(m, view.turn) for m in men]
    if section == "middle":
        values += [OARS_WORTH * 0.5, OARS_WORTH * 0.5]
    return sum(values) / len(values) if values else 0.0


def _man_worth(man: Man, turn: int) -> float:
    kill = 0.55 if man.rank in tables()["archery"]["armoured"] else 0.7
    if man.wounded(turn):
        kill = 1.0
    return MAN_WORTH.get(man.rank, 1.0) * kill


def _shot_worth(view: RSState, ship: Galley, shot: Shoot) -> float:
    target = view.ship(shot.target)
    rules = tables()["archery"]
    total = 0.0
    sections = {s: _section_worth(view, target, s, ship.side) for s in ("bow", "middle", "stern")}
    spread = sum(sections.values()) / 3
    for man in archery.archers(view, ship):
        span = point_distance(archery.place_of(ship, man.section), target.outline)
        if span > rules["range"]:
            continue
        short = span <= rules["short"]
        tower = man.section == "tower"
        if shot.aim in sections and short and (tower or archery.broadside(ship, target)):
            total += (7 - rules["hit_short"]) / 6 * sections[shot.aim]
        elif shot.aim not in ("", *sections) and tower and short:
            picked = next((m for m in view.men if m.id == shot.aim), None)
            if picked is not None:
                total += (7 - rules["tower_pick"]) / 6 * _man_worth(picked, view.turn)
        else:
            need = rules["hit_short"] if short else rules["hit_long"]
            total += (7 - need) / 6 * spread
    for _ in archery.ready_engines(view, ship):
        total += 0.4 * spread * 2
    return total * _target_weight(view, ship, target)


def _target_weight(view: RSState, ship: Galley, target: Galley) -> float:
    """A galley she is fighting alongside, or one about to ram her, matters most."""
    weight = 1.0
    if any(g.joins(ship.id, target.id) for g in view.grapples):
        weight += 0.5
    if target.withdrawing:
        weight -= 0.4
    if sight.sinking(target):
        weight -= 0.5
    return max(0.1, weight)


# --- grappling -------------------------------------------------------------------------------

def _grapples(legal: LegalActions) -> list[Any]:
    out: list[Any] = [a for a in legal.fixed if isinstance(a, DropCorvus)]
    for r in legal.ranges:
        if isinstance(r.template, ThrowLines):
            out.append(r.at(r.high))
    return out


def grapple(view: RSState, legal: LegalActions, side: str, careful: bool) -> Decision:
    best: tuple[float, Any, str] | None = None
    for action in _grapples(legal):
        ship, target = view.ship(action.ship), view.ship(action.target)
        if ship.id in view.acted:
            continue
        if target.side == side:
            # lines to a friend only to hold her up when she is sinking (11.0), from a sound
            # galley of ours
            if sight.sinking(target) and not ship.holed and (best is None or best[0] < 9):
                best = (9.0, action, f"{ship.name} throws lines to {target.name} to hold "
                        "her up (11.0)")
            continue
        ours = sight.boarders_strength(view, ship)
        theirs = sight.defenders_strength(view, target)
        if sight.escape_edge(view, side) is not None:
            continue  # a runner never grapples
        if careful:
            if sight.sinking(target) or ours < BOARD_AT * theirs:
                continue
            edge = ours / max(theirs, 0.1) + (0.5 if isinstance(action, DropCorvus) else 0.0)
        else:
            if len(melee.boarders(view, ship)) <= sum(
                    1 for m in view.men if m.aboard == target.id and m.ship == target.id):
                continue
            edge = ours - theirs
        if best is None or edge > best[0]:
            how = "drops her corvus on" if isinstance(action, DropCorvus) else "throws lines at"
            best = (edge, action, f"{ship.name} {how} {target.name}: her boarders "
                    f"({ours:.1f}) outmatch the defenders ({theirs:.1f})")
    if best is None:
        return done(side, "no enemy alongside worth grappling")
    return Decision(best[1], best[2])


# --- boarding --------------------------------------------------------------------------------

def board(view: RSState, legal: LegalActions, side: str, careful: bool) -> Decision:
    # the whole party or the rank and file, from a galley that has not sent men across this
    # turn (her officers kept back stay back)
    boards = [a for a in legal if isinstance(a, Board) and not a.section and not a.man
              and not any(s == a.ship for s, _ in view.boarded)]
    for action in boards:
        ship, target = view.ship(action.ship), view.ship(action.target)
        ours = sight.boarders_strength(view, ship)
        theirs = _on_deck(view, target)
        if not action.officers or not _room_aboard(view, ship, target):
            continue
        if careful and (ours < HOLD_ON * theirs or sight.sinking(target)):
            continue
        # a captain lost may take his galley out of the fight (22.1): he stays aboard when
        # his men outmatch the defenders without him
        plain = Board(action.side, action.ship, action.target, officers=False)
        rank_and_file = sight.strength(melee.boarders(view, ship, officers=False))
        if careful and plain in legal and rank_and_file >= BOARD_AT * theirs:
            return Decision(plain, f"{ship.name} boards {target.name}: {rank_and_file:.1f} "
                            f"against {theirs:.1f} on her deck, her officers staying aboard")
        return Decision(action, f"{ship.name} boards {target.name}: {ours:.1f} against "
                        f"{theirs:.1f} on her deck")
    return done(side, "no boarding worth the risk" if boards else "no enemy held fast")


def _room_aboard(view: RSState, ship: Galley, target: Galley) -> bool:
    """Whether a boarder of hers can find room on the target's deck: five of a side to a
    section (13.2). The rules list a boarding with no room, which moves no one (a no-op)."""
    cap = tables()["melee"]["section_holds"]
    for section in ("bow", "middle", "stern"):
        ours = sum(1 for m in view.men if m.aboard == target.id and m.section == section
                   and view.ship(m.ship).side == ship.side)
        if ours < cap:
            return True
    return False


def _on_deck(view: RSState, target: Galley) -> float:
    """The enemy's fit men on her deck (defenders and their friends who have boarded her)."""
    return sight.strength(m for m in view.men if m.aboard == target.id
                          and view.ship(m.ship).side == target.side
                          and melee.fit(view, m))


# --- hand to hand ------------------------------------------------------------------------------

def hand_to_hand(view: RSState, legal: LegalActions, side: str, careful: bool) -> Decision:
    """The melee's choices (16.6-16.7): her best men forward; the match-ups that kill most for
    the fewest lost, by the duels' odds (the plain pairing without ``careful``); the least
    valuable of a beaten pair falls."""
    options = list(legal)
    first = options[0]
    if isinstance(first, PutForward):
        men = ", ".join(view.man(i).rank for i in first.men)
        return Decision(first, f"her best men forward: {men}")
    if isinstance(first, Fall):
        pick = min((a for a in options if isinstance(a, Fall)),
                   key=lambda a: (MAN_WORTH.get(view.man(a.man).rank, 1.0),
                                  -melee.rank_index(view.man(a.man))))
        return Decision(pick, f"beaten, they give up the {view.man(pick.man).rank}, the man "
                        "they can best spare (16.6)")
    if isinstance(first, MatchUp) and careful:
        scored = [(_match_worth(view, a), -i, a) for i, a in enumerate(options)
                  if isinstance(a, MatchUp)]
        worth, _, pick = max(scored, key=lambda t: (t[0], t[1]))
        return Decision(pick, f"the match-ups that should kill most for the fewest lost "
                        f"(worth {worth:+.2f})")
    return Decision(first, "the plain match-ups: equal ranks first, then man to man")


def _match_worth(view: RSState, action: MatchUp) -> float:
    """What a match-up is worth to the boarders: each fight's chance to kill, by what the man
    who would fall is worth in a fight, less its chance to lose one of hers."""
    tower = view.melee is not None and view.melee.tower
    total = 0.0
    for a_ids, b_ids in action.fights:
        a = [view.man(i) for i in a_ids]
        b = [view.man(i) for i in b_ids]
        plus_a, plus_b = melee.modifiers(a, b, b_tower=tower)
        win, _, lose = duel_odds(plus_a, plus_b)
        theirs = min(FIGHT.get(m.rank, 1.0) for m in b)
        ours = min(FIGHT.get(m.rank, 1.0) for m in a)
        total += float(win) * theirs - float(lose) * ours
    return total


# --- maintenance -----------------------------------------------------------------------------

def maintain(view: RSState, legal: LegalActions, side: str, careful: bool) -> Decision:
    for action in legal:
        if isinstance(action, ShiftOars):
            ship = view.ship(action.ship)
            return Decision(action, f"{ship.name} evens her oars ({ship.oars[0]}/"
                            f"{ship.oars[1]}): speed counts the weaker side")
        if isinstance(action, RemoveCorvus):
            return Decision(action, f"{_name(view, action.ship)} holds both decks: the corvus "
                            "comes up")
    if not careful:
        return done(side, "the holes are plugged for her; nothing else to do")
    for action in legal:
        if isinstance(action, CutLines):
            why = _cut_why(view, action)
            if why:
                return Decision(action, why)
        if isinstance(action, SetSail):
            why = _sail_why(view, action)
            if why:
                return Decision(action, why)
        if isinstance(action, AbandonShip):
            ship = view.ship(action.ship)
            if _doomed(view, ship):
                return Decision(action, f"{ship.name} will surely sink ({ship.loads} loads "
                                "and no sailor to plug): abandon ship!")
    return done(side, "plugging is automatic; the lines, oars and sails stay as they are")


def _cut_why(view: RSState, action: CutLines) -> str:
    ship, other = view.ship(action.ship), view.ship(action.target)
    if any(m.ship == ship.id and m.aboard == other.id for m in view.men):
        return ""   # never while her own boarders are on the other galley
    if other.side == ship.side:
        if sight.sinking(other) and other.loads < 6 and not ship.holed:
            return ""   # holding a sinking friend up (11.0)
        return f"{ship.name} casts off from {other.name}"
    if sight.sinking(other):
        return f"{ship.name} cuts loose from the sinking {other.name}"
    ours = sight.boarders_strength(view, ship)
    theirs = sight.boarders_strength(view, other)
    if theirs > HOLD_ON * 1.25 * sight.defenders_strength(view, ship) and ours < \
            BOARD_AT * sight.defenders_strength(view, other):
        return (f"{ship.name} cuts the lines: {other.name}'s boarders ({theirs:.1f}) would "
                "win a boarding")
    if sight.escape_edge(view, ship.side) is not None:
        return f"{ship.name} cuts the lines to run for it"
    return ""


def _sail_why(view: RSState, action: SetSail) -> str:
    ship = view.ship(action.ship)
    if ship.sail_only:
        return ""
    if action.up and view.wind.strength != "calm" and not sight.is_held(view, ship) and (
            ship.oar_sections <= 1 or (ship.energy == 0 and ship.oar_sections <= 2)):
        return f"{ship.name} is crippled ({ship.oar_sections} oar sections): up sail to flee"
    if not action.up and ship.sail is Sail.UP and ship.oar_sections >= 3:
        return f"{ship.name} has oars enough again: down sail to fight"
    return ""


def _doomed(view: RSState, ship: Galley) -> bool:
    if sight.contested(view, ship) or not ship.holed:
        return False
    sailor = any(m.rank == "sailor" and m.ship == ship.id and m.aboard == ship.id
                 for m in view.men)
    return ship.loads >= 4 and not sailor and not sight.is_held(view, ship)


def nearest(view: RSState, ship: Galley, ships: list[Galley]) -> Galley | None:
    return min(ships, key=lambda s: math.hypot(s.x - ship.x, s.y - ship.y), default=None)
