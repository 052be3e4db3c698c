"""Game: applying actions to immutable states, refusals, history, replay and determinism."""

from __future__ import annotations

import enum
import json
import random

import attrs
import pytest

from ahoy_tui.engine import Game, IllegalAction, InvalidAction, apply, legal_actions
from ahoy_tui.engine.events import DiceRoll
from ahoy_tui.engine.serialize import converter, state_hash, state_to_data


def snapshot(state) -> str:
    return json.dumps(state_to_data(state), sort_keys=True)


def play_random(game: Game, seed: int, limit: int) -> None:
    chooser = random.Random(seed)
    while not game.over and game.step < limit:
        legal = game.legal_actions()
        game.play(legal[chooser.randrange(len(legal))])


def assert_deeply_frozen(value, path="state"):
    """Every attrs object in a state is frozen and no mutable container hides inside."""
    if attrs.has(type(value)):
        fields = attrs.fields(type(value))
        if fields:
            name = fields[0].name
            with pytest.raises(attrs.exceptions.FrozenInstanceError):
                setattr(value, name, getattr(value, name))
        for f in fields:
            assert_deeply_frozen(getattr(value, f.name), f"{path}.{f.name}")
    elif isinstance(value, tuple):
        for i, item in enumerate(value):
            assert_deeply_frozen(item, f"{path}[{i}]")
    else:
        assert isinstance(value, str | int | float | bool | enum.Enum | None), \
            f"{path} is a mutable {type(value).__name__}"


@pytest.fixture(scope="module")
def long_game() -> tuple[Game, list[str]]:
    """About 150-200 random legal actions, with a JSON snapshot of each state when it was made."""
    game = Game.new("ahoy", "squadron", seed=11)
    chooser = random.Random(2)
    snapshots = [snapshot(game.state)]
    while not game.over and game.step < 200:
        legal = game.legal_actions()
        game.play(legal[chooser.randrange(len(legal))])
        snapshots.append(snapshot(game.state))
    return game, snapshots


@pytest.fixture
def game() -> Game:
    return Game.new("ahoy", "duel", seed=7)


def played(steps: int, seed: int = 5) -> Game:
    """A squadron battle ``steps`` random actions in (long enough not to end first)."""
    game = Game.new("ahoy", "squadron", seed=7)
    play_random(game, seed, steps)
    assert game.step == steps and not game.over
    return game


# --- new games ---------------------------------------------------------------------------------


@pytest.mark.parametrize("scenario", ["duel", "squadron", "harbour"])
def test_new_game(scenario):
    game = Game.new("ahoy", scenario, seed=7)
    assert game.step == 0 and game.last_step == 0
    assert game.state.step == 0
    assert game.state.ruleset == "ahoy"
    assert game.state.scenario == scenario
    assert game.seed == 7 and game.state.rng.seed == 7
    assert not game.over
    assert game.to_act in game.ruleset.sides
    assert len(game.legal_actions()) > 0
    assert game.actions == ()
    assert game.events_since(0) == []


def test_unknown_scenario_is_refused():
    with pytest.raises(ValueError):
        Game.new("ahoy", "no-such-scenario", seed=1)


# --- immutability ------------------------------------------------------------------------------


def test_playing_never_changes_earlier_states(long_game):
    game, snapshots = long_game
    assert game.last_step >= 100  # a long enough game to mean something
    assert len(snapshots) == game.last_step + 1
    for step, before in enumerate(snapshots):
        assert snapshot(game.state_at(step)) == before, f"state {step} changed"
        assert game.state_at(step).step == step


def test_states_are_frozen_all_the_way_down(long_game):
    game, _ = long_game
    for step in range(0, game.last_step + 1, 10):
        assert_deeply_frozen(game.state_at(step))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        game.state.over = True  # type: ignore[misc]


def test_apply_returns_a_new_state_and_leaves_the_old_one(game):
    before = game.state
    text = snapshot(before)
    action = game.legal_actions()[0]
    new, events = apply(before, action)
    assert new is not before
    assert new.step == before.step + 1
    assert isinstance(events, tuple)
    assert snapshot(before) == text
    # a pure function: the same state and action give the same result again
    again, events_again = apply(before, action)
    assert state_hash(again) == state_hash(new)
    assert events_again == events


# --- refusals ----------------------------------------------------------------------------------


def _unchanged_after(game: Game, attempt, error):
    state, step, last, record = game.state, game.step, game.last_step, game.record()
    with pytest.raises(error) as info:
        attempt()
    assert game.state is state
    assert game.step == step and game.last_step == last
    assert game.record() == record
    return info.value


def test_illegal_action_names_a_rule_and_changes_nothing(game):
    assert game.state.phase == "orders"
    exc = _unchanged_after(game, lambda: game.play({"type": "advance", "inches": 3}),
                           IllegalAction)
    assert exc.rule
    assert exc.rule in str(exc)
    assert exc.reason and exc.reason in str(exc)
    assert isinstance(exc, ValueError)


