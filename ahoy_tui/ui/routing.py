"""Which screen and which drawing a ruleset's battles get: whatever parts the ruleset names
(``ui/parts.py``). The table of any of them is what its map widget draws (a
``rules.scene.Scene`` in inches, a ``engine.hexscene.HexScene`` in hexes); the screens reach the
rules only through the ruleset."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

from ahoy_tui.ui.parts import parts_for


def battle_screen(session: Any) -> Screen[None]:
    """The screen to play ``session`` on (a local or a remote session)."""
    return parts_for(session.ruleset).screen(session)


def is_battle_screen(screen: object) -> bool:
    from ahoy_tui.ui.screens.battle_basics import BattleBasics

    return isinstance(screen, BattleBasics)


def table_scene(ruleset: Any, state: Any, selected: str | None = None) -> Any:
    """The table of ``state`` to draw, whatever its rules: what the ruleset's map widget draws
    (a ``rules.scene.Scene`` for the sea map, a ``engine.hexscene.HexScene`` for the hex map)."""
    return parts_for(ruleset).map.scene_of(ruleset, state, selected)  # type: ignore[attr-defined]


def wind_words(ruleset: Any, state: Any) -> str:
    words = getattr(ruleset, "wind_words", None)
    return str(words(state)) if words is not None else ""
