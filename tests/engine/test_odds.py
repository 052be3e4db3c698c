"""The exact dice arithmetic the odds of a choice are worked out with."""

import itertools
from fractions import Fraction

from ahoy_tui.engine.odds import (
    at_least,
    bernoulli,
    dice,
    hits,
    mapped,
    mean,
    number,
    percent,
    repeat,
)


def brute(count: int, sides: int) -> dict[int, Fraction]:
    """Every face of every die, counted one by one."""
    out: dict[int, Fraction] = {}
    faces = list(itertools.product(range(1, sides + 1), repeat=count))
    for roll in faces:
        out[sum(roll)] = out.get(sum(roll), Fraction(0)) + Fraction(1, len(faces))
    return out


def test_dice_sums_match_counting_every_face() -> None:
    for count, sides in [(1, 6), (2, 6), (3, 6), (2, 10), (1, 20)]:
        assert dice(count, sides) == brute(count, sides)
    assert at_least(dice(2, 6), 7) == Fraction(21, 36)
    assert mean(dice(2, 6, plus=1)) == 8


def test_hits_of_several_shots() -> None:
    # three shots hitting on 4+ (one in two): 1/8, 3/8, 3/8, 1/8
    assert hits([Fraction(1, 2)] * 3) == {0: Fraction(1, 8), 1: Fraction(3, 8),
                                          2: Fraction(3, 8), 3: Fraction(1, 8)}
    assert repeat(bernoulli(Fraction(1, 2)), 3) == hits([Fraction(1, 2)] * 3)
    assert bernoulli(Fraction(1)) == {1: 1}
    # a D6 halved, rounding up
    assert mapped(dice(1, 6), lambda v: (v + 1) // 2) == {1: Fraction(1, 3), 2: Fraction(1, 3),
                                                         3: Fraction(1, 3)}


def test_words_for_chances_never_claim_certainty_falsely() -> None:
    assert percent(Fraction(7, 12)) == "58%"
    assert percent(Fraction(1, 1000)) == "<1%"
    assert percent(Fraction(999, 1000)) == ">99%"
    assert percent(Fraction(0)) == "0%" and percent(Fraction(1)) == "100%"
    assert number(Fraction(17, 10)) == "1.7" and number(Fraction(2)) == "2"
