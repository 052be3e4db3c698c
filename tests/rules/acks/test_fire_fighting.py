"""Fighting a fire (issue 36, item 8): the men who run to it stop within 5' of the pitch,
never in it, and fight it from their next round, each man's full round one of the fifteen."""

from __future__ import annotations

from ahoy_tui.engine.dice import forced
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.acks import pitch
from ahoy_tui.rules.acks.actions import FightFire
from ahoy_tui.rules.acks.deck import lay_decks
from ahoy_tui.rules.acks.flow import apply_action
from ahoy_tui.rules.acks.model import Actor, Fire, Phase

from .helpers import battle, said, vessel


def burning_aft():
    a = vessel("a", kind="galley_3", column=15, row=20, facing="N", gear=("fire_pot_pole",))
    b = vessel("b", "p2", kind="galley_2", column=15, row=19, facing="S")
    state = lay_decks(battle(a, b))
    fire = Fire("b:fire1.4", "b", 3, 1, "1d6", 4)       # aft, far from her men forward
    actor = Actor("b:crew", "b", "p2", "crew", 3, 3)
    return replace(state, phase=Phase.COUNTS, count=3, actors=(actor,), to_act="p2",
                   fires=(fire,)), fire


def test_the_men_run_to_within_5_feet_of_the_pitch_and_never_into_it():
    state, fire = burning_aft()
    assert not pitch.fire_fighters_near(state, fire)
    state, events = apply_action(state, FightFire("p2", "b", fire.id))
    burning = pitch.area(state, fire)
    near = [f for f in pitch.fire_fighters_near(state, fire) if f.crew_of == "b"]
    assert len(near) >= 5             # her narrow deck: the squares about the pitch, not in it
    assert not any((f.x, f.y) in burning for f in near)
    assert not pitch.caught(state, fire)                    # nobody stands in the pitch
    assert f"0 of B's men fight the fire on B's deck (0 of 15); {len(near)} run to fight " \
        "it next round" in said(events)


def test_from_the_next_round_each_man_beside_it_spends_his_round_and_it_counts():
    state, fire = burning_aft()
    state, _ = apply_action(state, FightFire("p2", "b", fire.id))
    near = [f for f in pitch.fire_fighters_near(state, fire) if f.crew_of == "b"]
    # the next round: nobody has moved yet; the fire burns on 4, nobody in it
    state = replace(state, figures=tuple(replace(f, moved=0) for f in state.figures),
                    actors=(Actor("b:crew", "b", "p2", "crew", 3, 3),), to_act="p2")
    with forced():
        state, events = apply_action(state, FightFire("p2", "b", fire.id))
    fought = min(len(near), 15)
    if fought < 15:
        assert state.fires[0].fought == fought
        assert f"{fought} of B's men fight the fire" in " ".join(said(events))
    else:
        assert state.fires == ()


def test_a_fire_fight_that_would_do_nothing_is_not_offered():
    from ahoy_tui.rules.acks.legal import choices

    state, fire = burning_aft()
    assert FightFire("p2", "b", fire.id) in choices(state)
    spent = replace(state, figures=tuple(replace(f, moved=40) if f.crew_of == "b" else f
                                         for f in state.figures))
    assert FightFire("p2", "b", fire.id) not in choices(spent)
