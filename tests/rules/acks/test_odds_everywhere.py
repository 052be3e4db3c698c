"""Every choice that rolls shows its odds (issue 35): random legal battles over every built-in
scenario and several seeds, played by a captain who closes with the enemy and takes whatever
the rules offer there (rams, lines, bridges, boardings, fights, fire pots); at each choice the
dice its own application rolls are looked at, and a choice that rolled any must have had odds
from the ``odds`` hook, their outcomes summing to one. The only choices let off are listed in
``EXEMPT``, each with its reason."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction

import pytest

from ahoy_tui.engine import Game
from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import DiceRoll, Event
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.hexgrid import distance
from ahoy_tui.rules.acks import boarding, flow
from ahoy_tui.rules.acks.model import AcksState
from ahoy_tui.rules.acks.movement import plan_step
from ahoy_tui.rules.acks.scenario import BUILTIN

SEEDS = (0, 1)


def _leaves(state: AcksState, action: object) -> bool:
    return getattr(action, "kind", "") == "step" and plan_step(
        state, state.vessel(action.vessel), action.how).leaves   # type: ignore[attr-defined]


# A choice that may roll with no odds, and why.
EXEMPT: dict[str, tuple[Callable[[AcksState, object], bool], str]] = {
    "a step off the battlemap": (
        _leaves, "she is out of the battle: the caution hook asks first, and a bridge that "
        "parts then is not the step's throw but the bridge's"),
}


def rolled(state: AcksState, action: object) -> list[DiceRoll]:
    """The dice the choice's own application rolls (not the initiative or the fires of the
    counts that follow it)."""
    events: list[Event] = []
    dice = Dice(state.rng, events)
    after = flow._apply(state, action, dice, events)
    if after.bridges:
        boarding.parted(after, dice, events)
    return [e for e in events if isinstance(e, DiceRoll)]


def _nearest(state: AcksState, vessel) -> int:
    return min((distance(a, b) for o in state.vessels if o.side != vessel.side and o.in_action
                for a in vessel.hexes for b in o.hexes), default=99)


def choose(state: AcksState, legal: list, rng: random.Random):
    """Close with the enemy (the step that brings her nearest, a ram first), else anything
    but passing, now and then a pass."""
    moves = [a for a in legal if a.kind in ("step", "ram")]
    if moves and all(a.kind in ("step", "ram", "halt", "done") for a in legal) \
            and rng.random() < 0.9:
        keep = [a for a in moves if a.kind == "ram" or not _leaves(state, a)]
        if keep:
            vessel = state.vessel(keep[0].vessel)

            def nearer(a) -> float:
                if a.kind == "ram":
                    return -100
                body = plan_step(state, vessel, a.how).body
                return _nearest(state, replace(vessel, body=body)) + rng.random() * 2

            return min(keep, key=nearer)
    busy = [a for a in legal if a.kind not in ("done", "halt")]
    return rng.choice(busy if busy and rng.random() < 0.85 else legal)


@pytest.mark.parametrize("scenario", BUILTIN)
def test_every_choice_that_rolls_has_its_odds(scenario: str) -> None:
    seen: Counter[str] = Counter()
    for seed in SEEDS:
        game = Game.new("acks", scenario, seed=seed)
        rng = random.Random(seed)
        while not game.over and game.step < 3000:
            state = game.state
            action = choose(state, list(game.legal_actions()), rng)
            if rolled(state, action) and not any(test(state, action)
                                                 for test, _ in EXEMPT.values()):
                odds = game.ruleset.odds(game.ruleset.view(state, action.side), action)
                assert odds is not None, (scenario, seed, game.step, action)
                if odds.outcomes:
                    assert sum((p for _, p in odds.outcomes), Fraction(0)) == 1, action
                seen[action.kind] += 1
            game.play(action)
    assert seen, scenario


def test_the_battles_reach_every_kind_of_roll() -> None:
    """The battles above are worth their time: between them they throw for shots, volleys,
    rams (head-on among them), lines, bridges, boardings, fights and fire pots."""
    seen: set[str] = set()
    for scenario in ("quinquereme", "boarding_bridge", "fire_pots"):
        for seed in SEEDS:
            game = Game.new("acks", scenario, seed=seed)
            rng = random.Random(seed)
            while not game.over and game.step < 3000:
                action = choose(game.state, list(game.legal_actions()), rng)
                if rolled(game.state, action):
                    seen.add(action.kind)
                game.play(action)
    assert {"shoot", "volley", "ram", "throw_grapple", "cut_line", "board", "fight",
            "lower_bridge", "raise_bridge", "dump_fire_pots"} <= seen, seen
