"""Warhammer Ahoy!'s hard captain on the shared plan search (issue 42): he plays the normal
captain's best few plans for a move out through the enemy's whole reply, on his own dice,
every plan meeting the same luck, and keeps the plan that plays out best."""

from __future__ import annotations

import pytest

from ahoy_tui.ai import plan_search
from ahoy_tui.ai.ahoy import hard
from ahoy_tui.ai.ahoy.judge import judge
from ahoy_tui.ai.captain import make_captain
from ahoy_tui.engine import Game, GameState, get_ruleset, legal_actions
from ahoy_tui.engine.dice import Rng
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.model import AhoyState, Phase

RULES = get_ruleset("ahoy")


def _moving(seed: int = 123456789) -> AhoyState:
    """The duel at the Harpy's first move, full sail, the Revenge 35" off."""
    game = Game.new("ahoy", "duel", seed=seed)
    while game.state.move is None:
        legal = game.legal_actions()
        game.play(next((x for x in legal if isinstance(x, a.StartMove) and x.pace == "full"),
                       legal[0]))
    state = game.state
    assert isinstance(state, AhoyState)
    return state


class _Marked(hard.Move):
    """The real playouts, judged by how near the Harpy ends to a mark (a place and a
    heading): the plan that ends on the mark plays out best, whatever the dice."""

    def __init__(self, mark: tuple[float, float, int]) -> None:
        self.mark = mark
        self.judged: list[tuple[float, float, int]] = []

    def judge(self, state: GameState, side: str) -> float:
        assert isinstance(state, AhoyState)
        ship = state.ship("harpy")
        self.judged.append((ship.x, ship.y, ship.heading))
        x, y, heading = self.mark
        return -abs(ship.x - x) - abs(ship.y - y) - 5.0 * (ship.heading != heading)


def test_the_plan_that_plays_out_best_is_kept_though_the_normal_captain_ranks_it_last(
        monkeypatch):
    state = _moving()
    side = state.to_act
    view = RULES.view(state, side)
    captain = make_captain("hard", seed=1, think=1000.0).for_rules("ahoy")
    assert isinstance(captain, hard.HardCaptain)
    captain.max_rounds = 3
    from ahoy_tui.ai.ahoy.plans import move_plans

    plans = move_plans(view, 1, captain._pending_choice)
    ranked = sorted(plans, key=lambda p: judge(p[1], side), reverse=True)
    top = hard.distinct(ranked, view, hard.CANDIDATES)
    assert len(top) == 3
    last = top[-1][1].ship("harpy")  # the normal captain's third choice
    marked = _Marked((last.x, last.y, last.heading))
    monkeypatch.setattr(hard, "MOVE", marked)

    decision = captain.decide(view, legal_actions(state))

    weighed = captain.last_search
    assert weighed is not None and weighed.rounds == 3
    assert weighed.best == 2 and weighed.means[2] > max(weighed.means[:2])
    assert decision.action == top[-1][0][0]  # his first step is the third plan's
    # every playout was played on to the enemy's reply and judged there: 3 plans x 3 rounds
    assert len(marked.judged) == 9


def test_without_a_lead_beyond_the_luck_the_normal_captains_plan_stands(monkeypatch):
    """Judged all alike, no plan leads: he plays the normal captain's first."""
    state = _moving()
    view = RULES.view(state, state.to_act)

    class Level(hard.Move):
        def judge(self, state: GameState, side: str) -> float:
            return 0.0

    monkeypatch.setattr(hard, "MOVE", Level())
    captain = make_captain("hard", seed=1, think=1000.0).for_rules("ahoy")
    captain.max_rounds = 3  # type: ignore[attr-defined]
    normal = make_captain("normal", seed=1, think=1000.0).for_rules("ahoy")
    legal = legal_actions(state)
    assert captain.decide(view, legal).action == normal.decide(view, legal).action
    assert captain.last_search is not None and captain.last_search.best == 0  # type: ignore


def test_every_plan_meets_the_same_seeds(monkeypatch):
    """Common random numbers: each round's seed is the same for every plan."""
    state = _moving()
    view = RULES.view(state, state.to_act)
    seeds: list[int] = []
    real = hard.Move.dice

    def spy(self: hard.Move, view: GameState, seed: int) -> GameState:
        seeds.append(seed)
        return real(self, view, seed)

    monkeypatch.setattr(hard.Move, "dice", spy)
    captain = make_captain("hard", seed=1, think=1000.0).for_rules("ahoy")
    captain.max_rounds = 4  # type: ignore[attr-defined]
    captain.decide(view, legal_actions(state))
    assert len(seeds) == 12
    rounds = [seeds[i:i + 3] for i in range(0, 12, 3)]
    assert all(len(set(r)) == 1 for r in rounds)
    assert len({r[0] for r in rounds}) == 4
    assert 0 not in seeds and 123456789 not in seeds


