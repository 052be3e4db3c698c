"""Every decision of Ramming Speed! whose application rolls dice shows its odds before it is
taken (issue 35), but for a short list of decisions, each with its reason: random legal battles
over every scenario, each decision that rolls asked for its odds from the deciding side's own
view."""

from __future__ import annotations

import random
from fractions import Fraction

from ahoy_tui.engine.events import DiceRoll
from ahoy_tui.rules.ramming_speed import RULESET
from ahoy_tui.rules.ramming_speed.actions import Fall, WriteOrders
from ahoy_tui.rules.ramming_speed.model import RSState
from ahoy_tui.rules.ramming_speed.scenario import BUILTIN

# the decisions that may roll with no odds shown, and why
WITHOUT_ODDS = {
    "seal_orders": "sealing the last sheet reveals the orders and plays the turn on until the "
                   "next choice: the enemy's rams, plugging and leaks (10.5-10.6), the wind "
                   "(3.1) are no choice of the sealing side's; the rams of its own orders are "
                   "shown (on each order and on the seal) whenever they are foreseen",
    "phase_done": "done with a phase: its dice are those of the choices made in it (volleys, "
                  "lines, boardings, each shown with its odds as it was chosen) and the rules' "
                  "own steps (the rams settled, the melee fought, morale, plugging)",
    "fall": "a man of the ranks (or an officer with another to command, 22.3) given up falls "
            "with no roll of his own; the dice after him are the fights already matched, whose "
            "odds the match-up showed",
}


def officer_fall_rolls(state: RSState, action: Fall) -> bool:
    """Whether the man given up is an officer whose fall sets his crew's D6 rolling (22.0,
    22.3), worked out here: no other officer of his galley's left aboard her."""
    fallen = state.man(action.man)
    if fallen.rank not in ("captain", "admiral"):
        return False
    other = "captain" if fallen.rank == "admiral" else "admiral"
    return not any(m.rank == other and m.ship == fallen.ship and m.id != fallen.id
                   for m in state.men)


def choices(state: RSState, chooser: random.Random) -> object:
    """A random legal choice; in the orders phase, orders from the sheet's examples (every
    band, straight on or turning hard) twice in three, else the seal."""
    legal = RULESET.legal_actions(state)
    form = legal.form(WriteOrders)
    if form is not None and form.examples and chooser.random() < 2 / 3:
        return chooser.choice(form.examples)
    return legal[chooser.randrange(len(legal))]


def test_every_decision_that_rolls_shows_its_odds_but_the_few_listed():
    rolled: dict[str, int] = {}
    shown: dict[str, int] = {}
    for scenario in BUILTIN:
        for seed in range(2):
            state, _ = RULESET.setup(RULESET.load_scenario(scenario), seed, {})
            chooser = random.Random(seed)
            for _ in range(3000):
                if state.over:
                    break
                action = choices(state, chooser)
                view = RULESET.view(state, state.to_act or "")
                odds = RULESET.odds(view, action)
                if odds is not None:
                    assert sum(p for _, p in odds.outcomes) == Fraction(1), odds
                    shown[action.kind] = shown.get(action.kind, 0) + 1
                after, events = RULESET.apply(state, action)
                if any(isinstance(e, DiceRoll) for e in events):
                    rolled[action.kind] = rolled.get(action.kind, 0) + 1
                    if odds is None:
                        assert action.kind in WITHOUT_ODDS, (scenario, seed, action)
                        if isinstance(action, Fall):
                            assert not officer_fall_rolls(state, action), action
                state = after
    # the test saw the rolling decisions it is about, and the odds of orders that ram
    assert {"throw_lines", "put_forward", "abandon_ship", "seal_orders",
            "phase_done"} <= set(rolled), rolled
    assert {"write_orders", "throw_lines", "shoot"} <= set(shown), shown