def test_illegal_action_value_changes_nothing(game):
    action = game.parse_action({"type": "advance", "inches": 3})
    assert action not in game.legal_actions()
    _unchanged_after(game, lambda: game.play(action), IllegalAction)
    with pytest.raises(IllegalAction):
        apply(game.state, action)


@pytest.mark.parametrize(
    "data",
    [
        {"type": "no_such_action"},
        {"type": "advance"},                       # missing field
        {"type": "advance", "inches": "three"},    # wrong type
        {"type": "advance", "inches": [3]},
        {"type": "advance", "inches": 3, "yards": 1},  # unknown field
        {"inches": 3},                             # no type at all
        ["advance", 3],
    ],
)
def test_malformed_action_is_invalid_and_changes_nothing(game, data):
    exc = _unchanged_after(game, lambda: game.play(data), InvalidAction)
    assert isinstance(exc, ValueError)
    assert "\n" not in str(exc)


@pytest.mark.parametrize("thing", [42, "end_orders", None, object()])
def test_something_that_is_not_an_action_is_invalid(game, thing):
    _unchanged_after(game, lambda: game.play(thing), InvalidAction)


def test_unknown_action_type_message(game):
    with pytest.raises(InvalidAction, match="unknown action type 'no_such_action'"):
        game.play({"type": "no_such_action"})


@pytest.mark.parametrize("inches", [3.5, True, "3"])
def test_wrongly_typed_number_is_invalid(game, inches):
    with pytest.raises(InvalidAction):
        game.parse_action({"type": "advance", "inches": inches})


@pytest.mark.parametrize("direction", [None, 1, ["port"]])
def test_wrongly_typed_text_is_invalid(game, direction):
    with pytest.raises(InvalidAction):
        game.parse_action({"type": "turn", "direction": direction})


def test_a_finished_battle_refuses_every_action():
    game = Game.new("ahoy", "duel", seed=3)
    play_random(game, 3, 2000)
    assert game.over
    assert len(game.legal_actions()) == 0
    assert len(legal_actions(game.state)) == 0
    assert game.to_act is None
    action = legal_actions(game.state_at(0))[0]  # a well-formed action, legal once
    exc = _unchanged_after(game, lambda: game.play(action), IllegalAction)
    assert "over" in exc.reason


# --- history -----------------------------------------------------------------------------------


def test_undo_redo_goto_walk_the_history():
    game = played(30)
    hashes = [game.state_hash(i) for i in range(31)]
    assert len(set(hashes)) == 31  # every step is a different state
    assert game.step == 30

    assert game.undo()
    assert game.step == 29 and game.last_step == 30
    assert game.state_hash() == hashes[29]
    assert len(game.actions) == 29
    assert game.redo()
    assert game.state_hash() == hashes[30]
    assert not game.redo()  # nothing left to redo

    game.goto(4)
    assert game.step == 4 and game.state_hash() == hashes[4]
    assert game.state is game.state_at(4)
    game.goto(0)
    assert not game.undo()
    assert game.step == 0
    game.goto(30)
    assert game.state_hash() == hashes[30]
    for bad in (-1, 31):
        with pytest.raises(ValueError):
            game.goto(bad)
    assert game.step == 30


def test_redo_gives_the_same_state_and_the_same_dice():
    game = played(40, seed=9)
    rolled = [i for i in range(1, game.last_step + 1)
              if any(isinstance(e, DiceRoll) for e in game.events_at(i))]
    assert rolled, "no action rolled dice"
    step = rolled[0]
    state, events, digest = game.state_at(step), game.events_at(step), game.state_hash(step)
    game.goto(step - 1)
    assert game.redo()
    assert game.state is state
    assert game.events_at(step) == events
    # playing the very same action again from the earlier state rolls the very same dice
    game.goto(step - 1)
    action = game.record().actions[step - 1]
    replayed = game.play(action)
    assert replayed == events
    assert game.state_hash() == digest
    assert game.last_step == step  # the rest of the old future is gone


def test_playing_after_undo_discards_the_undone_future():
    game = played(20, seed=4)
    old = game.record()
    for _ in range(5):
        game.undo()
    assert game.step == 15 and game.last_step == 20
    legal = game.legal_actions()
    different = next(a for a in legal if game.action_data(a) != old.actions[15])
    game.play(different)
    assert game.step == 16 and game.last_step == 16
    assert not game.redo()
    record = game.record()
    assert record.actions[:15] == old.actions[:15]
    assert record.actions[15] == game.action_data(different)
    assert record.hashes[:16] == old.hashes[:16]
    assert len(record.hashes) == 17


