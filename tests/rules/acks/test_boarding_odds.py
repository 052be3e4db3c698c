"""The odds of the boarding choices (``rules/acks/boarding_odds.py``, issue 35): lowering a
bridge or placing a ramp, raising and throwing one off, jumping across, running over an
unsecured bridge, dumping fire pots, a catapult's pitch. For forced set-ups each chance shown
equals a count of the dice written here face by face, and the choice played through the
rules' own ``apply`` over many seeds lands within a tight bound of it."""

from __future__ import annotations

from fractions import Fraction

from odds_support import D6, chance_of, enumerate_faces, within_bound

from ahoy_tui.engine.dice import Rng
from ahoy_tui.engine.events import Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.acks import RULESET, boarding, pitch
from ahoy_tui.rules.acks.actions import (
    Board,
    Dislodge,
    DumpFirePots,
    LowerBridge,
    RaiseBridge,
    Shoot,
)
from ahoy_tui.rules.acks.deck import deck_size, lay_decks
from ahoy_tui.rules.acks.model import Actor, Bridge, Phase

from .helpers import battle, piece, vessel
from .test_boarding import alongside
from .test_crowded_deck import crowded

D20 = tuple(range(1, 21))
D8 = tuple(range(1, 9))
SEEDS = range(1000)


def crew_count(state, vid="a", side="p1"):
    """Her deck crew acting on count 3, alone."""
    actor = Actor(f"{vid}:crew", vid, side, "crew", 3, 3)
    return replace(state, phase=Phase.COUNTS, count=3, actors=(actor,), to_act=side)


def played(state, action, seed):
    return RULESET.apply(replace(state, rng=Rng(seed, 0)), action)


def attack(face, bonus, need):
    return face == 20 or (face != 1 and face + bonus >= need)


# --- lowering a bridge -----------------------------------------------------------------------

def bridge_over_a_man(hp=12):
    """Her bridge comes down on the merchantman where one of his men (``hp``) stands alone."""
    state = crew_count(alongside())
    x, y = boarding.landing(state.vessel("b"), state.vessel("a"))
    victim = next(f for f in state.figures if f.crew_of == "b" and f.role == "marine")
    inboard = y + 1 if y == 0 else y - 1
    state = replace(state, figures=tuple(
        replace(f, x=x, y=y, hp=hp, hp_max=hp) if f.id == victim.id else
        (replace(f, x=x + 5) if f.on == "b" and (f.x, f.y) in ((x, y), (x, inboard)) else f)
        for f in state.figures))
    return state, victim.id


def test_lowering_the_bridge_is_the_operators_throw_and_a_blast_save_for_the_man_under_it():
    state, _victim = bridge_over_a_man(hp=12)
    odds = RULESET.odds(state, LowerBridge("p1", "a", "b"))
    # a marine's attack +0 against 10 + the large merchantman's AC
    need = 10 + 0 + armour_of("b", state)
    fast = chance_of(enumerate_faces([D20], lambda d: attack(d, 0, need)), bool)
    assert dict(odds.outcomes)["fastened"] == fast
    assert dict(odds.outcomes)["unsecured"] == 1 - fast
    # the man under it: Blast 16+ (a 0-level man's third save), else 2d8 against his 12 hp
    down = chance_of(enumerate_faces([D20, D8, D8], lambda s, a, b: s < 16 and a + b >= 12),
                     bool)
    assert odds.expected["down"] == down
    assert odds.summary == f"{round(float(fast) * 100)}% fast · 1 under it"


def armour_of(vid, state):
    from ahoy_tui.rules.acks.ramming import armour

    return armour(state.vessel(vid))


def test_the_bridge_lowered_on_a_thousand_seeds_lands_on_its_odds():
    state, victim = bridge_over_a_man(hp=12)
    action = LowerBridge("p1", "a", "b")
    odds = RULESET.odds(state, action)
    fastened, down = [], []
    for seed in SEEDS:
        after, events = played(state, action, seed)
        fastened.append(any(isinstance(e, Happened) and "fastened, both vessels stop" in e.text
                            for e in events))
        down.append(after.figure(victim).down)
    p = float(dict(odds.outcomes)["fastened"])
    assert within_bound(fastened, p, p * (1 - p))
    q = float(odds.expected["down"])
    assert within_bound(down, q, q * (1 - q))


