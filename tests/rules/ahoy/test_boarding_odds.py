"""The odds of a boarding action before the men are sent (rules/ahoy/odds.py, melee_odds.py):
the first round and the whole melee, against a count of the dice written here
(tests/odds_support.py), and the first round against the rules' own apply over many seeds.

The position is test_boarding's: the Harpy (p1) comes alongside the Charger (p2, Small, no
captain); the Harpy's marines go across first.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

from kit import new_game, play, ship, state, to_movement

from ahoy_tui.engine.dice import Dice, Rng
from ahoy_tui.engine.events import Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.game import apply
from ahoy_tui.rules.ahoy import RULESET
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.boarding import board
from ahoy_tui.rules.ahoy.melee_odds import outlook
from ahoy_tui.rules.ahoy.odds import melee_men

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from odds_support import D6, enumerate_faces, within_bound


def alongside(harpy_crew, charger_crew):
    game = new_game(
        ship("harpy", "p1", x=10, y=20, heading="E", speed=8, crew=harpy_crew),
        ship("charger", "p2", size="small", x=28, y=23.5, heading="E", speed=6,
             crew=charger_crew, captain=False),
        ship("reserve", "p2", size="small", x=62, y=44, heading="W", speed=0, anchored=True),
        wind="S")
    to_movement(game)
    play(game, a.StartMove("harpy", "full"), 4)
    play(game, a.Advance(state(game).move.allowance))
    play(game, a.EndMove())
    return game


def boarded(start, count):
    """The deck once ``count`` of the Harpy's men are across (the rules' own ``board``)."""
    return board(start, Dice(Rng(0), []), "harpy", "charger", count)


def lands(hit_need: int, wound_need: int, save_need: int | None) -> Fraction:
    """One attack's three dice, every face: a hit, a wound (a natural 1 fails), an unsaved
    wound."""
    count = enumerate_faces([D6, D6, D6], lambda hit, wound, save: (
        hit >= hit_need and wound >= wound_need and wound != 1
        and (save_need is None or save < save_need)))
    return count.get(True, Fraction(0))


# Sailor v sailor, marine v sailor: WS3 v WS3 4+, S3 v T3 4+, no armour. A sailor v a marine:
# his light armour and shield save on 5+.
AT_SAILOR = lands(4, 4, None)
AT_MARINE = lands(4, 4, 5)


def test_the_first_round_of_two_marines_against_two_sailors():
    game = alongside({"sailor": 6, "marine": 2}, {"sailor": 2})
    odds = RULESET.odds(RULESET.view(game.state, "p1"), a.Board("harpy", "charger", 2))
    # The marines charge and strike first: the first at the first sailor; the second at the
    # sailor in his place among those standing (the second either way). Each sailor still
    # standing then strikes the marine in his place.
    ways: dict[tuple[int, int], Fraction] = {}
    for first_falls in (True, False):
        for second_falls in (True, False):
            p = (AT_SAILOR if first_falls else 1 - AT_SAILOR) * \
                (AT_SAILOR if second_falls else 1 - AT_SAILOR)
            sailors = [s for s, falls in ((0, first_falls), (1, second_falls)) if not falls]
            for struck in range(2 ** len(sailors)):
                q = p
                marines = {0, 1}
                for k, place in enumerate(sailors):
                    if struck >> k & 1:
                        q *= AT_MARINE
                        marines.discard(place % 2)
                    else:
                        q *= 1 - AT_MARINE
                key = (len(marines), len(sailors))
                ways[key] = ways.get(key, Fraction(0)) + q
    slain = sum((p * (2 - d) for (_b, d), p in ways.items()), Fraction(0))
    lost = sum((p * (2 - b) for (b, _d), p in ways.items()), Fraction(0))
    assert odds.expected["slain in round 1"] == slain == 2 * AT_SAILOR
    assert odds.expected["lost in round 1"] == lost
    after = boarded(game.state, 2)
    boarders, defenders = melee_men(after, after.ship("charger"))
    first = dict(outlook("charger", boarders, defenders).first)
    assert {(len(b), len(d)): p for (b, d), p in first.items()} == ways
    assert odds.summary == "takes her 68% · R1 0.5 slain, 0.2 lost"


def test_the_whole_melee_of_one_marine_against_one_sailor():
    game = alongside({"sailor": 6, "marine": 1}, {"sailor": 1})
    odds = RULESET.odds(game.state, a.Board("harpy", "charger", 1))
    # Round one: the marine charges (lands m); else the sailor strikes back (lands s). After
    # that both strike in the same step each round (the Charger's man first by id, but the
    # marine strikes even if cut down): both fall (the boarders are down: repelled), one, or
    # neither (another round). One against one, no one is outnumbered: no Ld test.
    m, s = AT_SAILOR, AT_MARINE
    on = (1 - m) * (1 - s)  # both standing after round one
    taken_later = m * (1 - s) / (1 - (1 - m) * (1 - s))
    assert odds.expected["taken"] == m + on * taken_later
    assert dict(odds.outcomes)["repelled"] == 1 - odds.expected["taken"]


def test_outnumbered_she_tests_her_leadership_before_each_round_of_hers():
    # Two marines against one sailor: if round one leaves all three standing, at the start
    # of her turn she is outnumbered and tests Ld 7 on 2D6: she strikes on 8 or more.
    game = alongside({"sailor": 6, "marine": 2}, {"sailor": 1})
    odds = RULESET.odds(game.state, a.Board("harpy", "charger", 2))
    strikes = enumerate_faces([D6, D6], lambda x, y: x + y > 7)[True]
    assert strikes == Fraction(15, 36)
    assert any("Ld test" in line for line in odds.breakdown)
    m, s = AT_SAILOR, AT_MARINE
    one_on_one = m * (1 - s) / (1 - (1 - m) * (1 - s))  # as in the test above
    # A round of two against one (after the first): the sailor strikes first (by id) at the
    # first marine, then both marines (even one cut down) at him. He falls: taken (k). He
    # cuts the first marine down and stands: one against one. No one falls: again.
    k = 1 - (1 - m) ** 2
    r = k + (1 - m) ** 2 * s * one_on_one
    c = (1 - m) ** 2 * (1 - s)
    # from her turn (V1: her Ld test first) and from theirs (V0 = r + c·V1)
    v1 = (strikes + (1 - strikes) * r * (1 + c)) / (1 - (1 - strikes) * c * c)
    # Round one: the chargers strike first, the first marine and then the second at him;
    # if both miss, he strikes the first marine; then it is her turn.
    taken = k + (1 - m) ** 2 * (s * one_on_one + (1 - s) * v1)
    assert odds.expected["taken"] == taken


def boarding_round_slain(game, action, seeds):
    """Her crew slain in the first round, played through the rules' own apply (the Board,
    then the end of the Harpy's movement: the round at the end of her turn)."""
    start = game.state
    after, _ = apply(replace(start, rng=Rng(0)), action)
    out = []
    for seed in range(seeds):
        _, events = apply(replace(after, rng=Rng(seed + 1)), a.EndMovement())
        slain = 0
        for e in events:
            if isinstance(e, Happened) and e.kind == "turn":
                break  # her turn begins: the first round is over
            if isinstance(e, Happened) and e.kind == "slain" and e.side == "p2":
                slain += 1
        out.append(slain)
    return out


