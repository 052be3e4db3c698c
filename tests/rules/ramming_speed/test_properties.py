"""Properties of any Ramming Speed! battle: any legal play (sealed order sheets among it) is
safe, never changes a state anyone holds, always ends, and replays to the same hashes."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ahoy_tui.engine import Game
from ahoy_tui.engine.serialize import action_from_data, action_to_data, state_to_data
from ahoy_tui.rules.ramming_speed.actions import WriteOrders
from ahoy_tui.rules.ramming_speed.scenario import BUILTIN

PROPERTY = settings(max_examples=6, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])
STEPS = 4000  # a bound no battle of at most 14 turns comes near


def snapshot(state: object) -> str:
    return json.dumps(state_to_data(state), sort_keys=True)


@PROPERTY
@given(scenario=st.sampled_from(BUILTIN), seed=st.integers(0, 2**32 - 1),
       indices=st.lists(st.integers(0, 10**6), min_size=40, max_size=160))
def test_any_legal_play_is_safe_and_replays(scenario: str, seed: int,
                                            indices: list[int]) -> None:
    game = Game.new("ramming-speed", scenario, seed=seed)
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
    for step, before in enumerate(snapshots):  # no earlier state was ever changed
        assert snapshot(game.state_at(step)) == before
    again = Game.from_record(game.record())
    assert again.state_hash() == game.state_hash()


def test_order_forms_offer_only_what_they_accept() -> None:
    """The order sheet's examples are orders its form accepts (and the engine plays)."""
    for seed, scenario in enumerate(BUILTIN):
        game = Game.new("ramming-speed", scenario, seed=seed)
        legal = game.legal_actions()
        (form,) = legal.forms
        assert form.examples
        assert all(example in form for example in form.examples)
        assert any(isinstance(a, WriteOrders) for a in legal)


def test_random_battles_always_end_and_replay() -> None:
    for seed, scenario in enumerate(BUILTIN):
        game = Game.new("ramming-speed", scenario, seed=seed)
        chooser = random.Random(seed)
        while not game.over:
            legal = game.legal_actions()
            assert len(legal) > 0
            game.play(legal[chooser.randrange(len(legal))])
            assert game.step < STEPS, "the battle did not end"
        assert game.state.result
        again = Game.from_record(game.record())
        assert again.state_hash() == game.state_hash()
