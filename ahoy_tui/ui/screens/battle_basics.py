"""What every battle screen does alike, whatever the rules: the computer captains, a server's
refusals, saving, leaving, the dice log, the map's focus, the tape measure and the splashes of
the last shots.

The tape measure (``t``) runs from the selected ship, or one of her guns (``o``), to a cursor
moved over the map with the arrows or the mouse; the rules measure it (``Ruleset.measure``) and
say whether the end lies in the gun's line or arc and what blocks the way. What ``o`` lays it
from is said in the rules' words (``Ruleset.tape_from``: "a gun", "her bow", "an artillery
piece"), in the tape's hint and the key's name alike.

A captain decides in a worker thread (it reads an immutable state), at a watchable pace that
``x`` hurries; its decision is played only if the battle is still at the very state it decided
at (an undo meanwhile, or an undo and another choice, and it is thrown away). A screen says what
a captain's decision was with :meth:`BattleBasics.captain_played`.

Undo (``u``) takes back the player's own last decision and every captain's answer after it, and
redo (ctrl+r) gives them back as recorded, the same dice (``LocalSession.undo``); online it asks
the server, which asks the opponent.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
from textual import on
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import Worker, WorkerState

from ahoy_tui.engine import IllegalAction, InvalidAction, SaveError
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.ui.widgets.dice_log import DiceLog
from ahoy_tui.ui.widgets.sea_map import SeaMap

WATCHABLE = 0.6  # seconds between a computer captain's actions
HURRIED = 0.02
TAPE_FROM = "a gun"  # what ``o`` lays the tape from, for rules that do not say


def tape_from(ruleset: Any) -> str:
    """What the tape's second key (``o``) lays it from, in the rules' words (the ruleset's
    ``tape_from``; "a gun" for rules that do not say)."""
    return str(getattr(ruleset, "tape_from", TAPE_FROM))


class BattleBasics(Screen[None]):
    """The base of a battle screen. Its screens give ``session``, ``online``, ``refusal``,
    ``refresh_all`` and ``captain_played``, and compose a ``DiceLog`` and a map (``#map``: a
    ``SeaMap``, which the tape measure needs, or another the ruleset's parts name)."""

    session: Any
    selected: str | None = None
    online: bool = False
    refusal: str = ""
    captain_delay: float = WATCHABLE
    _captain_busy: bool = False
    tape_on: bool = False
    tape_origin: int = 0  # 0: the ship herself; n: her n-th gun (Ruleset.tape_origins)
    _guide_mounted: bool = False

    def refresh_all(self) -> None:
        """Show the battle as it stands now (and, in a learn game, end with ``show_guide``)."""
        raise NotImplementedError

    # --- the guide of a Learn to play battle ---------------------------------------------
    def on_mount(self) -> None:
        """The tape's ``o`` named in the rules' words; in a learn game, the guide beside the
        prompt (called after the screen's own ``on_mount``: Textual runs each class's
        handler)."""
        self._name_tape_origin()
        if getattr(self.session, "learning", False) and not self._guide_mounted:
            self._guide_mounted = True
            self.add_class("-learning")
            from ahoy_tui.ui.widgets.guide_panel import GuidePanel

            bottom = self.query_one("#bottom")
            bottom.mount(GuidePanel(), before=0)
            # h: the prompt and the guide whole, in a dialog (at 80x24 the panel is small)
            self._bindings.bind("h", "guide_whole", "Guide")
            self.refresh_bindings()
            self.call_after_refresh(self.show_guide)

    def action_guide_whole(self) -> None:
        """The prompt and the guide at this decision, whole and wrapped in a dialog that
        scrolls: what the panel beside the prompt may not have room for on a small terminal."""
        if not self.query("#guide"):
            return
        from ahoy_tui.ui.screens.notice import NoticeScreen

        session = self.session
        said = session.guide()
        if said is None:
            words = "The battle is over." if session.over else "The other side is deciding…"
        else:
            words = said.words()
        self.app.push_screen(NoticeScreen("Guide", f"{session.prompt()}\n\n{words}"))

    def show_guide(self) -> None:
        """What the rules' guide says at this decision (the session's ``guide()``), if the
        guide is shown here."""
        found = self.query("#guide")
        if not found:
            return
        session = self.session
        words = "" if session.may_act() else (
            "The battle is over." if session.over else "The other side is deciding…")
        found.first().show(session.guide(), words)  # type: ignore[attr-defined]

    def captain_played(self, before: Any, decision: Any, what: str,
                       events: tuple[Event, ...]) -> None:
        """A captain's decision made at ``before`` has been played: show it."""
        raise NotImplementedError

    def _schedule_captain(self) -> None:
        if not self._captain_busy:
            self._captain_busy = True
            self.set_timer(self.captain_delay, self._captain_thinks)

    def _captain_thinks(self) -> None:
        if self.session.captain_to_act() is None:
            self._captain_busy = False
            return
        self.run_worker(self.session.captain_decides,
                        thread=True, exit_on_error=False, name="captain", group="captain")

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.name != "captain" or event.state not in (
                WorkerState.SUCCESS, WorkerState.ERROR):
            return
        self._captain_busy = False
        if event.state == WorkerState.ERROR:
            self.notify(f"The computer captain failed: {event.worker.error}",
                        severity="error")
            return
        at, decision = event.worker.result
        before = self.session.state
        try:
            what, events = self.session.play_decision(at, decision)
        except SaveError as exc:
            self.not_saved(exc)
            return
        except (ValueError, IllegalAction, InvalidAction):
            self.refresh_all()  # the battle moved on (an undo): think again
            return
        self.captain_played(before, decision, what, events)

    # --- undo and redo ---------------------------------------------------------------------
    def _after_history(self) -> None:
        """The battle was walked back or forward (an undo, a redo): show it afresh."""
        raise NotImplementedError

    def action_undo(self) -> None:
        """Take back the player's own last decision, and every captain's answer after it."""
        session = self.session
        if self.online:
            if not session.can_undo():
                self.notify("Nothing of yours to take back", severity="warning", timeout=3)
            else:
                session.request_undo()
            return
        reason = session.undo_refusal()
        if reason:
            self.notify(f"Cannot undo: {reason}", severity="warning", timeout=3)
            return
        was = session.step
        try:
            session.undo()
        except SaveError as exc:
            self.not_saved(exc)
            return
        words = session.history_words(session.step, was)
        self.notify(f"Taken back: {words} (ctrl+r: again)", timeout=4)
        self._after_history()

    def action_redo(self) -> None:
        """Play again what the last undo took back, with the very same dice."""
        if self.online:
            self.notify("An online battle has no redo: play the move again", timeout=3)
            return
        session = self.session
        was = session.step
        try:
            redone = session.redo()
        except SaveError as exc:
            self.not_saved(exc)
            return
        if not redone:
            self.notify("Nothing to redo", severity="warning", timeout=3)
            return
        self.notify(f"Played again: {session.history_words(was, session.step)}", timeout=4)
        self._after_history()

    def action_hurry(self) -> None:
        self.captain_delay = WATCHABLE if self.captain_delay < 0.5 else HURRIED
        self.notify("Captains: " + ("watchable pace" if self.captain_delay > 0.5
                                    else "hurrying"), timeout=2)

    def not_saved(self, exc: SaveError) -> None:
        """The autosave failed (a full disk): the action was not played, and the file is the
        battle as it stands. Say so; the player may free space and try again."""
        self.refusal = f"Not saved, so not played: {exc.problem}"
        self.notify(str(exc), title="Cannot save", severity="error", timeout=8)
        self.app.bell()
        self.refresh_all()

    def _remote_refused(self, text: str) -> None:
        """A server refused this client's action: say why."""
        self.refusal = text
        self.app.bell()
        self.refresh_all()

    async def action_map_key(self, key: str) -> None:
        """A key of the map's own (zoom, pan) typed while another part has the keys: the map
        answers it as if it had them (after a captain's turn, +, - and the arrows were dead
        until m gave the map the keys)."""
        board = self.query_one("#map")
        for entry in type(board).BINDINGS:
            keys, action = (entry.key, entry.action) if isinstance(entry, Binding) \
                else (entry[0], entry[1])
            if key in keys.split(","):
                await board.run_action(action)
                return

    def action_focus_map(self) -> None:
        self.query_one("#map").focus()  # the sea map or the hex map alike

    SHEETS = "#cards"  # the panel of record cards (or sheets) that ``i`` gives the keys to

    def action_focus_cards(self) -> None:
        """The record cards take the keys: ↑/↓ and PgUp/PgDn scroll them, so every line of a
        long sheet on a small terminal can be read; Esc gives the keys back to the choices."""
        self.query_one("#log" if self.has_class("-log") else self.SHEETS).focus()

    # --- the map: what every scene gets on top of the rules' shapes ----------------------------
    def show_scene(self, scene: Any) -> None:
        """Draw the rules' scene, with the tape measure and where the last shots fell."""
        lines = scene.lines
        measure = self.measure() if self.tape_on else None
        if measure is not None:
            lines = (*lines, measure.thread())
        scene = attrs.evolve(scene, lines=lines, splashes=self.splashes())
        self.query_one(SeaMap).show(scene, self.selected)
        if self.tape_on:
            self._say_tape(measure)

    def splashes(self) -> tuple[tuple[float, float], ...]:
        """Where each shot of the last turns fell, kept until its side's next turn begins."""
        session = self.session
        begun: set[str] = set()
        found: list[tuple[float, float]] = []
        for step in range(session.step, max(-1, session.step - 200), -1):
            for event in reversed(session.events_at(step)):
                if not isinstance(event, Happened):
                    continue
                if event.kind == "turn" and event.side:
                    begun.add(event.side)
                elif event.at is not None and event.side not in begun:
                    found.append(event.at)
            if len(begun) >= 2:
                break
        return tuple(found)

    def bearings(self) -> dict[str, str]:
        """The ruleset's line for each enemy card from the selected ship (``bearings``: how far
        she is, which weapons reach her, in which band and arc); none without a selection."""
        hook = getattr(self.session.ruleset, "bearings", None)
        if hook is None or self.selected is None:
            return {}
        shown = getattr(self, "_shown", None)   # the state as the player here may see it
        state = shown() if shown is not None else self.session.state
        try:
            found: dict[str, str] = hook(state, self.selected)
        except KeyError:   # the selection names no ship of this state (a replay stepped back)
            return {}
        return found

    # --- the tape measure --------------------------------------------------------------------
    def _name_tape_origin(self) -> None:
        """The ``o`` key's name and help in the rules' words ("Tape from her bow"), for the
        footer and F1 alike."""
        words = tape_from(self.session.ruleset)
        bound = self._bindings.key_to_bindings.get("o", [])
        self._bindings.key_to_bindings["o"] = [
            dataclasses.replace(b, description=f"Tape from {words}",
                                tooltip=f"where the tape starts: the ship, then {words}, "
                                        "each in turn")
            if b.action == "tape_origin" else b for b in bound]

    def action_tape(self) -> None:
        """Measure from the selected ship (or, with o, one of her guns) to the map's cursor."""
        if self.tape_on:
            self.end_tape()
            return
        if not hasattr(self.session.ruleset, "measure"):
            self.notify("These rules have no tape measure", severity="warning", timeout=3)
            return
        sea = self.query_one(SeaMap)
        state = self.session.state
        if self.selected is None or not any(s.id == self.selected
                                            for s in getattr(state, "ships", ())):
            self.notify("Select a ship to measure from ([ or ])", severity="warning",
                        timeout=3)
            return
        ship = state.ship(self.selected)
        self.tape_on = True
        self.tape_origin = 0
        sea.cursor = sea.cursor or (ship.x, ship.y)
        sea.measuring = True
        sea.focus()
        self.query_one("#tape", Static).display = True
        self.refresh_all()

    def end_tape(self) -> None:
        if not self.tape_on:
            return
        self.tape_on = False
        sea = self.query_one(SeaMap)
        sea.cursor = None
        sea.measuring = False
        self.query_one("#tape", Static).display = False
        self.refresh_all()

    def action_tape_origin(self) -> None:
        """The tape's start: the ship, then each of her guns in turn."""
        if not self.tape_on:
            return
        origins = self._tape_origins()
        self.tape_origin = (self.tape_origin + 1) % max(1, len(origins))
        self.refresh_all()

    def _tape_origins(self) -> tuple[tuple[str | None, str], ...]:
        ruleset = self.session.ruleset
        if self.selected is None or not hasattr(ruleset, "tape_origins"):
            return ((None, ""),)
        return ruleset.tape_origins(self.session.state, self.selected)

    def measure(self) -> Any:
        """The tape as the rules measure it now (None without a ship or a cursor)."""
        sea = self.query_one(SeaMap)
        ruleset = self.session.ruleset
        if self.selected is None or sea.cursor is None or not hasattr(ruleset, "measure"):
            return None
        origins = self._tape_origins()
        gun = origins[self.tape_origin % len(origins)][0]
        return ruleset.measure(self.session.state, self.selected, gun, sea.cursor)

    def _say_tape(self, measure: Any) -> None:
        origins = self._tape_origins()
        start = origins[self.tape_origin % len(origins)][1]
        words = measure.words if measure is not None else "move the cursor onto the table"
        # o only where there is more than one place to lay it from
        other = f"o: from {tape_from(self.session.ruleset)} · " if len(origins) > 1 else ""
        self.query_one("#tape", Static).update(
            f"[b]Tape[/b] from {start}: {words}  [dim](arrows or click: move · {other}"
            "t or Esc: done)[/dim]")

    @on(SeaMap.CursorMoved)
    def tape_moved(self) -> None:
        if self.tape_on:
            self.refresh_all()

    def action_toggle_log(self) -> None:
        self.toggle_class("-log")
        if self.has_class("-log"):
            # What was written while the log was hidden was wrapped at its least width (20
            # cells, a word or two a line): written again once it is laid out, at its width.
            log = self.query_one(DiceLog)
            self.call_after_refresh(lambda: log.reset(list(log.entries)))

    def action_log_filter(self) -> None:
        self.query_one(DiceLog).cycle_filter()

    def action_save(self) -> None:
        try:
            path = self.session.save()
        except SaveError as exc:
            self.notify(str(exc), severity="error", timeout=6)
            return
        self.notify(f"Saved to {path}", timeout=3)

    def action_save_as(self) -> None:
        if self.online:
            self.action_save()
            return
        from ahoy_tui.ui.screens.save_as import SaveAsScreen

        def named(path: Path | None) -> None:
            if path is None:
                return
            try:
                saved = self.session.save(path)
            except SaveError as exc:
                self.notify(str(exc), severity="error", timeout=6)
                return
            self.notify(f"Saved to {saved}; the battle now saves there", timeout=4)

        self.app.push_screen(SaveAsScreen(self.session.path.parent, self.session.path.stem),
                             named)

    def ask_first(self, action: Any, go_ahead: Callable[[], None]) -> bool:
        """Whether ``action`` needs a yes first (the ruleset's ``caution`` has words for it); if
        so, ask, and call ``go_ahead`` on a yes."""
        caution = getattr(self.session.ruleset, "caution", None)
        words = caution(self.session.state, action) if caution is not None else ""
        if not words:
            return False
        from ahoy_tui.ui.screens.confirm import ConfirmScreen

        def answer(yes: bool | None) -> None:
            if yes:
                go_ahead()

        self.app.push_screen(ConfirmScreen(f"{words}\n\nGo ahead?"), answer)
        return True

    def action_victory(self) -> None:
        """The scenario's victory condition, and the points as they stand; once the battle is
        over, its game-over summary again."""
        again = getattr(self, "game_over", None)
        if self.session.over and again is not None:
            again()
            return
        words = getattr(self.session.ruleset, "victory_words", None)
        if words is None:
            return
        from ahoy_tui.ui.screens.notice import NoticeScreen

        self.app.push_screen(NoticeScreen("How the battle is won", words(self.session.state)))

    def action_leave(self) -> None:
        if self.online:  # the seat stays yours; the server keeps the battle
            self.dismiss()
            self.app.battle_left(self.session)  # type: ignore[attr-defined]
            return
        if not self.session.dirty:
            self.dismiss()
            return
        from ahoy_tui.ui.screens.confirm import ConfirmScreen

        def answer(leave: bool | None) -> None:
            if leave:
                self.dismiss()

        self.app.push_screen(ConfirmScreen("The battle has unsaved changes. Quit anyway?"),
                             answer)
