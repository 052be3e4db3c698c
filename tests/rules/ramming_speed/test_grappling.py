"""Grappling (14.0-14.5) and the corvus (21.0-21.2), every die forced.

``a`` (p1) lies at (20, 20) heading north; ``b`` (p2) lies alongside to her east, 1.75"
between their sides unless a test moves her.
"""

from __future__ import annotations

import pytest

from ahoy_tui.engine.dice import forced
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.ramming_speed import flow, grappling, helm, movement
from ahoy_tui.rules.ramming_speed.actions import (
    Board,
    CutLines,
    DropCorvus,
    PhaseDone,
    RemoveCorvus,
    ThrowLines,
)
from ahoy_tui.rules.ramming_speed.legal import phase_choices
from ahoy_tui.rules.ramming_speed.model import Band, Grapple, Phase, RSState, ShipOrders

from .crews import battle, crew, cup, galley, man, play, rolls

A_MEN = (("captain", "stern"), ("marine", "bow"), ("marine", "bow"), ("sailor", "stern"),
         ("archer", "middle"))
B_MEN = (("captain", "stern"), ("marine", "bow"), ("sailor", "stern"))


def alongside(gap: float = 1.75, *, grapples: tuple[Grapple, ...] = (),
              phase: Phase = Phase.GRAPPLE, a_corvus: bool = False, **kw: object) -> RSState:
    a = galley("a", "p1", x=20, y=20, corvus=a_corvus, band=Band.SLOW)
    b = galley("b", "p2", x=20 + 1.25 + gap, y=20, band=Band.SLOW)
    return battle(a, b, men=crew("a", *A_MEN) + crew("b", *B_MEN), grapples=grapples,
                  phase=phase, **kw)


def throw(state: RSState, men: int, *faces: int) -> RSState:
    with forced(*faces):
        dice, _ = cup()
        after = grappling.throw_lines(state, "a", "b", men, dice, [])
    assert dice.rng.counter == len(faces)
    return after


# --- 14.0 who throws, how far, what holds -----------------------------------------------

def test_lines_are_thrown_at_an_enemy_within_two_inches():
    state = alongside(2.0)
    assert [g.id for g in grappling.within_reach(state, state.ship("a"))] == ["b"]
    far = alongside(2.1)
    assert list(grappling.within_reach(far, far.ship("a"))) == []
    assert next(phase_choices(far, Phase.GRAPPLE, "p1"), None) is None


def test_any_unengaged_man_but_captains_and_admirals_throws():
    state = alongside()
    state = replace(state, men=(*state.men, man("a-adm1", "admiral", "a", section="stern")))
    who = grappling.throwers(state, state.ship("a"))
    assert {m.rank for m in who} == {"marine", "sailor", "archer"}
    assert len(who) == 4
    ranges = [c for c in phase_choices(state, Phase.GRAPPLE, "p1") if hasattr(c, "high")]
    assert [(r.low, r.high) for r in ranges] == [(1, 4)]


def test_wounded_men_throw_no_line():
    state = alongside()
    state = replace(state, men=tuple(replace(m, wounded_until=1) if m.rank == "marine" else m
                                     for m in state.men))
    assert len(grappling.throwers(state, state.ship("a"))) == 2


@pytest.mark.parametrize(("face", "holds"), [(1, False), (2, False), (3, True), (6, True)])
def test_a_hook_catches_on_three_to_six(face, holds):
    after = throw(alongside(), 1, face)
    g = grappling.grapple_between(after, "a", "b")
    assert (g is not None and g.lines == 1) is holds


def test_one_line_does_not_hold_two_do_and_the_galleys_stop():
    one = throw(alongside(), 2, 3, 1)
    assert not grappling.held_together(one, "a", "b")
    assert one.ship("a").band is Band.SLOW
    two = throw(alongside(), 3, 3, 4, 2)
    g = grappling.grapple_between(two, "a", "b")
    assert g is not None and g.lines == 2 and g.holds
    assert two.ship("a").band is Band.HOVE_TO and two.ship("b").band is Band.HOVE_TO
    assert two.grappled_by == (("b", "p1"),)   # a's side boards first (15.0)
    # held fast, neither may be ordered to move (14.1)
    assert helm.bands_allowed(two, two.ship("a")) == (Band.HOVE_TO,)
    assert helm.bands_allowed(two, two.ship("b")) == (Band.HOVE_TO,)


def test_lines_thrown_on_another_turn_add_up():
    state = throw(alongside(), 1, 5)
    state = throw(state, 1, 5)
    assert grappling.held_together(state, "a", "b")


def test_a_single_line_snaps_when_either_galley_moves():
    state = alongside(grapples=(Grapple("a", "b", lines=1),), phase=Phase.ORDERS)
    orders = {"a": ShipOrders("a", Band.HOVE_TO, ""),
              "b": ShipOrders("b", Band.SLOW, "S" * helm.full_distance(state, state.ship("b"),
                                                                       Band.SLOW))}
    after = movement.move_all(state, orders, [])
    assert after.grapples == ()
    still = movement.move_all(state, {"a": ShipOrders("a", Band.HOVE_TO, ""),
                                      "b": ShipOrders("b", Band.HOVE_TO, "")}, [])
    assert still.grapples == state.grapples


