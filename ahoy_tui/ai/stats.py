"""The statistics of captain against captain: a score's Wilson interval, Elo from a score, and
the sequential probability ratio test (SPRT) on game pairs as the chess engines' testers run it.

A **pair** is one start (scenario and dice seed) played twice, each captain taking each side
once. Its score for the first captain is 0, ½, 1, 1½ or 2 points out of 2 (the *pentanomial*
counts: both lost, a loss and a draw, a win and a loss or two draws, a win and a draw, both
won). Counting pairs, not games, takes out what the side and the dice of the start give, so the
test needs fewer games for the same certainty.

The test is the generalised SPRT (GSPRT) of Fishtest: H0 says the first captain's expected
score is that of an Elo difference ``elo0``, H1 that of ``elo1`` (logistic Elo, 400 points for
odds of 10 to 1). For each hypothesis the pair results' most likely distribution with that
expected score is found (the multinomial's maximum likelihood under one linear constraint); the
log-likelihood ratio (LLR) of the two is compared with Wald's bounds, log(β/(1-α)) below and
log((1-β)/α) above: below, H0 is accepted; above, H1; between, play on.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from attrs import frozen

PAIR_SCORES = (0.0, 0.5, 1.0, 1.5, 2.0)  # a pair's points for the first captain, out of 2


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval for a proportion (``successes`` may hold halves)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (
        1 + z * z / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def elo_of(score: float) -> float:
    """The logistic Elo difference whose expected score is ``score`` (±inf at 0 and 1)."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def score_of(elo: float) -> float:
    """The expected score of a logistic Elo difference."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def elo_words(elo: float) -> str:
    """An Elo difference for a table: ``+52``, ``-7``, ``+inf``."""
    if math.isinf(elo):
        return "+inf" if elo > 0 else "-inf"
    return f"{elo:+.0f}"


def finite(value: float) -> float | None:
    """``value`` rounded for JSON, ``None`` where it is infinite (JSON has no infinity)."""
    return None if math.isinf(value) or math.isnan(value) else round(value, 1)


def _regularised(counts: Mapping[float, float]) -> dict[float, float]:
    # Fishtest's: an outcome never seen counts 0.001, so that no expected score strictly
    # between the worst and the best outcome has likelihood nothing
    return {value: max(count, 1e-3) for value, count in counts.items()}


def _constrained_mle(shares: Mapping[float, float], score: float) -> dict[float, float]:
    """The distribution over the outcomes with mean ``score`` nearest ``shares`` in likelihood:
    p_i = q_i / (1 + λ (a_i - s)), λ found by bisection (the mean falls as λ grows)."""
    low_edge = max(value - score for value in shares)  # > 0
    high_edge = min(value - score for value in shares)  # < 0
    low, high = -1.0 / low_edge, -1.0 / high_edge  # where a denominator reaches 0

    def mean_gap(lam: float) -> float:
        return sum(q * (a - score) / (1.0 + lam * (a - score)) for a, q in shares.items())

    lo, hi = low + 1e-12 * (high - low), high - 1e-12 * (high - low)
    for _ in range(200):
        mid = (lo + hi) / 2
        if mean_gap(mid) > 0:
            lo = mid
        else:
            hi = mid
    lam = (lo + hi) / 2
    return {a: q / (1.0 + lam * (a - score)) for a, q in shares.items()}


def llr(counts: Mapping[float, float], elo0: float, elo1: float) -> float:
    """The GSPRT log-likelihood ratio of H1 (Elo ``elo1``) against H0 (``elo0``) for results
    counted by outcome, each outcome a share of the most a result can score (a game's 0, ½, 1;
    a pair's 0, ¼, ½, ¾, 1 as its points out of 2 halved)."""
    counts = _regularised(counts)
    total = sum(counts.values())
    shares = {value: count / total for value, count in counts.items()}
    lowest, highest = min(shares), max(shares)
    s0, s1 = score_of(elo0), score_of(elo1)
    if not lowest < s0 < highest or not lowest < s1 < highest:
        return 0.0
    p0 = _constrained_mle(shares, s0)
    p1 = _constrained_mle(shares, s1)
    return sum(count * math.log(p1[value] / p0[value]) for value, count in counts.items())


def llr_normal(counts: Mapping[float, float], elo0: float, elo1: float) -> float:
    """The GSPRT's normal approximation, N (s1 - s0)(2 x̄ - s0 - s1) / 2σ²: a check on ``llr``."""
    counts = _regularised(counts)
    total = sum(counts.values())
    mean = sum(a * n for a, n in counts.items()) / total
    variance = sum(n * (a - mean) ** 2 for a, n in counts.items()) / total
    s0, s1 = score_of(elo0), score_of(elo1)
    return total * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)


def pentanomial(pair_points: Sequence[float]) -> list[int]:
    """How many pairs scored each of 0, ½, 1, 1½ and 2 points."""
    return [sum(1 for p in pair_points if p == value) for value in PAIR_SCORES]


@frozen
class Sprt:
    """A sequential test between two Elo differences at error rates ``alpha`` (accepting H1
    when H0 holds) and ``beta`` (accepting H0 when H1 holds)."""

    elo0: float = 0.0
    elo1: float = 50.0
    alpha: float = 0.05
    beta: float = 0.05

    @property
    def bounds(self) -> tuple[float, float]:
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def llr_of_pairs(self, penta: Sequence[int]) -> float:
        """The LLR of pentanomial counts (pairs scoring 0, ½, 1, 1½, 2)."""
        if not sum(penta):
            return 0.0
        return llr({value / 2: n for value, n in zip(PAIR_SCORES, penta, strict=True)},
                   self.elo0, self.elo1)

    def verdict(self, value: float) -> str | None:
        """``"H1"`` or ``"H0"`` once the LLR crosses a bound, else ``None``. A test between
        equal hypotheses has nothing to tell apart: it never decides (``selfplay --scenario
        all`` without ``--sprt`` plays every pair through one)."""
        if self.elo0 == self.elo1:
            return None
        low, high = self.bounds
        if value >= high:
            return "H1"
        if value <= low:
            return "H0"
        return None
