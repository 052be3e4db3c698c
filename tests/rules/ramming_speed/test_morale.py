"""Morale (22.0-22.7): a captain or admiral killed, fighting on to half the crew, withdrawing,
and the fleet's nerve when the flagship is sunk or captured. Every die forced."""

from __future__ import annotations

import pytest

from ahoy_tui.engine.dice import forced
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import angle_between
from ahoy_tui.rules.ramming_speed import archery, helm, morale, movement
from ahoy_tui.rules.ramming_speed.actions import Board, DropCorvus, Shoot, ThrowLines
from ahoy_tui.rules.ramming_speed.legal import explain, phase_choices
from ahoy_tui.rules.ramming_speed.model import (
    Band,
    Grapple,
    Phase,
    RSState,
    ShipOrders,
)
from ahoy_tui.rules.ramming_speed.sinking import sink

from .crews import battle, crew, cup, galley, man, rolls

A_CREW = (("captain", "stern"), ("marine", "bow"), ("archer", "middle"), ("sailor", "stern"))


def one(*extra: tuple[str, str], flagship: bool = False) -> RSState:
    a = galley("a", "p1", x=20, y=20, flagship=flagship)
    b = galley("b", "p2", x=50, y=20)
    return battle(a, b, men=crew("a", *A_CREW, *extra) + crew("b", ("captain", "stern")))


def killed(state: RSState, man_id: str, *faces: int) -> tuple[RSState, list]:
    with forced(*faces):
        dice, events = cup()
        after = archery.kill(state, state.man(man_id), dice, events, archery.WOUNDS)
    assert dice.rng.counter == len(faces), "every die forced, and no more"
    return after, events


# --- 22.0-22.2 the captain killed -----------------------------------------------------------

def test_captain_killed_one_the_galley_withdraws():
    after, _ = killed(one(), "a-cap1", 1)
    assert after.ship("a").withdrawing


@pytest.mark.parametrize("face", [2, 3, 4])
def test_captain_killed_two_to_four_she_carries_on(face):
    after, _ = killed(one(), "a-cap1", face)
    a = after.ship("a")
    assert a.carry_on and not a.withdrawing


@pytest.mark.parametrize("face", [5, 6])
def test_captain_killed_five_or_six_a_new_captain_is_elected(face):
    after, _ = killed(one(), "a-cap1", face)
    # the best of the rest, a marine, becomes a captain in all respects, no marine now
    assert after.man("a-mar1").rank == "captain"
    assert not after.ship("a").withdrawing and not after.ship("a").carry_on
    assert [m.rank for m in after.crew_of("a")].count("marine") == 0


def test_a_sailor_elected_captain_steers_no_more_as_a_sailor():
    state = battle(galley("a", "p1"), galley("b", "p2", x=50),
                   men=crew("a", ("captain", "stern"), ("sailor", "stern")))
    after, _ = killed(state, "a-cap1", 6)
    assert after.man("a-sai1").rank == "captain"   # 22.2: no longer a sailor
    assert not helm.sailor_at_helm(after, after.ship("a"))


def test_carrying_on_she_withdraws_once_half_her_men_are_lost():
    state, _ = killed(one(), "a-cap1", 3)   # 4 men at the start, 3 left
    assert state.ship("a").start_men == 4
    state = morale.check_half(state, [])
    assert not state.ship("a").withdrawing    # 3 of 4: more than half
    state, events = killed(state, "a-mar1")
    state = morale.check_half(state, events)
    assert state.ship("a").withdrawing        # 2 of 4: reduced to half (22.4)


def test_swimmers_she_picked_up_do_not_make_up_her_losses():
    # 2 of her 4 left, and three swimmers of a sunk friend aboard: she is at half (22.4;
    # 12.2 the swimmers fight no more), and withdraws
    state, _ = killed(one(), "a-cap1", 3)
    state, _ = killed(state, "a-mar1")
    swimmers = tuple(replace(man(f"z-sai{i}", "sailor", "a"), rescued=True) for i in range(3))
    state = replace(state, men=(*state.men, *swimmers))
    assert len(state.crew_of("a")) == 5 and len(state.own_crew("a")) == 2
    assert morale.check_half(state, []).ship("a").withdrawing


