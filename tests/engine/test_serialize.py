"""States and actions through JSON: enum fields come back as their enums, and a value of the
wrong kind is refused saying so."""

from __future__ import annotations

import json

import pytest

from ahoy_tui.engine import Game
from ahoy_tui.engine.serialize import converter, state_to_data


@pytest.mark.parametrize("ruleset", ["ahoy", "naval-battle"])
def test_a_state_through_json_has_its_enums_back(ruleset: str) -> None:
    state = Game.new(ruleset, "duel", seed=3).state
    data = json.loads(json.dumps(state_to_data(state)))  # as a client receives it
    back = converter.structure(data, type(state))
    assert back == state
    assert type(back.phase) is type(state.phase)  # type: ignore[attr-defined]
    assert back.phase.value == state.phase.value  # type: ignore[attr-defined]


def test_an_unknown_enum_value_is_refused() -> None:
    state = Game.new("naval-battle", "duel", seed=3).state
    data = state_to_data(state)
    data["phase"] = "tea"
    with pytest.raises(Exception) as refused:
        converter.structure(data, type(state))
    assert "'tea' is not a valid Phase" in repr(refused.value.exceptions[0])  # type: ignore[attr-defined]