def test_a_ramp_is_placed_on_the_operators_throw():
    state = crew_count(alongside())
    odds = RULESET.odds(state, LowerBridge("p1", "a", "b", machine="ramp"))
    need = 10 + armour_of("b", state)
    placed = chance_of(enumerate_faces([D20], lambda d: attack(d, 0, need)), bool)
    assert dict(odds.outcomes)["placed"] == placed
    hits = [bool(played(state, LowerBridge("p1", "a", "b", machine="ramp"), s)[0].bridges)
            for s in SEEDS]
    assert within_bound(hits, float(placed), float(placed * (1 - placed)))


# --- raising and throwing off ----------------------------------------------------------------

def men_on_the_bridge(n, fast):
    state = crew_count(alongside())
    x, y = boarding.landing(state.vessel("b"), state.vessel("a"))
    state = replace(state, bridges=(Bridge("a", "b", x, y, fast=fast),))
    on = [f.id for f in state.figures if f.crew_of == "a" and f.role == "marine"][:n]
    state = replace(state, figures=tuple(replace(f, where="bridge") if f.id in on else f
                                         for f in state.figures))
    return state, on


def test_raising_a_fastened_bridge_with_a_man_on_it_is_18_at_minus_4_then_his_save():
    state, _on = men_on_the_bridge(1, fast=True)
    odds = RULESET.odds(state, RaiseBridge("p1", "a"))
    # Dungeonbashing: d20 - 4 >= 18 never (a 20 makes 16); nobody goes overboard
    raised = chance_of(enumerate_faces([D20], lambda d: d != 1 and d - 4 >= 18), bool)
    assert dict(odds.outcomes)["raised"] == raised == 0
    assert odds.expected["overboard"] == 0
    empty, _ = men_on_the_bridge(0, fast=True)
    odds = RULESET.odds(empty, RaiseBridge("p1", "a"))
    assert dict(odds.outcomes)["raised"] == Fraction(3, 20)          # 18, 19, 20


def test_raising_an_unsecured_bridge_two_men_save_paralysis_or_go_overboard():
    state, on = men_on_the_bridge(2, fast=False)
    odds = RULESET.odds(state, RaiseBridge("p1", "a"))
    # no throw to raise it; each man Paralysis 14+ or into the water
    overboard = enumerate_faces([D20, D20], lambda a, b: (a < 14) + (b < 14))
    assert dict(odds.outcomes)["raised"] == 1
    assert odds.expected["overboard"] == sum(k * p for k, p in overboard.items())
    wet = []
    for seed in SEEDS:
        after, _ = played(state, RaiseBridge("p1", "a"), seed)
        wet.append(sum(1 for fid in on if after.figure(fid).where == "water"))
    mean = float(odds.expected["overboard"])
    var = float(sum((k - mean) ** 2 * p for k, p in overboard.items()))
    assert within_bound(wet, mean, var)
    # an unsecured bridge with nobody on it comes up with no die: no odds
    empty, _ = men_on_the_bridge(0, fast=False)
    assert RULESET.odds(empty, RaiseBridge("p1", "a")) is None


def test_throwing_off_an_unsecured_bridge_counts_the_helpers_and_the_men_on_it():
    state, _on = men_on_the_bridge(1, fast=False)
    state = crew_count(state, "b", "p2")
    helpers, mod = boarding.dislodge_modifier(state, "b", state.bridges[0])
    odds = RULESET.odds(state, Dislodge("p2", "b", "a"))
    thrown = chance_of(enumerate_faces([D20], lambda d: d != 1 and d + mod >= 18), bool)
    assert mod == 4 * helpers - 4
    assert dict(odds.outcomes)["thrown off"] == thrown
    # thrown off, the marine on it saves Paralysis 14+ or falls
    assert odds.expected["overboard"] == thrown * Fraction(13, 20)
    off = [not played(state, Dislodge("p2", "b", "a"), s)[0].bridges for s in SEEDS]
    assert within_bound(off, float(thrown), float(thrown * (1 - thrown)))


