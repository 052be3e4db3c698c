"""Naval Battle computer captains: every level plays every built-in battle to the end, every
sheet it seals is one the rules accept, the normal captain beats the random one, and a captain
decides from its own side's view alone (the enemy's sealed sheets and the dice to come are not
in it)."""

from __future__ import annotations

import time

import pytest

from ahoy_tui.ai.captain import Decision, make_captain
from ahoy_tui.ai.naval_battle import levels
from ahoy_tui.ai.tournament import play_match, tournament
from ahoy_tui.engine import Game, LegalActions, Rng, apply, get_ruleset, legal_actions
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.state import GameState
from ahoy_tui.rules.naval_battle.actions import DeclareSpeed, FirePlan, GiveOrders
from ahoy_tui.rules.naval_battle.legal import example_orders, ship_orders_problem
from ahoy_tui.rules.naval_battle.model import HOLD, PORT, STARBOARD, NavalState, Phase

RULES = get_ruleset("naval-battle")
SCENARIOS = ("duel", "dragon", "doomdivers")
LEVELS = ("easy", "normal", "hard")


class Checked:
    """A captain whose every decision is checked as it is made: legal, explained, not a
    fallback, and (for a sheet of orders) every ship's orders pass the play sheet's checks."""

    def __init__(self, level: str, seed: int) -> None:
        self.level = level
        self.inner = make_captain(level, seed)
        self.slowest = 0.0
        self.sheets = 0

    def decide(self, view: GameState, legal: LegalActions) -> Decision:
        assert isinstance(view, NavalState)
        started = time.process_time()
        decision = self.inner.decide(view, legal)
        self.slowest = max(self.slowest, time.process_time() - started)
        assert decision.action in legal, decision
        assert decision.why
        assert not decision.why.startswith(("a plain sheet", "holding on as she goes"))
        if isinstance(decision.action, GiveOrders):
            declared = dict(view.speeds_shown)
            for orders in decision.action.ships:
                ship = view.ship(orders.ship)
                assert ship_orders_problem(ship, orders, declared.get(ship.id, HOLD)) is None
            self.sheets += 1
        return decision


def test_levels_are_the_three_captains():
    assert set(levels()) == {"easy", "normal", "hard"}
    assert {name: cls.level for name, cls in levels().items()} == {
        "easy": "easy", "normal": "normal", "hard": "hard"}


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_every_battle_to_the_end(level, scenario):
    p1, p2 = Checked(level, 1), Checked(level, 2)
    match = play_match("naval-battle", scenario, 3, p1, p2)
    limit = Game.new("naval-battle", scenario, seed=3).state.turn_limit
    assert match.turns <= limit
    assert p1.sheets and p2.sheets
    assert max(p1.slowest, p2.slowest) < 2.0  # CPU time: a loaded machine must not fail it


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_the_random_captain(level):
    captain = Checked(level, 5)
    for scenario in SCENARIOS:
        play_match("naval-battle", scenario, 4, make_captain("random", 9), captain)


def test_the_normal_captain_beats_the_random_one():
    """Measured (mirrored starts): seeds 1-5, 10 games a scenario: normal won 10 of 10 in the
    duel and 10 of 10 in the dragon; seeds 100-114, 30 games a scenario: 28 of 30 in the duel,
    30 of 30 in the dragon. Here 6 games a scenario, with a margin for other dice."""
    score = 0.0
    games = 0
    for scenario in SCENARIOS:
        _, summary = tournament("normal", "random", 6, 1, ruleset="naval-battle",
                                scenario=scenario)
        score += summary["p1"]["wins"] + summary["p1"]["draws"] / 2
        games += summary["games"]
    assert score / games >= 0.75


def _seal(state: NavalState, action: object) -> NavalState:
    state, _ = apply(state, action)
    assert isinstance(state, NavalState)
    return state


def _to_p2(state: NavalState, first: object, other: object) -> tuple[NavalState, NavalState]:
    """Two states alike but for p1's sealed sheet (and the dice to come), p2 to seal."""
    a = _seal(state, first)
    b = _seal(replace(state, rng=Rng(987654321, state.rng.counter)), other)
    assert a.to_act == b.to_act == "p2"
    assert a != b
    return a, b


def _decisions(level: str, states: tuple[NavalState, NavalState]) -> list[object]:
    out = []
    for state in states:
        view = RULES.view(state, "p2")
        assert isinstance(view, NavalState)
        # the view shows that p1 has sealed this phase's sheet, not what it says
        envelope = {Phase.DECLARE: view.declared, Phase.ORDERS: view.orders,
                    Phase.SHOOTING: view.plans}[view.phase]
        assert envelope.has_sealed("p1") and envelope.get("p1") is None
        out.append(make_captain(level, seed=5).decide(view, legal_actions(state)).action)
    return out


@pytest.mark.parametrize("level", LEVELS)
def test_a_captain_decides_from_its_view_only(level):
    game = Game.new("naval-battle", "dragon", seed=6)
    state = game.state
    assert isinstance(state, NavalState)
    ships = [s.id for s in state.side_ships("p1")]
    # the declarations: p1 says "up" or "down"
    up = DeclareSpeed("p1", tuple((s, "up") for s in ships))
    down = DeclareSpeed("p1", tuple((s, "down") for s in ships))
    first, second = _decisions(level, _to_p2(state, up, down))
    assert first == second and isinstance(first, DeclareSpeed)
    # the orders: p1 turns to port or to starboard
    state = _seal(_seal(state, up), first)
    assert state.phase == Phase.ORDERS
    port, starboard = example_orders(state, "p1", PORT), example_orders(state, "p1", STARBOARD)
    first, second = _decisions(level, _to_p2(state, port, starboard))
    assert first == second and isinstance(first, GiveOrders)
    # on to a fire plan with something to shoot at: p1 fires or holds its fire
    game = Game.new("naval-battle", "duel", seed=6)
    captain = make_captain("normal", 1)
    state = game.state
    while state.phase != Phase.SHOOTING or state.to_act != "p1":
        assert not state.over
        legal = legal_actions(state)
        state, _ = apply(state, captain.decide(RULES.view(state, state.to_act), legal).action,
                         legal=legal)
    fire = captain.decide(RULES.view(state, "p1"), legal_actions(state)).action
    assert isinstance(fire, FirePlan) and fire.shots
    a = _seal(state, fire)
    b = _seal(replace(state, rng=Rng(4242, state.rng.counter)), FirePlan("p1", ()))
    assert a.to_act == b.to_act == "p2"  # p2 has a target too (seed 6: checked)
    first, second = _decisions(level, (a, b))
    assert first == second and isinstance(first, FirePlan)
