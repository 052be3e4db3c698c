"""Computer captains: every level plays every scenario to the end, honestly."""

from __future__ import annotations

import pytest

from ahoy_tui.ai.ahoy.gunnery import best_guess
from ahoy_tui.ai.captain import LEVEL_NAMES, make_captain
from ahoy_tui.ai.tournament import play_match, summarise, tournament, wilson
from ahoy_tui.engine import Game, Rng, apply, get_ruleset, legal_actions
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.scenario import builtin_names

RULES = get_ruleset("ahoy")
SCENARIOS = tuple(builtin_names())  # every built-in battle, terrain and Advanced rules too


@pytest.mark.parametrize("level", LEVEL_NAMES)
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_level_finishes_every_scenario(level, scenario):
    think = 0.02
    for seed in (1, 2):
        match = play_match("ahoy", scenario, seed, make_captain(level, seed, think),
                           make_captain(level, seed + 50, think))
        assert match.turns <= 12 and match.actions > 0


def test_levels_are_named_with_or_without_ai():
    assert make_captain("ai:hard").level == "hard"
    assert make_captain("normal").level == "normal"
    with pytest.raises(ValueError, match="no computer captain 'genius'"):
        make_captain("genius")


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_captain_never_sees_the_games_dice(level):
    """Two games alike in everything but the dice to come: the captain decides the same,
    because it rolls its own dice when it looks ahead."""
    game = Game.new("ahoy", "duel", seed=4)
    while game.state.phase.value != "movement" or game.state.move is None:
        legal = game.legal_actions()
        game.play(next((x for x in legal if isinstance(x, a.StartMove) and x.pace == "full"),
                       legal[0]))
    state = game.state
    side = state.to_act
    decisions = []
    for seed in (1, 987654321):
        other = replace(state, rng=Rng(seed, state.rng.counter))
        # a fixed amount of look-ahead, not of time: how many playouts fit in a time budget
        # depends on the machine's load, and that must not pass for seeing the dice
        captain = make_captain(level, seed=5, think=1000.0)
        captain.max_rounds = 3  # type: ignore[attr-defined]
        decisions.append(captain.decide(RULES.view(other, side), legal_actions(other)).action)
    assert decisions[0] == decisions[1]


def test_the_view_a_captain_gets_has_no_seed():
    game = Game.new("ahoy", "duel", seed=77)
    view = RULES.view(game.state, "p2")
    assert view.rng.seed == 0 and game.state.rng.seed == 77


def test_every_decision_is_legal_and_explained():
    captain = make_captain("normal", seed=3, think=0.05)
    game = Game.new("ahoy", "squadron", seed=9)
    state = game.state
    for _ in range(400):
        if state.over:
            break
        legal = legal_actions(state)
        decision = captain.decide(RULES.view(state, state.to_act), legal)
        assert decision.action in legal
        assert decision.why
        state, _ = apply(state, decision.action, legal=legal)


def test_decisions_in_the_middle_of_things():
    """Avoiding a ram, a ram's re-roll, the fate of a beaten crew: each answered."""
    from ahoy_tui.rules.ahoy.model import Pending

    game = Game.new("ahoy", "duel", seed=2)
    state = game.state
    captain = make_captain("easy")
    from ahoy_tui.engine import LegalActions

    for pending, expected in (
        (Pending("avoid", "p1", ship="harpy", other="revenge", impact="ram"), a.Avoid(True)),
        (Pending("reroll", "p1", ship="revenge", other="harpy", faces=(5, 1)),
         a.RerollRamDie(1)),
        (Pending("reroll", "p1", ship="revenge", other="harpy", faces=(5, 6)),
         a.RerollRamDie(-1)),
        (Pending("surrendered", "p1", ship="revenge"), a.DecideFate("lock_below")),
        (Pending("swimmers", "p1", ship="harpy"), a.DealWithSwimmers("captive")),
    ):
        s = replace(state, pending=pending, to_act="p1")
        legal = RULES.legal_actions(s)
        assert isinstance(legal, LegalActions)
        assert captain.decide(s, legal).action == expected


def test_best_guess_lands_on_the_hull_as_often_as_can_be():
    guess, odds = best_guess(20.0, 23.5, 48)
    assert odds == pytest.approx(2 / 6)  # a 3.5" stretch holds two of the die's numbers
    assert sum(1 for f in (2, 4, 6, 8, 10) if 20 <= guess + f <= 23.5) == 2
    assert best_guess(20.0, 33.0, 48)[1] == pytest.approx(5 / 6)  # a long hull: every number


def test_a_tournament_reports_mirrored_results():
    matches, summary = tournament("normal", "random", 4, seed=3, think=0.05)
    assert summary["games"] == 4
    first, second = summary["p1"], summary["p2"]
    assert first["wins"] + first["draws"] + first["losses"] == 4
    assert (first["wins"], first["losses"]) == (second["losses"], second["wins"])
    assert [m.levels for m in matches] == [("normal", "random"), ("random", "normal")] * 2
    assert matches[0].seed == matches[1].seed and matches[2].seed == matches[3].seed
    assert summary["think_ms"]["decisions"] > 0
    assert 0 <= summary["p1_score_95"][0] <= summary["p1_score"] <= summary["p1_score_95"][1]
    assert summarise("a", "b", matches[:2])["games"] == 2


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.404, abs=0.002) and high == pytest.approx(0.596, abs=0.002)
    assert wilson(0, 0) == (0.0, 1.0)


def test_a_captain_searching_rolls_only_its_own_dice(monkeypatch):
    """Every die the hard captain rolls while looking ahead comes from its own seeds."""
    from ahoy_tui.engine import dice

    game = Game.new("ahoy", "duel", seed=123456789)
    while game.state.move is None:
        legal = game.legal_actions()
        game.play(next((x for x in legal if isinstance(x, a.StartMove) and x.pace == "full"),
                       legal[0]))
    seeds: list[int] = []
    original = dice.Rng.face

    def spy(self, index, sides, salt=0):
        seeds.append(self.seed)
        return original(self, index, sides, salt)

    monkeypatch.setattr(dice.Rng, "face", spy)
    state = game.state
    captain = make_captain("hard", seed=1, think=0.2)
    captain.decide(RULES.view(state, state.to_act), legal_actions(state))
    assert seeds, "the search rolled dice"
    assert 123456789 not in seeds and 0 not in seeds, "never the game's dice (nor the view's)"
