"""Movement in Man O' War played through the engine with forced dice: the Turning Template's 2"
a turn, oars (90° on the spot for half the move, 180° for all, backwards up to 2", Ramming speed
with no turns), obstructions (running aground, its Below the Waterline save or 1-3 hits, a 4+ to
get off at the start of the Battle Phase), collisions (the move ends; begun in contact, push
clear along the other's side for half the move), sailing off the table, wreckage and debris in
the way, and Ramming (oars or steam, never wreckage; then the rammer fires and boards)."""

from __future__ import annotations

from typing import Any

import pytest

from ahoy_tui.rules.man_o_war.actions import (
    Activate,
    Advance,
    Board,
    Command,
    EndFire,
    EndMove,
    Fire,
    PushClear,
    Ram,
    SetCourse,
    Turn,
    TurnOnTheSpot,
)
from ahoy_tui.rules.man_o_war.model import Marker
from ahoy_tui.rules.man_o_war.table import touching

from .test_turn_sequence import Sea, ship


def wolves(*at: tuple[float, float, str], enemy: tuple[float, float, str] = (62, 40, "W"),
           **more: Any) -> Sea:
    """p1: the Greatship far off and a squadron of Wolfships (oars 5", Ramming speed 7", sail
    6" (8"), a ram) with w1, the flagship, at ``at[0]``; p2: the Galleon at ``enemy``."""
    places = [*at, (20, 40, "E"), (20, 43, "E")][:3]
    ships = [ship(f"w{i + 1}", "p1", "wolfship", *p, squadron="w", flagship=i == 0)
             for i, p in enumerate(places)]
    sea = Sea.of(ship("g", "p1", "greatship", 8, 10, "E", admiral=True), *ships,
                 ship("b", "p2", "galleon", *enemy, admiral=True), **more)
    return sea.play(Activate("w")).play(Command("w1"))


def reach(sea: Sea) -> tuple[int, int] | None:
    ranges = sea.legal().ranges
    return (ranges[0].low, ranges[0].high) if ranges else None


# --- the Turning Template ---------------------------------------------------------------------

def test_each_turn_with_the_turning_template_uses_2_inches_of_the_move() -> None:
    sea = wolves((20, 20, "E")).play(SetCourse("oars"))
    assert sea.state.move is not None and sea.state.move.allowance == 5
    sea.play(Turn("starboard"))
    assert sea.ship("w1").heading == 3 and sea.state.move.used == 2  # E → SE
    assert (sea.ship("w1").x, sea.ship("w1").y) == (20, 20)  # the template pivots her
    assert reach(sea) == (1, 3)
    sea.play(Advance(1)).play(Turn("port"))
    assert sea.ship("w1").heading == 2
    assert sea.state.current != "w1"  # 2" + 1" + 2": her 5" are spent, and she is done


def test_no_turn_with_less_than_2_inches_left() -> None:
    sea = wolves((20, 20, "E")).play(SetCourse("oars")).play(Advance(4))
    assert sea.state.move.remaining == 1
    assert not any(isinstance(a, Turn) for a in sea.fixed())
    refusal = sea.refused(Turn("port"))
    assert refusal.rule == "Movement" and '1.0"' in refusal.reason


# --- oars -----------------------------------------------------------------------------------------

def test_oars_turn_90_degrees_on_the_spot_for_half_the_move() -> None:
    sea = wolves((20, 20, "E")).play(SetCourse("oars"))
    sea.play(TurnOnTheSpot("port", 90))
    w1 = sea.ship("w1")
    assert w1.heading == 0 and (w1.x, w1.y) == (20, 20)  # E → N, where she lay
    assert sea.state.move.used == 2.5 and sea.state.move.remaining == 2.5
    assert TurnOnTheSpot("port", 180) not in sea.legal()  # all her move: not now
    sea.play(TurnOnTheSpot("starboard", 90))  # the other half
    assert sea.ship("w1").heading == 2 and sea.state.stage != "move"


