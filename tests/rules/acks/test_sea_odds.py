"""The odds of the sea map's rolls that had none (issue 35): a head-on meeting and the choice
it gives (bow to bow, both captains throw and the one who hits the higher AC chooses, the
rammer on a tie; the chooser's ram is her class's d6, a shearing 1d10 a hundred oars), a ram
at a sea monster, the winch's d2 between equal vessels, and a step that drops a ramp under
the men on it. Counted face by face here, and played on a thousand seeds through the rules'
own ``apply``."""

from __future__ import annotations

from fractions import Fraction

from odds_support import D6, enumerate_faces, mean_of, within_bound

from ahoy_tui.engine.dice import Rng
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.acks import RULESET
from ahoy_tui.rules.acks.actions import HeadOnChoice, Ram, Step, Winch
from ahoy_tui.rules.acks.model import Bridge, Grapple, HeadOn
from ahoy_tui.rules.acks.ramming import armour

from .helpers import battle, declared, monster, on_count, play, vessel
from .test_ramming import head_on_state

D20 = tuple(range(1, 21))
D10 = tuple(range(1, 11))
SEEDS = range(1000)


def who_chooses(a, b, bonus_a, need_a, bonus_b, need_b):
    """The seed's head-on rule, read afresh: a natural 20 hits any AC, a 1 none."""
    hit_a = a == 20 or (a != 1 and a + bonus_a >= need_a)
    hit_b = b == 20 or (b != 1 and b + bonus_b >= need_b)
    reach_a = 99 if a == 20 else -99 if a == 1 else a + bonus_a - 10
    reach_b = 99 if b == 20 else -99 if b == 1 else b + bonus_b - 10
    if hit_a and (not hit_b or reach_a >= reach_b):
        return "you choose"
    return "she chooses" if hit_b else "both miss"


def test_bow_to_bow_each_pair_of_faces_says_who_chooses():
    state = head_on_state()
    a, b = state.vessel("a"), state.vessel("b")
    odds = RULESET.odds(state, Ram("p1", "a", "ahead", "b"))
    want = enumerate_faces([D20, D20], lambda x, y: who_chooses(
        x, y, 3, 10 + armour(b), 3, 10 + armour(a)))
    assert dict(odds.outcomes) == want
    assert odds.summary == (f"you choose {round(float(want['you choose']) * 100)}% · she "
                            f"{round(float(want['she chooses']) * 100)}%")
    met = {"you choose": 0, "she chooses": 0, "both miss": 0}
    for seed in SEEDS:
        after, _ = RULESET.apply(replace(state, rng=Rng(seed, 0)),
                                 Ram("p1", "a", "ahead", "b"))
        meeting = after.head_on
        met["both miss" if meeting is None else
            "you choose" if meeting.chooser == "a" else "she chooses"] += 1
    for name, p in want.items():
        assert within_bound([1] * met[name] + [0] * (1000 - met[name]), float(p),
                            float(p * (1 - p))), name


def chosen(chooser):
    """The meeting waiting on ``chooser``'s choice, the other's hull too strong to sink."""
    state = head_on_state()
    state = replace(state, head_on=HeadOn("a", "b", chooser, "ahead"),
                    to_act="p1" if chooser == "a" else "p2",
                    vessels=tuple(replace(v, shp=500, shp_max=500) for v in state.vessels))
    return state


def test_the_choosers_ram_is_her_eleven_d6_and_shearing_three_d10():
    ram = RULESET.odds(chosen("a"), HeadOnChoice("p1", "ram"))
    eleven = enumerate_faces([D6] * 3, lambda *f: sum(f))          # 3d6, then by eleven
    assert ram.expected["shp"] == mean_of(eleven) * Fraction(11, 3) == Fraction(77, 2)
    assert dict(ram.outcomes)["hit"] == 1
    shear = RULESET.odds(chosen("b"), HeadOnChoice("p2", "shear"))
    three = enumerate_faces([D10, D10, D10], lambda *f: sum(f))    # the 5-rower's 300 oars
    assert shear.expected["shp"] == mean_of(three) == Fraction(33, 2)
    assert RULESET.odds(chosen("b"), HeadOnChoice("p2", "miss")) is None   # no die


