"""The fight played on by itself (issue 36, item 9): ``fight_on`` gives the fight on deck when
it and being done are all a side may do, being done when nothing is left, and nothing at a
decision (a volley, a boarding, a line, a speed to declare)."""

from __future__ import annotations

from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.acks.actions import Done, Fight, HoldCourse
from ahoy_tui.rules.acks.deck import lay_decks
from ahoy_tui.rules.acks.fight_on import fight_on
from ahoy_tui.rules.acks.flow import apply_action
from ahoy_tui.rules.acks.model import Actor, Phase

from .helpers import at, battle, vessel


def boarded(missile: str = ""):
    """A 3-rower with a corsair of the 2-rower aboard her, the 2-rower drawn off."""
    a = vessel("a", kind="galley_3", column=15, row=15, facing="N", marines=4, sailors=2,
               missile=missile)
    b = vessel("b", "p2", kind="galley_2", column=16, row=15, facing="N", marines=2,
               sailors=0)
    state = lay_decks(battle(a, b))
    corsair = next(f for f in state.figures if f.crew_of == "b" and f.role == "marine")
    b = state.vessel("b")
    far = replace(b, body=replace(b.body, bow=at(3, 3)))
    figures = tuple(replace(f, on="a", x=1, y=0) if f.id == corsair.id else f
                    for f in state.figures)
    return replace(state, vessels=(state.vessel("a"), far), figures=figures,
                   phase=Phase.COUNTS, count=3, to_act="p1",
                   actors=(Actor("a:crew", "a", "p1", "crew", 3, 3),))


def test_the_fight_and_being_done_alone_fight_on_then_done():
    state = boarded()
    assert fight_on(state) == Fight("p1", "a")
    state, _ = apply_action(state, Fight("p1", "a"))
    if not state.over and state.to_act == "p1" and state.count == 3:
        assert fight_on(state) == Done("p1", "a:crew")


def test_a_decision_stops_it():
    state = boarded(missile="short_bow")
    b = state.vessel("b")
    state = replace(state, vessels=(state.vessel("a"), replace(b, body=replace(
        b.body, bow=at(15, 12)))))           # the 2-rower in bow range: a volley to choose
    assert fight_on(state) is None


def test_declaring_it_holds_the_course_only_when_held_fast_by_a_bridge():
    from ahoy_tui.rules.acks.model import Bridge

    a = vessel("a", kind="galley_3", column=15, row=15, facing="N", speed=0)
    b = vessel("b", "p2", kind="galley_2", column=16, row=15, facing="N", speed=0)
    free = lay_decks(battle(a, b))
    assert fight_on(free) is None                 # she may row off: a speed to declare
    held = replace(free, bridges=(Bridge("a", "b", 9, 0, fast=True),))
    choice = fight_on(held)
    assert choice is not None and (isinstance(choice, HoldCourse) or choice.speed == 0)
