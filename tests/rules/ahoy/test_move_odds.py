"""The odds of the choices that roll away from the guns (rules/ahoy/move_odds.py): avoiding a
ram, the rammer's advance into it, re-rolling a ram's die, her pace, cutting and dropping the
anchor, recalling boarders and slaying swimmers. Each against a count of the dice written here
(tests/odds_support.py) and against the rules' own apply over many seeds.

The positions are those of test_ramming, test_boarding and test_swimming_and_anchors.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

from kit import happened, new_game, play, ship, state, to_movement
from test_boarding import boarded
from test_fire import game_with
from test_ordnance import turret_game
from test_ramming import harpy_game, ram_run, rammed_and_entangled
from test_swimming_and_anchors import SWIMMERS, afloat, pickup_game, swim_game
from test_terrain import FAR, ROCKS, medium
from test_terrain import to_movement as terrain_to_movement

from ahoy_tui.engine.dice import Rng
from ahoy_tui.engine.events import DiceRoll
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.game import apply
from ahoy_tui.rules.ahoy import RULESET
from ahoy_tui.rules.ahoy import actions as a

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from odds_support import D6, enumerate_faces, mean_of, within_bound

SEEDS = 600


def half_up(n: int) -> int:
    return -(-n // 2)


def variance(dist: dict[int, Fraction]) -> float:
    mu = mean_of(dist)
    return float(sum(p * (v - mu) ** 2 for v, p in dist.items()))


def played(start, action, measure, then=(), seeds=SEEDS):
    """``measure(state)`` after ``action`` (and the follow-ups ``then`` gives for the state
    it leaves) played on ``start`` with the dice of each seed."""
    out = []
    for seed in range(seeds):
        s, _ = apply(replace(start, rng=Rng(seed + 1)), action)
        for _ in range(4):
            follow = then(s) if callable(then) else None
            if follow is None:
                break
            s, _ = apply(s, follow)
        out.append(measure(s))
    return out


def sp_lost(ship_id, before):
    return lambda s: before.ship(ship_id).sp - s.ship(ship_id).sp


# --- avoiding a ram --------------------------------------------------------------------------


def test_a_small_ship_avoiding_a_ram_slips_aside_on_her_captains_ld():
    game = harpy_game()  # the Harpy (Medium, no ram) at a Small ship
    ram_run(game, roll=6)
    play(game, a.Advance(12))
    start = state(game)
    assert start.pending.kind == "avoid"
    view = RULESET.view(start, "p2")
    # Every face: the captain's 2D6 against Ld 8 (passing, she slips aside); else the Harpy's
    # S8 against T7 wounds on 3+ (a natural 1 fails) for 2D6.
    def dealt(ld1, ld2, wound, d1, d2, *, trying=True):
        if trying and ld1 + ld2 <= 8:
            return 0
        return d1 + d2 if wound >= 3 else 0
    tried = enumerate_faces([D6] * 5, dealt)
    stood = enumerate_faces([D6] * 5, lambda *f: dealt(*f, trying=False))
    odds = RULESET.odds(view, a.Avoid(True))
    assert odds.expected["SP"] == mean_of(tried) == Fraction(10, 36) * Fraction(4, 6) * 7
    assert dict(odds.outcomes) == {f"{n} SP": p for n, p in sorted(tried.items())}
    assert odds.summary == "19% hurt · 1.3 SP taken"
    assert "2D6 ≤ 8" in odds.breakdown[0]
    assert RULESET.odds(view, a.Avoid(False)).expected["SP"] == mean_of(stood)
    seen = played(start, a.Avoid(True), sp_lost("enemy", start))
    assert within_bound(seen, float(mean_of(tried)), variance(tried))


def test_the_rammers_advance_counts_the_glancing_blow_her_ram_and_her_own_hurt():
    # The Harpy, with a ram, 9" at a Medium ship 8.75" off: her captain (Ld 8) may turn it
    # into a glancing blow (S8 v T8: 4+, 2D6 halved, no ram bonus); else 4+ for 2D6 +1 each.
    # A ram hurts her on a 1: half what she did.
    game = harpy_game("medium", rammer={"ram": True})
    ram_run(game, roll=5)
    start = state(game)
    view = RULESET.view(start, "p1")

    def blow(ld1, ld2, wound, d1, d2):
        if wound < 4:
            return 0
        return half_up(d1 + d2) if ld1 + ld2 <= 8 else d1 + d2 + 2

    dealt = enumerate_faces([D6] * 5, blow)
    hurt = enumerate_faces([D6] * 6, lambda *f: half_up(blow(*f[:5])) if f[5] == 1 else 0)
    odds = RULESET.odds(view, a.Advance(9))
    assert odds.summary.startswith("ram ")
    assert odds.expected["SP"] == mean_of(dealt)
    assert odds.expected["own SP"] == mean_of(hurt)
    assert odds.expected["damages"] == Fraction(1, 2)
    assert any("2D6 ≤ 8" in line for line in odds.breakdown)
    assert RULESET.odds(view, a.Advance(5)) is None, "5\" does not reach her"

    def answer(s):  # her captain tries; the rammer keeps her dice
        if s.pending is None:
            return None
        return a.Avoid(True) if s.pending.kind == "avoid" else a.RerollRamDie(-1)

    seen = played(start, a.Advance(9), sp_lost("enemy", start), then=answer)
    assert within_bound(seen, float(mean_of(dealt)), variance(dealt))


def test_a_rams_reroll_of_one_die_and_her_roll_to_be_hurt():
    game = harpy_game(rammer={"ram": True}, target={"anchored": True, "speed": 0})
    ram_run(game, roll=6)
    play(game, a.Advance(10), 3, 1, 2)  # wounds; 2D6 1 and 2
    start = state(game)
    # re-roll the 1: 2 kept + D6, +1 a die; hurt on a 1, by half
    new = enumerate_faces([D6], lambda d: 2 + d + 2)
    own = enumerate_faces([D6, D6], lambda d, h: half_up(2 + d + 2) if h == 1 else 0)
    odds = RULESET.odds(start, a.RerollRamDie(0))
    assert odds.expected == {"SP": mean_of(new), "own SP": mean_of(own)}
    keep = RULESET.odds(start, a.RerollRamDie(-1))
    assert keep.expected == {"SP": 5, "own SP": Fraction(3, 6)}
    seen = played(start, a.RerollRamDie(0), sp_lost("enemy", start))
    assert within_bound(seen, float(mean_of(new)), variance(new))


# --- her pace --------------------------------------------------------------------------------


def test_full_speed_with_a_ram_declared_gives_the_inches_and_the_chance_to_ram():
    # With a ram her fixed rate is 2 less: reaching D6+4. A ram needs 6" or more.
    game = harpy_game(rammer={"ram": True})
    play(game, a.DeclareRam("harpy", "enemy"))
    to_movement(game)
    start = state(game)
    inches = enumerate_faces([D6], lambda d: d + 4)
    odds = RULESET.odds(start, a.StartMove("harpy", "full"))
    assert dict(odds.outcomes) == {f"{n}\"": p for n, p in inches.items()}
    assert odds.expected["ram"] == Fraction(5, 6)
    assert odds.summary == "5-10\" · 7.5\" avg · ram 83%"
    seen = played(start, a.StartMove("harpy", "full"), lambda s: s.move.allowance)
    assert within_bound(seen, float(mean_of(inches)), variance(inches))
    rams = played(start, a.StartMove("harpy", "full"), lambda s: int(s.move.ram))
    assert within_bound(rams, 5 / 6, 5 / 36)


def test_a_gale_asks_four_to_change_heading_once_a_move():
    game = new_game(ship("harpy", "p1", x=10, y=20, heading="E", speed=8),
                    ship("hulk", "p2", x=50, y=40, heading="E", speed=0, anchored=True),
                    weather="gales")
    to_movement(game)
    play(game, a.StartMove("harpy", "slow"))
    play(game, a.Advance(3))  # a Medium ship moves 3" before each turn
    odds = RULESET.odds(state(game), a.Turn("port"))
    assert odds.expected == {"turns": enumerate_faces([D6], lambda d: d >= 4)[True]}
    seen = played(state(game), a.Turn("port"), lambda s: int(s.ship("harpy").heading != 2))
    assert within_bound(seen, 0.5, 0.25)


# --- anchors, boarders, swimmers -------------------------------------------------------------


def sloop_at_anchor():
    return new_game(
        ship("sloop", "p1", size="small", x=20, y=20, heading="E", speed=0, anchored=True,
             crew={"sailor": 2}, captain=False),
        ship("hulk", "p2", x=50, y=40, heading="E", speed=0, anchored=True),
        wind="S")


def test_cutting_the_anchor_loose_is_a_four_then_she_drifts():
    start = state(sloop_at_anchor())
    odds = RULESET.odds(start, a.CutAnchor("sloop"))
    cut = enumerate_faces([D6], lambda d: d >= 4)[True]
    assert odds.summary == "cut free 50% (4+)" and dict(odds.outcomes)["cut free"] == cut
    drift = enumerate_faces([D6, D6], lambda d, x: x if d >= 4 else 0)
    assert odds.expected["drift"] == mean_of(drift)
    seen = played(start, a.CutAnchor("sloop"), lambda s: int(not s.ship("sloop").anchored))
    assert within_bound(seen, float(cut), float(cut * (1 - cut)))


def test_lowering_the_anchor_rolls_only_without_the_crew_in_control():
    game = new_game(
        ship("sloop", "p1", size="small", x=20, y=20, heading="E", speed=4,
             crew={"sailor": 2}, captain=False),
        ship("hulk", "p2", x=50, y=40, heading="E", speed=0, anchored=True), wind="S")
    to_movement(game, 3)  # out of control, she runs 4" by herself
    start = state(game)
    odds = RULESET.odds(start, a.DropAnchor("sloop"))
    assert dict(odds.outcomes) == {"lowered": Fraction(1, 2), "fouled": Fraction(1, 2)}
    seen = played(start, a.DropAnchor("sloop"), lambda s: int(s.ship("sloop").anchored))
    assert within_bound(seen, 0.5, 0.25)
    # with her crew in control (the Harpy after a slow move) nothing is rolled: no odds
    game = new_game(ship("harpy", "p1", x=10, y=20, heading="E", speed=8),
                    ship("hulk", "p2", x=50, y=10, heading="E", speed=0, anchored=True))
    to_movement(game)
    play(game, a.StartMove("harpy", "slow"))
    play(game, a.Advance(state(game).move.allowance))
    play(game, a.EndMove())
    assert RULESET.odds(state(game), a.DropAnchor("harpy")) is None


def test_recalled_boarders_each_take_a_parting_blow():
    game = boarded()  # one marine aboard the Charger, three sailors against him
    play(game, a.EndOrders(), 1, 1, 1, 1, 1)
    start = state(game)
    # A sailor's S3 v the marine's T3: 4+; his light armour and shield save on 5+.
    lost = enumerate_faces([D6, D6], lambda w, s: int(w >= 4 and s < 5))
    odds = RULESET.odds(start, a.RecallBoarders("harpy"))
    assert odds.expected["lost"] == lost[1] == Fraction(1, 3)
    assert odds.summary == "1 back · 0.3 lost"

    def marines(s):
        return sum(1 for c in s.crew if c.side == "p1" and c.profile == "marine")

    seen = played(start, a.RecallBoarders("harpy"), lambda s: marines(start) - marines(s))
    assert within_bound(seen, 1 / 3, 2 / 9)


def test_slaying_swimmers_picked_up_is_a_four_each():
    game = pickup_game(SWIMMERS)
    to_movement(game, 6)
    play(game, a.StartMove("harpy", "slow"))
    play(game, a.Advance(6))
    start = state(game)
    assert start.pending.kind == "swimmers"
    odds = RULESET.odds(start, a.DealWithSwimmers("slay"))
    assert odds.expected == {"slain": enumerate_faces([D6], lambda d: d >= 4)[True]}
    assert RULESET.odds(start, a.DealWithSwimmers("captive")) is None
    seen = played(start, a.DealWithSwimmers("slay"),
                  lambda s: int(all(c.id != "hulk.1" for c in s.crew)))
    assert within_bound(seen, 0.5, 0.25)


def test_cutting_loose_of_an_entanglement_is_a_four():
    start = state(rammed_and_entangled())  # the enemy's turn, entangled by the Harpy's ram
    odds = RULESET.odds(start, a.CutLoose("enemy"))
    assert dict(odds.outcomes)["cut free"] == enumerate_faces([D6], lambda d: d >= 4)[True]
    seen = played(start, a.CutLoose("enemy"), lambda s: int(s.lock_of("enemy") is None))
    assert within_bound(seen, 0.5, 0.25)


def test_training_a_turret_through_more_than_45_degrees_risks_the_turret_table():
    game = turret_game(y=30)
    start = state(game)
    # 1-2: trouble; then 1-2 jammed (it stays where it was), 3-4 slipped (it bears, its range
    # D6" short), 5-6 its collar slips to the scatter die's facing (0, 60 ... 300°: never
    # the 106.7° wanted)
    bears = enumerate_faces([D6, D6], lambda t, j: t > 2 or j in (3, 4))[True]
    odds = RULESET.odds(start, a.TrainTurret("frigate", "g1", "prize"))
    assert odds.expected == {"bears": bears, "trouble": Fraction(1, 3)}
    assert odds.summary == "trouble 33% · bears 78%"

    def on_her(s):
        gun = s.ship("frigate").guns[0]
        return int(abs(gun.facing - (90 + 16.699)) < 0.01)

    seen = played(start, a.TrainTurret("frigate", "g1", "prize"), on_her)
    assert within_bound(seen, float(bears), float(bears * (1 - bears)))


def test_an_advance_onto_rocks_counts_running_aground():
    game = new_game(medium(), FAR, terrain=[ROCKS])
    terrain_to_movement(game)
    play(game, a.StartMove("hms", "full"), 2)  # reaching D6+6: 8"
    start = state(game)
    # D6 +2 solid +1 over 6": holed on 7+ (4, 5, 6), then the damage table's D6: 1 "0",
    # 2 D3, 3-5 D6, 6 2D6; stuck fast on 4+ whatever the damage (she cannot sink at 20 SP).
    def damage(hole, table, d1, d2):
        if hole + 3 < 7:
            return 0
        return {1: 0, 2: (d1 + 1) // 2, 3: d1, 4: d1, 5: d1, 6: d1 + d2}[table]

    dealt = enumerate_faces([D6] * 4, damage)
    odds = RULESET.odds(start, a.Advance(8))
    assert odds.expected["SP"] == mean_of(dealt)
    assert odds.expected["holed"] == Fraction(1, 2)
    assert odds.expected["stuck"] == Fraction(1, 2)
    assert odds.summary.startswith("aground 100% · ")
    assert RULESET.odds(start, a.Advance(2)) is None, "2\" does not reach the rocks"
    seen = played(start, a.Advance(8), sp_lost("hms", start))
    assert within_bound(seen, float(mean_of(dealt)), variance(dealt))


def test_telling_off_fire_fighters_gives_the_markers_odds_of_going_out():
    game = game_with(2)  # the Blaze, two markers, ten sailors
    start = state(game)
    plan = a.AssignCrew("blaze", sailing=5, fires=3, guns_first="")
    # three men shared 2 and 1: a D6 + men, out on 6+, a natural 1 spreads it instead
    out = enumerate_faces([D6, D6], lambda f, g: int(f != 1 and f + 2 >= 6)
                          + int(g != 1 and g + 1 >= 6))
    odds = RULESET.odds(start, plan)
    assert odds.expected["out"] == mean_of(out) == Fraction(3, 6) + Fraction(2, 6)
    assert dict(odds.outcomes) == {f"{n} out": p for n, p in sorted(out.items())}
    # still alight, a marker burns for a point on 3-6
    assert odds.expected["SP"] == (2 - mean_of(out)) * Fraction(4, 6)
    told, _ = apply(start, plan)

    def put_out(events):
        return sum(1 for e in events if isinstance(e, DiceRoll) and e.rule == "Fire Aboard Ships"
                   and e.outcome.endswith("put out"))

    seen = [put_out(apply(replace(told, rng=Rng(seed + 1)), a.EndOrders())[1])
            for seed in range(SEEDS)]
    assert within_bound(seen, float(mean_of(out)), variance(out))


def test_an_advance_into_a_friend_is_a_collision_and_says_she_is_yours():
    # The Harpy at full speed toward a friend lying across her bow: a collision (no ram
    # declared), S8 v T8 4+, 2D6 halved, her captain may take it glancing; the summary is
    # the mover's, marked as a friend.
    friend = ship("friend", "p1", x=27, y=20, heading="N", speed=6, crew={"sailor": 8})
    game = new_game(ship("harpy", "p1", x=10, y=20, heading="E", speed=8,
                         crew={"sailor": 12}),
                    friend, ship("hulk", "p2", x=60, y=44, heading="W", speed=0,
                                 anchored=True), wind="S")
    to_movement(game)
    play(game, a.StartMove("harpy", "full"), 6)  # 12"
    odds = RULESET.odds(state(game), a.Advance(12))

    def blow(ld1, ld2, wound, d1, d2):
        if wound < 4:
            return 0
        return half_up(half_up(d1 + d2)) if ld1 + ld2 <= 8 else half_up(d1 + d2)

    assert odds.expected["SP"] == mean_of(enumerate_faces([D6] * 5, blow))
    assert odds.summary.startswith("collides with the Friend · damages ")
    assert odds.summary.endswith("(yours!)")


def test_declaring_a_ram_gives_the_chance_she_makes_six_inches_and_warns_when_she_cannot():
    game = harpy_game(rammer={"ram": True})  # reaching: full speed D6+4, slow the fixed 4"
    odds = RULESET.odds(state(game), a.DeclareRam("harpy", "enemy"))
    assert odds.expected["ram"] == enumerate_faces([D6], lambda d: d + 4 >= 6)[True]
    assert odds.summary == '6"+ 83% (full speed)'
    assert RULESET.caution(state(game), a.DeclareRam("harpy", "enemy")) == ""
    # From a standstill she gets under way at half her fixed rate: no ram this turn.
    still = harpy_game(rammer={"speed": 0})
    assert RULESET.odds(state(still), a.DeclareRam("harpy", "enemy")).expected["ram"] == 0
    words = RULESET.caution(state(still), a.DeclareRam("harpy", "enemy"))
    assert "cannot make the 6\" a ram needs" in words and "may not shoot" in words


def test_swimming_aboard_an_enemy_gives_the_fight_to_come():
    # The Harpy's captain (WS4, A2, two wounds, light armour 6+) swims 1.75" to the hulk and
    # climbs aboard exhausted; at the end of the turn her two sailors strike first: each
    # hits on 4+ (WS3 v WS4), wounds on 4+ (S3 v T3), and his save fails on 1-5. Only both
    # landing take his two wounds: he is lost in round one on both.
    game = afloat(swim_game(), {"harpy.captain": (30, 36)})
    to_movement(game, 6)
    start = state(game)
    lands = enumerate_faces([D6] * 3, lambda h, w, s: h >= 4 and w >= 4 and s < 6)[True]
    odds = RULESET.odds(start, a.Swim("harpy.captain", "hulk"))
    assert odds.expected["lost in round 1"] == lands * lands == Fraction(25, 576)
    assert any("exhausted" in line for line in odds.breakdown)
    assert RULESET.odds(start, a.Swim("harpy.captain", "")) is None, "treading water"

    def lost(s):
        return int(all(c.id != "harpy.captain" for c in s.crew))

    def finish_turn(s):  # to the first round at the end of his side's turn
        return next((x for x in (a.EndMovement(), a.EndShooting())
                     if s.active == "p1" and x in RULESET.legal_actions(s)), None)

    seen = played(start, a.Swim("harpy.captain", "hulk"), lost, then=finish_turn, seeds=1200)
    p = float(lands * lands)
    assert within_bound(seen, p, p * (1 - p))


def test_an_advance_short_of_a_hull_she_cannot_turn_from_warns_of_the_collision_to_come():
    # The Harpy (Medium, under sail: 3" before each turn) 6" to go, the Revenge lying across
    # her bow 1.75" off. Ahead 1" meets nothing itself, but then ahead is her only choice
    # until she has made 3": the collision comes with the next inch whatever she picks, and
    # the picker's 1" says so, with the whole advance's odds of the blow.
    game = new_game(ship("harpy", "p1", x=10, y=20, heading="E", speed=8,
                         crew={"sailor": 12}),
                    ship("revenge", "p2", x=20, y=20, heading="N", speed=6,
                         crew={"sailor": 8}), wind="S")
    to_movement(game)
    play(game, a.StartMove("harpy", "slow"))  # the fixed 6"
    start = state(game)
    one, whole = RULESET.odds(start, a.Advance(1)), RULESET.odds(start, a.Advance(6))
    assert whole.summary.startswith("collides with the Revenge")
    assert one.summary == f"then {whole.summary}"
    assert one.expected == whole.expected and one.outcomes == whole.outcomes
    assert one.breakdown[0].startswith("Then she must go on: no choice but ahead until she "
                                       "meets the Revenge 0.8\" further")
    # as the rules play it: the inch meets nothing, then every choice left is ahead, into her
    after, events = apply(start, a.Advance(1))
    assert not happened(events, "collision")
    legal = RULESET.legal_actions(after)
    assert not legal.fixed and [type(r.template) for r in legal.ranges] == [a.Advance]
    assert all(happened(apply(after, a.Advance(n))[1], "collision") for n in (1, 3, 5))


def test_an_advance_short_of_a_hull_she_may_still_turn_from_warns_of_nothing():
    # The same, but she has sailed 3" since her last turn: after the inch she may turn away
    # before she meets the Revenge, so nothing is rolled for and nothing is said.
    game = new_game(ship("harpy", "p1", x=7, y=20, heading="E", speed=8,
                         crew={"sailor": 12}),
                    ship("revenge", "p2", x=20, y=20, heading="N", speed=6,
                         crew={"sailor": 8}), wind="S")
    to_movement(game)
    play(game, a.StartMove("harpy", "full"), 6)  # reaching D6+6: 12"
    play(game, a.Advance(3))
    start = state(game)
    assert RULESET.odds(start, a.Advance(1)) is None
    after, _ = apply(start, a.Advance(1))
    assert any(isinstance(x, a.Turn) for x in RULESET.legal_actions(after).fixed)
    assert RULESET.odds(start, a.Advance(5)).summary.startswith("collides with the Revenge")
