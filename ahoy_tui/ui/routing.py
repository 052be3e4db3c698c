"""Which screen and which drawing each ruleset's battles get.

Ahoy! battles open the battle screen with its record cards; Naval Battle battles open the screen
of secret sheets. The table of either is a ``rules.scene.Scene``; the screens reach the rules only
through the ruleset."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

from ahoy_tui.engine import get_ruleset

NAVAL_BATTLE = "naval-battle"


def is_naval(ruleset: Any) -> bool:
    return getattr(ruleset, "id", ruleset) == NAVAL_BATTLE


def battle_screen(session: Any) -> Screen[None]:
    """The screen to play ``session`` on (a local or a remote session)."""
    if is_naval(session.ruleset):
        from ahoy_tui.ui.screens.naval_battle import NavalBattleScreen

        return NavalBattleScreen(session)
    from ahoy_tui.ui.screens.battle import BattleScreen

    return BattleScreen(session)


def is_battle_screen(screen: object) -> bool:
    from ahoy_tui.ui.screens.battle import BattleScreen
    from ahoy_tui.ui.screens.naval_battle import NavalBattleScreen

    return isinstance(screen, (BattleScreen, NavalBattleScreen))


def naval_view() -> Any:
    """Naval Battle's screen view (``rules/naval_battle/view.py``), through its ruleset."""
    return get_ruleset(NAVAL_BATTLE).screen_view  # type: ignore[attr-defined]


def table_scene(ruleset: Any, state: Any, selected: str | None = None) -> Any:
    """The table of ``state`` to draw (a ``rules.scene.Scene``), whatever its rules."""
    return ruleset.scene(state, selected)


def wind_words(ruleset: Any, state: Any) -> str:
    words = getattr(ruleset, "wind_words", None)
    return str(words(state)) if words is not None else ""
