"""The End Phase: Fires (fire stations) and Fire Damage. (Being written.)"""

from __future__ import annotations

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Event
from ahoy_tui.rules.naval_battle.model import NavalState


def resolve(state: NavalState, dice: Dice, events: list[Event]) -> NavalState:
    """Fire stations put out what they can; each fire left does 1 damage, no save."""
    raise NotImplementedError
