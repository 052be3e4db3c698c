"""Properties of any game: any legal play is safe, replayable, and saves exactly."""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ahoy_tui.engine import Game, load_game
from ahoy_tui.engine.saves import record_to_json
from ahoy_tui.engine.serialize import action_from_data, action_to_data, state_to_data

SCENARIOS = ("duel", "squadron", "harbour")

PROPERTY = settings(max_examples=25, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])

scenarios = st.sampled_from(SCENARIOS)
seeds = st.integers(min_value=0, max_value=2**32 - 1)
choices = st.lists(st.integers(min_value=0, max_value=10**6), min_size=40, max_size=250)


def snapshot(state) -> str:
    return json.dumps(state_to_data(state), sort_keys=True)


def play_indices(game: Game, indices: list[int]) -> None:
    for index in indices:
        if game.over:
            break
        legal = game.legal_actions()
        game.play(legal[index % len(legal)])


@PROPERTY
@given(scenario=scenarios, seed=seeds, indices=choices)
def test_any_legal_play_is_safe_and_replays(scenario, seed, indices):
    game = Game.new("ahoy", scenario, seed=seed)
    snapshots = [snapshot(game.state)]
    union = game.ruleset.action_union
    for index in indices:
        if game.over:
            break
        legal = game.legal_actions()
        assert len(legal) > 0
        action = legal[index % len(legal)]
        assert action in legal
        assert action_from_data(action_to_data(action, union), union) == action
        game.play(action)
        snapshots.append(snapshot(game.state))
        assert game.state.step == game.step

    for step, before in enumerate(snapshots):
        assert snapshot(game.state_at(step)) == before

    replay = Game.from_record(game.record())
    assert replay.last_step == game.last_step
    assert [replay.state_hash(i) for i in range(replay.last_step + 1)] == \
        [game.state_hash(i) for i in range(game.last_step + 1)]


@PROPERTY
@given(scenario=scenarios, seed=seeds, indices=choices,
       undo=st.integers(min_value=0, max_value=10))
def test_save_then_load_is_the_identity_on_the_record(scenario, seed, indices, undo):
    game = Game.new("ahoy", scenario, seed=seed)
    play_indices(game, indices)
    for _ in range(undo):
        game.undo()
    before = record_to_json(game.record())
    with tempfile.TemporaryDirectory() as folder:
        loaded = load_game(game.save(Path(folder) / "game.json"))
    assert record_to_json(loaded.record()) == before
    assert loaded.step == game.step
    assert loaded.state_hash() == game.state_hash()


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4])
def test_a_random_game_always_ends(scenario, seed):
    game = Game.new("ahoy", scenario, seed=seed * 7919 + 1)
    chooser = random.Random(seed)
    limit = game.state.options.turn_limit
    while not game.over and game.step < 5000:
        assert game.state.turn <= limit
        legal = list(game.legal_actions())
        game.play(chooser.choice(legal))
    assert game.over, f"still going after {game.step} actions"
    assert game.state.turn <= limit
    assert game.state.result
    assert len(game.legal_actions()) == 0
