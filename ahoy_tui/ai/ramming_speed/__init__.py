"""Computer captains for Ramming Speed! (ancient galleys, secret orders an inch at a time).

``easy`` picks the nearest enemy, steers at her, cruises and goes to ramming speed when close,
boards whatever it holds and shoots at the nearest. ``normal`` predicts the enemy holding her
course and band, tries a few dozen orders for each galley (bands × turns, turning first or
last), follows each track against the predicted tracks in the rules' phased way, and scores
it: rams by their odds on the ramming table, her own side kept from enemy bows, energy kept
for the strike, shores, wreckage, edges and friends avoided. ``hard`` weighs finer turns and
plays its best few orders on a turn (the next turn's best orders from where each leaves her). Each
decides from its side's view alone (no dice to come, no enemy orders before the reveal).
"""

from __future__ import annotations

from typing import Any


def levels() -> dict[str, Any]:
    from ahoy_tui.ai.ramming_speed.easy import EasyCaptain
    from ahoy_tui.ai.ramming_speed.hard import HardCaptain
    from ahoy_tui.ai.ramming_speed.normal import NormalCaptain

    return {"easy": EasyCaptain, "normal": NormalCaptain, "hard": HardCaptain}