def test_oars_turn_180_degrees_on_the_spot_for_all_the_move() -> None:
    sea = wolves((20, 20, "E")).play(SetCourse("oars"))
    assert TurnOnTheSpot("starboard", 180) in sea.legal()
    sea.play(TurnOnTheSpot("starboard", 180))
    w1 = sea.ship("w1")
    assert w1.heading == 6 and (w1.x, w1.y) == (20, 20)
    assert sea.state.stage != "move"  # nothing left


def test_a_180_degree_turn_is_only_at_the_start_of_the_move() -> None:
    sea = wolves((20, 20, "E")).play(SetCourse("oars")).play(Advance(1))
    assert TurnOnTheSpot("starboard", 180) not in sea.legal()
    assert TurnOnTheSpot("starboard", 90) in sea.legal()


def test_sail_and_steam_do_not_turn_on_the_spot() -> None:
    sea = wolves((20, 20, "E")).play(SetCourse("sail"))
    assert not any(isinstance(a, TurnOnTheSpot) for a in sea.fixed())


def test_oars_row_backwards_up_to_2_inches_instead_of_a_move() -> None:
    sea = wolves((20, 20, "E")).play(SetCourse("oars", "backwards"))
    assert sea.state.move.allowance == 2 and reach(sea) == (1, 2)
    assert not any(isinstance(a, (Turn, TurnOnTheSpot)) for a in sea.fixed())
    sea.play(Advance(2))
    assert (sea.ship("w1").x, sea.ship("w1").heading) == (18, 2)  # 2" astern, bow still E


def test_backing_water_is_worded_astern_not_ahead() -> None:
    """Played at 80x24: a Wolfship backing water was offered "Ahead 1-2"" and "Ahead 1-1" and
    end her move there"; she goes astern, and one inch is one inch."""
    from ahoy_tui.engine.registry import get_ruleset

    rules = get_ruleset("man-o-war")
    sea = wolves((20, 20, "E")).play(SetCourse("oars", "backwards"))
    assert rules.describe_choice(sea.state, Advance(0), "inches", (1, 2)) == 'Astern 1-2"'
    assert rules.describe_choice(sea.state, Advance(0, stop=True), "inches", (1,)) == \
        'Astern 1" and end her move there (stopping short)'
    assert rules.describe_action(sea.state, Advance(2)) == 'Astern 2"'


def test_the_last_inch_of_an_advance_is_what_is_left_of_her_move() -> None:
    """Played at 80x24: pushed clear, a Wolfship "has 3.5" left" and was offered "Ahead
    1-4""; she goes 3.5" at most, and the choice says so."""
    from ahoy_tui.engine.fast import replace
    from ahoy_tui.engine.registry import get_ruleset

    rules = get_ruleset("man-o-war")
    sea = wolves((20, 20, "E")).play(SetCourse("oars"))
    sea.state = replace(sea.state, move=replace(sea.state.move, used=1.5))
    assert sea.state.move.remaining == 3.5 and reach(sea) == (1, 4)
    assert rules.describe_choice(sea.state, Advance(0), "inches", (1, 2, 3, 4)) == \
        'Ahead 1-3.5"'
    assert rules.describe_action(sea.state, Advance(4)) == 'Ahead 3.5"'
    assert rules.describe_action(sea.state, Advance(3)) == 'Ahead 3"'
    sea.play(Advance(4))
    assert sea.ship("w1").x == 23.5


def test_ramming_speed_only_with_no_turns() -> None:
    sea = wolves((20, 20, "E")).play(SetCourse("oars", "ramming"))
    assert sea.state.move.allowance == 7  # her bracketed speed
    assert not any(isinstance(a, (Turn, TurnOnTheSpot)) for a in sea.fixed())
    refusal = sea.refused(Turn("port"))
    assert refusal.rule == "Movement with oars" and "no turns" in refusal.reason


