"""What every battle screen does for the computer captains and for a battle held by a server.

A captain decides in a worker thread (it reads an immutable state), at a watchable pace that
``x`` hurries; its decision is played only if the battle has not moved on meanwhile. A screen
says what a captain's decision was with :meth:`CaptainWatch.captain_played`.
"""

from __future__ import annotations

from typing import Any

from textual.worker import Worker, WorkerState

from ahoy_tui.engine import IllegalAction, InvalidAction
from ahoy_tui.engine.events import Event

WATCHABLE = 0.6  # seconds between a computer captain's actions
HURRIED = 0.02


class CaptainWatch:
    """Mixed into a battle screen (a Textual ``Screen`` with ``session``, ``refresh_all``,
    ``refusal``)."""

    session: Any
    refusal: str
    captain_delay: float = WATCHABLE
    _captain_busy: bool = False

    def captain_played(self, before: Any, decision: Any, what: str,
                       events: tuple[Event, ...]) -> None:
        """A captain's decision made at ``before`` has been played: show it."""
        raise NotImplementedError

    def _schedule_captain(self) -> None:
        if not self._captain_busy:
            self._captain_busy = True
            self.set_timer(self.captain_delay, self._captain_thinks)  # type: ignore[attr-defined]

    def _captain_thinks(self) -> None:
        if self.session.captain_to_act() is None:
            self._captain_busy = False
            return
        self.run_worker(self.session.captain_decides,  # type: ignore[attr-defined]
                        thread=True, exit_on_error=False, name="captain", group="captain")

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.name != "captain" or event.state not in (
                WorkerState.SUCCESS, WorkerState.ERROR):
            return
        self._captain_busy = False
        if event.state == WorkerState.ERROR:
            self.notify(f"The computer captain failed: {event.worker.error}",  # type: ignore[attr-defined]
                        severity="error")
            return
        step, decision = event.worker.result
        before = self.session.state
        try:
            what, events = self.session.play_decision(step, decision)
        except (ValueError, IllegalAction, InvalidAction):
            self.refresh_all()  # type: ignore[attr-defined]  # moved on (an undo): think again
            return
        self.captain_played(before, decision, what, events)

    def action_hurry(self) -> None:
        self.captain_delay = WATCHABLE if self.captain_delay < 0.5 else HURRIED
        self.notify("Captains: " + ("watchable pace" if self.captain_delay > 0.5  # type: ignore[attr-defined]
                                    else "hurrying"), timeout=2)

    def _remote_refused(self, text: str) -> None:
        """A server refused this client's action: say why."""
        self.refusal = text
        self.app.bell()  # type: ignore[attr-defined]
        self.refresh_all()  # type: ignore[attr-defined]
