"""Dice read as a player says them across the table (events.DiceRoll.describe), and rolls that
stop a look ahead (engine.look_ahead)."""

from __future__ import annotations

from ahoy_tui.engine import Game, forced
from ahoy_tui.engine.dice import Dice, Rng
from ahoy_tui.engine.events import DiceRoll
from ahoy_tui.engine.look_ahead import look_ahead


def test_dice_counted_one_by_one_are_listed_not_summed():
    roll = DiceRoll("5D6", (6, 1, 4, 2, 3), 16, "snipers", "Snipers", need="5+ (+1) each",
                    outcome="2 hits")
    assert roll.describe() == "snipers: 5D6: 6 1 4 2 3 vs 5+ (+1): 2 hits"


def test_a_leadership_test_gives_the_total_and_the_target():
    events: list = []
    with forced(5, 1):
        dice = Dice(Rng(1), events)
        held = dice.ld_test(8, 1, "strike test (+1 largest ship)", "Strike Yer Colours",
                            success="holds", failure="strikes her colours")
    assert held
    assert events[0].describe() == \
        "strike test (+1 largest ship): 2D6 5+1 = 6 vs Ld 8 + 1 = 9: holds"


def test_a_modified_die_shows_its_face_and_its_result():
    events: list = []
    with forced(2):
        dice = Dice(Rng(1), events)
        dice.need(3, "to damage", "Naval Cannons", modifier=1, success="damages",
                  failure="no damage")
    assert events[0].describe() == "to damage: D6 2+1 = 3 vs 3+ (+1): damages"


def test_a_look_ahead_stops_at_the_first_die_and_rolls_none_of_the_battles():
    game = Game.new("ahoy", "duel", seed=5)
    legal = game.legal_actions()
    start = next(a for a in legal.fixed if type(a).__name__ == "EndOrders")
    ahead = look_ahead(game.state, game.state.to_act, [start])
    assert ahead.played == 1
    # the battle's own state and dice are untouched, and the view's dice are not the battle's
    assert game.step == 0
    assert ahead.end.rng.seed != game.state.rng.seed


def test_a_d3_is_said_as_its_score_not_the_d6_behind_it() -> None:
    from ahoy_tui.engine.events import DiceRoll

    roll = DiceRoll("D3", (4,), 2, "hits below the waterline", "Sinking")
    assert roll.describe() == "hits below the waterline: D3 2"
