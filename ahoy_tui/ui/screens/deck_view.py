"""The deck battlemaps in a map's place, for any screen that shows a state of rules with a
``deck_scene`` hook (the battle screen of ACKS II, the replay viewer): ``d`` swaps the map for
the decks of a boarding and back, the selected man's sheet in a line beneath, a click on a man
selects him and a click on another deck brings it to the middle.

A screen mixes :class:`DeckView` in, mounts a ``DeckMap`` (id ``deck-map``) and a ``Static``
(id ``deck-sheet``), styles the ``-deck`` class, and says what it shows (``deck_source``) and
what happens when the decks close (``deck_closed``).
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Static

from ahoy_tui.ui.widgets.deck_map import DeckMap, sheet_line


class DeckView:
    """The deck battlemaps' state and keys for a ``Screen`` (a mixin)."""

    NO_DECK = "No deck is laid"           # ``d`` with no deck to show
    DECKS_GONE = "No decks laid: back to the map"   # the decks gone while shown

    deck_on: bool = False                 # the deck battlemaps in the map's place
    deck_focus: str | None = None         # the vessel whose deck the view is about
    figure: str | None = None             # the man selected on the decks
    selected: str | None

    # --- what the screen supplies ----------------------------------------------------------
    def deck_source(self) -> tuple[Any, Any]:
        """The rules and the state the decks are drawn from."""
        raise NotImplementedError

    def deck_closed(self) -> None:
        """The map is back: the screen may centre it again."""

    # --- the decks -------------------------------------------------------------------------
    @property
    def has_decks(self) -> bool:
        """Whether the rules draw deck battlemaps (a ``deck_scene`` hook)."""
        return getattr(self.deck_source()[0], "deck_scene", None) is not None

    def deck_scene(self, focus: str | None) -> Any:
        """The rules' deck battlemaps about ``focus``: None when no deck is laid, or the rules
        have none."""
        ruleset, state = self.deck_source()
        hook = getattr(ruleset, "deck_scene", None)
        return hook(state, focus, self.figure) if hook is not None else None

    def action_deck(self) -> None:
        """The deck battlemaps in the map's place, or the map again."""
        if self.deck_on:
            self.show_deck(False)
            return
        scene = self.deck_scene(self.selected)
        if scene is None:
            self.notify(self.NO_DECK, timeout=4)  # type: ignore[attr-defined]
            return
        self.deck_focus = scene.focus
        self.show_deck(True)

    def show_deck(self, on: bool) -> None:
        self.deck_on = on
        self.set_class(on, "-deck")  # type: ignore[attr-defined]
        if on:
            self.redraw_deck()
        else:
            self.deck_closed()

    def redraw_deck(self) -> None:
        scene = self.deck_scene(self.deck_focus)
        if scene is None:  # every deck gone (or a step shown before any was laid)
            self.show_deck(False)
            self.notify(self.DECKS_GONE, timeout=3)  # type: ignore[attr-defined]
            return
        self.deck_focus = scene.focus
        self.figure = scene.selected or None
        self.query_one(DeckMap).show(scene)  # type: ignore[attr-defined]
        sheet = self.query_one("#deck-sheet", Static)  # type: ignore[attr-defined]
        width = sheet.size.width or self.size.width  # type: ignore[attr-defined]
        sheet.update(sheet_line(scene.sheet, max(20, width - 2)))

    def centre_on_man(self) -> None:
        """Bring the selected man into view on the decks."""
        scene = self.query_one(DeckMap).scene  # type: ignore[attr-defined]
        man = next((f for f in scene.figures if f.selected), None) if scene else None
        if man is not None:
            self.query_one(DeckMap).keep_in_view(man.square,  # type: ignore[attr-defined]
                                                 margin=999)

    def select_man(self, step: int) -> None:
        """The previous (``step`` -1) or next (1) man on the decks, in the order the scene
        lists them, brought into view."""
        scene = self.query_one(DeckMap).scene  # type: ignore[attr-defined]
        if scene is None or not scene.figures:
            return
        men = [f.id for f in scene.figures]
        index = men.index(self.figure) if self.figure in men else -step if step > 0 else 0
        self.figure = men[(index + step) % len(men)]
        self.redraw_deck()
        self.centre_on_man()

    def on_deck_map_clicked(self, event: DeckMap.Clicked) -> None:
        """A man clicked is selected; a deck clicked away from the men takes the middle."""
        if event.figure is not None:
            self.figure = event.figure
        elif event.vessel is not None and event.vessel != self.deck_focus:
            self.deck_focus = event.vessel
        else:
            return
        self.redraw_deck()
