"""Honest dice: an undo never shows a die to come (issue 14).

Each action's dice are salted with the action itself: the same action at the same step rolls the
same dice (a redo, a replay), any other action rolls dice nobody has seen. Saves begun before
(format 1) keep rolling from the counter alone, and still load and verify."""

from __future__ import annotations

import random
from pathlib import Path

import attrs

from ahoy_tui.engine import Game, apply, load_game, load_record
from ahoy_tui.engine.events import DiceRoll
from ahoy_tui.engine.record import PER_ACTION_DICE, SEQUENTIAL_DICE, VERSION
from ahoy_tui.engine.saves import record_to_json

OLD_SAVE = Path(__file__).parent / "data" / "duel_saved_before_the_advanced_rules.json"


def dice_of(events) -> list:  # type: ignore[no-untyped-def]
    return [(e.dice, e.faces) for e in events if isinstance(e, DiceRoll)]


def forks(game: Game, limit: int = 400) -> list[tuple[int, object, object]]:
    """Moments of a random battle where two different actions both roll dice at once: (step,
    one action, another). ``game`` is played on to ``limit`` (its history holds them all)."""
    chooser = random.Random(3)
    found = []
    while not game.over and game.step < limit:
        actions = list(game.legal_actions())
        if len(found) < 12:
            rolling = [a for a in actions[:40] if dice_of(apply(game.state, a)[1])]
            if len(rolling) >= 2:
                found.append((game.step, rolling[0], rolling[-1]))
        game.play(actions[chooser.randrange(len(actions))])
    return found


def test_a_different_action_rolls_dice_nobody_has_seen_and_the_same_one_the_same():
    game = Game.new("ahoy", "squadron", seed=11)
    moments = forks(game)
    assert len(moments) >= 5
    different = 0
    for step, first, other in moments:
        state = game.state_at(step)
        seen = dice_of(apply(state, first)[1])
        tried = dice_of(apply(state, other)[1])
        assert dice_of(apply(state, first)[1]) == seen  # the same action: the very same dice
        different += tried[0][1][0] != seen[0][1][0]
    # before, the first die after an undo was the same whatever was done instead; now it is a
    # fresh die each time (five times in six for a D6)
    assert different >= len(moments) // 2
    # and so it is in a battle: played, undone, something else played, undone, played again
    step, first, other = moments[-1]
    game.goto(step)
    seen = dice_of(game.play(first))
    game.undo()
    tried = dice_of(game.play(other))
    game.undo()
    assert dice_of(game.play(first)) == seen and tried == dice_of(apply(game.state_at(step),
                                                                        other)[1])


def test_the_dice_an_undo_would_show_are_not_those_of_the_guess_tried_next():
    """The issue's case: a shot at a guessed 9" missed with an artillery 10; undone and fired
    at 5", the same 10 came up. A guess is an action of its own: its dice are its own."""
    game = Game.new("ahoy", "squadron", seed=11)
    chooser = random.Random(3)
    while not game.over and game.step < 600:
        legal = game.legal_actions()
        guesses = [r for r in legal.ranges if r.field == "guess"]
        if guesses:
            choice = guesses[0]
            rolls = {}
            for inches in range(choice.low, choice.high + 1):
                rolls[inches] = dice_of(apply(game.state, choice.at(inches))[1])
            if all(rolls.values()):
                firsts = {tuple(r[0][1]) for r in rolls.values()}
                assert len(firsts) > 1, rolls  # not one die for every guess
                return
        actions = list(legal)
        game.play(actions[chooser.randrange(len(actions))])
    raise AssertionError("no guessed shot in 600 steps")


def test_a_save_from_before_keeps_its_dice_and_verifies():
    record = load_record(OLD_SAVE)
    assert record.version == SEQUENTIAL_DICE
    game = load_game(OLD_SAVE)  # every hash checked on the way
    assert game.save_format == SEQUENTIAL_DICE and game.step == len(record.actions)
    # continued, it still rolls as it always did, and is still saved in its own format
    assert game.record().version == SEQUENTIAL_DICE
    # the same actions under the new dice would not replay to the saved states
    relabelled = attrs.evolve(record, version=PER_ACTION_DICE)
    try:
        Game.from_record(relabelled)
    except ValueError as exc:
        assert "does not replay" in str(exc)
    else:
        raise AssertionError("format 1's actions replayed the same under per-action dice")


def test_a_new_battle_is_saved_with_per_action_dice_and_verifies(tmp_path):
    game = Game.new("ahoy", "squadron", seed=4)
    chooser = random.Random(4)
    while game.step < 60 and not game.over:
        actions = list(game.legal_actions())
        game.play(actions[chooser.randrange(len(actions))])
    path = game.save(tmp_path / "new.json")
    assert f'"version": {VERSION}' in record_to_json(load_record(path))
    again = load_game(path)
    assert again.save_format == VERSION >= PER_ACTION_DICE
    assert again.state_hash() == game.state_hash()


def test_the_salt_shows_no_die_to_a_side():
    """A side's view carries no seed: knowing its own action (and so the salt) tells it nothing
    of the dice (the view's dice differ from the game's)."""
    game = Game.new("ahoy", "squadron", seed=8)
    view = game.view("p1")
    assert view.rng.seed == 0 and game.state.rng.seed != 0
