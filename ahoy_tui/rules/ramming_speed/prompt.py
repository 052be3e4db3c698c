"""Plain words: what the rules want now, what an action does, the table as text."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ahoy_tui.rules.ramming_speed.actions import (
    AbandonShip,
    Board,
    CutLines,
    DropCorvus,
    Fall,
    MatchUp,
    PhaseDone,
    PlaceMan,
    PutForward,
    Recall,
    RemoveCorvus,
    SealOrders,
    SetSail,
    ShiftOars,
    Shoot,
    ThrowLines,
    WriteOrders,
)
from ahoy_tui.rules.ramming_speed.helm import full_distance, grade
from ahoy_tui.rules.ramming_speed.model import Galley, Man, Phase, RSState
from ahoy_tui.rules.ramming_speed.sailing import wind_words

PROMPTS = {
    Phase.ORDERS: "write each galley's orders, a letter an inch (S, L, R), then seal them",
    Phase.FIRE: "range fire: choose your archers' and engines' targets (all shoot at once)",
    Phase.GRAPPLE: "grappling: throw lines or drop a corvus on an enemy within 2\"",
    Phase.BOARD: "boarding: send your men across to a galley held fast",
    Phase.MELEE: "hand to hand: put your men forward, match them up, or choose who falls",
    Phase.MAINTENANCE: "maintenance: oars, sails, lines and corvi; holes are plugged for you",
}


def prompt(state: RSState) -> str:
    if state.over:
        return state.result
    who = state.side_name(state.to_act or "")
    if state.phase is Phase.MELEE and state.melee is not None and state.melee.ship:
        from ahoy_tui.rules.ramming_speed.fight import waiting, where

        # where the fight is and what it waits on (played at 80x24: "put forward Eleusis's
        # captain" with nothing to say at which of her sections, in which round)
        need = waiting(state)
        what = {"put_forward": "put forward your men", "match_up": "match up the men",
                "fall": "your beaten men choose who falls (16.6)"}.get(
            need[1][0].kind if need and need[1] else "", "fight")
        return f"Turn {state.turn} · {who}: hand to hand at {where(state)}: {what}"
    return f"Turn {state.turn} · {who}: {PROMPTS.get(state.phase, '')}"


def _name(state: RSState, ship_id: str) -> str:
    try:
        return state.ship(ship_id).name
    except KeyError:
        return ship_id


def describe(state: RSState, action: Any) -> str:
    match action:
        case WriteOrders():
            rake = ", oar rake announced" if action.rake else ""
            return (f"{_name(state, action.ship)}: {action.band} "
                    f"{action.moves or '(stays put)'}{rake}")
        case SealOrders():
            return "seal the orders"
        case Shoot():
            aim = ""
            if action.aim in ("bow", "middle", "stern"):
                aim = f" ({action.aim})"
            elif action.aim:
                try:
                    aim = f" (pick out {man_words(state, state.man(action.aim))})"
                except KeyError:
                    aim = " (pick out a man)"
            return f"{_name(state, action.ship)} shoots at {_name(state, action.target)}{aim}"
        case ThrowLines():
            return (f"{_name(state, action.ship)}: {action.men} grappling line"
                    f"{'s' if action.men > 1 else ''} at {_name(state, action.target)}")
        case DropCorvus():
            return f"{_name(state, action.ship)} drops her corvus on {_name(state, action.target)}"
        case Board():
            return board_words(state, action)
        case PutForward():
            return "put forward " + men_in_short(state, action.men)
        case MatchUp():
            return "; ".join(f"{_men(state, a)} against {_men(state, b)}"
                             for a, b in action.fights)
        case Fall():
            return f"{_men(state, (action.man,))} falls"
        case ShiftOars():
            return (f"{_name(state, action.ship)}: an oar section to "
                    f"{'starboard' if action.to_starboard else 'port'}")
        case SetSail():
            return f"{_name(state, action.ship)}: {'raise' if action.up else 'lower'} the sail"
        case CutLines():
            return f"{_name(state, action.ship)} cuts the lines to {_name(state, action.target)}"
        case RemoveCorvus():
            return f"{_name(state, action.ship)} takes up the corvus"
        case AbandonShip():
            return f"{_name(state, action.ship)}: abandon ship!"
        case PlaceMan():
            name = _name(state, action.ship)
            try:
                who = man_words(state, state.man(action.man))
            except KeyError:
                who = "a man"
            # "Themis: her captain (stern) to her bow", her name once
            who = f"her {who[len(name) + 3:]}" if who.startswith(f"{name}'s ") else who
            return f"{name}: {who} to her {action.section}"
        case Recall():
            return (f"{_name(state, action.ship)} calls her boarders back from "
                    f"{_name(state, action.target)}")
        case PhaseDone():
            return "done with this phase"
    return str(action)


def describe_choice(state: RSState, template: Any, field: str,
                    values: Sequence[int]) -> str:
    """A range of lines thrown as one row: "Eleusis: 1-9 grappling lines at Halicarnassus"
    (the general words, "… 1 grappling line at Halicarnassus … 9 grappling lines at
    Halicarnassus (1-9)", took two rows at 80 columns); "" for any other."""
    if not isinstance(template, ThrowLines) or field != "men" or not values:
        return ""
    low, high = min(values), max(values)
    return (f"{_name(state, template.ship)}: {low}-{high} grappling lines at "
            f"{_name(state, template.target)}")


def _men(state: RSState, ids: tuple[str, ...]) -> str:
    """Men by their galleys, ranks and numbers: "Nike's marine 2 and Nike's archer"."""
    from ahoy_tui.rules.ramming_speed.melee import man_name

    out = []
    for i in ids:
        try:
            out.append(man_name(state, state.man(i)))
        except KeyError:
            out.append("a man")
    return " and ".join(out)


PLURAL = {"artilleryman": "artillerymen"}


def men_in_short(state: RSState, ids: tuple[str, ...]) -> str:
    """Men by their galleys, each galley named once and her men of a rank together, so three
    put forward fit a choice's row at 80 columns: "Nike's marines 2 and 3, captain"."""
    from ahoy_tui.rules.ramming_speed.melee import man_name

    galleys: dict[str, dict[str, list[str]]] = {}
    for i in ids:
        try:
            man = state.man(i)
            name = state.ship(man.ship).name
        except KeyError:
            galleys.setdefault("", {}).setdefault("a man", [])
            continue
        number = man_name(state, man)[len(f"{name}'s {man.rank}"):].strip()
        galleys.setdefault(name, {}).setdefault(man.rank, []).append(number)
    out = []
    for name, ranks in galleys.items():
        parts = []
        for rank, numbers in ranks.items():
            shown = [n for n in numbers if n]
            if len(numbers) == 1:
                parts.append(f"{rank} {shown[0]}" if shown else rank)
            else:
                many = PLURAL.get(rank, f"{rank}s")
                listed = ", ".join(shown[:-1]) + f" and {shown[-1]}" if len(shown) == len(
                    numbers) else str(len(numbers))
                parts.append(f"{many} {listed}")
        out.append((f"{name}'s " if name else "") + ", ".join(parts))
    return "; ".join(out)


def board_words(state: RSState, action: Board) -> str:
    """Who boards: "Nike boards Victoria: all 6", "… her bow's 3", "… Nike's marine 2"."""
    from ahoy_tui.rules.ramming_speed.melee import boarding_party

    head = f"{_name(state, action.ship)} boards {_name(state, action.target)}"
    try:
        party = boarding_party(state, state.ship(action.ship), action.officers,
                               action.section, action.man)
    except KeyError:
        return head
    if action.man:
        return f"{head}: {_men(state, (action.man,))} ({party[0].section if party else ''})"
    if action.section:
        return f"{head}: the {len(party)} of her {action.section}"
    if not action.officers:
        return f"{head}: {len(party)}, officers stay aboard"
    return f"{head}: all {len(party)}"


def man_words(state: RSState, man: Man) -> str:
    """A man by his galley, rank, number and place: "Themis's sailor 2 (stern)"."""
    from ahoy_tui.rules.ramming_speed.melee import man_name

    return f"{man_name(state, man)} ({man.section})"


def log_line(state: RSState, ship: Galley) -> str:
    """One galley's log sheet in a line."""
    crew = state.crew_of(ship.id)
    ranks: dict[str, int] = {}
    for m in crew:
        ranks[m.rank] = ranks.get(m.rank, 0) + 1
    men = " ".join(f"{n} {r}" for r, n in ranks.items())
    hole = " holed" if ship.holed else ""
    water = f" water {ship.loads}{hole}" if ship.loads or ship.holed else ""
    status = "" if ship.afloat else f" [{ship.status.value}]"
    flags = (" withdrawing" if ship.withdrawing else "") + (" ★" if ship.flagship else "")
    return (f"{ship.name}{status}{flags}: ({ship.x:.1f}, {ship.y:.1f}) hdg {ship.heading:.0f}° "
            f"{ship.band.words}, oars {ship.oars[0]}/{ship.oars[1]}, energy {ship.energy}, "
            f"sail {ship.sail.value}{water}; {men}")


def table_text(state: RSState) -> str:
    lines = [f"Turn {state.turn}/{state.turn_limit}, {state.phase.value}; wind: "
             f"{wind_words(state.wind)}"]
    for side, name in state.sides:
        lines.append(f"{name}:")
        for ship in state.ships:
            if ship.side == side:
                lines.append("  " + log_line(state, ship))
                if ship.afloat and not state.over:
                    lines.append(f"    circle {grade(state, ship, ship.band)}; "
                                 f"{ship.band.words} is {full_distance(state, ship, ship.band)}\"")
    if state.swimmers:
        lines.append("In the water: " + ", ".join(
            f"{len(g.men)} of {state.side_name(g.side)} ({g.turns_left} turns)"
            for g in state.swimmers))
    return "\n".join(lines)