def test_a_withdrawing_galley_throws_no_line():
    state = alongside()
    state = state.with_ship(replace(state.ship("a"), withdrawing=True))
    assert next(phase_choices(state, Phase.GRAPPLE, "p1"), None) is None


# --- 14.3 throwing takes no time: the throwers still board --------------------------------

def test_the_men_who_threw_may_board():
    state = alongside()
    state, _ = play(state, PhaseDone("p2")) if state.to_act == "p2" else (state, [])
    with forced(3, 3):
        state, _ = play(state, ThrowLines("p1", "a", "b", 2))
    state, _ = play(state, PhaseDone("p1"))
    if state.phase is Phase.GRAPPLE:
        state, _ = play(state, PhaseDone("p2"))
    assert state.phase is Phase.BOARD and state.to_act == "p1"
    assert Board("p1", "a", "b", True) in list(phase_choices(state, Phase.BOARD, "p1"))
    with forced(3, 3, 3, 3):   # the first option is a's (15.0): b may not board yet
        assert Board("p2", "b", "a", True) not in list(phase_choices(state, Phase.BOARD,
                                                                     "p2"))
        # a's two marines in her bow, where the lines were thrown, cross to b's bow; two
        # melee rounds there, two against b's marine: a D6 a side a round, 3 and 3, draws
        after, events = play(state, Board("p1", "a", "b", True, section="bow"),
                             PhaseDone("p1"))
    assert len(rolls(events)) == 4 and "b-mar1" in {m.id for m in after.men}
    assert {m.id for m in after.men if m.aboard == "b" and m.ship == "a"} == {"a-mar1", "a-mar2"}
    # the boarded side may not board back the galley that boarded her this turn
    assert Board("p2", "b", "a", True) not in list(phase_choices(after, Phase.BOARD, "p2"))


# --- 14.2, 14.4 cutting -------------------------------------------------------------------

def cut(state: RSState, *faces: int, ship: str = "b", other: str = "a") -> RSState:
    with forced(*faces):
        dice, _ = cup()
        after = grappling.cut_lines(state, ship, other, dice, [])
    assert dice.rng.counter == len(faces)
    return after


@pytest.mark.parametrize(("faces", "left"), [((4, 6), 0), ((3, 4), 1), ((1, 2), 2)])
def test_each_unengaged_man_cuts_a_line_on_four_to_six(faces, left):
    state = alongside(grapples=(Grapple("a", "b", lines=2),), phase=Phase.MAINTENANCE)
    after = cut(state, *faces)
    g = grappling.grapple_between(after, "a", "b")
    assert (g.lines if g else 0) == left


def test_no_more_tries_than_lines_and_no_more_than_men():
    state = alongside(grapples=(Grapple("a", "b", lines=5),), phase=Phase.MAINTENANCE)
    with forced(6, 6, 6):   # b has three unengaged men: three tries
        dice, events = cup()
        after = grappling.cut_lines(state, "b", "a", dice, events)
    assert len(rolls(events)) == 3
    assert grappling.grapple_between(after, "a", "b").lines == 2


def test_cutting_is_offered_in_maintenance_to_either_galley():
    state = alongside(grapples=(Grapple("a", "b", lines=2),), phase=Phase.MAINTENANCE)
    assert CutLines("p1", "a", "b") in list(phase_choices(state, Phase.MAINTENANCE, "p1"))
    assert CutLines("p2", "b", "a") in list(phase_choices(state, Phase.MAINTENANCE, "p2"))


def test_once_drawn_together_every_line_must_be_cut():
    state = alongside(grapples=(Grapple("a", "b", lines=3),), phase=Phase.MAINTENANCE)
    after = cut(state, 5, 6, 1)   # two lines cut, one holds
    assert grappling.held_together(after, "a", "b")


def test_cutting_is_automatic_when_your_crew_holds_both_galleys():
    # a's men are on both galleys, b's crew all gone: no dice, every line cut (14.4)
    state = alongside(grapples=(Grapple("a", "b", lines=3),), phase=Phase.MAINTENANCE)
    state = replace(state, men=tuple(
        (replace(m, aboard="b") if m.rank == "marine" else m)
        for m in state.men if m.ship == "a"))
    assert grappling.controls_both(state, "p1", "a", "b")
    with forced():
        dice, events = cup()
        after = grappling.cut_lines(state, "a", "b", dice, events)
    assert rolls(events) == []
    assert grappling.grapple_between(after, "a", "b") is None


def test_not_automatic_for_a_galley_grappled_to_one_already_sinking():
    # 14.4: cutting lines to a sinking galley, a side no longer holds both
    state = alongside(grapples=(Grapple("a", "b", lines=2),), phase=Phase.MAINTENANCE)
    state = replace(state, men=tuple(
        (replace(m, aboard="b") if m.rank == "marine" else m)
        for m in state.men if m.ship == "a"))
    state = state.with_ship(replace(state.ship("b"), loads=5))
    after = cut(state, 6, 1, ship="a", other="b")
    assert grappling.grapple_between(after, "a", "b").lines == 1