# --- across ----------------------------------------------------------------------------------

def leap(d6, save, short, reach_plus=10, gap=15, need=14):
    """One marine's jump, as the rules read (DEX 10, +4 onto a smaller vessel, 4 stone, a 20'
    run-up): where he comes down."""
    margin = reach_plus + d6 - gap
    if margin < 0:
        return "water"
    if save >= need:
        return "landed"
    left = margin - short
    return "prone" if left > 0 else "hanging" if left == 0 else "water"


def test_two_marines_jumping_at_a_deck_with_room_for_one_counted_face_by_face():
    state = crew_count(crowded(1, 2))
    action = Board("p1", "a", "b", "jump", run=True)
    odds = RULESET.odds(state, action)
    one = enumerate_faces([D6, D20, D6], leap)
    assert one["water"] == Fraction(1, 6) * 4 + Fraction(2, 6) * Fraction(13, 20) * Fraction(
        sum(1 for m in (0, 1) for s in D6 if m - s < 0), 12)

    def across(a6, a20, ashort, b6, b20, bshort):
        first = leap(a6, a20, ashort)
        on_deck = first in ("landed", "prone")
        if on_deck:                     # the deck is full: the second does not jump
            return 1
        return int(leap(b6, b20, bshort) in ("landed", "prone"))

    want = enumerate_faces([D6, D20, D6, D6, D20, D6], across)
    assert dict(odds.outcomes) == {"0 across": want[0], "1 across": want[1]}
    wet = 1 - chance_of(one, lambda w: w in ("landed", "prone"))
    # the second leaps only when the first did not land on her deck
    water_first = one["water"]
    assert odds.expected["water"] == water_first + wet * one["water"]
    assert any("room on her deck for 1" in line for line in odds.breakdown)


def test_a_party_jumping_on_a_thousand_seeds_lands_on_its_odds():
    state = crew_count(crowded(3, 6))
    action = Board("p1", "a", "b", "jump", run=True)
    odds = RULESET.odds(state, action)
    got, water = [], []
    for seed in SEEDS:
        after, _ = played(state, action, seed)
        got.append(sum(1 for f in after.figures if f.crew_of == "a" and f.on == "b"
                       and f.where == "deck"))
        water.append(sum(1 for f in after.figures if f.crew_of == "a" and f.where == "water"))
    dist = {int(k.split()[0]): p for k, p in odds.outcomes}
    mean = sum(k * p for k, p in dist.items())
    assert mean == odds.expected["across"]
    var = sum((k - mean) ** 2 * p for k, p in dist.items())
    assert within_bound(got, float(mean), float(var))
    assert abs(sum(water) / len(water) - float(odds.expected["water"])) < 0.15


def test_running_an_unsecured_bridge_each_man_saves_paralysis_or_goes_overboard():
    state = crew_count(alongside(marines=3))
    x, y = boarding.landing(state.vessel("b"), state.vessel("a"))
    state = replace(state, bridges=(Bridge("a", "b", x, y, fast=False),))
    run = RULESET.odds(state, Board("p1", "a", "b", "bridge", run=True))
    three = enumerate_faces([D20, D20, D20], lambda *f: sum(1 for d in f if d < 14))
    assert dict(run.outcomes) == {f"{k} overboard": p for k, p in three.items()}
    assert run.summary == "~1.9 overboard of 3"         # 3 x 13/20 = 1.95
    # walking over it, or over a fastened bridge, nobody rolls
    assert RULESET.odds(state, Board("p1", "a", "b", "bridge", run=False)) is None
    fast = replace(state, bridges=(Bridge("a", "b", x, y, fast=True),))
    assert RULESET.odds(fast, Board("p1", "a", "b", "bridge", run=True)) is None
    wet = []
    for seed in SEEDS:
        after, _ = played(state, Board("p1", "a", "b", "bridge", run=True), seed)
        wet.append(sum(1 for f in after.figures if f.crew_of == "a" and f.where == "water"))
    assert within_bound(wet, 1.95, 3 * 0.65 * 0.35)


