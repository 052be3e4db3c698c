"""An independent count of dice faces, for tests of a ruleset's ``odds`` hook.

The rules' odds are worked out with ``engine/odds.py`` (distributions folded together); a test
checks them against this plain count instead: every face of every die listed, one tuple of faces
at a time, each equally likely, and what the test says the rules make of them. Nothing here is
shared with the code under test.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from typing import TypeVar

T = TypeVar("T", bound=Hashable)

D6 = (1, 2, 3, 4, 5, 6)
D3 = (1, 2, 3)
ARTILLERY = (2, 4, 6, 8, 10, "misfire")  # the artillery die's six faces


def enumerate_faces(dice: Sequence[Sequence[object]],
                    outcome: Callable[..., T]) -> dict[T, Fraction]:
    """The chance of each ``outcome(*faces)`` over every combination of faces of ``dice`` (each
    die a sequence of its equally likely faces)."""
    total = math.prod(len(d) for d in dice)
    counts: dict[T, int] = {}
    for faces in itertools.product(*dice):
        result = outcome(*faces)
        counts[result] = counts.get(result, 0) + 1
    return {result: Fraction(n, total) for result, n in counts.items()}


def chance_of(dist: dict[T, Fraction], test: Callable[[T], bool]) -> Fraction:
    return sum((p for value, p in dist.items() if test(value)), Fraction(0))


def mean_of(dist: dict[int, Fraction]) -> Fraction:
    return sum((value * p for value, p in dist.items()), Fraction(0))


def within_bound(observed: Sequence[float], expected: float, variance: float,
                 sigmas: float = 4.0) -> bool:
    """Whether the mean of ``observed`` lies within ``sigmas`` standard errors of
    ``expected`` (``variance`` that of one trial)."""
    n = len(observed)
    error = math.sqrt(max(variance, 1e-12) / n)
    return abs(sum(observed) / n - expected) <= sigmas * error
