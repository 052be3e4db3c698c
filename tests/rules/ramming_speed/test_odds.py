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
from ahoy_tui.rules.ramming_speed.actions import (
    AbandonShip,
    Board,
    CutLines,
    Fall,
    MatchUp,
    SealOrders,
    Shoot,
    ThrowLines,
    WriteOrders,
)
from ahoy_tui.rules.ramming_speed.model import Band, Grapple, Melee, Phase, RSState, ShipOrders
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


# --- a ram foreseen in the orders, before they are sealed (2.0, 8.0, 10.2-10.3) -------------

AVERAGE = (2, 3, 3, 4, 4, 5)   # an averaging die's faces (10.2), written here again


def table_row(total: int) -> str:
    """10.2's ramming table, read from the seed: 11+ cut in half, 10 four loads, 9 three, 8
    two, 6-7 one, 5 or less nothing."""
    if total >= 11:
        return "cut in half"
    return {10: "four loads", 9: "three loads", 8: "two loads", 7: "one load",
            6: "one load"}.get(total, "no water")


def ram_set_up(b_heading: float = 90.0, b_x: float = 20.0):
    """``a`` (p1) 10" south of ``b`` (p2), her bow to the north; b lies hove-to across her
    course (``b_heading``). p2 has sealed (b stays put), p1 writes."""
    a = galley("a", "p1", x=20, y=30, heading=0)
    b = galley("b", "p2", x=b_x, y=20, heading=b_heading)
    men = crew("a", ("captain", "stern"), ("sailor", "stern"), ("marine", "bow")) \
        + crew("b", ("captain", "stern"), ("sailor", "stern"))
    state = battle(a, b, men=men, phase=Phase.ORDERS, to_act="p2")
    state, _ = RULESET.apply(state, SealOrders("p2"))
    assert state.to_act == "p1"
    return state


def test_orders_that_ram_show_each_row_of_the_ramming_table_at_their_speed_and_angle():
    state = ram_set_up()
    order = WriteOrders("p1", "a", "ramming", "S" * 24)
    odds = RULESET.odds(RULESET.view(state, "p1"), order)
    # ramming speed +1, square on (60-90 degrees) +0
    want = enumerate_faces([AVERAGE, AVERAGE], lambda x, y: table_row(x + y + 1))
    assert dict(odds.outcomes) == want
    assert odds.summary == "ram B +1: cut 3% · loads 4 11%, 3 22%, 2 28%, 1 33%, 0 3%"
    assert any("ramming +1, the angle +0" in line for line in odds.breakdown)
    assert any(line.startswith("foreseen as if every other galley holds her course")
               for line in odds.breakdown)
    # at cruising speed, +0; at slow, -1
    for band, moves, plus in (("cruising", 15, 0), ("slow", 9, -1)):
        odds = RULESET.odds(state, WriteOrders("p1", "a", band, "S" * moves))
        assert dict(odds.outcomes) == enumerate_faces(
            [AVERAGE, AVERAGE], lambda x, y, plus=plus: table_row(x + y + plus))
    # orders that turn away strike nothing: no odds
    assert RULESET.odds(state, WriteOrders("p1", "a", "slow", "LLLLLLLLL")) is None


def test_a_ram_at_a_fine_angle_loses_one_or_two():
    # b's centre line 45 degrees off a's course: -1 (30-59); 20 degrees: -2 (under 30)
    for heading, plus in ((45.0, -1), (20.0, -2)):
        state = ram_set_up(b_heading=heading)
        odds = RULESET.odds(state, WriteOrders("p1", "a", "cruising", "S" * 15))
        assert odds.summary.startswith(f"ram B {plus:+d}:"), odds.summary
        assert dict(odds.outcomes) == enumerate_faces(
            [AVERAGE, AVERAGE], lambda x, y, plus=plus: table_row(x + y + plus))


def test_the_seal_shows_the_rams_of_the_sheet_and_two_rams_count_how_many_hole():
    state = ram_set_up()
    state, _ = RULESET.apply(state, WriteOrders("p1", "a", "ramming", "S" * 24))
    written = RULESET.odds(state, WriteOrders("p1", "a", "ramming", "S" * 24))
    sealed = RULESET.odds(state, SealOrders("p1"))
    assert sealed.outcomes == written.outcomes
    assert sealed.summary == "A rams B +1: cut 3% · loads 4 11%, 3 22%, 2 28%, 1 33%, 0 3%"
    # a second pair 20" east: c rams d at cruising speed as a rams b at ramming speed
    c = galley("c", "p1", x=40, y=30, heading=0)
    d = galley("d", "p2", x=40, y=20, heading=90)
    two = replace(state, ships=(*state.ships, c, d),
                  drafts=(*state.drafts, ShipOrders("c", Band.CRUISING, "S" * 15)))
    odds = RULESET.odds(two, SealOrders("p1"))
    holes = enumerate_faces([AVERAGE] * 4, lambda w, x, y, z: (
        (table_row(w + x + 1) != "no water") + (table_row(y + z) != "no water")))
    assert dict(odds.outcomes) == {f"{n} holed": p for n, p in holes.items()}
    assert odds.summary == "2 rams: A rams B +1 holes 97% · C rams D +0 holes 86%"


