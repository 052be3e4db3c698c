"""A squadron's one order (the project's own, under Squadrons): the first ship of a squadron
to move this activation writes her moves down, and each of the others may follow them in one
choice, as far as the rules let her, instead of setting her own course step by step."""

from __future__ import annotations

from typing import Any

from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.man_o_war.actions import Advance, SetCourse, Turn, TurnOnTheSpot
from ahoy_tui.rules.man_o_war.model import MowState, Phase

SQUADRONS = "Squadrons"


def step_of(action: Any) -> str:
    """A move written down as a step of the order ("" for anything that is not a move)."""
    match action:
        case SetCourse(means=means, pace=pace):
            return f"course:{means}:{pace}"
        case Advance(inches=inches):
            return f"ahead:{inches}"
        case Turn(side=side):
            return f"turn:{side}"
        case TurnOnTheSpot(side=side, degrees=degrees):
            return f"spot:{side}:{degrees}"
    return ""


def action_of(step: str) -> Any:
    """The move a step of the order stands for."""
    kind, *rest = step.split(":")
    if kind == "course":
        return SetCourse(rest[0], rest[1])
    if kind == "ahead":
        return Advance(int(rest[0]))
    if kind == "turn":
        return Turn(rest[0])
    return TurnOnTheSpot(rest[0], int(rest[1]))


def record(state: MowState, action: Any) -> MowState:
    """Write a move of the squadron's first ship to move into the order."""
    step = step_of(action)
    if not step or state.stage != "move" or not state.current or state.phase != Phase.BATTLE:
        return state
    if state.orders_by == state.current:
        return replace(state, orders=(*state.orders, step))
    if not state.orders_by and len(state.acting) > 1:
        return replace(state, orders=(step,), orders_by=state.current)
    return state


def offered(state: MowState) -> bool:
    """Whether the ship in hand may follow the squadron's order: another of its ships has
    moved this activation, and she has not begun her own move."""
    return (state.phase == Phase.BATTLE and bool(state.orders) and bool(state.orders_by)
            and state.orders_by != state.current and state.stage == "move"
            and state.move is None and state.has_ship(state.orders_by))


def words(state: MowState) -> str:
    """The order in words: "under sail, ahead 4\", to starboard, ahead 2\""."""
    said = []
    astern = False
    for step in state.orders:
        kind, *rest = step.split(":")
        if kind == "course":
            means, pace = rest
            astern = pace == "backwards"
            said.append("backing water" if pace == "backwards" else
                        {"sail": "under sail", "oars": "under oars", "steam": "under steam",
                         "magic": "driven by sorcery"}[means]
                        + (" at Ramming speed" if pace == "ramming" else ""))
        elif kind == "ahead":
            said.append(f"{'astern' if astern else 'ahead'} {rest[0]}\"")
        elif kind == "turn":
            said.append(f"to {rest[0]}")
        else:
            said.append(f"{rest[1]}° to {rest[0]} on the spot")
    return ", ".join(said)