def test_a_playouts_die_is_the_seeds_and_the_actions_not_the_steps():
    """Two plans that come by different paths (other steps) to the same pace in the same
    turn roll it alike; other seeds roll otherwise."""
    state = Game.new("ahoy", "duel", seed=5).state
    captain = make_captain("easy")
    while state.phase != Phase.MOVEMENT:
        legal = legal_actions(state)
        state = hard.act(state, captain.decide(state, legal).action, 11)
    pace = a.StartMove("harpy", "full")
    assert pace in legal_actions(state)

    def rolled(seed: int, step: int) -> tuple[int, float]:
        own = replace(state, rng=Rng(seed, 0), step=step)
        after = hard.act(own, pace, seed)
        assert after.move is not None and after.rng.counter == 1  # the pace's one die
        return after.rng.counter, after.move.allowance

    assert all(rolled(seed, state.step) == rolled(seed, state.step + 7) for seed in range(1, 9))
    assert len({rolled(seed, state.step)[1] for seed in range(1, 25)}) > 1


@pytest.mark.parametrize("scenario", ["duel", "squadron"])
def test_the_search_is_honest_and_the_same_for_the_same_dice_of_his_own(scenario,
                                                                          monkeypatch):
    """Spying on every die: none from the game's seed nor the view's; and a fixed number of
    rounds gives the same choice in two games that differ only in the dice to come."""
    from ahoy_tui.engine import dice

    state = _moving(987654)
    if scenario == "squadron":
        game = Game.new("ahoy", "squadron", seed=987654)
        while game.state.move is None:
            game.play(game.legal_actions()[0])
        state = game.state
    seen: list[int] = []
    original = dice.Rng.face

    def spy(self: Rng, index: int, sides: int, salt: int = 0) -> int:
        seen.append(self.seed)
        return original(self, index, sides, salt)

    monkeypatch.setattr(dice.Rng, "face", spy)
    choices = []
    for seed in (987654, 13):
        other = replace(state, rng=Rng(seed, state.rng.counter))
        captain = make_captain("hard", seed=3, think=1000.0).for_rules("ahoy")
        captain.max_rounds = 2  # type: ignore[attr-defined]
        choices.append(captain.decide(RULES.view(other, other.to_act),
                                      legal_actions(other)).action)
    assert choices[0] == choices[1]
    assert seen and 987654 not in seen and 13 not in seen and 0 not in seen
    assert plan_search.BUDGET < 1


def test_the_pace_is_weighed_on_his_own_dice_and_the_same_whatever_the_dice_to_come(
        monkeypatch):
    """At a ship's pace (full sail or slow: each played out through the enemy's turn) every
    die rolled comes from his own seeds, and two games differing only in the dice to come get
    the same pace."""
    from ahoy_tui.engine import dice

    game = Game.new("ahoy", "duel", seed=4242)
    while not any(isinstance(x, a.StartMove) for x in game.legal_actions()) \
            or game.state.turn < 2:
        legal = game.legal_actions()
        game.play(next((x for x in legal if isinstance(x, a.StartMove) and x.pace == "full"),
                       legal[0]))
    state = game.state
    paces = [x for x in legal_actions(state) if isinstance(x, a.StartMove)]
    assert len(paces) >= 2
    seen: list[int] = []
    original = dice.Rng.face

    def spy(self: Rng, index: int, sides: int, salt: int = 0) -> int:
        seen.append(self.seed)
        return original(self, index, sides, salt)

    monkeypatch.setattr(dice.Rng, "face", spy)
    choices, searched = [], []
    for seed in (4242, 77):
        other = replace(state, rng=Rng(seed, state.rng.counter))
        captain = make_captain("hard", seed=3, think=1000.0).for_rules("ahoy")
        captain.max_rounds = 2  # type: ignore[attr-defined]
        choices.append(captain.decide(RULES.view(other, other.to_act),
                                      legal_actions(other)).action)
        searched.append(captain.last_search)  # type: ignore[attr-defined]
    assert isinstance(choices[0], a.StartMove) and choices[0] == choices[1]
    assert all(w is not None and w.rounds == 2 for w in searched)
    assert seen and 4242 not in seen and 77 not in seen and 0 not in seen
