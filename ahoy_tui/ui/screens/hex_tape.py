"""The tape measure on a hex battlemap (``t``, ``o``): from the selected vessel, or one of her
pieces, to a cursor hex moved with the arrows or a click, in the rules' own hexes and feet.

The screen asks the ruleset's ``measure(state, vessel, origin, hex)`` (an object with
``words`` and ``thread()``, a ``HexLine`` the map draws) and ``tape_origins``; it knows no
rule of its own. A mixin for a battle screen whose map is a ``HexMap``.
"""

from __future__ import annotations

from typing import Any

from attrs import evolve
from textual.widgets import Static

from ahoy_tui.ui.widgets.hex_map import HexMap, HexScene


class HexTapeMeasure:
    """``t`` and ``o`` on the hex battlemap (mixed into a ``BattleBasics`` screen)."""

    session: Any
    selected: str | None
    tape_on: bool
    tape_origin: int

    def _tape_vessel(self) -> Any:
        state = self.session.state
        vessels = getattr(state, "vessels", None) or getattr(state, "ships", ())
        return next((v for v in vessels if v.id == self.selected), None)

    def action_tape(self) -> None:
        """Measure from the selected vessel (or, with o, one of her pieces) to the cursor."""
        screen: Any = self
        if self.tape_on:
            self.end_tape()
            return
        if not hasattr(self.session.ruleset, "measure"):
            screen.notify("These rules have no tape measure", severity="warning", timeout=3)
            return
        vessel = self._tape_vessel()
        if vessel is None:
            screen.notify("Select a vessel to measure from ([ or ])", severity="warning",
                          timeout=3)
            return
        hexmap = screen.query_one(HexMap)
        self.tape_on = True
        self.tape_origin = 0
        hexmap.cursor = hexmap.cursor or vessel.hexes[0]
        hexmap.measuring = True
        hexmap.focus()
        screen.query_one("#tape", Static).display = True
        screen.refresh_all()

    def end_tape(self) -> None:
        screen: Any = self
        if not self.tape_on:
            return
        self.tape_on = False
        hexmap = screen.query_one(HexMap)
        hexmap.cursor = None
        hexmap.measuring = False
        screen.query_one("#tape", Static).display = False
        screen.refresh_all()

    def measure(self) -> Any:
        """The tape as the rules measure it now (None without a vessel or a cursor)."""
        screen: Any = self
        hexmap = screen.query_one(HexMap)
        ruleset = self.session.ruleset
        if self._tape_vessel() is None or hexmap.cursor is None \
                or not hasattr(ruleset, "measure"):
            return None
        origins = screen._tape_origins()
        origin = origins[self.tape_origin % len(origins)][0]
        return ruleset.measure(self.session.state, self.selected, origin, hexmap.cursor)

    def with_tape(self, scene: HexScene) -> HexScene:
        """The scene with the tape laid across it, and the tape's words said beneath the
        map (nothing while the tape is away)."""
        if not self.tape_on:
            return scene
        screen: Any = self
        measure = self.measure()
        screen._say_tape(measure)
        if measure is None:
            return scene
        return evolve(scene, lines=(*scene.lines, measure.thread()))

    def on_hex_map_cursor_moved(self, _message: HexMap.CursorMoved) -> None:
        if self.tape_on:
            screen: Any = self
            screen.refresh_all()
