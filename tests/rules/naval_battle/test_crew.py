"""Creatures: "If the creature is killed the remaining ship/howdah will flounder with a speed and
maneuver equal to 1" (issue 34): the dragon scenario's Sea Dragon killed with forced dice, and
the Scourge of Karond Kar sailing on at speed 1's 12"/turn, one maneuver token a turn."""

from __future__ import annotations

import math

from ahoy_tui.engine import Game, forced
from ahoy_tui.engine.errors import IllegalAction
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.game import apply, check, legal_actions
from ahoy_tui.rules.naval_battle.actions import DeclareSpeed, FirePlan, GiveOrders
from ahoy_tui.rules.naval_battle.crew import flounder
from ahoy_tui.rules.naval_battle.legal import ORDERING_MANEUVERS
from ahoy_tui.rules.naval_battle.model import SPEED, STEADY, NavalState, Phase, Shot

ROCKETS_KILL = (4, 1, 1, 1)  # artillery die 4, scatter 1: on target; D4 damage 1; save 1


def said(events: tuple[Event, ...], kind: str) -> list[str]:
    return [e.text for e in events if isinstance(e, Happened) and e.kind == kind]


def dragon_in_the_rockets_sights() -> NavalState:
    """The dragon scenario, the Scourge of Karond Kar at the south-west, heading north, her Sea
    Dragon down to its last chit; turn 1 sailed on the example sheets, to the Shooting phase
    with the Sigmar's Wrath's bow rockets in range."""
    state = Game.new("naval-battle", "dragon", seed=1).state
    assert isinstance(state, NavalState)
    karond = state.ship("karond")
    assert karond.creature is not None
    state = state.with_ship(replace(karond, x=30.0, y=46.0, heading=0,
                                    creature=replace(karond.creature, chits=1)))
    while state.phase != Phase.SHOOTING:
        state, _ = apply(state, legal_actions(state).fixed[0])
    assert isinstance(state, NavalState)
    return state


def test_the_killed_creatures_ship_flounders_at_once_and_from_then_on() -> None:
    state = dragon_in_the_rockets_sights()
    assert state.ship("karond").speed == 18  # half her dragon's 36"
    state, _ = apply(state, FirePlan("p1", ()))
    with forced(*ROCKETS_KILL):
        state, events = apply(state, FirePlan("p2", (Shot("wrath", "bow-rockets", "karond",
                                                          at_creature=True),)))
    assert isinstance(state, NavalState)
    karond = state.ship("karond")
    assert karond.creature is not None and karond.creature.dead
    # at once: speed 1's 12"/turn at most, one maneuver token
    assert karond.speed == 12 and karond.moving_maneuverability == 1
    assert said(events, "creature_dead") == [
        "Scourge of Karond Kar's Sea Dragon is killed: the ship flounders at speed 1, maneuver 1 "
        "(her speed falls from 18\" to 12\"/turn, 12\" at most)"]
    # and from then on: she speeds up every turn, crew on Speed, and never goes faster
    for _ in range(2):
        assert state.phase == Phase.DECLARE
        while state.phase == Phase.DECLARE:
            side = state.to_act
            sheet = (DeclareSpeed("p1", (("karond", "up"),)) if side == "p1"
                     else legal_actions(state).fixed[0])
            state, _ = apply(state, sheet)
        assert isinstance(state, NavalState)
        before = state.ship("karond")
        while state.phase == Phase.ORDERS:
            sheet = legal_actions(state).fixed[0]
            if sheet.side == "p1":
                assert isinstance(sheet, GiveOrders)
                (mine,) = sheet.ships
                assert sum(n for box, _, n in mine.assign if box == SPEED) > 0
                assert len(mine.maneuvers) == 1  # maneuver 1: one token
                three = GiveOrders("p1", (replace(mine, maneuvers=(STEADY,) * 3),))
                try:
                    check(state, three)
                except IllegalAction as refused:
                    assert refused.rule == ORDERING_MANEUVERS
                else:
                    raise AssertionError("her dragon's three tokens were taken")
            state, events = apply(state, sheet)
        assert isinstance(state, NavalState)
        after = state.ship("karond")
        assert after.speed == 12
        assert math.dist((before.x, before.y), (after.x, after.y)) <= 12 + 1e-9
        assert any("cannot speed up from 12\"/turn (she is at her maximum)" in text
                   for text in said(events, "speed"))
        while state.phase == Phase.SHOOTING:
            state, _ = apply(state, FirePlan(state.to_act, ()))
        assert isinstance(state, NavalState)


def test_a_ship_slower_than_speed_1_keeps_her_speed_when_her_creature_dies() -> None:
    state = Game.new("naval-battle", "dragon", seed=1).state
    assert isinstance(state, NavalState)
    karond = state.ship("karond")
    assert karond.creature is not None
    dead = replace(karond, speed=8, creature=replace(karond.creature, chits=0, dead=True))
    events: list[Event] = []
    assert flounder(dead, "Sea Dragon", events).speed == 8
    assert "(8\"/turn, 12\" at most)" in events[0].text  # type: ignore[attr-defined]
