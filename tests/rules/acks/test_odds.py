"""The odds hook (``rules/acks/odds.py``): for forced set-ups the odds a player is shown equal an
enumeration written here, face by face, of the d20 and the damage dice; and the choice played a
thousand times through the rules' own ``apply`` lands within a tight bound of them."""

from __future__ import annotations

import itertools
from fractions import Fraction

from ahoy_tui.engine.dice import Rng
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.acks import RULESET
from ahoy_tui.rules.acks.actions import CutLine, Ram, Shoot, Step, ThrowGrapple, Volley
from ahoy_tui.rules.acks.model import Actor, Grapple, Phase

from .helpers import battle, declared, on_count, piece, play, vessel

SEEDS = range(1000)


def enumerate_chance(hit, *dice):
    """The chance that ``hit(faces)`` is true over every face of every die (sides listed)."""
    cases = list(itertools.product(*(range(1, sides + 1) for sides in dice)))
    return Fraction(sum(1 for faces in cases if hit(faces)), len(cases))


def enumerate_mean(value, *dice):
    cases = list(itertools.product(*(range(1, sides + 1) for sides in dice)))
    return Fraction(sum(value(faces) for faces in cases), len(cases))


def d20_hits(face, bonus, need):
    return face == 20 or (face != 1 and face + bonus >= need)


def shooter_at(distance_rows=3):
    a = vessel("a", kind="galley_3", column=15, row=20, facing="N",
               pieces=(piece("a1", "heavy_ballista", "bow"),))
    b = vessel("b", "p2", kind="galley_3", column=15, row=20 - distance_rows, facing="S")
    state = battle(a, b)
    actor = Actor("a:a1", "a", "p1", "piece", 3, 3, piece="a1")
    return replace(state, phase=Phase.COUNTS, actors=(actor,), count=3, to_act="p1")


