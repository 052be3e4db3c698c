"""Every Ahoy! decision that rolls dice for its outcome shows its odds before it is taken
(issue 35): random legal battles over every scenario and a few seeds, and at each step, if the
decision's own application (``apply.dispatch``, before the turn sequence runs on by itself)
rolled a die, the odds of that decision, seen from the side deciding, are not None.

The few kinds left out only end a phase or a move: what they roll the rules roll by themselves
(the wind, fires, drift, ships out of control, swimmers drowning, the boarding melee at the end
of a turn), and they are the one way on, so there is nothing to weigh.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ahoy_tui.engine.dice import Dice, action_dice
from ahoy_tui.engine.events import DiceRoll, Event
from ahoy_tui.engine.game import Game, action_salt, apply
from ahoy_tui.rules.ahoy import RULESET
from ahoy_tui.rules.ahoy.apply import dispatch

ENDS_A_STEP = {
    "end_orders": "ends the orders phase: the fires, drift, ships out of control and swimmers "
                  "drowning are rolled by themselves",
    "end_movement": "ends the movement phase: the boarding melee and the wind are rolled by "
                    "themselves",
    "end_shooting": "ends the turn: the boarding melee, strike tests, a fire ship burning out "
                    "and the wind are rolled by themselves",
    "end_move": "ends a ship's move (no inches left to weigh): a towed fire ship keeping "
                "station and the phase's end roll by themselves",
}
FINISH = ("end_orders", "end_movement", "end_shooting")
SCENARIOS = [info.name for info in RULESET.scenarios()]


def own_rolls(state, action) -> list[DiceRoll]:
    """The dice the decision itself rolls, as ``apply`` rolls them (the same salt)."""
    events: list[Event] = []
    with action_dice(action_salt(state.step, action)):
        dispatch(state, Dice(state.rng, events), action)
    return [e for e in events if isinstance(e, DiceRoll)]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_decision_that_rolls_shows_its_odds(scenario):
    rolled: Counter[str] = Counter()
    missing: list[str] = []
    for seed in range(3):
        chooser = random.Random(seed)
        state = Game.new("ahoy", scenario, seed=seed).state
        for _ in range(500):
            if state.over:
                break
            legal = list(RULESET.legal_actions(state))
            finish = [x for x in legal if x.kind in FINISH]
            action = finish[0] if finish and chooser.random() < 0.3 else chooser.choice(legal)
            if action.kind not in ENDS_A_STEP:
                rolls = own_rolls(state, action)
                if rolls:
                    rolled[action.kind] += 1
                    odds = RULESET.odds(RULESET.view(state, state.to_act), action)
                    if odds is None:
                        missing.append(f"{action!r}: {[r.rule for r in rolls]}")
                    else:
                        assert odds.summary and odds.breakdown, action
            state, _ = apply(state, action)
    assert not missing, missing[:5]
    assert rolled, "some decision rolled in these battles"
