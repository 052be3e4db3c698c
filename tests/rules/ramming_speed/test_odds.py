"""The odds hook (``rules/ramming_speed/odds.py``): for forced set-ups the odds a player is
shown equal an enumeration written here, face by face; and the choice played a thousand times
through the rules' own ``apply`` lands within a tight bound of them."""

from __future__ import annotations

import itertools
import sys
from fractions import Fraction
from pathlib import Path

from ahoy_tui.engine.dice import Rng
from ahoy_tui.engine.events import DiceRoll
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.ramming_speed import RULESET, archery, grappling
from ahoy_tui.rules.ramming_speed.actions import Board, CutLines, MatchUp, Shoot, ThrowLines
from ahoy_tui.rules.ramming_speed.model import Band, Grapple, Phase, RSState
from ahoy_tui.rules.ramming_speed.odds import duel_odds, loads_odds, ram_rows, sink_chance

from .crews import battle, bolt, crew, galley, man

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from odds_support import D6, enumerate_faces, within_bound

SEEDS = range(1000)


def enumerate_chance(hit, *dice):
    """The chance that ``hit(faces)`` holds over every face of every die (sides listed)."""
    cases = list(itertools.product(*(range(1, sides + 1) for sides in dice)))
    return Fraction(sum(1 for faces in cases if hit(faces)), len(cases))


def shooters(x: float):
    """``a`` with two archers amidships and a bolt thrower; ``b`` to the east at ``x``."""
    a = galley("a", "p1", x=20, y=20, engines=(bolt("a", 1),))
    b = galley("b", "p2", x=x, y=20)
    men = crew("a", ("archer", "middle"), ("archer", "middle"), ("artilleryman", "middle"),
               ("artilleryman", "middle")) + crew("b", ("sailor", "bow"), ("marine", "bow"))
    return battle(a, b, men=men)


def test_two_archers_short_and_a_bolt_thrower_are_three_d6_each_needing_its_number():
    state = shooters(24)    # under 6" to her side: archers 5+, the bolt within 8": 4+
    odds = RULESET.odds(state, Shoot("p1", "a", "b"))
    for n in range(4):
        want = enumerate_chance(lambda f, n=n: (f[0] >= 5) + (f[1] >= 5) + (f[2] >= 4) == n,
                                6, 6, 6)
        assert dict(odds.outcomes)[f"{n} hit{'s' * (n != 1)}"] == want
    assert odds.expected["hits"] == Fraction(2, 6) * 2 + Fraction(3, 6)
    assert odds.summary == "1.2 hits · 78% any"


def test_at_long_range_the_archers_need_sixes():
    state = shooters(34)    # 6"-18" to her side: 6+; the bolt at 8"-16": 5+
    odds = RULESET.odds(state, Shoot("p1", "a", "b"))
    assert odds.expected["hits"] == Fraction(1, 6) * 2 + Fraction(2, 6)


def test_a_volley_played_a_thousand_times_lands_on_its_odds():
    state = shooters(24)
    action = Shoot("p1", "a", "b")
    odds = RULESET.odds(state, action)
    found = []
    for seed in SEEDS:
        after, _ = RULESET.apply(replace(state, rng=Rng(seed, 0)), action)
        (done,) = RULESET.legal_actions(after).fixed     # her side's fire phase done
        after, events = RULESET.apply(after, done)
        shots = [e for e in events if isinstance(e, DiceRoll)
                 and e.rule in (archery.ARCHERY, archery.BOLTS)]
        assert len(shots) == 3     # all fire at once as the phase ends (18.0)
        found.append(sum(1 for e in shots if e.outcome == "hit"))
    assert abs(sum(found) / len(found) - float(odds.expected["hits"])) < 0.06
    none = sum(1 for n in found if n == 0) / len(found)
    assert abs(none - float(dict(odds.outcomes)["0 hits"])) < 0.04


