"""Damage against hit points (issue 36, item 6): a missile hit rolls the weapon's damage
against the struck man's hit points, on the sea battlemap (the formation's man the die
chooses) and on a laid deck. A level 6 captain of 30 hp is not felled by one arrow."""

from __future__ import annotations

from ahoy_tui.engine.dice import forced
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.acks.actions import Volley
from ahoy_tui.rules.acks.damage import strike_man
from ahoy_tui.rules.acks.deck import lay_decks
from ahoy_tui.rules.acks.fire import missile_damage, volley
from ahoy_tui.rules.acks.model import Actor, Captain, Phase
from ahoy_tui.rules.acks.view import figure_sheet

from .helpers import battle, cup, play, said, vessel

PHAEDRA = Captain("Phaedra", 6, 5, 1, 3, 30)
HP = {"sailor": 4, "marine": 4}


def archers_and_phaedra():
    a = vessel("a", kind="galley_3", column=15, row=20, missile="short_bow", marines=5)
    b = vessel("b", "p2", kind="galley_2", column=15, row=18, facing="S", captain=PHAEDRA)
    state = battle(a, b)
    actor = Actor("a:crew", "a", "p1", "crew", 3, 3)
    return replace(state, phase=Phase.COUNTS, actors=(actor,), count=3, to_act="p1")


def test_one_short_bow_hit_does_not_fell_a_level_6_captain_of_30_hp():
    state = archers_and_phaedra()
    men = state.vessel("b").crew + 1                     # the captain last: man 16 of 16
    state, events = play(state, Volley("p1", "a", "b"), 20, men, 6)
    b = state.vessel("b")
    assert not b.captain_down and b.captain_hurt == 6
    assert "B: arrows strike the captain, Phaedra (6 hp, 24/30 left)" in said(events)
    # five more arrows of 5 wear her down: 6 + 25 >= 30
    for _ in range(5):
        state = replace(state, actors=(Actor("a:crew", "a", "p1", "crew", 3, 3),),
                        to_act="p1")
        state, events = play(state, Volley("p1", "a", "b"), 20, men, 5)
    assert state.vessel("b").captain_down
    assert any("(5 hp, down)" in t for t in said(events))


def test_a_crewman_falls_at_his_4_hp_and_a_lesser_hit_leaves_him_wounded():
    b = vessel("b", "p2", kind="galley_2")
    b, who, down = strike_man(b, 0, 3, HP)                 # sailor 1: 3 of 4
    assert not down and b.sailors == 5 and b.wounds == (("sailor", 3),)
    assert who == "a sailor wounded (3 hp, 1/4 left)"
    b, who, down = strike_man(b, 1, 2, HP)                 # another sailor, fresh: 2 of 4
    assert not down and b.wounds == (("sailor", 3), ("sailor", 2))
    b, who, down = strike_man(b, 0, 1, HP)                 # the first wounded again: 3 + 1
    assert down and b.sailors == 4 and b.wounds == (("sailor", 2),)
    b, who, down = strike_man(b, b.sailors, 4, HP)         # a fresh marine, 4: down
    assert down and b.marines == 9 and who == "a marine (4 hp, down)"


def test_the_wounded_come_onto_the_deck_with_the_hit_points_they_have_left():
    a = vessel("a", kind="galley_3", column=15, row=15, facing="N")
    b = vessel("b", "p2", kind="galley_2", column=16, row=15, facing="N", captain=PHAEDRA,
               captain_hurt=12, wounds=(("sailor", 3), ("marine", 1)))
    state = lay_decks(battle(a, b))
    assert state.figure("b:captain").hp == 18 and state.figure("b:captain").hp_max == 30
    assert state.figure("b:s1").hp == 1 and state.figure("b:m1").hp == 3
    assert state.figure("b:s2").hp == 4
    sheet = figure_sheet(state, state.figure("b:captain"))
    assert (sheet.hp, sheet.hp_max) == (18, 30)


def test_on_a_laid_deck_an_arrow_rolls_its_damage_against_the_man_it_strikes():
    a = vessel("a", kind="galley_3", column=15, row=15, facing="N", marines=5,
               missile="crossbow")
    b = vessel("b", "p2", kind="galley_2", column=16, row=15, facing="N", captain=PHAEDRA)
    state = lay_decks(battle(a, b, phase=Phase.COUNTS))
    with forced(20, 1, 6):               # one throw hits; the first man: Phaedra; 1d6 of 6
        dice, events = cup()
        state = volley(state, "a", "b", dice, events)
    phaedra = state.figure("b:captain")
    assert phaedra.hp == 24 and not phaedra.down
    assert any("Phaedra of B: struck by a crossbow from A, 6 hp (24/30)" in t
               for t in said(events))


def test_each_missile_weapon_has_its_damage_die():
    assert missile_damage("short_bow") == "1d6" and missile_damage("arbalest") == "1d8"
    assert missile_damage("sling") == "1d4"