def test_no_cutting_while_fit_enemies_stand_on_her_deck():
    # 14.4: "you cannot even attempt to cut the grapples if you can't reach them". The code
    # reads a deck with any fit enemy aboard as contested: none of her men is unengaged, so
    # she has no cut to offer and a cut made anyway rolls nothing.
    state = alongside(grapples=(Grapple("a", "b", lines=2),), phase=Phase.MAINTENANCE)
    state = replace(state, men=tuple(replace(m, aboard="b", section="bow")
                                     if m.id == "a-mar1" else m for m in state.men))
    assert grappling.contested(state, "b")
    assert grappling.unengaged(state, state.ship("b")) == ()
    assert not any(isinstance(c, CutLines) for c in phase_choices(state, Phase.MAINTENANCE,
                                                                  "p2"))
    with forced():
        dice, events = cup()
        after = grappling.cut_lines(state, "b", "a", dice, events)
    assert rolls(events) == [] and grappling.grapple_between(after, "a", "b").lines == 2
    # a wounded boarder does not hold her deck
    hurt = replace(state, men=tuple(replace(m, wounded_until=1) if m.id == "a-mar1" else m
                                    for m in state.men))
    assert not grappling.contested(hurt, "b")


# --- 14.5, 21.1-21.2 the corvus -------------------------------------------------------------

def test_a_corvus_drops_on_a_galley_within_two_inches_and_always_holds():
    state = alongside(a_corvus=True)
    assert DropCorvus("p1", "a", "b") in list(phase_choices(state, Phase.GRAPPLE, "p1"))
    with forced():   # no die: it always holds
        _, events = cup()
        after = grappling.drop_corvus(state, "a", "b", events)
    assert rolls(events) == []
    assert grappling.held_together(after, "a", "b")
    assert after.ship("a").corvus_spent
    assert after.grappled_by == (("b", "p1"),)
    assert helm.bands_allowed(after, after.ship("b")) == (Band.HOVE_TO,)
    far = alongside(2.5, a_corvus=True)
    assert not any(isinstance(c, DropCorvus) for c in phase_choices(far, Phase.GRAPPLE, "p1"))


def test_a_spent_corvus_does_not_drop_again():
    state = alongside(a_corvus=True)
    state = state.with_ship(replace(state.ship("a"), corvus_spent=True))
    assert not any(isinstance(c, DropCorvus) for c in phase_choices(state, Phase.GRAPPLE, "p1"))


def test_a_corvus_is_never_cut():
    state = alongside(grapples=(Grapple("a", "b", corvus=True),), phase=Phase.MAINTENANCE)
    assert not any(isinstance(c, CutLines) for c in phase_choices(state, Phase.MAINTENANCE,
                                                                  "p2"))
    after = cut(state)   # nothing to roll
    assert grappling.held_together(after, "a", "b")
    # even a's side holding both galleys: the corvus stays until it is taken up (21.2)
    mine = replace(state, men=tuple(replace(m, aboard="b") if m.rank == "marine" else m
                                    for m in state.men if m.ship == "a"))
    assert grappling.held_together(cut(mine, ship="a", other="b"), "a", "b")


def test_a_corvus_comes_off_only_when_one_side_holds_both_and_a_turn_after_it_is_announced():
    state = alongside(grapples=(Grapple("a", "b", corvus=True),), phase=Phase.MAINTENANCE,
                      turn=3, a_corvus=True)
    state = state.with_ship(replace(state.ship("a"), corvus_spent=True))
    assert RemoveCorvus("p1", "a", "b") not in list(phase_choices(state, Phase.MAINTENANCE,
                                                                  "p1"))
    state = replace(state, men=tuple(replace(m, aboard="b") if m.rank == "marine" else m
                                     for m in state.men if m.ship == "a"))
    assert RemoveCorvus("p1", "a", "b") in list(phase_choices(state, Phase.MAINTENANCE, "p1"))
    state = grappling.remove_corvus(state, "a", "b", [])
    assert grappling.grapple_between(state, "a", "b").corvus_going == 3
    # another Greek galley still fights on, far off: the battle goes on (b is a hulk now)
    far = galley("c", "p2", x=60, y=40)
    state = replace(state, ships=(*state.ships, far), men=(*state.men, *crew("c", *B_MEN)))
    # turn 3's maintenance ends: still locked together
    dice, events = cup()
    four = flow.end_of_turn(state, dice, events)
    assert four.turn == 4 and grappling.held_together(four, "a", "b")
    # turn 4's maintenance: taken off and destroyed
    five = flow.end_of_turn(four, dice, events)
    assert not grappling.held_together(five, "a", "b")
    assert five.ship("a").corvus_spent
    assert any(getattr(e, "kind", "") == "corvus_gone" for e in events)
