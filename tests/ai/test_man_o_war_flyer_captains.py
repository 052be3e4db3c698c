"""The captains with flyers: a flyer is never sent at what would fire back with more dice than
it has wounds (unless the house rule lets it strike first), an enemy flyer is the first prey, a
fight goes on or is broken off by the odds, and a Man O' War fires her anti-flyer weapon once
her cannons have nothing worth a shot."""

from __future__ import annotations

from ahoy_tui.ai.man_o_war import airmen
from ahoy_tui.engine import Game, LegalActions
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.man_o_war import RULESET
from ahoy_tui.rules.man_o_war.actions import EndFire, EndMove, FireAntiFlyer, Fly, FlyerChoice
from ahoy_tui.rules.man_o_war.model import Duel, Flight, MowState


def eyries() -> MowState:
    state = Game.new("man-o-war", "eyries", seed=1).state
    assert isinstance(state, MowState) and state.to_act == "p1"
    return state


def flying(state: MowState, flyer: str, **where: float) -> MowState:
    moved = tuple(replace(f, **where) if f.id == flyer else f for f in state.flyers)
    return replace(state, flyers=moved, flight=Flight(flyer))


def test_a_flyer_is_not_sent_at_a_ship_that_would_shoot_it_down() -> None:
    state = flying(eyries(), "eagle_a", wounds=1)
    state = replace(state, flyers=tuple(f for f in state.flyers if f.side == "p1"))
    decision = airmen.choose(state, RULESET.legal_actions(state))
    # every Dark Elf ship has more crew counters than the wounded Eagle has wounds left (1)
    assert decision is not None and decision.action == EndMove()
    first = replace(state, options=(*state.options, ("flyer_first", "true")))
    decision = airmen.choose(first, RULESET.legal_actions(first))
    assert decision is not None and isinstance(decision.action, Fly) and decision.action.toward


def test_an_enemy_flyer_is_the_first_prey() -> None:
    state = flying(eyries(), "eagle_a")
    decision = airmen.choose(state, RULESET.legal_actions(state))
    assert decision is not None and isinstance(decision.action, Fly)
    assert decision.action.toward.startswith("manticore")


def test_a_fight_goes_on_or_is_broken_off_by_the_odds() -> None:
    state = flying(eyries(), "eagle_a")
    winning = replace(state, duel=Duel("eagle_a", "manticore_a", "attacker"),
                      flyers=tuple(replace(f, wounds=2) if f.id == "manticore_a" else f
                                   for f in state.flyers))
    decision = airmen.choose(winning, RULESET.legal_actions(winning))
    assert decision is not None and decision.action == FlyerChoice("fight_on")
    losing = replace(state, duel=Duel("eagle_a", "manticore_a", "attacker"),
                     flyers=tuple(replace(f, wounds=1) if f.id == "eagle_a" else f
                                  for f in state.flyers))
    decision = airmen.choose(losing, RULESET.legal_actions(losing))
    assert decision is not None and decision.action == FlyerChoice("break_off")


def test_the_anti_flyer_weapon_fires_when_the_cannons_are_done() -> None:
    state = eyries()
    legal = LegalActions([FireAntiFlyer("manticore_a"), FireAntiFlyer("manticore_b"),
                          EndFire()])
    wounded = replace(state, flyers=tuple(replace(f, wounds=1) if f.id == "manticore_b" else f
                                          for f in state.flyers))
    decision = airmen.anti_flyer(wounded, legal)
    assert decision is not None and decision.action == FireAntiFlyer("manticore_b")
    assert airmen.anti_flyer(state, LegalActions([EndFire()])) is None