def test_a_preview_changes_nothing_until_it_is_taken_and_then_is_the_step_play_makes():
    game, twin = played(6, seed=3), played(6, seed=3)
    action = game.legal_actions()[-1]
    move = game.preview(action)
    # worked out, not made: the game stands where it stood, with no step beyond
    assert (game.step, game.last_step, game.state) == (6, 6, twin.state)
    assert move.state_hash() == state_hash(move.state)
    events = game.take(move)
    assert events == twin.play(action) and game.state_hash() == twin.state_hash()
    assert game.step == game.last_step == 7 and game.record() == twin.record()


def test_a_move_worked_out_on_a_state_the_game_has_left_is_not_taken():
    game = played(6, seed=3)
    move = game.preview(game.legal_actions()[0])
    game.undo()
    with pytest.raises(ValueError, match="moved on"):
        game.take(move)
    assert game.step == 5 and game.last_step == 6


def test_events_since():
    game = played(12, seed=6)
    everything = game.events_since(-1)
    assert everything == [(i, e) for i in range(13) for e in game.events_at(i)]
    assert game.events_since(0) == [(i, e) for i in range(1, 13) for e in game.events_at(i)]
    assert game.events_since(9) == [(i, e) for i in range(10, 13) for e in game.events_at(i)]
    assert game.events_since(12) == []
    game.goto(10)
    assert game.events_since(9) == [(10, e) for e in game.events_at(10)]
    assert game.events_since(10) == []


# --- replay and determinism ------------------------------------------------------------------


def test_from_record_rebuilds_every_step():
    game = played(50, seed=8)
    game.goto(37)
    copy = Game.from_record(game.record())
    assert copy.step == 37 and copy.last_step == game.last_step
    for i in range(game.last_step + 1):
        assert copy.state_hash(i) == game.state_hash(i)
        assert copy.events_at(i) == game.events_at(i)
    assert copy.record() == game.record()


def _faces(game: Game) -> list:
    return [f for i in range(game.last_step + 1) for e in game.events_at(i)
            if isinstance(e, DiceRoll) for f in e.faces]


def test_same_seed_same_game_different_seed_different_game():
    first = Game.new("ahoy", "duel", seed=1234)
    second = Game.new("ahoy", "duel", seed=1234)
    other = Game.new("ahoy", "duel", seed=4321)
    for g in (first, second, other):
        play_random(g, 99, 60)
    assert first.last_step == second.last_step
    assert [first.state_hash(i) for i in range(first.last_step + 1)] == \
        [second.state_hash(i) for i in range(second.last_step + 1)]
    assert _faces(first) == _faces(second)
    assert first.record().actions == second.record().actions
    assert other.state_hash(0) != first.state_hash(0)
    assert _faces(other) != _faces(first)


def test_state_hash_is_stable_across_a_json_round_trip(long_game):
    game, _ = long_game
    state_type = game.ruleset.state_type
    for step in range(0, game.last_step + 1, 15):
        state = game.state_at(step)
        text = json.dumps(state_to_data(state))
        back = converter.structure(json.loads(text), state_type)
        assert back == state
        assert state_hash(back) == state_hash(state) == game.state_hash(step)


def test_state_hash_sees_every_change(game):
    state = game.state
    assert state_hash(attrs.evolve(state, step=state.step + 1)) != state_hash(state)
    later = attrs.evolve(state.rng, counter=state.rng.counter + 1)
    assert state_hash(attrs.evolve(state, rng=later)) != state_hash(state)
    assert state_hash(attrs.evolve(state)) == state_hash(state)


# --- a save that fails ---------------------------------------------------------------------------


def test_a_change_whose_autosave_fails_is_not_made(tmp_path):
    """Acknowledged means on disk: a move the file could not take is not played (issue 13)."""
    from ahoy_tui.engine import SaveError, load_game

    game = played(12)
    game.undo()
    game.undo()  # an undone future, which a failed move must not lose either
    path = tmp_path / "battle.json"
    game.autosave = path
    game.goto(game.step)  # saved as it stands
    before = (game.step, game.last_step, game.state_hash(), game.actions)
    action = game.legal_actions()[0]
    blocker = tmp_path / "blocked"
    blocker.write_text("a file where the folder should be")
    game.autosave = blocker / "battle.json"  # the save cannot be written
    with pytest.raises(SaveError, match="cannot write"):
        game.play(action)
    assert (game.step, game.last_step, game.state_hash(), game.actions) == before
    for move in (game.undo, game.redo, lambda: game.goto(3)):
        with pytest.raises(SaveError):
            move()
        assert (game.step, game.last_step, game.state_hash()) == before[:3]
    game.autosave = path
    assert game.redo() and game.step == before[0] + 1  # the undone future is still there
    assert load_game(path).state_hash() == game.state_hash()