def alongside(**kw):
    a = galley("a", "p1", x=20, y=20, band=Band.SLOW)
    b = galley("b", "p2", x=23, y=20, band=Band.SLOW)
    men = crew("a", ("captain", "stern"), ("marine", "bow"), ("marine", "bow"),
               ("sailor", "stern")) + crew("b", ("captain", "stern"), ("sailor", "stern"))
    kw.setdefault("phase", Phase.GRAPPLE)
    return battle(a, b, men=men, **kw)


def test_three_lines_hold_her_when_two_catch_on_three_or_more():
    state = alongside()
    odds = RULESET.odds(state, ThrowLines("p1", "a", "b", 3))
    held = enumerate_chance(lambda f: sum(x >= 3 for x in f) >= 2, 6, 6, 6)
    assert dict(odds.outcomes)["held fast"] == held == Fraction(20, 27)


def test_lines_thrown_a_thousand_times_hold_her_as_often_as_the_odds_say():
    state = alongside()
    action = ThrowLines("p1", "a", "b", 3)
    odds = RULESET.odds(state, action)
    held = 0
    for seed in SEEDS:
        after, _ = RULESET.apply(replace(state, rng=Rng(seed, 0)), action)
        held += grappling.held_together(after, "a", "b")
    assert abs(held / len(SEEDS) - float(dict(odds.outcomes)["held fast"])) < 0.05


def test_cutting_two_lines_needs_every_man_to_roll_four_or_more():
    state = alongside(grapples=(Grapple("b", "a", lines=2, drawn=True),),
                      phase=Phase.MAINTENANCE)
    odds = RULESET.odds(state, CutLines("p1", "a", "b"))
    assert dict(odds.outcomes)["cut free"] == enumerate_chance(
        lambda f: f[0] >= 4 and f[1] >= 4, 6, 6)


def test_a_duel_is_a_d6_a_side_two_ahead_kills_and_the_better_rank_adds_one():
    win, draw, lose = duel_odds(1, 0)
    assert win == enumerate_chance(lambda f: f[0] + 1 - f[1] >= 2, 6, 6)
    assert lose == enumerate_chance(lambda f: f[1] - f[0] - 1 >= 2, 6, 6)
    assert win + draw + lose == 1


def test_a_boarding_shows_the_first_round_as_the_men_would_meet():
    # a's captain crosses from her stern to b's stern, where b's captain and sailor stand:
    # captain against captain, the sailor doubling up: b +1 for numbers; a's marines land in
    # b's empty bow and fight nobody this round
    state = replace(alongside(), phase=Phase.BOARD)
    odds = RULESET.odds(state, Board("p1", "a", "b"))
    kill = enumerate_faces([D6, D6], lambda ra, rb: ra - (rb + 1) >= 2)[True]
    fall = enumerate_faces([D6, D6], lambda ra, rb: (rb + 1) - ra >= 2)[True]
    assert odds.expected == {"theirs fall": kill, "ours fall": fall}
    assert dict(odds.outcomes)["1 of theirs fall"] == kill
    # her marines alone, from her bow: nobody to fight at once, no odds
    assert RULESET.odds(state, Board("p1", "a", "b", section="bow")) is None


def matching():
    """a's two marines and an archer against b's captain and sailor in b's bow: the
    boarders choose how to pair them (16.7)."""
    a = galley("a", "p1", x=20, y=20)
    b = galley("b", "p2", x=23, y=20)
    men = (*(man(f"a-{r}", r, "a", aboard="b", section="bow")
             for r in ("marine", "marine2", "archer")),
           man("a-sai", "sailor", "a", section="stern"),
           man("b-cap", "captain", "b", section="bow"), man("b-sai", "sailor", "b", section="bow"))
    men = tuple(replace(m, rank="marine") if m.rank == "marine2" else m for m in men)
    state = battle(a, b, men=men, grapples=(Grapple("a", "b", lines=2),), phase=Phase.BOARD,
                   grappled_by=(("b", "p1"),))
    while state.phase is Phase.BOARD:
        state, _ = RULESET.apply(state, RULESET.legal_actions(state).fixed[-1])
    assert state.phase is Phase.MELEE and state.to_act == "p1"
    return state


