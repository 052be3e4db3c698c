"""Man O' War captains in the Magic Phase: the normal (and hard) captain casts the spell worth
most by the odds and none that is worth nothing, dispels what would hurt and lets a trifle
stand, and decides from his side's view, where the enemy's hand is face down; the easy captain
curses the nearest enemy. Hands are dealt with forced dice."""

from __future__ import annotations

import pytest

from ahoy_tui.ai.captain import make_captain
from ahoy_tui.ai.man_o_war import sorcery
from ahoy_tui.engine import Game, get_ruleset
from ahoy_tui.engine.dice import forced
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.game import apply
from ahoy_tui.rules.man_o_war.actions import (
    CastSpell,
    DispelSpell,
    KeepHand,
    LetItStand,
    NoSpell,
)
from ahoy_tui.rules.man_o_war.model import MowState, Phase
from ahoy_tui.rules.man_o_war.spellbook import spellbook

RULES = get_ruleset("man-o-war")


def dealt(p1: tuple[str, tuple[str, ...]], p2: tuple[str, tuple[str, ...]]) -> MowState:
    """The Greatship (p1) at (20, 24) heading east, the Galleon (p2) 10" off heading west,
    each with a Master Wizard of the college given holding the cards given; p1 to cast."""
    sides = [{"id": "p1", "name": "The Empire", "race": "empire"},
             {"id": "p2", "name": "Bretonnia", "race": "bretonnia"}]
    faces: list[int] = []
    for side, (college, cards) in zip(sides, (p1, p2), strict=True):
        side.update(wizard="master", college=college)
        deck = list(spellbook().deck(college))
        for card in cards:
            faces.append(deck.index(card) + 1)
            deck.remove(card)
    data = {"name": "test", "title": "A test", "table": {"width": 72, "height": 48},
            "options": {"wind": "N", "deployment": False, "points": 5000, "mow_cards": False},
            "sides": sides,
            "ships": [{"id": "g", "side": "p1", "template": "greatship", "x": 20, "y": 24,
                       "heading": "E", "admiral": True},
                      {"id": "b", "side": "p2", "template": "galleon", "x": 30, "y": 24,
                       "heading": "W", "admiral": True}]}
    with forced(*faces, 6, 1):
        game = Game.new("man-o-war", scenario_data=data, seed=1)
    state = game.state
    assert isinstance(state, MowState) and state.phase == Phase.MAGIC and state.to_act == "p1"
    assert [w.hand for w in state.wizards] == [p1[1], p2[1]]
    return state


def decide(level: str, state: MowState) -> object:
    side = state.to_act or ""
    return make_captain(level, 1, 0.05).decide(RULES.view(state, side),
                                                RULES.legal_actions(state)).action


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_he_casts_the_spell_worth_most(level):
    # Flaming Sword kills a crew counter on the Galleon; Cauterise would mend an unhurt ship
    state = dealt(("bright", ("cauterise", "flaming_sword")), ("jade", ("kelp_tangle", "mist")))
    assert decide(level, state) == CastSpell("flaming_sword", "b")


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_he_casts_nothing_that_is_worth_nothing(level):
    # Salamander Skin puts out blazes: the Greatship has none
    state = dealt(("bright", ("salamander_skin", "cauterise")), ("jade", ("kelp_tangle", "mist")))
    assert decide(level, state) == NoSpell()


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_he_dispels_what_would_hurt_and_lets_a_trifle_stand(level):
    state = dealt(("celestial", ("storm_of_lightning", "lightning_bolt")),
                  ("celestial", ("clear_skies", "squall")))
    with forced(6):  # Storm of Lightning is cast: three hits on the Galleon to come
        state, _ = apply(state, CastSpell("storm_of_lightning", "b"))
    assert state.to_act == "p2"
    # a dispel-only card is the one to spend on it
    assert decide(level, state) == DispelSpell("clear_skies")
    trifle = dealt(("jade", ("wave_of_the_deep", "mist")),
                   ("jade", ("kelp_tangle", "marsh_fire")))
    with forced(6):  # the Wave drives the Galleon 4" north: hardly worth a card to stop
        trifle, _ = apply(trifle, CastSpell("wave_of_the_deep", "b"))
    assert decide(level, trifle) == LetItStand()


def test_the_enemy_hand_is_face_down_to_him():
    state = dealt(("bright", ("fireball", "quench")), ("jade", ("kelp_tangle", "mist")))
    view = RULES.view(state, "p1")
    enemy = view.wizard("p2")
    assert enemy is not None and enemy.hand == ("", "")
    # he reckons a face-down card might dispel his spell: worth less than with no enemy Wizard
    alone = replace(view, wizards=(view.wizards[0],))
    assert sorcery.worth(view, "p1", "fireball", "b") < sorcery.worth(alone, "p1", "fireball",
                                                                       "b")


def test_the_easy_captain_curses_the_nearest_enemy():
    state = dealt(("bright", ("fireball", "flame_shield")), ("jade", ("kelp_tangle", "mist")))
    assert decide("easy", state) == CastSpell("fireball", "b")


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_captain_keeps_or_discards_in_the_end_phase(level):
    state = dealt(("bright", ("fireball", "quench")), ("jade", ("kelp_tangle", "mist")))
    cards = replace(state, phase=Phase.END, end_step="cards", magic_step=0, to_act="p1")
    assert decide(level, cards) in RULES.legal_actions(cards)
    assert decide("easy", cards) == KeepHand()
