"""ActionRange and LegalActions: fixed actions and ranges of numbered ones, expanded on demand."""

from __future__ import annotations

from typing import ClassVar

import pytest
from attrs import frozen

from ahoy_tui.engine.legal import ActionRange, LegalActions


@frozen
class Fire:
    gun: str
    guess: int
    kind: ClassVar[str] = "fire"


@frozen
class Twin:
    """Same fields as Fire, a different type."""

    gun: str
    guess: int


@frozen
class Stop:
    kind: ClassVar[str] = "stop"


RANGE = ActionRange(Fire("bow", 0), "guess", 2, 5)


# --- ActionRange ------------------------------------------------------------------------------


def test_range_len_iter_at():
    assert len(RANGE) == 4
    assert list(RANGE) == [Fire("bow", 2), Fire("bow", 3), Fire("bow", 4), Fire("bow", 5)]
    assert RANGE.at(4) == Fire("bow", 4)


def test_single_value_and_empty_ranges():
    one = ActionRange(Fire("bow", 0), "guess", 7, 7)
    assert len(one) == 1 and list(one) == [Fire("bow", 7)]
    empty = ActionRange(Fire("bow", 0), "guess", 5, 4)
    assert len(empty) == 0 and list(empty) == []
    assert Fire("bow", 5) not in empty and Fire("bow", 4) not in empty
    assert len(ActionRange(Fire("bow", 0), "guess", 10, 2)) == 0


@pytest.mark.parametrize("value", [2, 3, 4, 5])
def test_range_contains_every_value(value):
    assert Fire("bow", value) in RANGE


@pytest.mark.parametrize(
    "action",
    [
        Fire("bow", 1),           # below the range
        Fire("bow", 6),           # above it
        Fire("stern", 3),         # another field differs
        Twin("bow", 3),           # another type with the same fields
        Stop(),
        "bow",
        3,
        None,
        Fire("bow", 3.0),         # not a whole number
        Fire("bow", "3"),
    ],
)
def test_range_rejects(action):
    assert action not in RANGE


def test_range_rejects_bool_even_when_equal_to_an_int_in_range():
    zero_to_two = ActionRange(Fire("bow", 0), "guess", 0, 2)
    assert Fire("bow", True) == Fire("bow", 1)  # attrs equality would accept it…
    assert Fire("bow", True) not in zero_to_two  # …but a bool is not a guess
    assert Fire("bow", False) not in zero_to_two
    assert Fire("bow", 1) in zero_to_two


# --- LegalActions -----------------------------------------------------------------------------


FIXED = (Stop(), Fire("port", 0))
SECOND = ActionRange(Fire("stern", 0), "guess", 10, 12)
EXPANDED = [Stop(), Fire("port", 0), Fire("bow", 2), Fire("bow", 3), Fire("bow", 4),
            Fire("bow", 5), Fire("stern", 10), Fire("stern", 11), Fire("stern", 12)]


def make() -> LegalActions:
    return LegalActions(FIXED, [RANGE, ActionRange(Fire("x", 0), "guess", 3, 2), SECOND])


def test_len_iter_and_empty_ranges_dropped():
    legal = make()
    assert len(legal) == 9
    assert list(legal) == EXPANDED
    assert legal.ranges == (RANGE, SECOND)
    assert bool(legal)


def test_getitem_matches_the_expanded_list():
    legal = make()
    for i, action in enumerate(EXPANDED):
        assert legal[i] == action
        assert legal[i - len(EXPANDED)] == action  # negative indices count from the end


def test_getitem_past_the_end_raises():
    legal = make()
    with pytest.raises(IndexError):
        legal[9]
    with pytest.raises(IndexError):
        legal[1000]
    with pytest.raises(IndexError):
        LegalActions()[0]


def test_getitem_before_the_start_raises_with_fixed_actions():
    legal = make()
    with pytest.raises(IndexError):
        legal[-len(EXPANDED) - 1]


def test_getitem_before_the_start_raises_with_only_ranges():
    legal = LegalActions((), [RANGE])
    with pytest.raises(IndexError):
        legal[-5]


def test_contains_fixed_and_ranged():
    legal = make()
    for action in EXPANDED:
        assert action in legal
    for action in [Fire("bow", 6), Fire("stern", 9), Fire("port", 1), Fire("x", 3), Twin("bow", 3),
                   Fire("bow", True), 5, "stop", None]:
        assert action not in legal


def test_contains_does_not_choke_on_unhashable_values():
    assert ["not", "an", "action"] not in make()
    assert {"type": "stop"} not in make()


def test_empty_legal_actions():
    legal = LegalActions()
    assert len(legal) == 0
    assert not legal
    assert list(legal) == []
    assert Stop() not in legal
    only_empty_ranges = LegalActions((), [ActionRange(Fire("bow", 0), "guess", 1, 0)])
    assert not only_empty_ranges
    assert len(only_empty_ranges) == 0
    assert only_empty_ranges.ranges == ()


def test_ranges_only():
    legal = LegalActions(ranges=[SECOND])
    assert bool(legal)
    assert list(legal) == [Fire("stern", 10), Fire("stern", 11), Fire("stern", 12)]
    assert legal[0] == Fire("stern", 10)
    assert legal[-1] == Fire("stern", 12)
    assert Fire("stern", 11) in legal