def bonus(ours: tuple[str, ...], theirs: tuple[str, ...]) -> tuple[int, int]:
    """16.2-16.5 worked out here: +1 to the greater number or the better rank, never more."""
    rank = ("admiral", "captain", "marine", "archer", "artilleryman", "sailor")
    best_a = min(rank.index(r) for r in ours)
    best_b = min(rank.index(r) for r in theirs)
    return (int(len(ours) > len(theirs) or best_a < best_b),
            int(len(theirs) > len(ours) or best_b < best_a))


def test_the_odds_of_a_match_up_are_those_of_its_own_fights():
    state = matching()
    options = [a for a in RULESET.legal_actions(state).fixed if isinstance(a, MatchUp)]
    assert len(options) == 4    # who doubles up on whom: (marine and marine, marine and
    seen = set()                # archer) against the captain, the others against the sailor
    for action in options:
        odds = RULESET.odds(state, action)
        kills = Fraction(0)
        losses = Fraction(0)
        for ours, theirs in action.fights:
            pa, pb = bonus(tuple(state.man(i).rank for i in ours),
                           tuple(state.man(i).rank for i in theirs))
            dist = enumerate_faces([D6, D6], lambda ra, rb, pa=pa, pb=pb: (
                "kill" if ra + pa - rb - pb >= 2 else "fall" if rb + pb - ra - pa >= 2
                else "draw"))
            kills += dist.get("kill", Fraction(0))
            losses += dist.get("fall", Fraction(0))
        assert odds.expected == {"theirs fall": kills, "ours fall": losses}
        assert sum(p for _, p in odds.outcomes) == 1
        seen.add(kills)
    assert len(seen) > 1   # the match-up chosen changes the odds: best against best would not


def test_a_match_up_fought_a_thousand_times_lands_on_its_odds():
    state = matching()
    action = next(a for a in RULESET.legal_actions(state).fixed
                  if isinstance(a, MatchUp) and len(a.fights[0][0]) == 2
                  and "a-archer" in a.fights[0][0])
    odds = RULESET.odds(state, action)
    theirs, ours = [], []
    for seed in SEEDS:
        after, got = RULESET.apply(replace(state, rng=Rng(seed, 0)), action)
        events = list(got)
        while isinstance(after, RSState) and after.melee is not None \
                and after.melee.round == 1 and after.melee.losers:
            # the beaten pair chooses who falls (16.6): the rest of the round is rolled after
            after, got = RULESET.apply(after, RULESET.legal_actions(after).fixed[0])
            events += got
        fallen = [e.outcome for e in events if isinstance(e, DiceRoll)
                  and "round 1" in e.purpose and e.outcome not in ("", "a draw")]
        theirs.append(sum(1 for o in fallen if o.startswith("B's")))
        ours.append(sum(1 for o in fallen if o.startswith("A's")))
    for found, key in ((theirs, "theirs fall"), (ours, "ours fall")):
        # two fights, each felling at most one a side: a variance of 0.5 at most
        assert within_bound(found, float(odds.expected[key]), 0.5), (key, sum(found))


def test_the_ramming_table_rows_are_two_averaging_dice():
    faces = (2, 3, 3, 4, 4, 5)
    for modifier in (-2, 0, 1):
        cut = Fraction(sum(1 for a in faces for b in faces if a + b + modifier >= 11), 36)
        assert dict(loads_odds(modifier)).get(99, Fraction(0)) == cut
    assert any("cut in half" in line for line in ram_rows(Band.RAMMING, 90))
    # holed with 2 more loads on 1: two maintenances to plug, each 5-6 with a sailor
    assert sink_chance(1, 2) == Fraction(4, 6) ** 2
