"""Man O' War captains and a boarding action within reach (issue 38 item 8): a ship lying a
short advance off an enemy whose crew she would beat closes and boards; one whose boarders
would meet the enemy's cannons as well as her crew keeps off, and says why.

The set-up is the one seen in a 1,000-point battle (empire_bretonnia, seed 11): the Couronne,
a Buccaneer with her catapults gone (the Catapult Deck's two hits) and her Aft Mast down (2" of
sail left), 0.25" off the bow of the Reikland, a Wolfship with two fore cannons."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from ahoy_tui.ai.captain import Decision, make_captain
from ahoy_tui.ai.man_o_war import hard
from ahoy_tui.engine import Rng, apply, get_ruleset, legal_actions
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.man_o_war.actions import Advance, Board, EndMove, SetCourse
from ahoy_tui.rules.man_o_war.model import MowState, Phase, new_ship

RULES = get_ruleset("man-o-war")
BOW_ON, BEAM_ON = 2, 0  # the Reikland's heading: her bow (and fore cannons) at the Couronne


def _sea(crew: int, their_crew: int, heading: int, gap: float, dy: float = 0.0, *,
         turn: int = 1, limit: int = 0, fired: bool = False) -> MowState:
    """The Couronne heading west at (32.5, 33), ``gap`` inches off the Reikland's hull, in
    ``turn`` of a battle of ``limit`` turns (0: no limit); ``fired``: the Reikland has acted
    this turn (on the last turn, then, no fire of hers is to come and the boarding's own odds
    decide)."""
    couronne = replace(new_ship("c", "buccaneer", "p1", name="Couronne"), x=32.5, y=33.0,
                       heading=6, crew=crew, speed_lost=6.0, batteries_lost=(2,))
    half = 1.5 if heading % 4 == 2 else 0.5  # the Wolfship is 3" long, 1" abeam
    reikland = replace(new_ship("r", "wolfship", "p2", name="Reikland"),
                       x=32.5 - 1.75 - gap - half, y=33.0 + dy, heading=heading,
                       crew=their_crew, activated=fired)
    return MowState(ruleset="man-o-war", scenario="test", rng=Rng(1, 0),
                    side_names=("Bretonnia", "The Empire"), races=("bretonnia", "empire"),
                    ships=(couronne, reikland), wind=7, phase=Phase.BATTLE, active="p1",
                    acting=("c",), current="c", stage="move", move=None, to_act="p1",
                    initiative="p1", turn=turn, turn_limit=limit)


def _activation(state: MowState, level: str, seed: int = 1) -> list[Decision]:
    """The Couronne's activation as the captain plays it: move, fire, board."""
    captain = make_captain(level, seed, 1000.0)
    decisions = []
    for _ in range(12):
        if state.over or state.current != "c" or state.to_act != "p1" \
                or state.stage not in ("move", "fire", "board"):
            break
        legal = legal_actions(state)
        decision = captain.decide(RULES.view(state, "p1"), legal)
        decisions.append(decision)
        after, _ = apply(state, decision.action, legal=legal)
        assert isinstance(after, MowState)
        state = after
    return decisions


def _alongside(state: MowState) -> MowState | None:
    """Her whole 2" ahead: where she touches the Reikland (None if she does not)."""
    sailing, _ = apply(state, SetCourse("sail"))
    touched, _ = apply(sailing, Advance(2))
    assert isinstance(touched, MowState)
    return touched if Board("r") in legal_actions(touched) else None


def _round(mine: int, theirs: int) -> tuple[Fraction, Fraction]:
    """A boarding round by the rules, every face: (attacker wins, defender wins)."""
    faces = [(a, d) for a in range(1, 7) for d in range(1, 7)]
    win = sum(a + mine > d + theirs for a, d in faces)
    lose = sum(a + mine < d + theirs for a, d in faces)
    return Fraction(win, 36), Fraction(lose, 36)


def _odds(state: MowState) -> tuple[Fraction, Fraction]:
    odds = RULES.odds(state, Board("r"))
    assert odds is not None
    outcomes = dict(odds.outcomes)
    return outcomes["win"], outcomes["lose"]


@pytest.fixture(autouse=True)
def _few_rounds(monkeypatch):
    monkeypatch.setattr(hard.HardCaptain, "rounds", 2)


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize(("crew", "heading", "gap"), [
    (3, BEAM_ON, 0.25),  # 3 against 2, no cannon bearing on her boarders
    (3, BEAM_ON, 1.2),
    (5, BOW_ON, 0.25),  # 5 against 2 and her 2 fore cannons
])
def test_a_ship_a_short_advance_off_a_weaker_crew_closes_and_boards(level, crew, heading, gap):
    state = _sea(crew, 2, heading, gap)
    touching = _alongside(state)
    assert touching is not None  # 2" ahead brings her alongside
    win, lose = _odds(touching)
    assert win > lose
    decisions = _activation(state, level)
    assert decisions[0].action == SetCourse("sail"), decisions[0]
    assert "grapple the Reikland" in decisions[0].why
    assert Board("r") in [d.action for d in decisions], decisions


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_couronne_keeps_off_the_reiklands_bow_guns_and_says_why(level):
    """The battle's own position on the last turn, the Reikland's guns done with: 3 crew
    against 2 and the 2 fore cannons pointing at her boarders (the defender adds them:
    Boarding Actions), 3 against 4, a round won 5 in 18 and lost 7 in 12; her catapults gone,
    nothing to fire, and no fire to come. She holds, and the words say so."""
    state = _sea(3, 2, BOW_ON, 0.25, turn=12, limit=12, fired=True)
    touching = _alongside(state)
    assert touching is not None
    assert _odds(touching) == _round(3, 4) == (Fraction(5, 18), Fraction(7, 12))
    decisions = _activation(state, level)
    assert Board("r") not in [d.action for d in decisions]
    words = decisions[0].why  # she holds (or turns where she lies: a point costs her 2")
    assert decisions[0].action in (EndMove(), SetCourse("sail")), decisions[0]
    assert words.startswith(("she holds her station:", "she stays where she lies")), words
    assert "no battery left to fire" in words
    assert "3 crew against 2 and 2 cannons bearing: -0.36 honours" in words
    assert "holding under her guns" not in words  # none of it to come