def test_a_galley_that_did_not_lose_her_captain_does_not_count_her_losses():
    state = one()
    state = replace(state, men=tuple(m for m in state.men if m.rank != "marine"
                                     and m.rank != "archer" and m.rank != "sailor"))
    assert not morale.check_half(state, []).ship("a").withdrawing


# --- 22.3 the admiral ------------------------------------------------------------------------

def test_the_flagships_captain_killed_with_the_admiral_aboard_no_check():
    state = one(("admiral", "stern"), flagship=True)
    after, events = killed(state, "a-cap1")   # no die
    assert rolls(events) == []
    assert not after.ship("a").withdrawing and after.man("a-adm1").rank == "admiral"
    assert sum(m.rank == "captain" for m in after.men if m.ship == "a") == 0


def test_the_admiral_killed_with_the_captain_alive_the_captain_commands():
    after, events = killed(one(("admiral", "stern"), flagship=True), "a-adm1")
    assert rolls(events) == []
    assert any(getattr(e, "kind", "") == "command" for e in events)
    assert not after.ship("a").withdrawing


def test_captain_and_admiral_both_dead_the_crew_rolls():
    state, _ = killed(one(("admiral", "stern"), flagship=True), "a-cap1")
    after, _ = killed(state, "a-adm1", 1)
    assert after.ship("a").withdrawing


def test_the_admiral_dead_first_then_the_captain_the_crew_rolls():
    state, _ = killed(one(("admiral", "stern"), flagship=True), "a-adm1")
    after, _ = killed(state, "a-cap1", 1)
    assert after.ship("a").withdrawing


def test_an_elected_man_is_a_captain_not_a_new_admiral():
    state, _ = killed(one(("admiral", "stern"), flagship=True), "a-cap1")
    after, _ = killed(state, "a-adm1", 5)
    ranks = [m.rank for m in after.crew_of("a")]
    assert "admiral" not in ranks and ranks.count("captain") == 1


# --- 22.5 withdrawing -----------------------------------------------------------------------

def withdrawing(phase: Phase, gap: float = 1.0) -> RSState:
    a = galley("a", "p1", x=20, y=20, band=Band.SLOW, withdrawing=True, corvus=True)
    b = galley("b", "p2", x=20 + 1.25 + gap, y=20)
    return battle(a, b, men=crew("a", *A_CREW) + crew("b", ("marine", "bow")), phase=phase)


def test_a_withdrawing_galleys_orders_are_written_for_her():
    state = withdrawing(Phase.ORDERS, gap=20)
    a = state.ship("a")
    orders = helm.default_orders(state, a)
    assert orders == helm.withdraw_orders(state, a)
    assert orders.band in (Band.SLOW, Band.CRUISING)
    rule, _ = helm.problem(state, a, Band.SLOW, "S" * helm.full_distance(state, a, Band.SLOW))
    assert rule == helm.WITHDRAWING


def test_a_withdrawing_galley_heads_home():
    state = withdrawing(Phase.ORDERS, gap=20)   # a's home lies south (180)
    a = state.ship("a")
    orders = helm.withdraw_orders(state, a)
    after = movement.move_all(state, {"a": orders, "b": ShipOrders("b", Band.HOVE_TO, "")}, [])
    # she turns toward home from the first inch, and ends nearer that heading
    assert orders.moves[0] in "LR"
    assert angle_between(after.ship("a").heading, a.home) < angle_between(a.heading, a.home)


def test_a_withdrawing_galley_cannot_ram_her_bow_only_touches():
    a = galley("a", "p1", x=20, y=20, band=Band.SLOW, withdrawing=True)
    b = galley("b", "p2", x=20, y=14, heading=90)   # across her bow, 2.75" ahead
    state = battle(a, b, men=crew("a", *A_CREW), phase=Phase.ORDERS)
    after = movement.move_all(state, {"a": ShipOrders("a", Band.SLOW, "S" * 9),
                                      "b": ShipOrders("b", Band.HOVE_TO, "")}, [])
    assert after.contacts == () and after.ship("a").embedded is None
    # the same galley not withdrawing rams
    bold = state.with_ship(replace(a, withdrawing=False))
    rammed = movement.move_all(bold, {"a": ShipOrders("a", Band.SLOW, "S" * 9),
                                      "b": ShipOrders("b", Band.HOVE_TO, "")}, [])
    assert [c.victim for c in rammed.contacts] == ["b"]


