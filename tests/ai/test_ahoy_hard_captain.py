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
    count = hard.CANDIDATES
    assert len(top) == count
    last = top[-1][1].ship("harpy")  # the normal captain's last choice
    marked = _Marked((last.x, last.y, last.heading))
    monkeypatch.setattr(hard, "MOVE", marked)

    decision = captain.decide(view, legal_actions(state))

    weighed = captain.last_search
    assert weighed is not None and weighed.rounds == 3
    assert weighed.best == count - 1 and weighed.means[-1] > max(weighed.means[:-1])
    assert decision.action == top[-1][0][0]  # his first step is the last plan's
    # every playout was played on to the enemy's reply and judged there: each plan, 3 rounds
    assert len(marked.judged) == 3 * count


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
    count = hard.CANDIDATES
    assert len(seeds) == 4 * count
    rounds = [seeds[i:i + count] for i in range(0, 4 * count, count)]
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


def test_when_his_search_overrules_the_plan_he_gives_his_own_reason(monkeypatch):
    """Overruling the normal captain's plan, his reason line is what he expects of his own
    move (the playouts through the enemy's reply), not the normal captain's words."""
    state = _moving()
    side = state.to_act
    view = RULES.view(state, side)
    captain = make_captain("hard", seed=1, think=1000.0).for_rules("ahoy")
    assert isinstance(captain, hard.HardCaptain)
    captain.max_rounds = 2
    from ahoy_tui.ai.ahoy.plans import move_plans

    plans = move_plans(view, 1, captain._pending_choice)
    ranked = sorted(plans, key=lambda p: judge(p[1], side), reverse=True)
    top = hard.distinct(ranked, view, hard.CANDIDATES)
    last = top[-1][1].ship("harpy")
    monkeypatch.setattr(hard, "MOVE", _Marked((last.x, last.y, last.heading)))

    decision = captain.decide(view, legal_actions(state))

    assert captain.last_search is not None and captain.last_search.best == len(top) - 1
    normal_words = captain.why(view, top[-1][1])  # his words once the overruling is told
    assert decision.why.startswith("played out through the enemy's reply")
    assert "SP on the plain course (2 rounds)" in decision.why
    assert decision.why != normal_words


def test_a_reply_playout_ends_at_the_enemys_shooting_with_his_broadside_on_the_odds(
        monkeypatch):
    """The search's playout (``hard.Reply``) stops where the enemy's Shooting Phase begins,
    no gun of either side fired; his broadside is counted at its expected worth when his
    Shooting Phase began, hers (as crewed) against him there."""
    state = _moving()
    side = state.to_act
    view = RULES.view(state, side)
    seen: list[AhoyState] = []
    real = hard.reply_judge

    def spy(state: AhoyState, side: str) -> float:
        seen.append(state)
        return real(state, side)

    monkeypatch.setattr(hard, "reply_judge", spy)
    value = plan_search.playout(hard.Reply(), view, (), side, 77)  # his captain steers her
    (end,) = seen
    assert end.active != side and end.phase == Phase.SHOOTING
    assert not any(g.fired for s in end.ships for g in s.guns)
    assert value == pytest.approx(hard.SHOT * hard._SEEN.shot.value + real(end, side))


def _set_duel(harpy: tuple[float, float, int], revenge: tuple[float, float, int]) -> AhoyState:
    """The duel with the ships placed, at the Harpy's first move under full sail."""
    from ahoy_tui.engine import apply
    from ahoy_tui.rules.ahoy.model import update_ship

    state = Game.new("ahoy", "duel", seed=123456789).state
    assert isinstance(state, AhoyState)
    for ship, (x, y, heading) in (("harpy", harpy), ("revenge", revenge)):
        state = update_ship(state, ship, x=x, y=y, heading=heading)
    normal = make_captain("normal", seed=1, think=1000.0).for_rules("ahoy")
    while state.move is None:
        legal = legal_actions(state)
        action = next((x for x in legal if isinstance(x, a.StartMove) and x.pace == "full"),
                      None) or normal.decide(RULES.view(state, state.to_act), legal).action
        state, _ = apply(state, action)
        assert isinstance(state, AhoyState)
    return state


def test_in_a_forced_position_he_takes_the_plan_that_plays_out_clearly_better():
    """The Revenge 8" off on the Harpy's port bow, heading west. The normal captain scores
    alike (2.0 and 1.98 SP, where the ships lie) a plan that bears away to port with half her
    guns on the Revenge and one that crosses south of her to lie broadside to broadside:
    he takes the first. Counting that the Harpy fires first and then the Revenge's reply
    where she will have sailed, the hard captain closes, and that plan plays out clearly
    better on dice the search never saw too."""
    from ahoy_tui.ai.ahoy.plans import move_plans

    state = _set_duel((30.0, 24.0, 2), (38.0, 16.0, 6))
    side = state.to_act
    view = RULES.view(state, side)
    legal = legal_actions(state)
    normal = make_captain("normal", seed=1, think=1000.0).for_rules("ahoy")
    captain = make_captain("hard", seed=1, think=1000.0).for_rules("ahoy")
    assert isinstance(captain, hard.HardCaptain)
    captain.max_rounds = 6

    decision = captain.decide(view, legal)

    weighed = captain.last_search
    assert weighed is not None and weighed.best != 0 and weighed.gain > 2.0
    plans = move_plans(view, 1, captain._pending_choice)
    ranked = sorted(plans, key=lambda p: judge(p[1], side), reverse=True)
    top = hard.distinct(ranked, view, hard.CANDIDATES)
    plain = normal.decide(view, legal)
    assert plain.action == top[0][0][0]
    # the whole plan he sails is the one that played out best, not the normal captain's
    assert (decision.action, *captain._plan) == top[weighed.best][0] != top[0][0]
    chosen, first = top[weighed.best][1].ship("harpy"), top[0][1].ship("harpy")
    revenge = view.ship("revenge")
    assert gap_to(chosen, revenge) > gap_to(first, revenge)  # she crosses to the far side
    assert decision.why.startswith("played out through the enemy's reply: her guns worth")

    def mean(plan: tuple[object, ...]) -> float:
        seeds = [plan_search.round_seed(991, i) for i in range(12)]
        return sum(plan_search.playout(hard.MOVE, view, plan, side, s) for s in seeds) / 12

    assert mean(top[weighed.best][0]) > mean(top[0][0]) + 2.0


def gap_to(ship: object, other: object) -> float:
    """How far south of the other ship's centre she ends (the y axis runs south)."""
    return ship.y - other.y  # type: ignore[attr-defined]
