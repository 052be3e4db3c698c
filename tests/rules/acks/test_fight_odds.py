"""The odds of a round of the fight on deck (``odds._fight``, issue 35's gap for ACKS II):
every die of the round counted, checked against a count written here face by face, and the
round played through the rules' own ``apply`` on many seeds landing within a tight bound of
them; a melee too big to count shows each blow as it stands and says so."""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

from ahoy_tui.engine.dice import Rng
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.acks import RULESET
from ahoy_tui.rules.acks.actions import Fight
from ahoy_tui.rules.acks.deck import lay_decks
from ahoy_tui.rules.acks.model import Actor, Phase
from ahoy_tui.rules.acks.odds import fight_odds

from .helpers import battle, vessel

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from odds_support import D6, enumerate_faces, mean_of, within_bound

D20 = tuple(range(1, 21))


def melee(raiders: int = 2, foes: tuple[tuple[int, int], ...] = ((5, 1), (6, 1))):
    """``raiders`` of the 3-rower's marines (spears, 1d6; attack +0) on the merchantman's deck
    along her port rail from (5, 0), and her men at ``foes`` (marines, AC 3, 4 hp); everyone
    else of hers down; the 3-rower's deck crew acting on count 3."""
    a = vessel("a", kind="galley_3", column=15, row=15, facing="N", marines=40)
    b = vessel("b", "p2", kind="sailing_ship_large", column=16, row=15, facing="N",
               sails=True, marines=10)
    state = lay_decks(battle(a, b, phase=Phase.COUNTS))
    mine = [f for f in state.figures if f.crew_of == "a" and f.role == "marine"][:raiders]
    theirs = [f for f in state.figures if f.crew_of == "b" and f.role == "marine"][:len(foes)]
    places = {f.id: (5 + i, 0) for i, f in enumerate(mine)}
    places.update({f.id: xy for f, xy in zip(theirs, foes, strict=True)})
    figures = []
    for f in state.figures:
        if f.id in places:
            x, y = places[f.id]
            figures.append(replace(f, on="b", where="deck", x=x, y=y))
        elif f.on == "b":
            figures.append(replace(f, hp=0, down=True))
        else:
            figures.append(f)
    state = replace(state, figures=tuple(figures), count=3, to_act="p1",
                    actors=(Actor("a:crew", "a", "p1", "crew", 3, 3),))
    return state, [f.id for f in sorted(mine, key=lambda f: f.id)], [f.id for f in theirs]


def by_hand(state, men, foes):
    """The round counted face by face, written from the rule (Boarding actions): each man in
    turn strikes the enemy beside him with the fewest hit points (the lower id on a tie), a
    d20 against 10 + AC 3 (a 20 hits, a 1 misses), a spear's 1d6 off his 4 hp. Here every man
    already stands beside his enemies: no one moves."""
    figs = {f.id: f for f in state.figures}
    beside = {m: [e for e in foes if max(abs(figs[m].x - figs[e].x),
                                         abs(figs[m].y - figs[e].y)) <= 1] for m in men}

    def outcome(*faces):
        hp = {e: figs[e].hp for e in foes}
        landed = 0
        for i, m in enumerate(men):
            d20, d6 = faces[2 * i], faces[2 * i + 1]
            near = [e for e in beside[m] if hp[e] > 0]
            if not near:
                continue
            foe = min(near, key=lambda e: (hp[e], e))
            if d20 == 20 or (d20 != 1 and d20 >= 10 + figs[foe].ac - figs[m].attack):
                landed += 1
                hp[foe] = max(0, hp[foe] - d6)
        return sum(1 for e in foes if hp[e] == 0), landed
    return enumerate_faces([D20, D6] * len(men), outcome)


def test_a_round_of_the_fight_is_every_die_counted_as_a_count_by_hand_says():
    state, men, foes = melee()
    counted = by_hand(state, men, foes)
    down: dict[int, Fraction] = {}
    for (n, _), p in counted.items():
        down[n] = down.get(n, Fraction(0)) + p
    blows = sum((landed * p for (_, landed), p in counted.items()), Fraction(0))
    odds = RULESET.odds(state, Fight("p1", "a"))
    assert odds is not None
    assert dict(odds.outcomes) == {f"{n} down": p for n, p in down.items()}
    assert odds.expected["down"] == mean_of(down)
    assert odds.expected["blows"] == blows
    # the first man needs 13+ at the first enemy (10 + AC 3): 40%
    assert any("at " in line and "13+ on a d20 (40%)" in line for line in odds.breakdown)
    assert odds.summary.endswith("down") and "blows" in odds.summary


def test_the_round_played_on_many_seeds_lands_on_its_odds():
    state, _, foes = melee(3, ((6, 1), (7, 1)))
    odds = RULESET.odds(state, Fight("p1", "a"))
    down = {int(name.split()[0]): p for name, p in odds.outcomes}
    expected = float(mean_of(down))
    variance = float(sum((n * n * p for n, p in down.items()), Fraction(0))) - expected ** 2
    seen = []
    for seed in range(600):
        after, _ = RULESET.apply(replace(state, rng=Rng(seed, 0)), Fight("p1", "a"))
        seen.append(sum(1 for e in foes if after.figure(e).down))
    assert within_bound(seen, expected, variance)


def test_a_melee_too_big_to_count_shows_each_blow_as_it_stands(monkeypatch):
    import ahoy_tui.rules.acks.odds as acks_odds

    state, _, _ = melee(2)
    assert fight_odds(state, "a", limit=2) is None   # more positions than that
    monkeypatch.setattr(acks_odds, "FIGHT_STATES", 2)
    odds = RULESET.odds(state, Fight("p1", "a"))
    assert odds is not None and odds.outcomes == () and not odds.expected
    assert odds.summary == "2 blows · ~0.8 land"
    assert any("too many men to count every die" in line for line in odds.breakdown)


def test_a_round_unlikely_to_fell_anyone_says_its_chance_not_0_down():
    """Played at 80x24: five marines at a 16 hp captain read "1.7 blows · 0 down". When the
    mean rounds to nothing, the summary gives the chance of felling one."""
    state, _, foes = melee(raiders=1, foes=((5, 1),))
    tough = replace(state, figures=tuple(replace(f, hp=12, hp_max=12) if f.id == foes[0]
                                         else f for f in state.figures))
    odds = RULESET.odds(tough, Fight("p1", "a"))
    # one blow: 13+ on the d20 (40%), a spear's 1d6 can never fell 12 hp: nothing at all
    assert odds.summary == "0.4 blows · 0 down"
    armoured = replace(state, figures=tuple(replace(f, hp=6, hp_max=6, ac=10)
                                            if f.id == foes[0] else f
                                            for f in state.figures))
    odds = RULESET.odds(armoured, Fight("p1", "a"))
    # AC 10: only a natural 20 hits (1 in 20), and a 6 on the spear's d6 fells him
    felled = enumerate_faces([D20, D6], lambda d, s: d == 20 and s >= 6)[True]
    assert felled == Fraction(1, 120)               # a mean of 0.008 rounds to 0
    assert odds.summary == "0.1 blows · 1% one down"