def test_a_heavy_ballista_at_medium_range_is_its_throw_and_a_third_of_3d6():
    state = shooter_at(3)                       # 3 hexes: medium, -2; galley AC 2: 12+
    odds = RULESET.odds(state, Shoot("p1", "a", "a1", "b"))
    hit = enumerate_chance(lambda f: d20_hits(f[0], -2, 12), 20)
    assert hit == Fraction(7, 20)
    damage = enumerate_mean(lambda f: d20_hits(f[0], -2, 12) * (sum(f[1:]) // 3), 20, 6, 6, 6)
    assert dict(odds.outcomes)["hit"] == hit
    assert odds.expected["shp"] == damage
    assert odds.summary == f"35% · {float(damage):.1f} shp"
    assert any("medium range -2" in line for line in odds.breakdown)


def test_a_shot_played_a_thousand_times_lands_on_its_odds():
    state = shooter_at(3)
    action = Shoot("p1", "a", "a1", "b")
    odds = RULESET.odds(state, action)
    taken = []
    for seed in SEEDS:
        after, _ = RULESET.apply(replace(state, rng=Rng(seed, 0)), action)
        taken.append(55 - after.vessel("b").shp)
    hits = sum(1 for t in taken if t > 0)   # 3d6 / 3 deals at least 1: every hit shows
    assert abs(hits / len(taken) - float(dict(odds.outcomes)["hit"])) < 0.05
    assert abs(sum(taken) / len(taken) - float(odds.expected["shp"])) < 0.2


def volley_state(marines=15):
    a = vessel("a", kind="galley_3", column=15, row=20, missile="long_bow", marines=marines)
    b = vessel("b", "p2", kind="galley_2", column=15, row=18, facing="S")
    state = battle(a, b)
    actor = Actor("a:crew", "a", "p1", "crew", 3, 3)
    return replace(state, phase=Phase.COUNTS, actors=(actor,), count=3, to_act="p1")


def test_a_volley_is_its_throws_at_the_crews_ac_counted_hit_by_hit():
    state = volley_state(15)                    # 15 marines (+ no sailor shooters): 3 throws
    odds = RULESET.odds(state, Volley("p1", "a", "b"))
    # 10 + crew AC 2, short range: 12+ on each d20
    for n in range(4):
        want = enumerate_chance(lambda f, n=n: sum(d20_hits(x, 0, 12) for x in f) == n,
                                20, 20, 20)
        assert dict(odds.outcomes)[f"{n} hit{'s' * (n != 1)}"] == want
    assert odds.expected["hits"] == Fraction(27, 20)


def test_a_volley_played_a_thousand_times_strikes_its_expected_men():
    """Its hits as counted, and about as many men down as a hit's damage fells (R38: each
    hit rolls the long bow's 1d6 against a crewman's 4 hp, 4+ fells an unhurt man)."""
    state = volley_state(15)
    action = Volley("p1", "a", "b")
    odds = RULESET.odds(state, action)
    assert odds.expected["men"] == odds.expected["hits"] * Fraction(1, 2)
    before = state.vessel("b")
    struck, lost = [], []
    for seed in SEEDS:
        after, events = RULESET.apply(replace(state, rng=Rng(seed, 0)), action)
        b = after.vessel("b")
        struck.append(sum(1 for e in events if "who is struck" in e.describe()))
        lost.append(before.crew - b.crew + (b.captain_down and not before.captain_down))
    assert abs(sum(struck) / len(struck) - float(odds.expected["hits"])) < 0.1
    assert abs(sum(lost) / len(lost) - float(odds.expected["men"])) < 0.1


def rammer(speed=270):
    a = declared(vessel("a", kind="galley_3", column=15, row=20), "oar", speed, due=3)
    b = vessel("b", "p2", kind="galley_2", column=15, row=18, facing="SE", shp=200)
    state = on_count(battle(a, b), "a")
    state, _ = play(state, Step("p1", "a", "ahead"))
    return state


def test_a_ram_is_the_captains_throw_and_eight_d6_halved_below_cruise():
    fast = rammer(270)
    odds = RULESET.odds(fast, Ram("p1", "a", "ahead", "b"))
    hit = enumerate_chance(lambda f: d20_hits(f[0], 3, 12), 20)       # captain +3 v AC 2
    assert dict(odds.outcomes)["hit"] == hit == Fraction(12, 20)
    assert odds.expected["shp"] == hit * 28                           # 8d6: 28 on average
    slow = rammer(120)
    halved = RULESET.odds(slow, Ram("p1", "a", "ahead", "b"))
    eight = sum(Fraction(t // 2) * p for t, p in _eight_d6().items())
    assert halved.expected["shp"] == hit * eight
    assert any("halved" in line for line in halved.breakdown)


def _eight_d6():
    dist = {0: Fraction(1)}
    for _ in range(8):
        nxt: dict[int, Fraction] = {}
        for total, p in dist.items():
            for face in range(1, 7):
                nxt[total + face] = nxt.get(total + face, Fraction(0)) + p / 6
        dist = nxt
    return dist


def test_a_ram_played_a_thousand_times_deals_its_expected_damage():
    state = rammer(270)
    action = Ram("p1", "a", "ahead", "b")
    odds = RULESET.odds(state, action)
    dealt = []
    for seed in SEEDS:
        after, _ = RULESET.apply(replace(state, rng=Rng(seed, 0)), action)
        dealt.append(200 - after.vessel("b").shp)
    hits = sum(1 for d in dealt if d > 0)
    assert abs(hits / len(dealt) - float(dict(odds.outcomes)["hit"])) < 0.05
    assert abs(sum(dealt) / len(dealt) - float(odds.expected["shp"])) < 1.2


def test_a_grappling_line_adjacent_is_minus_five_and_a_cut_is_two_rolls():
    a = vessel("a", kind="galley_3", column=15, row=20)
    b = vessel("b", "p2", kind="galley_2", column=16, row=20, facing="N")
    state = battle(a, b)
    odds = RULESET.odds(state, ThrowGrapple("p1", "a", "b"))
    assert dict(odds.outcomes)["fast"] == enumerate_chance(lambda f: d20_hits(f[0], -5, 12), 20)
    state = replace(state, grapples=(Grapple("b", "a"),))
    cut = RULESET.odds(state, CutLine("p1", "a", "b"))
    # a throw vs AC 0 (10+), then 5+ on 1d6
    assert dict(cut.outcomes)["freed"] == enumerate_chance(
        lambda f: d20_hits(f[0], 0, 10) and f[1] >= 5, 20, 6)
    dislodge = RULESET.odds(state, CutLine("p1", "a", "b", dislodge=True))
    assert dict(dislodge.outcomes)["freed"] == enumerate_chance(lambda f: f[0] >= 18, 20)


def test_a_choice_that_rolls_nothing_has_no_odds():
    state = rammer(270)
    assert RULESET.odds(state, Step("p1", "a", "ahead")) is None


def test_a_step_into_a_collision_is_two_seafaring_throws_failing_or_one_on_purpose():
    from .test_ramming import collision_state

    state = collision_state()
    odds = RULESET.odds(state, Step("p1", "a", "starboard"))
    # both captains one rank of Seafaring: 11+ each; the collision needs both to fail
    both = enumerate_chance(lambda f: f[0] < 11 and f[1] < 11, 20, 20)
    assert dict(odds.outcomes)["collides with B"] == both == Fraction(1, 4)
    assert dict(odds.outcomes)["clears B"] == 1 - both           # the outcomes sum to one
    meant = RULESET.odds(state, Step("p1", "a", "starboard", collide=True))
    assert dict(meant.outcomes)["collides with B"] == Fraction(10, 20)   # only hers to throw
    collided = 0
    for seed in SEEDS:
        _, events = RULESET.apply(replace(state, rng=Rng(seed, 0)),
                                  Step("p1", "a", "starboard"))
        collided += any("collide!" in getattr(e, "text", "") for e in events)
    assert abs(collided / len(SEEDS) - 0.25) < 0.04


def test_the_breakdown_names_the_parts_of_each_throw():
    """Played at 80x24: "12 throws, each 14+" and "d20 +7 vs 12" said no why. The breakdown
    names the target number's parts: the crew's AC and the range, the captain's bonus and a
    master mariner's +4."""
    from ahoy_tui.rules.acks.model import Captain

    a = vessel("a", kind="galley_3", column=15, row=20, missile="short_bow", marines=15)
    b = vessel("b", "p2", kind="galley_2", column=15, row=16, facing="S")   # 3 hexes
    state = replace(battle(a, b), phase=Phase.COUNTS, count=3, to_act="p1",
                    actors=(Actor("a:crew", "a", "p1", "crew", 3, 3),))
    odds = RULESET.odds(state, Volley("p1", "a", "b"))
    assert "(10 + the crew's AC 2, range -2: 35%)" in odds.breakdown[0]
    state = rammer(270)
    mariner = replace(state, vessels=tuple(
        replace(v, captain=Captain("Admetos", 4, 3, 1, 3, 24)) if v.id == "a" else v
        for v in state.vessels))
    odds = RULESET.odds(mariner, Ram("p1", "a", "ahead", "b"))
    assert odds.breakdown[0].endswith("d20 +7 vs 12: 5+ on the die (10 + AC 2, Admetos +3, "
                                      "master mariner +4)")
