"""The rules engine: immutable states, actions as values, dice that replay, the game record.

Nothing here imports a user interface. Typical use::

    from ahoy_tui.engine import Game

    game = Game.new("ahoy", "duel", seed=7)
    for action in game.legal_actions():
        ...
    game.play(action)
"""

from ahoy_tui.engine.dice import Dice, Rng, forced
from ahoy_tui.engine.errors import IllegalAction, InvalidAction, UnknownRuleset
from ahoy_tui.engine.events import DiceRoll, Event, Happened
from ahoy_tui.engine.game import Game, apply, check, legal_actions
from ahoy_tui.engine.legal import ActionRange, LegalActions
from ahoy_tui.engine.record import GameRecord
from ahoy_tui.engine.registry import get_ruleset, register, rulesets
from ahoy_tui.engine.saves import SaveError, load_game, load_record, save_record
from ahoy_tui.engine.state import GameState

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
