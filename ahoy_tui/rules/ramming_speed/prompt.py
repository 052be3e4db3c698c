"""Plain words: what the rules want now, what an action does, the table as text."""

from __future__ import annotations

from typing import Any

from ahoy_tui.rules.ramming_speed.actions import (
    AbandonShip,
    Board,
    CutLines,
    DropCorvus,
    PhaseDone,
    PlaceMan,
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
    Phase.MAINTENANCE: "maintenance: oars, sails, lines and corvi; holes are plugged for you",
}


def prompt(state: RSState) -> str:
    if state.over:
        return state.result
    who = state.side_name(state.to_act or "")
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
            who = "" if action.officers else " (officers stay aboard)"
            return f"{_name(state, action.ship)} boards {_name(state, action.target)}{who}"
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
            try:
                who = man_words(state, state.man(action.man))
            except KeyError:
                who = "a man"
            return f"{_name(state, action.ship)}: {who} to her {action.section}"
        case Recall():
            return (f"{_name(state, action.ship)} calls her boarders back from "
                    f"{_name(state, action.target)}")
        case PhaseDone():
            return "done with this phase"
    return str(action)


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