def test_orders_sealed_a_thousand_times_ram_as_often_as_the_odds_said():
    state = ram_set_up()
    state, _ = RULESET.apply(state, WriteOrders("p1", "a", "ramming", "S" * 24))
    odds = RULESET.odds(RULESET.view(state, "p1"), SealOrders("p1"))
    found: dict[str, int] = {}
    for seed in SEEDS:
        after, _ = RULESET.apply(replace(state, rng=Rng(seed, 0)), SealOrders("p1"))
        b = after.ship("b")
        row = "cut in half" if not b.afloat else table_row(
            {0: 0, 1: 6, 2: 8, 3: 9, 4: 10}[b.loads])
        found[row] = found.get(row, 0) + 1
    for row, p in odds.outcomes:
        hits_ = [1.0] * found.get(row, 0) + [0.0] * (len(SEEDS) - found.get(row, 0))
        assert within_bound(hits_, float(p), float(p * (1 - p))), (row, found)


# --- abandoning ship (12.0) and an officer falling (22.0) -----------------------------------

def sinking_galley(contested: bool = False):
    a = galley("a", "p1", x=20, y=20, holed=True, loads=3)
    b = galley("b", "p2", x=23, y=20)
    men = crew("a", ("captain", "stern"), ("sailor", "stern"), ("marine", "bow"),
               ("archer", "middle")) + crew("b", ("captain", "stern"), ("marine", "bow"))
    if contested:
        men = (*men[:-1], man("b-mar1", "marine", "b", aboard="a", section="bow"))
    return battle(a, b, men=men, phase=Phase.MAINTENANCE)


def test_abandoning_ship_is_a_d6_a_man_four_or_more_to_swim():
    state = sinking_galley()
    odds = RULESET.odds(state, AbandonShip("p1", "a"))
    want = enumerate_faces([D6] * 4, lambda *f: f"{sum(x >= 4 for x in f)} swim")
    assert dict(odds.outcomes) == want
    assert odds.expected == {"swim": 2}
    assert odds.summary == "2 of 4 swim · all drown 6%"
    assert not any("captured" in line for line in odds.breakdown)
    held = sinking_galley(contested=True)
    assert any("captured (17.1)" in line for line in RULESET.odds(
        held, AbandonShip("p1", "a")).breakdown)


def test_abandoning_ship_a_thousand_times_saves_as_many_as_the_odds_say():
    state = sinking_galley()
    odds = RULESET.odds(state, AbandonShip("p1", "a"))
    saved = []
    for seed in SEEDS:
        after, _ = RULESET.apply(replace(state, rng=Rng(seed, 0)), AbandonShip("p1", "a"))
        saved.append(sum(len(g.men) for g in after.swimmers))
    assert within_bound(saved, float(odds.expected["swim"]), 4 * 0.25)
    none = [1.0 if n == 0 else 0.0 for n in saved]
    p = float(dict(odds.outcomes)["0 swim"])
    assert within_bound(none, p, p * (1 - p))


def beaten_pair():
    """b's captain and sailor beaten by a's marine in b's bow: they choose who falls (16.6)."""
    a = galley("a", "p1", x=20, y=20)
    b = galley("b", "p2", x=23, y=20)
    men = (man("a-mar1", "marine", "a", aboard="b", section="bow"),
           man("a-sai1", "sailor", "a", section="stern"),
           man("b-cap1", "captain", "b", section="bow"), man("b-sai1", "sailor", "b",
                                                             section="bow"),
           man("b-mar1", "marine", "b", section="stern"))
    melee = Melee(ship="b", section="bow", fronts=(("p2", ("b-cap1", "b-sai1")),
                                                   ("p1", ("a-mar1",))),
                  fights=((("a-mar1",), ("b-cap1", "b-sai1")),), paired=True,
                  losers=("b-cap1", "b-sai1"), rule="16.1 Hand to hand fighting")
    return battle(a, b, men=men, grapples=(Grapple("a", "b", lines=2),), phase=Phase.MELEE,
                  to_act="p2", melee=melee)


def test_the_captain_given_up_sets_his_crews_d6_rolling_a_sailor_nothing():
    state = beaten_pair()
    assert {a.man for a in RULESET.legal_actions(state).fixed} == {"b-cap1", "b-sai1"}
    odds = RULESET.odds(state, Fall("p2", "b", "b-cap1"))
    # 22.0: 1 withdraws, 2-4 carries on, 5-6 a new captain elected
    want = enumerate_faces([D6], lambda f: "she withdraws" if f == 1 else "she carries on"
                           if f <= 4 else "a new captain is elected")
    assert dict(odds.outcomes) == want
    assert RULESET.odds(state, Fall("p2", "b", "b-sai1")) is None
    # with the admiral aboard, he commands her: no roll (22.3)
    admiral = replace(state, men=(*state.men, man("b-adm1", "admiral", "b", section="stern")))
    assert RULESET.odds(admiral, Fall("p2", "b", "b-cap1")) is None


def test_the_captain_given_up_a_thousand_times_lands_on_the_morale_odds():
    state = beaten_pair()
    odds = RULESET.odds(state, Fall("p2", "b", "b-cap1"))
    withdrew = []
    for seed in SEEDS:
        _, events = RULESET.apply(replace(state, rng=Rng(seed, 0)), Fall("p2", "b", "b-cap1"))
        # the crew's roll for him (the melee fought on after it may roll for others)
        (roll,) = [e for e in events if isinstance(e, DiceRoll) and e.rule == "22.0 Morale"
                   and e.purpose.startswith("B's crew")]
        withdrew.append(1.0 if roll.outcome == "the galley withdraws" else 0.0)
    p = float(dict(odds.outcomes)["she withdraws"])
    assert within_bound(withdrew, p, p * (1 - p))
