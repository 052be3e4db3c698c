"""The engine's quick copy of frozen objects, and its memory of listed legal actions."""

from __future__ import annotations

import random

import attrs
import pytest
from attrs import frozen

from ahoy_tui.engine import Game, apply, legal_actions
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.memo import StateMemo


@frozen
class Plain:
    a: int
    b: tuple[int, ...] = ()


@frozen(kw_only=True)
class Keyword(Plain):
    c: str = "x"


@frozen
class Converted:
    items: tuple[int, ...] = attrs.field(converter=tuple)


def test_a_copy_is_what_attrs_evolve_makes() -> None:
    game = Game.new("ahoy", "squadron", seed=3)
    state = game.state
    ship = state.ships[0]
    for obj, changes in ((state, {"step": 9, "turn": 4}), (ship, {"sp": 1, "x": 3.5}),
                         (Keyword(a=1, c="y"), {"a": 2}), (Plain(1), {"b": (1,)})):
        copy = replace(obj, **changes)
        assert copy == attrs.evolve(obj, **changes)
        assert copy is not obj and type(copy) is type(obj)
        for name, value in changes.items():
            assert getattr(copy, name) == value
        # the original is untouched
        assert all(getattr(obj, n) != v for n, v in changes.items())


def test_a_change_to_the_same_value_keeps_the_object() -> None:
    thing = Plain(1, (2,))
    assert replace(thing, a=1) is thing
    assert replace(thing, a=1, b=thing.b) is thing
    assert replace(thing, b=tuple([2])) is not thing  # an equal but other tuple: a copy


def test_an_unknown_field_is_refused_and_a_converter_still_runs() -> None:
    with pytest.raises(TypeError, match="no field 'z'"):
        replace(Plain(1), z=3)
    assert replace(Converted([1]), items=[2, 3]).items == (2, 3)


def test_the_listed_legal_actions_are_remembered_by_state() -> None:
    calls = []
    memo: StateMemo[int] = StateMemo(lambda s: calls.append(s) or len(calls), size=2)
    a, b, c = Plain(1), Plain(1), Plain(2)
    assert memo(a) == 1 and memo(a) == 1  # the same state: worked out once
    assert memo(b) == 2  # an equal state but another object: its own entry
    memo(c)
    assert memo(a) == 4  # pushed out by two newer ones
    assert len(calls) == 4


def test_remembered_lists_are_the_lists_the_rules_give() -> None:
    # over a random battle, the engine's list is always the ruleset's own list for that state
    game = Game.new("ahoy", "duel", seed=5)
    state, chooser = game.state, random.Random(5)
    for _ in range(150):
        if state.over:
            break
        listed = legal_actions(state)
        assert list(listed) == list(game.ruleset.legal_actions(state))
        state, _ = apply(state, listed[chooser.randrange(len(listed))])
