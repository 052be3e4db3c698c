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


def test_a_field_of_words_alone_is_never_in_the_hash_and_an_added_one_only_off_its_default(
) -> None:
    """TOLD: a record kept for the players (Man O' War's roll of Battle Honours) hashes as if
    it were not there, whatever it holds; ADDED: only while at its default."""
    from attrs import field, frozen

    from ahoy_tui.engine.serialize import ADDED, TOLD, state_hash

    @frozen
    class Before:
        points: int

    @frozen
    class After:
        points: int
        roll: tuple[str, ...] = field(default=(), metadata={TOLD: True})
        later: int = field(default=0, metadata={ADDED: True})

    Before.__name__ = After.__name__ = "Tally"  # the name is in the digest
    assert state_hash(After(4)) == state_hash(Before(4))  # type: ignore[arg-type]
    assert state_hash(After(4, ("the Galleon sunk",))) == state_hash(Before(4))  # type: ignore[arg-type]
    assert state_hash(After(4, (), 1)) != state_hash(Before(4))  # type: ignore[arg-type]
