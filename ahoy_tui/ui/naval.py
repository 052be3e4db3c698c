"""Naval Battle's own screen parts reach its screen view (``rules/naval_battle/view.py``)
through its ruleset, never by importing the rules."""

from __future__ import annotations

from typing import Any

from ahoy_tui.engine import get_ruleset

NAVAL_BATTLE = "naval-battle"


def naval_view() -> Any:
    """Naval Battle's screen view: the sheets, rosters and fire plans as the screens show them."""
    return get_ruleset(NAVAL_BATTLE).screen_view  # type: ignore[attr-defined]
