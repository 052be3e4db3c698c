"""The odds of grapeshot and a swivel gun before they are fired (rules/ahoy/odds.py), against a
count of the dice written here (tests/odds_support.py), and against the real rules played over
many seeds.

The position is test_ordnance's: the Frigate (p1, Medium, anchored at (20, 24) heading north)
fires her starboard gun due east from the muzzle at (21.75, 24); the Prize lies 26" east of her
centre, so the teardrop covers 8 of the 60 sample points of her deck (2 of 10 men under it) and a
swivel gun's arc half of it (1 of 2).
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import attrs
from kit import new_game, ship, state, to_movement

from ahoy_tui.engine import Game
from ahoy_tui.engine.dice import Rng
from ahoy_tui.engine.events import Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.game import apply
from ahoy_tui.rules.ahoy import RULESET
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.model import Phase, replace_crew

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from odds_support import ARTILLERY, D3, D6, enumerate_faces, mean_of, within_bound

GRAPE = a.FireGun("frigate", "g1", 0, "grape")
SWIVEL = a.FireGun("frigate", "g1", 0)


def game_of(gun: str = "naval_cannon", prize_crew: int = 10, armour: str | None = None,
            prize_x: float = 26):
    frigate = ship("frigate", "p1", size="medium", x=20, y=24, heading="N", speed=0,
                   anchored=True, crew={"sailor": 12}, guns=[(gun, "starboard")])
    prize = ship("prize", "p2", size="medium", x=prize_x, y=24, heading="N", speed=0,
                 anchored=True, crew={"sailor": prize_crew}, captain=False)
    game = new_game(frigate, prize)
    to_movement(game)
    if armour is not None:
        s = state(game)
        men = [c for c in s.crew if c.ship == "prize"]
        s = replace_crew(s, {c.id: attrs.evolve(c, armour=armour) for c in men})
        game = Game(game.ruleset, game.scenario, game.seed, game.options, s, ())
    assert state(game).phase == Phase.SHOOTING
    return game


def grape_count():
    """(men slain, blast SP) for every face: the artillery die (a misfire does nothing), each of
    the two men under the template hit on 3+ and wounded on 2+ (S6 v T3, no armour), and the
    blast on the Prize's hull, S9 v T8 (3+, a natural 1 fails) for a D3."""
    def outcome(art, hit1, wound1, hit2, wound2, to_damage, d3):
        if art == "misfire":
            return (0, 0)
        slain = sum(1 for h, w in ((hit1, wound1), (hit2, wound2)) if h >= 3 and w >= 2)
        blast = d3 if to_damage >= 3 else 0
        return (slain, blast)
    return enumerate_faces([ARTILLERY, D6, D6, D6, D6, D6, D3], outcome)


def test_grapeshot_odds_are_every_face_counted():
    game = game_of()
    odds = RULESET.odds(RULESET.view(game.state, "p1"), GRAPE)
    count = grape_count()
    slain = {}
    for (men, _), p in count.items():
        slain[men] = slain.get(men, Fraction(0)) + p
    assert odds.expected["slain"] == mean_of(slain) == Fraction(5, 6) * 2 * Fraction(20, 36)
    assert odds.expected["SP"] == sum(sp * p for (_, sp), p in count.items())
    shown = dict(odds.outcomes)
    assert shown["misfire"] == Fraction(1, 6)
    assert {n: shown[f"{n} slain"] for n in (0, 1, 2)} == {
        0: slain[0] - Fraction(1, 6), 1: slain[1], 2: slain[2]}
    assert sum(p for _, p in odds.outcomes) == 1
    assert odds.summary == "2 under · 0.9 slain · 1.1 SP"
    assert any("hit on 3+, S6" in line for line in odds.breakdown)
    assert any("the blast on the Prize: S9 v T8" in line for line in odds.breakdown)


def test_a_swivel_guns_odds_count_its_save_at_minus_one():
    # heavy armour saves on 5+, at −1 on 6+: a wound gets through 5 times in 6
    game = game_of("swivel_gun", prize_crew=2, armour="heavy")
    odds = RULESET.odds(game.state, SWIVEL)
    count = enumerate_faces([ARTILLERY, D6, D6, D6], lambda art, hit, wound, save: int(
        art != "misfire" and hit >= 4 and wound >= 4 and save < 6))
    assert odds.expected["slain"] == mean_of(count) == Fraction(5, 6) * Fraction(3, 6) \
        * Fraction(3, 6) * Fraction(5, 6)
    assert "SP" not in odds.expected  # the ship takes no damage
    assert dict(odds.outcomes)["1 slain"] == count[1]
    assert odds.summary == "1 under · 0.2 slain"
    assert any("saves +1" in line for line in odds.breakdown)


def test_no_template_odds_with_no_enemy_under_it():
    game = game_of(prize_x=40)  # the teardrop falls short of her
    assert RULESET.odds(game.state, GRAPE) is None


def prize_men_slain(game, action, seeds):
    """Men slain by the shot itself (not by a critical hit of the blast after it), played
    through the rules' own apply."""
    start = game.state
    rule = "Swivel Guns" if action.shot == "ball" else "Grapeshot"
    out = []
    for seed in range(seeds):
        _, events = apply(replace(start, rng=Rng(seed + 1)), action)
        out.append(sum(1 for e in events if isinstance(e, Happened) and e.kind == "slain"
                       and e.rule == rule))
    return out


def test_grapeshot_over_many_seeds_lands_within_four_standard_errors():
    game = game_of()
    odds = RULESET.odds(game.state, GRAPE)
    m = float(odds.expected["slain"])
    second = float(sum(Fraction(n * n) * p for name, p in odds.outcomes
                       if name.endswith(" slain") for n in [int(name.split()[0])]))
    assert within_bound(prize_men_slain(game, GRAPE, 1200), m, second - m * m)


def test_the_swivel_gun_over_many_seeds():
    game = game_of("swivel_gun", prize_crew=2)
    odds = RULESET.odds(game.state, SWIVEL)
    p = float(odds.expected["slain"])
    assert within_bound(prize_men_slain(game, SWIVEL, 1200), p, p * (1 - p))
