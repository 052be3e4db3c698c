"""The odds of a gun and a volley before they are fired (rules/ahoy/odds.py), against a count of
the dice written here (tests/odds_support.py), and against the real rules played over many
seeds.

The position is test_shooting's: the Frigate (p1, Medium, anchored at (20, 24) heading north)
fires her starboard gun due east from the muzzle at x = 21.75 along y = 24.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

from kit import new_game, ship, state, to_movement

from ahoy_tui.engine.dice import Rng
from ahoy_tui.engine.events import DiceRoll
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.game import apply
from ahoy_tui.rules.ahoy import RULESET
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.model import Phase

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from odds_support import ARTILLERY, D3, D6, enumerate_faces, mean_of, within_bound

MUZZLE = 21.75


def frigate(guns=(("naval_cannon", "starboard"),), **extra):
    data = {"size": "medium", "x": 20, "y": 24, "heading": "N", "speed": 0, "anchored": True,
            "crew": {"sailor": 12}, **extra}
    return ship("frigate", "p1", guns=list(guns), **data)


def prize(**extra):
    data = {"size": "medium", "x": 40, "y": 24, "heading": "N", "speed": 0, "anchored": True,
            **extra}
    return ship("prize", "p2", **data)


def shooting(*ships):
    game = new_game(*ships)
    to_movement(game)
    assert state(game).phase == Phase.SHOOTING
    return game


def wound_need(strength: int, toughness: int) -> int | None:
    """The S v T chart, as the rulebook prints it."""
    d = toughness - strength
    if d > 3:
        return None
    return 2 if d <= -2 else {-1: 3, 0: 4, 1: 5, 2: 6, 3: 6}[d]


def gun_count(near: float, far: float, guess: int, *, bonus: int, need: int, plus: int = 0,
              damage: tuple[int, ...] = D3, point_blank: bool = False):
    """Structure Points dealt, for every face of the artillery die, the roll to damage and the
    damage die (the Prize's hull spans ``near``-``far`` inches along the line)."""
    def outcome(art, to_damage, dmg):
        if art == "misfire":
            return -1  # a misfire
        lands = guess + art
        if not point_blank and not near <= lands <= far:
            return 0
        if to_damage == 1 or to_damage + bonus < need:
            return 0
        return dmg + bonus + plus
    return enumerate_faces([ARTILLERY, D6, damage], outcome)


def seeds_played(game, action, seeds=1200):
    """(damaged?, SP rolled) for each seed, played through the rules' own apply."""
    start = game.state
    out = []
    for seed in range(seeds):
        _, events = apply(replace(start, rng=Rng(seed + 1)), action)
        rolls = [e for e in events if isinstance(e, DiceRoll)]
        hit = next((r for r in rolls if r.purpose.startswith("to damage")), None)
        if hit is None or hit.outcome != "damages":
            out.append((0, 0))
            continue
        amount = next(r for r in rolls if r.purpose.startswith("damage from"))
        bonus = int(hit.purpose.split("(+")[1][0]) if "(+" in hit.purpose else 0
        chain = 1 if "chainshot" in amount.purpose else 0
        out.append((1, int(amount.result) + bonus + chain))
    return out


def test_a_guessed_ball_odds_are_every_face_counted():
    game = shooting(frigate(), prize())
    view = RULESET.view(game.state, "p1")
    odds = RULESET.odds(view, a.FireGun("frigate", "g1", 16))
    # The Prize's hull (beam 3.5") spans x 38.25-41.75: 16.5"-20" from the muzzle. S9 v T8.
    near, far = 38.25 - MUZZLE, 41.75 - MUZZLE
    count = gun_count(near, far, 16, bonus=0, need=wound_need(9, 8))
    damaged = sum(p for sp, p in count.items() if sp > 0)
    assert odds.expected["hits"] == damaged == Fraction(2, 6) * Fraction(4, 6)
    assert odds.expected["SP"] == mean_of({sp: p for sp, p in count.items() if sp > 0}) \
        == damaged * 2
    assert dict(odds.outcomes)["misfire"] == count[-1] == Fraction(1, 6)
    assert sum(p for _, p in odds.outcomes) == 1
    assert odds.summary == "22% · 0.4 SP"
    assert any("S9 v T8: damage on 3+" in line for line in odds.breakdown)


def test_a_point_blank_raking_shot_adds_one_and_one():
    # End-on (heading E), 7" off: point blank, through her stern: +1 +1 on S9 v T8.
    game = shooting(frigate(), prize(heading="E", x=MUZZLE + 7 + 6.5))
    odds = RULESET.odds(game.state, a.FireGun("frigate", "g1", 0))
    count = gun_count(0, 0, 0, bonus=2, need=wound_need(9, 8), point_blank=True)
    damaged = sum(p for sp, p in count.items() if sp > 0)
    assert odds.expected["hits"] == damaged
    assert odds.expected["SP"] == sum(sp * p for sp, p in count.items() if sp > 0)
    assert odds.expected["SP"] == Fraction(5, 6) * Fraction(5, 6) * 4  # D3 (2) +2


def test_chainshot_odds_count_its_extra_point():
    game = shooting(frigate(), prize())
    odds = RULESET.odds(game.state, a.FireGun("frigate", "g1", 16, "chain"))
    count = gun_count(38.25 - MUZZLE, 41.75 - MUZZLE, 16, bonus=0, need=3, plus=1)
    assert odds.expected["SP"] == sum(sp * p for sp, p in count.items() if sp > 0)


def test_a_volley_of_bows_chance_of_each_number_of_hits():
    # Three BS3 bowmen at 9.5": 4+, in cover 5+ each.
    sloop = ship("sloop", "p1", size="small", x=20, y=24, heading="N", speed=0, anchored=True,
                 crew={"sailor": 3}, captain=False, missiles={"sailor": "bow"})
    game = shooting(sloop, prize(x=32.5, crew={"sailor": 6}, captain=False))
    odds = RULESET.odds(game.state, a.FireMissiles("sloop", "prize"))
    count = enumerate_faces([D6, D6, D6], lambda *f: sum(x >= 5 for x in f))
    assert dict(odds.outcomes) == {f"{n} hit{'' if n == 1 else 's'}": p
                                   for n, p in sorted(count.items())}
    assert odds.expected["hits"] == mean_of(count) == 1


def test_no_odds_for_a_choice_that_rolls_for_nothing():
    game = shooting(frigate(), prize())
    assert RULESET.odds(game.state, a.EndShooting()) is None


def test_the_guessed_ball_over_many_seeds_lands_within_four_standard_errors():
    game = shooting(frigate(), prize())
    action = a.FireGun("frigate", "g1", 16)
    odds = RULESET.odds(game.state, action)
    played = seeds_played(game, action)
    p = float(odds.expected["hits"])
    assert within_bound([d for d, _ in played], p, p * (1 - p))
    sp = [s for _, s in played]
    mean = float(odds.expected["SP"])
    second = float(sum(Fraction(s * s) * q for s, q in gun_count(
        38.25 - MUZZLE, 41.75 - MUZZLE, 16, bonus=0, need=3).items() if s > 0))
    assert within_bound(sp, mean, second - mean * mean)


def test_the_point_blank_shot_over_many_seeds():
    game = shooting(frigate(), prize(heading="E", x=MUZZLE + 7 + 6.5))
    action = a.FireGun("frigate", "g1", 0)
    odds = RULESET.odds(game.state, action)
    played = seeds_played(game, action, 1000)
    p = float(odds.expected["hits"])
    assert within_bound([d for d, _ in played], p, p * (1 - p))
