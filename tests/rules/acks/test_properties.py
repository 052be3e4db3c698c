"""Properties of any ACKS II battle: any legal play is safe, never changes a state anyone
holds, always ends, and replays to the same hashes."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ahoy_tui.engine import Game
from ahoy_tui.engine.serialize import action_from_data, action_to_data, state_to_data
from ahoy_tui.rules.acks.scenario import BUILTIN

PROPERTY = settings(max_examples=6, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


def snapshot(state: object) -> str:
    return json.dumps(state_to_data(state), sort_keys=True)


@PROPERTY
@given(scenario=st.sampled_from(BUILTIN), seed=st.integers(0, 2**32 - 1),
       indices=st.lists(st.integers(0, 10**6), min_size=40, max_size=200))
def test_any_legal_play_is_safe_and_replays(scenario: str, seed: int,
                                            indices: list[int]) -> None:
    game = Game.new("acks", scenario, seed=seed)
    union = game.ruleset.action_union
    snapshots = [snapshot(game.state)]
    for index in indices:
        if game.over:
            break
        legal = game.legal_actions()
        assert len(legal) > 0, game.ruleset.prompt(game.state)
        action = legal[index % len(legal)]
        assert action_from_data(action_to_data(action, union), union) == action
        game.play(action)
        snapshots.append(snapshot(game.state))
    for step, before in enumerate(snapshots):
        assert snapshot(game.state_at(step)) == before
    again = Game.from_record(game.record())
    assert again.state_hash() == game.state_hash()


@pytest.mark.parametrize("scenario", BUILTIN)
@pytest.mark.parametrize("seed", [0, 1])
def test_random_battles_always_end_within_their_rounds(scenario: str, seed: int) -> None:
    game = Game.new("acks", scenario, seed=seed * 7919 + 1)
    chooser = random.Random(seed)
    limit = game.state.round_limit
    while not game.over and game.step < 20_000:
        assert game.state.round <= limit
        game.play(chooser.choice(list(game.legal_actions())))
    assert game.over and game.state.result
    assert len(game.legal_actions()) == 0