# --- burning pitch ---------------------------------------------------------------------------

def pots_at(hp=8):
    """A 2-rower with a fire pot pole, her bow beside the merchantman's side, who has one
    man of ``hp`` where the pots fall."""
    a = vessel("a", kind="galley_2", column=15, row=15, facing="N", gear=("fire_pot_pole",))
    b = vessel("b", "p2", kind="sailing_ship_large", column=16, row=15, facing="N",
               sails=True, marines=0, sailors=1)
    state = crew_count(lay_decks(battle(a, b)))
    x, y = pitch.aim_square(state, "a", "b")
    man = next(f for f in state.figures if f.crew_of == "b" and f.role != "captain")
    length, _ = deck_size(state.vessel("b"))
    far = 0 if x > length // 2 else length - 1       # the rest well clear of the puddle
    state = replace(state, figures=tuple(
        replace(f, x=x, y=y, hp=hp, hp_max=hp) if f.id == man.id else
        (replace(f, x=far, y=0) if f.on == "b" else f) for f in state.figures))
    return state, man.id


def test_fire_pots_are_4d6_to_the_hull_and_a_blast_save_for_half_to_the_man_in_it():
    state, man = pots_at(hp=8)
    assert len(pitch.caught(state, _fire(state))) == 1
    odds = RULESET.odds(state, DumpFirePots("p1", "a", "b"))
    assert odds.expected["shp"] == 14                       # 4d6 on average
    # the same roll burns him: Blast 16+ for half; down at 8
    down = enumerate_faces([D6, D6, D6, D6, D20], lambda a, b, c, d, s: (
        (a + b + c + d) // 2 if s >= 16 else a + b + c + d) >= 8)
    assert dict(odds.outcomes)["1 down"] == down[True]
    assert odds.expected["down"] == down[True]
    fallen = [played(state, DumpFirePots("p1", "a", "b"), s)[0].figure(man).down
              for s in SEEDS]
    p = float(down[True])
    assert within_bound(fallen, p, p * (1 - p))


def _fire(state):
    from ahoy_tui.rules.acks.model import Fire

    x, y = pitch.aim_square(state, "a", "b")
    return Fire("t", "b", x, y, "4d6", 3)


def test_a_catapults_pitch_is_its_throw_then_the_pitch_dice_amidships():
    a = vessel("a", kind="galley_5", column=15, row=20, facing="N",
               pieces=(piece("a1", "medium_catapult", "bow"),))
    b = vessel("b", "p2", kind="galley_3", column=15, row=16, facing="S")
    state = battle(a, b)
    state = replace(state, phase=Phase.COUNTS, count=3, to_act="p1",
                    actors=(Actor("a:a1", "a", "p1", "piece", 3, 3, piece="a1"),))
    odds = RULESET.odds(state, Shoot("p1", "a", "a1", "b", pitch=True))
    hit = dict(odds.outcomes)["hit"]
    count, sides = (int(n) for n in pitch.pitch_dice("medium_catapult").lower().split("d"))
    hull = enumerate_faces([range(1, sides + 1)] * count, lambda *f: sum(f))
    assert odds.expected["shp"] == hit * sum(k * p for k, p in hull.items())
    assert odds.summary.startswith(f"{round(float(hit) * 100)}% aflame")
    taken = [state.vessel("b").shp - played(state, Shoot("p1", "a", "a1", "b", pitch=True),
                                            s)[0].vessel("b").shp for s in SEEDS]
    mean = float(odds.expected["shp"])
    second = float(hit * sum(k * k * p for k, p in hull.items()))
    assert within_bound(taken, mean, second - mean * mean)