def test_the_choice_played_a_thousand_times_deals_its_expected_damage():
    for chooser, side, outcome, struck in (("a", "p1", "ram", "b"),
                                           ("b", "p2", "shear", "a")):
        state = chosen(chooser)
        action = HeadOnChoice(side, outcome)
        odds = RULESET.odds(state, action)
        dealt = [500 - RULESET.apply(replace(state, rng=Rng(s, 0)), action)[0]
                 .vessel(struck).shp for s in SEEDS]
        mean = float(odds.expected["shp"])
        var = sum((d - mean) ** 2 for d in dealt) / len(dealt)
        assert within_bound(dealt, mean, var), outcome


def test_a_ram_at_a_sea_monster_is_the_throw_at_its_ac_and_the_dice_to_its_hp():
    a = declared(vessel("a", kind="galley_3", column=15, row=20), "oar", 270, due=3)
    serpent = monster(column=15, row=18, facing="SE", shp=500, shp_max=500)
    state = on_count(battle(a, serpent), "a")
    state, _ = play(state, Step("p1", "a", "ahead"))
    odds = RULESET.odds(state, Ram("p1", "a", "ahead", "serpent"))
    need = 10 + armour(state.vessel("serpent"))
    hit = enumerate_faces([D20], lambda f: f == 20 or (f != 1 and f + 3 >= need))
    assert dict(odds.outcomes)["hit"] == hit[True]
    assert odds.expected["hp"] == hit[True] * 28                  # the 3-rower's 8d6
    dealt = [500 - RULESET.apply(replace(state, rng=Rng(s, 0)),
                                 Ram("p1", "a", "ahead", "serpent"))[0].vessel("serpent").shp
             for s in SEEDS]
    mean = float(odds.expected["hp"])
    var = sum((d - mean) ** 2 for d in dealt) / len(dealt)
    assert within_bound(dealt, mean, var)


def test_the_winch_between_equal_vessels_is_a_d2_and_between_unequal_no_die():
    from .test_fire import at_count, gunner

    a = gunner("heavy_harpoon")
    for kind, rolled in (("galley_3", True), ("galley_2", False)):
        b = vessel("b", "p2", kind=kind, column=15, row=16, facing="S")
        state = replace(at_count(battle(a, b), "a", "a1"),
                        grapples=(Grapple("a", "b", "harpoon", "a1"),))
        state = replace(state, vessels=(replace(state.vessels[0], pieces=(
            replace(state.vessels[0].pieces[0], harpooned="b"),)), state.vessels[1]))
        odds = RULESET.odds(state, Winch("p1", "a", "a1"))
        if not rolled:
            assert odds is None                  # the lighter is drawn, no die
            continue
        assert dict(odds.outcomes) == {"A drawn": Fraction(1, 2), "B drawn": Fraction(1, 2)}
        bow = state.vessel("a").body.bow
        drawn = [RULESET.apply(replace(state, rng=Rng(s, 0)), Winch("p1", "a", "a1"))[0]
                 .vessel("a").body.bow != bow for s in SEEDS]
        assert within_bound(drawn, 0.5, 0.25)


def test_a_step_that_drops_her_ramp_asks_a_paralysis_save_of_each_man_on_it():
    from ahoy_tui.rules.acks import boarding
    from ahoy_tui.rules.acks.deck import lay_decks

    a = declared(vessel("a", kind="galley_3", column=15, row=15, facing="N",
                        gear=("boarding_ramp",)), "oar", 120, due=2)
    b = vessel("b", "p2", kind="galley_3", column=16, row=15, facing="N")
    state = on_count(lay_decks(battle(a, b)), "a")
    x, y = boarding.landing(state.vessel("b"), state.vessel("a"))
    two = [f.id for f in state.figures if f.crew_of == "a" and f.role == "marine"][:2]
    state = replace(state, bridges=(Bridge("a", "b", x, y, fast=False, kind="ramp"),),
                    figures=tuple(replace(f, where="ramp") if f.id in two else f
                                  for f in state.figures))
    odds = RULESET.odds(state, Step("p1", "a", "ahead"))
    want = enumerate_faces([D20, D20], lambda p, q: (p < 14) + (q < 14))
    assert dict(odds.outcomes) == {f"{k} overboard": p for k, p in want.items()}
    wet = [sum(1 for fid in two if RULESET.apply(replace(state, rng=Rng(s, 0)),
                                                Step("p1", "a", "ahead"))[0]
               .figure(fid).where == "water") for s in SEEDS]
    mean = float(mean_of(want))
    assert within_bound(wet, mean, 2 * 0.65 * 0.35)
