"""The odds of a choice before it is taken: what its dice may bring, worked out exactly.

A ruleset's optional hook ``odds(state, action) -> Odds | None`` says, for a choice that rolls
for its outcome (a broadside, a volley, a ram, a boarding round, a cast), the chance of each
outcome with the modifiers in force now. It is given the side's own view, reads nothing but
it, and never the dice to come: the odds are an enumeration of every face of every die, not a
sample. The screens show ``summary`` in the choice's row or under the list, and ``breakdown``
on a key; the computer captains may read the same numbers (one source, not two).

Chances are exact fractions (:class:`fractions.Fraction`), so a test can compare them with an
independent enumeration to the last digit.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction

from attrs import field, frozen

# A distribution of whole-number results: each value and its exact chance (they sum to 1).
Dist = Mapping[int, Fraction]

ONE = Fraction(1)


@frozen
class Odds:
    """What a choice's dice may bring.

    ``summary`` is one short line that fits a choice row at 80 columns (``58% · 1.7 SP``);
    ``breakdown`` is the whole account, a line each: the roll needed and every modifier in
    force, then each outcome and its chance. ``outcomes`` names each outcome with its exact
    chance (they sum to 1), and ``expected`` gives the mean of each quantity the choice deals
    (``{"SP": Fraction(17, 10)}``); both are what tests compare with their own enumeration.
    """

    summary: str
    breakdown: tuple[str, ...] = ()
    outcomes: tuple[tuple[str, Fraction], ...] = field(default=())
    expected: Mapping[str, Fraction] = field(factory=dict)


def die(sides: int) -> dict[int, Fraction]:
    """One die of ``sides`` faces, 1 to ``sides``, each as likely."""
    share = Fraction(1, sides)
    return {face: share for face in range(1, sides + 1)}


def constant(value: int) -> dict[int, Fraction]:
    """A result that is certain."""
    return {value: ONE}


def combine(a: Dist, b: Dist, how: Callable[[int, int], int] = int.__add__) -> dict[int, Fraction]:
    """The distribution of ``how(x, y)`` for independent ``x`` from ``a`` and ``y`` from ``b``
    (their sum by default)."""
    out: dict[int, Fraction] = {}
    for (x, px), (y, py) in itertools.product(a.items(), b.items()):
        value = how(x, y)
        out[value] = out.get(value, Fraction(0)) + px * py
    return out


def dice(count: int, sides: int, plus: int = 0) -> dict[int, Fraction]:
    """The sum of ``count`` dice of ``sides`` faces, plus ``plus`` (``2D6+1``)."""
    out = constant(plus)
    for _ in range(count):
        out = combine(out, die(sides))
    return out


def repeat(dist: Dist, times: int) -> dict[int, Fraction]:
    """The sum of ``times`` independent draws of ``dist`` (hits from several shots)."""
    out = constant(0)
    for _ in range(times):
        out = combine(out, dist)
    return out


def mapped(dist: Dist, how: Callable[[int], int]) -> dict[int, Fraction]:
    """The distribution of ``how(x)`` for ``x`` from ``dist``."""
    out: dict[int, Fraction] = {}
    for value, p in dist.items():
        result = how(value)
        out[result] = out.get(result, Fraction(0)) + p
    return out


def chance(dist: Dist, test: Callable[[int], bool]) -> Fraction:
    """The chance that a value drawn from ``dist`` passes ``test``."""
    return sum((p for value, p in dist.items() if test(value)), Fraction(0))


def at_least(dist: Dist, need: int) -> Fraction:
    """The chance of ``need`` or more."""
    return chance(dist, lambda value: value >= need)


def mean(dist: Dist) -> Fraction:
    """The expected value."""
    return sum((value * p for value, p in dist.items()), Fraction(0))


def bernoulli(p: Fraction) -> dict[int, Fraction]:
    """1 with chance ``p``, else 0 (a hit or a miss)."""
    return {1: p, 0: ONE - p} if 0 < p < 1 else constant(1 if p >= 1 else 0)


def hits(chances: Iterable[Fraction]) -> dict[int, Fraction]:
    """The number of successes among independent tries of the given chances."""
    out = constant(0)
    for p in chances:
        out = combine(out, bernoulli(p))
    return out


def percent(p: Fraction) -> str:
    """A chance as players say it: ``58%``; ``<1%`` and ``>99%`` rather than a false 0 or 100."""
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    value = round(float(p) * 100)
    if value == 0:
        return "<1%"
    if value == 100:
        return ">99%"
    return f"{value}%"


def number(value: Fraction, places: int = 1) -> str:
    """A mean for a summary: ``1.7``; whole numbers without a point."""
    rounded = round(float(value), places)
    return f"{rounded:g}" if rounded != int(rounded) else str(int(rounded))
