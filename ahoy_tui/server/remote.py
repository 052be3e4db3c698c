"""A game held by the game host, behind the same interface as a local one.

:class:`RemoteSession` is what the battle screen plays when the game lives on a server. It keeps
the latest view the host sent (a state without the dice to come), the events so far, and whose
move it is. Playing checks the action against the rules locally — so a refusal names its rule at
once — then sends it; the host checks it again, plays it and sends everyone the new state.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ahoy_tui.engine import IllegalAction, LegalActions, get_ruleset
from ahoy_tui.engine.events import DiceRoll, Event, Happened
from ahoy_tui.engine.serialize import action_to_data, configure_actions, converter
from ahoy_tui.engine.state import GameState
from ahoy_tui.server.messages import (
    Act,
    LeaveGame,
    Message,
    Opened,
    Refused,
    RequestUndo,
    Update,
)

Changed = Callable[[tuple[Event, ...], bool, str], None]  # (events, reset, note)


def event_from_data(data: dict[str, Any]) -> Event:
    event: Event = converter.structure(data, DiceRoll | Happened)  # type: ignore[arg-type]
    return event


class RemoteSession:
    """A battle on the game host, as this connection sees and plays it."""

    online = True
    dirty = False
    path: Path | None = None

    def __init__(self, opened: Opened, send: Callable[[Message], None]) -> None:
        self.send = send
        self.info = opened.game
        self.ruleset = get_ruleset(opened.game.ruleset)
        configure_actions(self.ruleset.action_union)
        self.seats = frozenset(opened.you)
        self.policy = opened.policy
        self.title = opened.game.title
        self._state = self._structure(opened.state)
        self._last_step = opened.last_step
        self._events: dict[int, list[Event]] = {}
        self._add_events(opened.events)
        self.pending = False  # an action sent and not yet answered
        self.on_change: Changed | None = None
        self.on_refused: Callable[[str], None] | None = None

    # --- what the host says ----------------------------------------------------------------
    def _structure(self, data: dict[str, Any]) -> GameState:
        state: GameState = converter.structure(data, self.ruleset.state_type)
        return state

    def _add_events(self, events: tuple[tuple[int, dict[str, Any]], ...]) -> list[Event]:
        added = []
        for step, data in events:
            event = event_from_data(data)
            self._events.setdefault(step, []).append(event)
            added.append(event)
        return added

    def updated(self, update: Update) -> None:
        """The host sent a new state: take it in and tell the screen."""
        self.info = update.game
        self.pending = False
        self._state = self._structure(update.state)
        self._last_step = update.last_step
        if update.reset:
            self._events = {}
        for step in [s for s in self._events if s > self.info.step]:
            del self._events[step]
        added = self._add_events(update.events)
        if self.on_change is not None:
            self.on_change(tuple(added), update.reset, update.note)

    def refused(self, refusal: Refused) -> None:
        self.pending = False
        text = f"{refusal.rule}: {refusal.reason}" if refusal.rule else refusal.reason
        if self.on_refused is not None:
            self.on_refused(text)

    # --- what the client sees --------------------------------------------------------------
    @property
    def game_id(self) -> str:
        return self.info.id

    @property
    def state(self) -> GameState:
        return self._state

    @property
    def step(self) -> int:
        return self.info.step

    @property
    def last_step(self) -> int:
        return self._last_step

    @property
    def to_act(self) -> str | None:
        return self.info.to_act

    @property
    def over(self) -> bool:
        return self.info.over

    def may_act(self) -> bool:
        return not self.pending and self.to_act is not None and self.to_act in self.seats

    def captain_to_act(self) -> None:
        return None  # the host plays the computer captains

    def waiting_text(self) -> str:
        """Whom the battle waits for, in words ("Waiting for Bob (The Pirates)…")."""
        if self.over:
            return ""
        if self.pending:
            return "Sent: waiting for the server…"
        if self.may_act():
            return ""
        seat = next((s for s in self.info.seats if s.side == self.to_act), None)
        if seat is None:
            return ""
        if seat.occupant == "ai":
            return f"{seat.side_name}: the {seat.name} captain is deciding…"
        if seat.occupant == "open":
            return f"{seat.side_name}: waiting for someone to take the seat…"
        away = "" if seat.connected else " (not connected: the seat is held for them)"
        watching = "" if self.seats else "You are watching. "
        return f"{watching}Waiting for {seat.name} ({seat.side_name}){away}…"

    def legal_actions(self) -> LegalActions:
        if not self.may_act():
            return LegalActions()
        return self.ruleset.legal_actions(self._state)

    def events_at(self, step: int) -> tuple[Event, ...]:
        return tuple(self._events.get(step, ()))

    def prompt(self) -> str:
        return self.ruleset.prompt(self._state)

    def describe_action(self, action: Any) -> str:
        return self.ruleset.describe_action(self._state, action)

    # --- acting ----------------------------------------------------------------------------
    def play(self, action: Any) -> tuple[Event, ...]:
        """Send an action; the new state arrives later (``on_change``). Refused at once if the
        rules (or the seat) forbid it."""
        if not self.may_act():
            raise IllegalAction("Turns and phases", self.waiting_text() or "not your decision")
        if action not in self.legal_actions():
            rule, reason = self.ruleset.explain_illegal(self._state, action)
            raise IllegalAction(rule, reason)
        self.pending = True
        self.send(Act(self.game_id, self.step, action_to_data(action,
                                                              self.ruleset.action_union)))
        return ()

    def can_undo(self) -> bool:
        return bool(self.seats) and self.step > 0

    def request_undo(self) -> None:
        """Ask to take back this side's last decision (the opponent may have to agree)."""
        self.send(RequestUndo(self.game_id))

    def undo(self) -> bool:
        self.request_undo()
        return False

    def can_redo(self) -> bool:
        return False

    def redo(self) -> bool:
        return False

    def leave(self) -> None:
        self.send(LeaveGame(self.game_id))

    def save(self, path: Path | None = None) -> Path:
        from ahoy_tui.engine import SaveError

        raise SaveError(self.title, "the server keeps this battle: every action is saved as it "
                                    "happens")
