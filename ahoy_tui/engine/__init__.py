"""The rules engine: immutable states, actions as values, dice that replay, the game record.

Nothing here imports a user interface. Typical use::

    from ahoy_tui.engine import Game

    game = Game.new("ahoy", "duel", seed=7)
    for action in game.legal_actions():
        ...
    game.play(action)
"""

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the names, for type checkers and readers
    from ahoy_tui.engine.dice import Dice, Rng, forced
    from ahoy_tui.engine.errors import IllegalAction, InvalidAction, UnknownRuleset
    from ahoy_tui.engine.events import DiceRoll, Event, Happened
    from ahoy_tui.engine.game import Game, apply, check, legal_actions
    from ahoy_tui.engine.legal import ActionRange, LegalActions
    from ahoy_tui.engine.record import GameRecord
    from ahoy_tui.engine.registry import get_ruleset, register, rulesets
    from ahoy_tui.engine.saves import SaveError, load_game, load_record, save_record
    from ahoy_tui.engine.state import GameState

# Importing the engine is cheap: each part loads when first used (the title screen needs none).
_WHERE = {
    "Dice": "ahoy_tui.engine.dice",
    "Rng": "ahoy_tui.engine.dice",
    "forced": "ahoy_tui.engine.dice",
    "IllegalAction": "ahoy_tui.engine.errors",
    "InvalidAction": "ahoy_tui.engine.errors",
    "UnknownRuleset": "ahoy_tui.engine.errors",
    "DiceRoll": "ahoy_tui.engine.events",
    "Event": "ahoy_tui.engine.events",
    "Happened": "ahoy_tui.engine.events",
    "Game": "ahoy_tui.engine.game",
    "apply": "ahoy_tui.engine.game",
    "check": "ahoy_tui.engine.game",
    "legal_actions": "ahoy_tui.engine.game",
    "ActionRange": "ahoy_tui.engine.legal",
    "LegalActions": "ahoy_tui.engine.legal",
    "GameRecord": "ahoy_tui.engine.record",
    "get_ruleset": "ahoy_tui.engine.registry",
    "register": "ahoy_tui.engine.registry",
    "rulesets": "ahoy_tui.engine.registry",
    "SaveError": "ahoy_tui.engine.saves",
    "load_game": "ahoy_tui.engine.saves",
    "load_record": "ahoy_tui.engine.saves",
    "save_record": "ahoy_tui.engine.saves",
    "GameState": "ahoy_tui.engine.state",
}


def __getattr__(name: str) -> Any:
    try:
        module = _WHERE[name]
    except KeyError:
        raise AttributeError(f"module 'ahoy_tui.engine' has no attribute {name!r}") from None
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "ActionRange",
    "Dice",
    "DiceRoll",
    "Event",
    "Game",
    "GameRecord",
    "GameState",
    "Happened",
    "IllegalAction",
    "InvalidAction",
    "LegalActions",
    "Rng",
    "SaveError",
    "UnknownRuleset",
    "apply",
    "check",
    "forced",
    "get_ruleset",
    "legal_actions",
    "load_game",
    "load_record",
    "register",
    "rulesets",
    "save_record",
]
