"""The Boarding Phase. (Being written.)"""

from __future__ import annotations

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Event
from ahoy_tui.rules.naval_battle.model import NavalState


def resolve(state: NavalState, dice: Dice, events: list[Event]) -> NavalState:
    """Every grappled pair fights with the chits on Boarding; casualties after all have
    rolled."""
    raise NotImplementedError