def test_a_ship_without_oars_has_no_ramming_speed() -> None:
    sea = wolves((20, 20, "E"))
    assert SetCourse("oars", "ramming") in sea.legal()
    sea = Sea.of(ship("g", "p1", "greatship", 20, 24, "E", admiral=True),
                 ship("b", "p2", "galleon", 60, 24, "W", admiral=True)).play(Activate("g"))
    assert set(sea.fixed()) == {SetCourse("sail"), EndMove()}


# --- obstructions -----------------------------------------------------------------------------

def aground(kind: str) -> Sea:
    """The Greatship (sail 6") 1.5" short of a piece of terrain dead ahead."""
    sea = Sea.of(ship("g", "p1", "greatship", 20, 24, "E", admiral=True),
                 ship("b", "p2", "galleon", 62, 40, "W", admiral=True),
                 terrain=({"kind": kind, "x": 26, "y": 24, "width": 4, "height": 3},))
    return sea.play(Activate("g")).play(SetCourse("sail"))


@pytest.mark.parametrize("kind", ["rocks", "sandbank", "island"])
def test_moving_over_terrain_ends_the_move_aground_a_btw_save_made(kind: str) -> None:
    sea = aground(kind)
    sea.play(Advance(6), 4)  # her Below the Waterline save, 4+: made
    g = sea.ship("g")
    assert g.aground and g.btw == 0 and 21.4 < g.x < 21.5  # stopped at its edge
    assert sea.state.stage != "move"  # her move is over
    assert [r.rule for r in sea.rolls()] == ["Combat & Damage"]  # the one save, no D3