def test_a_withdrawing_galley_neither_grapples_nor_boards():
    state = withdrawing(Phase.GRAPPLE)
    assert not any(isinstance(c, (ThrowLines, DropCorvus))
                   for c in phase_choices(state, Phase.GRAPPLE, "p1"))
    held = replace(state, grapples=(Grapple("b", "a", lines=2),), phase=Phase.BOARD)
    assert not any(isinstance(c, Board) for c in phase_choices(held, Phase.BOARD, "p1"))
    # ... though she may be boarded (and defends herself)
    assert any(isinstance(c, Board) for c in phase_choices(held, Phase.BOARD, "p2"))
    rule, _ = explain(replace(held, to_act="p1"), Board("p1", "a", "b", True))
    assert rule.startswith("15.0")


def test_a_withdrawing_galley_may_still_shoot():
    state = withdrawing(Phase.FIRE)
    assert any(isinstance(c, Shoot) for c in phase_choices(state, Phase.FIRE, "p1"))


# --- 22.6-22.7 the flagship lost --------------------------------------------------------------

def fleet(c2_captain: bool = False) -> RSState:
    """p2's flagship f at (10, 10); c1, c2, c3 at 10", 20" and 30" from her, listed out of
    order; c2 without a captain unless asked."""
    f = galley("f", "p2", x=10, y=10, flagship=True)
    c3 = galley("c3", "p2", x=40, y=10)
    c1 = galley("c1", "p2", x=20, y=10)
    c2 = galley("c2", "p2", x=30, y=10)
    enemy = galley("e", "p1", x=60, y=40)
    men = (*crew("f", ("captain", "stern")), *crew("c1", ("captain", "stern")),
           *crew("c2", ("captain" if c2_captain else "sailor", "stern")),
           *crew("c3", ("captain", "stern")), *crew("e", ("captain", "stern")))
    return battle(enemy, f, c3, c1, c2, men=men)


def lost(state: RSState, *faces: int) -> tuple[RSState, list]:
    with forced(*faces):
        dice, events = cup()
        after = morale.flagship_lost(state, state.ship("f"), dice, events)
    assert dice.rng.counter == len(faces)
    return after, events


def going(state: RSState) -> list[str]:
    return [s.id for s in state.ships if s.withdrawing]


def test_the_nearest_ship_rolls_first_then_outward():
    _, events = lost(fleet(), 1, 1, 1)
    assert [r.ship for r in rolls(events)] == ["c1", "c2", "c3"]


@pytest.mark.parametrize(("faces", "gone"), [
    ((1, 1, 1), ["c3", "c1", "c2"]),     # 1-2 withdraw
    ((2, 6, 3), ["c1"]),                  # 5-6 fight on; 3-4 with a captain fights on
    ((3, 3, 3), ["c2"]),                  # 3-4: c2 has no captain, she withdraws
    ((5, 4, 3), []),                      # after c1 stays, c2's 4 is 5: fights on
    ((5, 2, 2), ["c3", "c2"]),            # c1 stays: c2's 2 + 1 = 3, no captain: off; c3 no +1
    ((5, 1, 2), ["c3", "c2"]),            # c2's 1 + 1 = 2: withdraws
])
def test_the_fleet_rolls_with_plus_one_after_a_ship_that_stayed(faces, gone):
    after, _ = lost(fleet(), *faces)
    assert sorted(going(after)) == sorted(gone)


def test_three_or_four_ships_with_captains_stay_others_withdraw():
    # c1 withdraws on a 1, so no +1 for c2: her 3 keeps her only if she has a captain
    after, _ = lost(fleet(c2_captain=True), 1, 3, 4)
    assert going(after) == ["c1"]
    after, _ = lost(fleet(), 1, 3, 4)
    assert sorted(going(after)) == ["c1", "c2"]