def _pounding(turns: int) -> float:
    """What the Reikland's two fore cannons cost the Couronne over ``turns`` turns of fire, by
    the rules' odds: each shot hits where the d6 falls on her template and the location's save
    fails (at point blank), worth what the gunnery reckons the hit."""
    from ahoy_tui.ai.man_o_war.gunnery import firepower

    state = _sea(3, 2, BOW_ON, 0.25, turn=6, limit=12)
    return turns * firepower(state, state.ship("r"), fresh=True, only=state.ship("c"))


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_ship_with_no_battery_left_under_the_guns_boards_at_bad_odds(level):
    """Issue 38 item 8: the same position in turn 6 of 12, the Reikland still to fire this
    turn and after. Holding, she takes the Reikland's bow guns three turns more (0.39 honours a
    turn by the odds, 1.17 in all); boarding at 5 in 18 a round won, 7 in 12 lost, ends that
    fire if she wins her, and losing the Couronne costs only what the guns would have taken
    anyway. Weighed so, boarding is worth +0.31 honours against holding; she closes and boards,
    and says what she expects."""
    state = _sea(3, 2, BOW_ON, 0.25, turn=6, limit=12)
    touching = _alongside(state)
    assert touching is not None
    assert _odds(touching) == (Fraction(5, 18), Fraction(7, 12))
    assert _pounding(1) == pytest.approx(7 / 18)  # the two shots' worth: the gunnery's odds
    decisions = _activation(state, level)
    assert decisions[0].action == SetCourse("sail"), decisions[0]
    assert "grapple the Reikland" in decisions[0].why
    boarding = next(d for d in decisions if d.action == Board("r"))
    assert boarding.why == ("boarders away! 3 crew against the Reikland's 2 (worth 0.31 "
                            "honours; holding under her guns would cost 1.17 over 3 turns)")


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_ship_under_the_guns_one_turn_more_holds_and_says_what_it_costs(level):
    """On the last turn the Reikland's guns have one volley left (0.39 honours by the odds):
    too little to pay for a boarding at these odds (-0.12 against holding). She holds, and her
    words give both figures."""
    state = _sea(3, 2, BOW_ON, 0.25, turn=12, limit=12)
    decisions = _activation(state, level)
    assert Board("r") not in [d.action for d in decisions]
    words = decisions[0].why
    assert words.startswith(("she holds her station:", "she stays where she lies")), words
    assert ("boarding the Reikland not worth it (3 crew against 2 and 2 cannons bearing: "
            "-0.12 honours; holding under her guns would cost 0.39 over 1 turn)") in words


SET_UPS = 40


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_ship_with_a_boarding_well_in_her_favour_within_her_move_boards(level):
    """Random set-ups (her crew, theirs, the Reikland's heading, the gap, an offset): whenever
    her 2" ahead brings her alongside and the rules' odds of a round favour her by a third
    or more, the captain boards (not ends her move); when they are against her, he
    does not. Both kinds come up. It is the last turn and the Reikland has fired: no fire of
    hers is to come, so the boarding's own odds decide."""
    draw = random.Random(38)
    favoured = against = 0
    for _ in range(SET_UPS):
        state = _sea(draw.randint(1, 6), draw.randint(1, 3), draw.choice([0, 2, 4, 6]),
                     round(draw.uniform(0.2, 1.7), 2), round(draw.uniform(-0.3, 0.3), 2),
                     turn=12, limit=12, fired=True)  # no fire to come: the odds alone
        touching = _alongside(state)
        if touching is None:
            continue
        win, lose = _odds(touching)
        actions = [d.action for d in _activation(state, level, draw.randint(0, 99))]
        if win - lose >= Fraction(1, 3):
            favoured += 1
            assert Board("r") in actions, (state.ships, actions)
        elif win < lose:
            against += 1
            assert Board("r") not in actions, (state.ships, actions)
    assert favoured >= 3 and against >= 3


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_ship_with_no_battery_left_that_could_sail_off_reckons_one_turn_of_fire(level):
    """With her masts whole (8" of sail) the Couronne could sail out of the Reikland's bow
    arc next turn: she reckons only this turn's volley (0.39 honours), not three, and that does
    not pay for a boarding at 5 in 18 against 7 in 12 (the move's judge weighs sailing off)."""
    from ahoy_tui.ai.man_o_war import boarders

    stuck = _sea(3, 2, BOW_ON, 0.25, turn=6, limit=12)
    state = replace(stuck, ships=tuple(replace(s, speed_lost=0.0) if s.id == "c" else s
                                       for s in stuck.ships))
    assert boarders.pounding(stuck, stuck.ship("c"), stuck.ship("r")) == \
        pytest.approx(3 * _pounding(1))
    assert boarders.pounding(state, state.ship("c"), state.ship("r")) == \
        pytest.approx(_pounding(1))
    assert Board("r") not in [d.action for d in _activation(state, level)]

