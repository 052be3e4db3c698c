"""Properties of any Man O' War battle: any legal play is safe, never changes an earlier state,
always ends, replays to the same states and hashes, and saves exactly."""

from __future__ import annotations

import json
import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ahoy_tui.engine import Game, load_game
from ahoy_tui.engine.serialize import action_from_data, action_to_data, state_to_data
from ahoy_tui.rules.man_o_war.scenario import BUILTIN

PROPERTY = settings(max_examples=12, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


def snapshot(state: object) -> str:
    return json.dumps(state_to_data(state), sort_keys=True)


@PROPERTY
@given(scenario=st.sampled_from(BUILTIN), seed=st.integers(0, 2**32 - 1),
       indices=st.lists(st.integers(0, 10**6), min_size=60, max_size=300),
       placement=st.sampled_from(("", "rules")))
def test_any_legal_play_is_safe_and_replays(scenario: str, seed: int, indices: list[int],
                                            placement: str) -> None:
    game = Game.new("man-o-war", scenario, seed=seed, options={"placement": placement})
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


def test_random_battles_always_end_and_save_exactly(tmp_path: Path) -> None:
    for seed, (scenario, placement) in enumerate(
            (s, p) for s in BUILTIN for p in ("", "rules")):
        game = Game.new("man-o-war", scenario, seed=seed, options={"placement": placement})
        chooser = random.Random(seed)
        while not game.over:
            legal = game.legal_actions()
            game.play(legal[chooser.randrange(len(legal))])
            assert game.step < 3000, "the battle did not end"
        assert game.state.result
        path = game.save(tmp_path / f"{scenario}.json")
        back = load_game(path, check=True)
        assert back.state == game.state and back.step == game.step


def test_a_state_sent_to_a_screen_comes_back_the_same() -> None:
    """What the server sends each player (a view, as data) is structured back exactly, at
    every step of battles played by the rules' set-up and by the scenario's."""
    from ahoy_tui.engine.serialize import state_to_data
    from ahoy_tui.server.remote import converter

    for seed, placement in enumerate(("", "rules")):
        game = Game.new("man-o-war", "dwarfs_orcs", seed=seed,
                        options={"placement": placement, "wind_double_two": True})
        chooser = random.Random(seed)
        for _ in range(120):
            if game.over:
                break
            view = game.view("p1")
            assert view.house_rule("wind_double_two")  # type: ignore[attr-defined]
            assert converter.structure(state_to_data(view), type(view)) == view
            legal = game.legal_actions()
            game.play(legal[chooser.randrange(len(legal))])