def test_the_first_round_over_many_seeds_lands_within_four_standard_errors():
    game = alongside({"sailor": 6, "marine": 2}, {"sailor": 3})
    action = a.Board("harpy", "charger", 4)
    odds = RULESET.odds(game.state, action)
    after = boarded(game.state, 4)
    boarders, defenders = melee_men(after, after.ship("charger"))
    first = outlook("charger", boarders, defenders).first
    mean = float(odds.expected["slain in round 1"])
    second = float(sum(p * (3 - len(d)) ** 2 for (_b, d), p in first))
    assert within_bound(boarding_round_slain(game, action, 1000), mean, second - mean * mean)


def test_a_boarding_too_big_to_count_says_so_rather_than_guess():
    # Ten of the Harpy's men against the Charger's twelve, marines among both: more ways
    # for the first round to go than the odds count in time (ROUND_BUDGET).
    game = alongside({"sailor": 14, "marine": 2}, {"sailor": 10, "marine": 2})
    odds = RULESET.odds(game.state, a.Board("harpy", "charger", 10))
    assert odds.summary == "10 v 12 · too many to count"
    assert odds.expected == {} and odds.outcomes == ()
    # a smaller party: the first round counted, the whole melee not
    odds = RULESET.odds(game.state, a.Board("harpy", "charger", 6))
    assert odds.summary.startswith("R1 ") and "taken" not in odds.expected
    assert any("too many ways to count" in line for line in odds.breakdown)
