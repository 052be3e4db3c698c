"""What the Ahoy! rules remember by identity is what they would work out afresh: crew plans
and the telling-off of crews, over every state of random battles."""

from __future__ import annotations

import importlib
import random

import pytest

import ahoy_tui.rules.ahoy.crew as crew_module
from ahoy_tui.engine import Game, apply, legal_actions
from ahoy_tui.rules.ahoy.crew import (
    _tell_off,
    apply_plan,
    available_hands,
    boarders_on,
    captives_on,
    engaged,
    fire_fighters,
    gun_crew,
    own_aboard,
    sailing_crew,
)
from ahoy_tui.rules.ahoy.flow import sides_fighting
from ahoy_tui.rules.ahoy.legal import _crew_plans, crew_plans
from ahoy_tui.rules.ahoy.model import Task


def _fighting_afresh(state, ship) -> bool:
    """A ship in the fight, as the rules say it: afloat, colours flying, not taken, with her
    own men aboard (captives aside) or across boarding an enemy."""
    if ship.sunk or ship.withdrawn or ship.struck or ship.captured_by:
        return False
    return any(c.side == ship.side and c.task != Task.CAPTIVE and c.aboard == ship.id
               for c in state.crew) or any(
        c.ship == ship.id and c.side == ship.side and c.task == Task.BOARDING
        and c.aboard != ship.id for c in state.crew)


def _check_muster(state, ship) -> None:
    """Each question about a deck, answered from the muster, is the scan of the deck."""
    deck = [c for c in state.crew if c.aboard == ship.id]
    own = [c for c in deck if c.side == ship.side and c.task != Task.CAPTIVE]
    fight = any(c.side != ship.side and c.task == Task.BOARDING for c in deck)
    assert own_aboard(state, ship) == own
    assert boarders_on(state, ship) == [
        c for c in deck if c.side != ship.side and c.task == Task.BOARDING]
    assert captives_on(state, ship) == [c for c in deck if c.task == Task.CAPTIVE]
    assert available_hands(state, ship) == [c for c in own if c.task != Task.BOARDING]
    assert engaged(state, ship) == fight
    assert sailing_crew(state, ship) == (0 if fight else sum(
        1 for c in own if c.task == Task.SAILING))
    assert fire_fighters(state, ship) == sum(1 for c in own if c.task == Task.FIRES)
    for gun in ship.guns:
        assert gun_crew(state, ship, gun.id) == (0 if fight else sum(
            1 for c in own if c.task == Task.GUN and c.gun == gun.id))


@pytest.mark.parametrize("scenario,seed", [("squadron", 2), ("harbour", 4), ("duel", 9)])
def test_remembered_answers_are_fresh_answers(scenario: str, seed: int) -> None:
    game = Game.new("ahoy", scenario, seed=seed)
    state, chooser = game.state, random.Random(seed)
    checked = 0
    while not state.over and checked < 400:
        for ship in state.ships:
            if ship.sunk:
                continue
            assert crew_plans(state, ship) == _crew_plans(state, ship)
            fresh = _tell_off(state, ship)
            after = apply_plan(state, ship.id)
            assert {c.id: c for c in after.crew if c.id in fresh} == \
                {k: v for k, v in fresh.items() if v is not None}
            assert (after is state) == (not fresh)
            _check_muster(state, ship)
        assert sides_fighting(state) == frozenset(
            s.side for s in state.ships if _fighting_afresh(state, s))
        listed = legal_actions(state)
        state, _ = apply(state, listed[chooser.randrange(len(listed))], legal=listed)
        checked += 1
    assert checked > 50
    # the memos were used, and are bounded
    legal_module = importlib.import_module("ahoy_tui.rules.ahoy.legal")  # not the function
    assert 0 < len(legal_module._PLANS) <= 257 and 0 < len(crew_module._PLANNED) <= 257