def test_a_flagship_sunk_shakes_the_fleet():
    state = fleet()
    state = replace(state, men=tuple(m for m in state.men if m.ship != "f"))
    with forced(2, 2, 2):   # no man aboard f to swim; c1, c2, c3 withdraw
        dice, events = cup()
        after = sink(state, "f", dice, events, "test")
    assert sorted(going(after)) == ["c1", "c2", "c3"]


def test_the_admiral_killed_aboard_a_flagship_afloat_does_not_shake_the_fleet():
    state = fleet()
    state = replace(state, men=(*state.men, man("f-adm1", "admiral", "f", section="stern")))
    after, events = killed(state, "f-adm1")
    assert going(after) == [] and rolls(events) == []


def test_a_withdrawing_galley_steers_round_the_wreckage_on_her_way_home():
    # a wreck lies across her way south: the easiest route home goes round it, not into it
    # (issue 37: "Arados into the wreckage (-2)" four turns running)
    from ahoy_tui.rules.ramming_speed.model import Wreck

    a = galley("a", "p1", x=20, y=20, heading=180, band=Band.SLOW, withdrawing=True)
    b = galley("b", "p2", x=50, y=40)
    state = battle(a, b, men=crew("a", *A_CREW) + crew("b", ("marine", "bow")),
                   phase=Phase.ORDERS, wrecks=(Wreck(20, 28, 90, 5, 1),))
    straight = ShipOrders("a", Band.SLOW, "S" * helm.full_distance(state, a, Band.SLOW))
    into = movement.move_all(state, {"a": straight, "b": ShipOrders("b", Band.HOVE_TO, "")}, [])
    assert [c.zone for c in into.contacts] == ["wreckage"]   # straight home strikes it
    orders = helm.withdraw_orders(state, a)
    after = movement.move_all(state, {"a": orders, "b": ShipOrders("b", Band.HOVE_TO, "")}, [])
    assert after.contacts == ()
    assert orders.band is not Band.BACKING


def test_a_withdrawing_galley_does_not_come_alongside_the_same_galley():
    a = galley("a", "p1", x=20, y=20, heading=180, band=Band.SLOW, withdrawing=True)
    b = galley("b", "p2", x=20, y=26, heading=90)   # across her way south, 6" off
    state = battle(a, b, men=crew("a", *A_CREW) + crew("b", ("marine", "bow")),
                   phase=Phase.ORDERS)
    straight: list = []
    movement.move_all(state, {"a": ShipOrders("a", Band.SLOW, "S" * helm.full_distance(
        state, a, Band.SLOW)), "b": ShipOrders("b", Band.HOVE_TO, "")}, straight)
    assert [e for e in straight if getattr(e, "kind", "") == "touch"]   # straight home: alongside
    orders = helm.withdraw_orders(state, a)
    events: list = []
    movement.move_all(state, {"a": orders, "b": ShipOrders("b", Band.HOVE_TO, "")}, events)
    assert not [e for e in events if getattr(e, "kind", "") == "touch"]


# --- issue 37: the log says which rule sends her home, and who the crew have lost -----------

def test_the_half_crew_withdrawal_says_it_is_that_rule():
    state, _ = killed(one(), "a-cap1", 3)
    state, _ = killed(state, "a-mar1")
    events: list = []
    morale.check_half(state, events)
    (line,) = [e for e in events if getattr(e, "kind", "") == "withdraws"]
    assert line.text == "A withdraws from the action: half her men are lost (22.4)"
    assert line.rule == morale.CARRY_ON


def test_the_admiral_killed_with_no_captain_aboard_reads_plainly():
    state, _ = killed(one(("admiral", "stern"), flagship=True), "a-cap1")
    _, events = killed(state, "a-adm1", 3)
    (roll,) = rolls(events)
    assert roll.purpose == "A's crew, the admiral who commanded them killed, and no captain left"


# --- issue 37 item 8: turn after turn, never the same wreck or the same galley ---------------