@pytest.mark.parametrize(("face", "hits"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_running_aground_a_failed_btw_save_costs_1_to_3_btw_hits(face: int,
                                                                 hits: int) -> None:
    sea = aground("rocks")
    sea.play(Advance(6), 3, face)  # the save (4+) fails; a D3 for the damage
    g = sea.ship("g")
    assert g.aground and g.btw == hits and not g.sunk


def test_aground_at_the_start_of_the_battle_phase_4_plus_to_get_off() -> None:
    sea = Sea.of(ship("g", "p1", "greatship", 20, 24, "E", admiral=True),
                 ship("b", "p2", "galleon", 62, 40, "W", admiral=True))
    sea.arrange("g", aground=True)
    sea.end_battle_phase(6, 1, 3)  # turn 2: the initiative, then her 3: stuck
    assert sea.ship("g").aground and sea.state.turn == 2
    sea.play(Activate("g"))
    assert sea.fixed() == [EndMove()]
    assert "aground" in sea.refused(SetCourse("sail")).reason
    sea.end_battle_phase(6, 1, 4)  # turn 3: a 4 and she moves away
    assert not sea.ship("g").aground
    sea.play(Activate("g"))
    assert SetCourse("sail") in sea.legal()


def test_the_rule_of_one_getting_off_the_ground() -> None:
    sea = Sea.of(ship("g", "p1", "greatship", 20, 24, "E", admiral=True),
                 ship("b", "p2", "galleon", 62, 40, "W", admiral=True))
    sea.arrange("g", aground=True)
    sea.end_battle_phase(6, 1, 1)
    assert sea.ship("g").aground and sea.rolls()[-1].outcome == "stuck"


# --- collisions ---------------------------------------------------------------------------------

def test_touching_another_ship_ends_the_move() -> None:
    # the Galleon's side 2" ahead of w1's bow: w1 rows 5" and stops against her
    sea = wolves((20, 20, "E"), enemy=(24.3, 20, "N")).play(SetCourse("oars"))
    sea.play(Advance(5))
    w1 = sea.ship("w1")
    assert "b" in touching(sea.state, w1) and 21.9 < w1.x < 22
    assert sea.state.stage != "move"  # no ram after 2" straight: her move is simply over


def test_a_ship_beginning_her_move_in_contact_must_push_clear_first() -> None:
    # w1 alongside the Galleon, both heading east
    sea = wolves((20, 20, "E"), enemy=(21, 21.35, "E")).play(SetCourse("oars"))
    assert set(sea.fixed()) == {PushClear("ahead"), PushClear("astern"), EndMove()}
    assert reach(sea) is None
    refusal = sea.refused(Advance(1))
    assert refusal.rule == "Collisions" and "push clear" in refusal.reason


def test_pushing_clear_slides_along_the_other_ships_side_for_half_the_move() -> None:
    sea = wolves((20, 20, "E"), enemy=(21, 21.35, "E")).play(SetCourse("oars"))
    sea.play(PushClear("ahead"))
    w1 = sea.ship("w1")
    assert w1.y == 20 and w1.heading == 2 and w1.x > 23.5  # along her side, past her bow
    assert not touching(sea.state, w1)
    assert sea.state.move.used == 2.5 and reach(sea) == (1, 3)  # the other half is hers


def test_a_rammer_pushes_clear_astern_not_through_her_victim() -> None:
    # w1's bow against the Galleon's side
    sea = wolves((20, 20, "N"), enemy=(20, 17.65, "E")).play(SetCourse("oars"))
    assert "b" in touching(sea.state, sea.ship("w1"))
    assert set(sea.fixed()) == {PushClear("astern"), EndMove()}
    assert sea.refused(PushClear("ahead")).rule == "Collisions"
    sea.play(PushClear("astern"))
    assert sea.ship("w1").y > 20 and not touching(sea.state, sea.ship("w1"))


def test_a_ship_that_sails_off_the_table_has_left_the_battle() -> None:
    sea = Sea.of(ship("g", "p1", "greatship", 67, 10, "E", admiral=True),
                 ship("w1", "p1", "wolfship", 20, 20, "E", squadron="w", flagship=True),
                 ship("w2", "p1", "wolfship", 20, 23, "E", squadron="w"),
                 ship("w3", "p1", "wolfship", 20, 26, "E", squadron="w"),
                 ship("b", "p2", "galleon", 40, 40, "W", admiral=True))
    sea.play(Activate("g")).play(SetCourse("sail")).play(Advance(6))
    g = sea.ship("g")
    assert g.left_table and g.gone and not g.admiral
    assert sea.said("left") and sea.state.current == "" and not sea.state.over
    sea.idle_unit("b")
    assert sea.fixed() == [Activate("w")]  # she may not return


# --- wreckage and debris ---------------------------------------------------------------------

def test_wreckage_obstructs_movement_like_a_ship_and_cannot_be_rammed() -> None:
    sea = wolves((20, 20, "E"))
    sea.lay(Marker("wreck-x", "wreckage", 26.3, 20, 0, 5, 1.6))
    sea.play(SetCourse("oars")).play(Advance(5))
    w1 = sea.ship("w1")
    assert 23.9 < w1.x < 24  # stopped against it after 3.95" straight
    assert sea.said("collision") and sea.state.stage != "move"  # no ram to offer


def test_debris_does_not_obstruct_movement() -> None:
    sea = wolves((20, 20, "E"))
    sea.lay(Marker("wreck-x", "debris", 25.3, 20, 0, 5, 1.6))
    sea.play(SetCourse("oars")).play(Advance(5))
    assert sea.ship("w1").x == 25


# --- ramming ------------------------------------------------------------------------------------

def test_a_ship_under_sail_does_not_ram() -> None:
    # the Galleon's side 4" ahead of w1's bow, w1 under sail
    sea = wolves((20, 20, "E"), enemy=(26.3, 20, "N")).play(SetCourse("sail"))
    sea.play(Advance(6))
    assert "b" in touching(sea.state, sea.ship("w1"))
    assert not any(isinstance(a, Ram) for a in sea.fixed())
    refusal = sea.refused(Ram("b"))
    assert refusal.rule == "Ramming"


def test_a_ram_under_oars_after_3_inches_straight() -> None:
    sea = wolves((20, 20, "E"), enemy=(26.3, 20, "N")).play(SetCourse("oars"))
    sea.play(Advance(5))
    assert Ram("b") in sea.legal()
    sea.play(Ram("b"), 1)  # the Galleon's save (4+) fails: the Wolfship's ram, 2 hits
    assert sea.ship("b").btw == 2


def test_a_ship_touching_at_the_end_of_her_move_goes_no_further_than_asked() -> None:
    # the Galleon's side 5.08" ahead of w1's bow: 5" brings them within touching distance
    sea = wolves((20, 20, "E"), enemy=(27.38, 20, "N")).play(SetCourse("oars"))
    sea.play(Advance(5))
    assert sea.ship("w1").x == 25 and sea.state.move.used == 5
    assert "b" in touching(sea.state, sea.ship("w1")) and Ram("b") in sea.legal()


def test_a_ship_never_rams_one_of_her_own_side() -> None:
    # w2, of w1's own squadron, lies across her bow 4" ahead
    sea = wolves((20, 20, "E"), (26.3, 20, "N")).play(SetCourse("oars"))
    sea.play(Advance(5))
    assert "w2" in touching(sea.state, sea.ship("w1"))
    # no ram is offered, and with nothing to fire at or board her turn passes to her squadron
    assert sea.state.current == "" and sea.state.acting == ("w2", "w3")
    assert not any(isinstance(a, Ram) for a in sea.fixed()) and sea.ship("w2").btw == 0


def test_a_turn_starts_the_straight_run_to_a_ram_again() -> None:
    sea = wolves((20, 20, "E")).play(SetCourse("sail")).play(Advance(3))
    assert sea.state.move.straight == 3
    sea.play(Turn("port"))
    assert sea.state.move.straight == 0


def test_after_ramming_the_rammer_may_fire_and_then_board() -> None:
    sea = Sea.of(ship("i", "p1", "ironclad", 24, 24, "E", admiral=True),
                 ship("b", "p2", "galleon", 30.8, 24, "N", admiral=True),
                 races=("dwarfs", "bretonnia"))
    sea.play(Activate("i")).play(SetCourse("steam")).play(Advance(6))
    sea.play(Ram("b"), 5)  # saved below the waterline
    assert sea.ship("b").btw == 0 and sea.state.stage == "fire"
    assert Fire("turret", "b", "low") in sea.legal()
    sea.play(EndFire())
    assert Board("b") in sea.legal()


@pytest.mark.parametrize(("side", "heading", "arrow"), [("starboard", 3, "↻"), ("port", 1, "↺")])
def test_a_planned_turn_draws_the_turning_template_and_where_she_will_lie(
        side: str, heading: int, arrow: str) -> None:
    """Before a turn is taken: her bow's sweep about her centre from east to the new point,
    marked with the way she turns, and a ghost of her hull turned; nothing moves."""
    import math

    from ahoy_tui.rules.man_o_war.actions import Activate, SetCourse, Turn
    from ahoy_tui.rules.man_o_war.view import scene

    sea = Sea.of(ship("g", "p1", "greatship", 30, 24, "E", admiral=True),
                 ship("b", "p2", "galleon", 62, 40, "W", admiral=True))
    sea.play(Activate("g")).play(SetCourse("sail"))
    before = sea.state
    drawn = scene(sea.state, "g", preview_action=Turn(side))
    assert sea.state is before and sea.ship("g").heading == 2
    ghost = next(h for h in drawn.hulls if h.ghost)
    assert ghost.ship == "g" and ghost.heading == heading and ghost.centre == (30, 24)
    sweep = next(line for line in drawn.lines if line.path)
    half = sea.ship("g").card.length / 2
    assert sweep.path[0] == pytest.approx((30 + half, 24))
    ux, uy = (math.sqrt(0.5), math.sqrt(0.5) * (1 if side == "starboard" else -1))
    assert sweep.path[-1] == pytest.approx((30 + half * ux, 24 + half * uy))
    assert [m.label for m in sweep.marks] == [arrow]
    assert not any(h.ghost for h in scene(sea.state, "g").hulls)  # nothing planned
