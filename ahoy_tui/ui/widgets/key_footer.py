"""The footer of keys, redrawn only when the keys it shows change."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer


class KeyFooter(Footer):
    """Textual's footer rebuilds all its keys whenever bindings *might* have changed (every
    focus change, say); in a battle that is most steps. This one rebuilds only when the keys
    shown, or whether they are enabled, really differ."""

    _shown: tuple[object, ...] | None = None

    def bindings_changed(self, screen: Screen[object]) -> None:
        shown = tuple(
            (key, active.binding.description, active.binding.show, active.enabled)
            for key, active in screen.active_bindings.items())
        if shown == self._shown and self._bindings_ready:
            return
        self._shown = shown
        super().bindings_changed(screen)
