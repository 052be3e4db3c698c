"""The captains with sea monsters: they summon only when nothing else of theirs can act (a
failure ends the turn), dive when the enemy is far and surface to strike when near, press a
monster's boarding action on or call it off by the odds, fight a monster off by the same odds,
and put an enemy monster's lair as far from their own ships as they may."""

from __future__ import annotations

import math

import pytest

from ahoy_tui.ai.captain import make_captain
from ahoy_tui.ai.man_o_war import beasts
from ahoy_tui.engine import Game, LegalActions
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.man_o_war import RULESET, monsters
from ahoy_tui.rules.man_o_war.actions import (
    Activate,
    MonsterChoice,
    MonsterCourse,
    PlaceMonster,
    Summon,
    Swim,
)
from ahoy_tui.rules.man_o_war.model import MowState, Prowl, Struggle


def leviathans(seed: int = 1) -> MowState:
    state = Game.new("man-o-war", "leviathans", seed=seed).state
    assert isinstance(state, MowState) and state.to_act == "p1"
    return state


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_he_summons_only_when_nothing_else_is_left_to_act(level: str) -> None:
    state = leviathans()
    captain = make_captain(level, 1, 0.05)
    legal = RULESET.legal_actions(state)
    assert Summon("kraken") in legal
    first = captain.decide(RULESET.view(state, "p1"), legal)
    assert not isinstance(first.action, Summon)
    alone = LegalActions([Summon("kraken")])
    assert captain.decide(RULESET.view(state, "p1"), alone).action == Summon("kraken")


def _prowling(state: MowState, x: float, y: float) -> MowState:
    kraken = replace(state.creature("kraken"), where="surfaced", x=x, y=y, heading=2)
    creatures = tuple(kraken if c.id == "kraken" else c for c in state.creatures)
    return replace(state, creatures=creatures, prowl=Prowl("kraken"))


def test_far_from_the_enemy_it_dives_near_it_stays_on_the_surface() -> None:
    state = leviathans()
    far = _prowling(state, 12, 4)
    decision = beasts.choose(far, RULESET.legal_actions(far))
    assert decision is not None and decision.action == MonsterCourse(True)
    enemy = next(s for s in state.ships if s.side == "p2")
    near = _prowling(state, enemy.x - 6, enemy.y)
    decision = beasts.choose(near, RULESET.legal_actions(near))
    assert decision is not None and decision.action == MonsterCourse(False)


def test_it_swims_at_the_nearest_enemy_ship() -> None:
    state = leviathans()
    enemy = next(s for s in state.ships if s.side == "p2")
    near = _prowling(state, enemy.x - 8, enemy.y)
    near = replace(near, prowl=Prowl("kraken", stage="swim", allowance=10))
    decision = beasts.choose(near, RULESET.legal_actions(near))
    nearest = min((s for s in state.ships if s.side == "p2"),
                  key=lambda s: math.dist((s.x, s.y), (enemy.x - 8, enemy.y)))
    assert decision is not None and decision.action == Swim(toward=nearest.id)


@pytest.mark.parametrize("crew, expected", [(1, "press_on"), (5, "retreat")])
def test_the_monster_presses_on_or_retreats_by_the_odds(crew: int, expected: str) -> None:
    state = leviathans()
    enemy = next(s for s in state.ships if s.side == "p2" and s.card.crew >= 5)
    state = _prowling(state, enemy.x - 4, enemy.y)
    kraken = replace(state.creature("kraken"), wounds=4)  # two wounds left
    ships = tuple(replace(s, crew=crew) if s.id == enemy.id else s for s in state.ships)
    state = replace(state, ships=ships, creatures=(kraken, state.creature("serpent")),
                    struggle=Struggle("kraken", enemy.id, "creature"))
    decision = beasts.choose(state, RULESET.legal_actions(state))
    assert decision is not None and decision.action == MonsterChoice(expected)


@pytest.mark.parametrize("crew, expected", [(5, "press_on"), (1, "drive_off")])
def test_a_ship_fights_a_monster_on_or_drives_it_off_by_the_odds(crew: int,
                                                                 expected: str) -> None:
    state = leviathans()
    enemy = next(s for s in state.ships if s.side == "p2" and s.card.crew >= 5)
    state = _prowling(state, enemy.x - 4, enemy.y)
    kraken = replace(state.creature("kraken"), wounds=3)  # three wounds left
    ships = tuple(replace(s, crew=crew) if s.id == enemy.id else s for s in state.ships)
    state = replace(state, ships=ships, creatures=(kraken, state.creature("serpent")),
                    struggle=Struggle("kraken", enemy.id, "ship"))
    decision = beasts.choose(state, RULESET.legal_actions(state))
    assert decision is not None and decision.action == MonsterChoice(expected)


def test_an_enemy_lair_goes_as_far_from_his_own_ships_as_it_may() -> None:
    state = leviathans()
    serpent = replace(state.creature("serpent"), where="lair")
    state = replace(state, creatures=(state.creature("kraken"), serpent), placing="serpent",
                    placer="p1")
    legal = RULESET.legal_actions(state)
    decision = beasts.choose(state, legal)
    assert decision is not None and isinstance(decision.action, PlaceMonster)
    spots = monsters.grid(state)
    ours = [s for s in state.ships if s.side == "p1"]

    def gap(spot: int) -> float:
        return min(math.dist(spots[spot], (s.x, s.y)) for s in ours)

    assert gap(decision.action.spot) == max(gap(x.spot) for x in legal.fixed)


def test_a_monster_on_the_table_is_activated_like_an_independent() -> None:
    state = leviathans()
    risen = replace(state.creature("kraken"), where="surfaced")
    state = replace(state, creatures=(risen, state.creature("serpent")))
    assert Activate("kraken") in RULESET.legal_actions(state)


def test_the_hard_captains_playouts_draw_a_kind_for_an_enemy_monster_still_face_down() -> None:
    """Issue 42: the view leaves an enemy's face-down template blank (its kind is his
    secret); the plan search's dice draw one from the bestiary by the playout's seed, so a
    playout in which the enemy summons it goes on (a blank one stopped the battle)."""
    from ahoy_tui.ai.man_o_war.hard import ACTIVATION
    from ahoy_tui.rules.man_o_war.bestiary import bestiary

    state = leviathans()
    view = RULESET.view(state, "p2")
    assert view.creature("kraken").kind == ""  # p1's secret
    dealt = ACTIVATION.dice(view, 7)
    assert isinstance(dealt, MowState)
    kind = dealt.creature("kraken").kind
    assert kind in bestiary().monsters
    assert ACTIVATION.dice(view, 7).creature("kraken").kind == kind  # the seed's draw
    assert {ACTIVATION.dice(view, s).creature("kraken").kind for s in range(1, 40)} == \
        set(bestiary().monsters)  # drawn, not read from the game (whose kind is one)
    from ahoy_tui.engine import apply

    # the summons the blank template could not survive: rolled, and told of, on his dice
    _, events = apply(dealt, Summon("kraken"))
    assert any("summon" in str(e).lower() for e in events)