def _withdraw_for(state: RSState, turns: int) -> tuple[RSState, list, list[ShipOrders]]:
    """``turns`` moves of the table with the withdrawing galley's orders written by the rules
    (the rest lie hove-to): the state after, every event, and her orders each turn."""
    events: list = []
    written: list[ShipOrders] = []
    for _ in range(turns):
        orders = {s.id: helm.withdraw_orders(state, s) if s.withdrawing
                  else ShipOrders(s.id, Band.HOVE_TO, "") for s in state.ships if s.afloat}
        written.append(orders["a"])
        state = replace(movement.move_all(state, orders, events), contacts=())
        if not state.ship("a").afloat:   # gone off the table: home
            break
    return state, events, written


def test_a_withdrawing_galley_stopped_short_of_a_wreck_backs_clear_and_goes_round_it():
    # her bow 1.4" short of a wreck across her way home: no course under way misses it, so she
    # lies hove-to, backs water clear, and goes round it; never into it, and never back to
    # lie before it again (she used to row straight back to where she lay, turn after turn)
    from ahoy_tui.rules.ramming_speed.model import Wreck

    a = galley("a", "p1", x=20, y=22.6, heading=180, band=Band.SLOW, withdrawing=True)
    b = galley("b", "p2", x=50, y=40)
    wreck = Wreck(20, 28, 90, 5, 1)
    state = battle(a, b, men=crew("a", *A_CREW) + crew("b", ("marine", "bow")),
                   phase=Phase.ORDERS, wrecks=(wreck,))
    after, events, written = _withdraw_for(state, 6)
    assert [o.band for o in written[:3]] == [Band.HOVE_TO, Band.BACKING, Band.HOVE_TO]
    assert not [e for e in events if getattr(e, "kind", "") in ("touch", "ram")]
    assert after.contacts == ()
    her = after.ship("a")
    assert her.y > 36 or not her.afloat   # past the wreck (y 28), on her way home south
    hove_to = [o for o in written if o.band is Band.HOVE_TO]
    assert len(hove_to) == 2   # the turn she was brought up, and the one after backing water


def test_a_withdrawing_galley_does_not_row_back_alongside_the_galley_she_backed_from():
    # an enemy lying across her bow: she backs clear and goes round, never alongside again
    a = galley("a", "p1", x=20, y=20, heading=180, band=Band.SLOW, withdrawing=True)
    c = galley("c", "p2", x=20, y=24.3, heading=90)
    state = battle(a, c, men=crew("a", *A_CREW) + crew("c", ("marine", "bow")),
                   phase=Phase.ORDERS)
    after, events, written = _withdraw_for(state, 6)
    assert not [e for e in events if getattr(e, "kind", "") in ("touch", "ram")]
    assert Band.BACKING in [o.band for o in written]
    assert after.ship("a").y > 30 or not after.ship("a").afloat


def test_a_withdrawing_galley_with_open_water_ahead_goes_straight_home():
    # nothing in her way: straight home at her fastest band short of ramming speed
    a = galley("a", "p1", x=20, y=10, heading=180, band=Band.SLOW, withdrawing=True)
    b = galley("b", "p2", x=50, y=10)
    state = battle(a, b, men=crew("a", *A_CREW) + crew("b", ("marine", "bow")),
                   phase=Phase.ORDERS)
    orders = helm.withdraw_orders(state, a)
    assert orders.band is Band.CRUISING and set(orders.moves) == {"S"}


def test_a_withdrawing_galley_lying_in_a_wreck_rows_clear_of_it_for_home():
    # the galley she had rammed sank under her bow: she no longer lies there hove-to for ever
    from ahoy_tui.rules.ramming_speed.model import Wreck

    a = galley("a", "p1", x=20, y=20, heading=180, band=Band.SLOW, withdrawing=True)
    b = galley("b", "p2", x=50, y=40)
    state = battle(a, b, men=crew("a", *A_CREW) + crew("b", ("marine", "bow")),
                   phase=Phase.ORDERS, wrecks=(Wreck(20, 23.6, 90, 3.5, 0.9),))
    after, events, written = _withdraw_for(state, 2)
    assert written[0].band is Band.CRUISING and set(written[0].moves) == {"S"}
    assert not [e for e in events if getattr(e, "kind", "") in ("touch", "accident")]
    assert after.ship("a").y > 30 or not after.ship("a").afloat
