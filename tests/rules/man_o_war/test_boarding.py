"""Boarding Actions and Captured ships in Man O' War played through the engine with forced
dice: one boarding action a turn, the defender's cannons pointing at the attacker, the Admiral's
+1, pressing on and breaking off, a winning defender cutting grapples or carrying the fight
across (the cannons' bonus changing sides), ties, the Admiral killed with the last of the crew,
an abandoned ship boarded at once; prizes (no moving, no firing, no cannons against boarders,
recaptured as a straggler), scuttling in the End Phase and the boarding crew left aboard."""

from __future__ import annotations

from typing import Any

from ahoy_tui.rules.man_o_war import flow, movement, shooting
from ahoy_tui.rules.man_o_war.actions import (
    Activate,
    Board,
    BoardingChoice,
    Command,
    EndFire,
    EndMove,
    EndShip,
    PushClear,
    Scuttle,
    SetCourse,
    TakePrize,
)
from ahoy_tui.rules.man_o_war.model import Phase
from ahoy_tui.rules.man_o_war.table import touching

from .test_turn_sequence import Sea, ship

PRESS_ON, BREAK_OFF = BoardingChoice("press_on"), BoardingChoice("break_off")
FIGHT_ON, CUT = BoardingChoice("fight_on"), BoardingChoice("cut_grapples")


def corsairs(x: float = 62, y: float = 10, heading: str = "W") -> tuple[dict[str, Any], ...]:
    """Bretonnia's Corsair squadron: c1 (the flagship) at (x, y), her consorts beside her."""
    return (ship("c1", "p2", "corsair", x, y, heading, squadron="c", flagship=True),
            ship("c2", "p2", "corsair", 64, 44, "W", squadron="c"),
            ship("c3", "p2", "corsair", 68, 44, "W", squadron="c"))


def wolves() -> tuple[dict[str, Any], ...]:
    return tuple(ship(f"w{i}", "p1", "wolfship", 6, 40 + 2 * i, "E", squadron="w",
                      flagship=i == 1) for i in (1, 2, 3))


def alongside(*extra: dict[str, Any], board: bool = True, **more: Any) -> Sea:
    """The Greatship (30, 24) and the Galleon alongside her to starboard, both heading north,
    both Admirals aboard; the Greatship has moved and held her fire, ready to board."""
    sea = Sea.of(ship("g", "p1", "greatship", 30, 24, "N", admiral=True),
                 ship("b", "p2", "galleon", 31.65, 24, "N", admiral=True),
                 *(extra or corsairs()), **more)
    if board:
        sea.play(Activate("g")).play(EndMove())
        if EndFire() in sea.legal():
            sea.play(EndFire())
    return sea


def totals(sea: Sea) -> list[tuple[str | None, str, str]]:
    """Each boarding roll of the last play: (ship, total, what was added)."""
    rolls = [r for r in sea.rolls() if r.rule == "Boarding Actions"]
    return [(r.ship, *reversed(r.outcome.rsplit(" = ", 1))) for r in rolls]  # "+5 crew = 9"


# --- Boarding Actions ---------------------------------------------------------------------------

def test_one_boarding_action_a_turn_though_she_touches_two_enemies() -> None:
    port = ship("c1", "p2", "corsair", 28.6, 24, "N", squadron="c", flagship=True)
    sea = alongside(port, *corsairs()[1:])
    assert {Board("b"), Board("c1")} <= set(sea.fixed())
    sea.play(Board("b"), 6, 1).play(BREAK_OFF)
    assert sea.state.boarding is None
    assert sea.state.current == "" and sea.state.active == "p2"  # she is done: no second one
    assert "g" in sea.state.boarded_this_turn


def test_the_defender_adds_only_the_cannons_pointing_at_the_attacker() -> None:
    # a Wolfship's bow against the Galleon's bow: only her fore battery bears on her
    sea = Sea.of(ship("g", "p1", "greatship", 8, 10, "E", admiral=True),
                 ship("w1", "p1", "wolfship", 35.95, 24, "E", squadron="w", flagship=True),
                 ship("w2", "p1", "wolfship", 35.95, 27, "E", squadron="w"),
                 ship("w3", "p1", "wolfship", 35.95, 30, "E", squadron="w"),
                 ship("b", "p2", "galleon", 40, 24, "W", admiral=True), *corsairs())
    sea.play(Activate("w")).play(Command("w1")).play(EndMove()).play(EndFire())
    # 6 + 2 crew = 8 against 1 + 5 crew + 1 cannon + 1 Admiral = 8: a tie
    sea.play(Board("b"), 6, 1)
    assert totals(sea) == [("w1", "8", "+2 crew"), ("b", "8", "+5 crew +1 cannons +1 Admiral")]
    assert sea.ship("w1").crew == 1 and sea.ship("b").crew == 4


def test_a_ship_with_an_admiral_adds_1_to_her_boarding_roll() -> None:
    sea = Sea.of(ship("g", "p1", "greatship", 30, 24, "N", admiral=True),
                 ship("b", "p2", "galleon", 62, 30, "W", admiral=True),
                 *corsairs(31.4, 24, "N"))  # a Corsair alongside the Greatship
    sea.play(Activate("g")).play(EndMove()).play(EndFire())
    sea.play(Board("c1"), 3, 4)
    # the Greatship 3 + 5 + 1 Admiral = 9; the Corsair 4 + 3 crew + 2 broadside batteries = 9
    assert totals(sea) == [("g", "9", "+5 crew +1 Admiral"), ("c1", "9", "+3 crew +2 cannons")]


def test_the_lower_total_loses_a_crew_counter_a_winning_attacker_presses_on_or_breaks_off(
        ) -> None:
    sea = alongside()
    sea.play(Board("b"), 6, 1)  # 12 against 10
    assert (sea.ship("g").crew, sea.ship("b").crew) == (5, 4)
    assert sea.state.to_act == "p1" and set(sea.fixed()) == {PRESS_ON, BREAK_OFF}
    sea.play(PRESS_ON, 6, 2)  # 12 against 10 again (4 crew now)
    assert sea.ship("b").crew == 3 and set(sea.fixed()) == {PRESS_ON, BREAK_OFF}
    sea.play(BREAK_OFF)
    assert sea.state.boarding is None and sea.ship("b").crew == 3
    assert sea.state.active == "p2"


def test_a_winning_defender_may_cut_grapples_and_the_boarding_action_ends() -> None:
    sea = alongside()
    sea.play(Board("b"), 1, 6)  # 7 against 15
    assert (sea.ship("g").crew, sea.ship("b").crew) == (4, 5)
    assert sea.state.to_act == "p2" and set(sea.fixed()) == {FIGHT_ON, CUT}
    sea.play(CUT)
    assert sea.state.boarding is None and sea.state.active == "p2"
    assert sea.state.current == ""


def test_a_winning_defender_fighting_on_is_the_attacker_and_the_cannons_change_sides() -> None:
    sea = alongside()
    sea.play(Board("b"), 1, 6)
    assert totals(sea)[1] == ("b", "15", "+5 crew +3 cannons +1 Admiral")
    sea.play(FIGHT_ON, 4, 4)
    # the Galleon attacks: 4 + 5 + 1 = 10, no cannons; the Greatship defends with hers:
    # 4 + 4 crew + 3 cannons + 1 = 12
    assert totals(sea) == [("b", "10", "+5 crew +1 Admiral"),
                           ("g", "12", "+4 crew +3 cannons +1 Admiral")]
    assert sea.ship("b").crew == 4
    fight = sea.state.boarding
    assert fight is not None and (fight.attacker, fight.defender) == ("b", "g")
    assert sea.state.to_act == "p1" and set(sea.fixed()) == {FIGHT_ON, CUT}  # g defended
    sea.play(FIGHT_ON, 5, 1)  # the Greatship carries it back: the cannons are the Galleon's
    assert totals(sea) == [("g", "10", "+4 crew +1 Admiral"),
                           ("b", "9", "+4 crew +3 cannons +1 Admiral")]


def test_a_tie_costs_both_a_crew_counter_and_the_defender_decides() -> None:
    sea = alongside()
    sea.play(Board("b"), 5, 2)  # 11 each
    assert (sea.ship("g").crew, sea.ship("b").crew) == (4, 4)
    assert sea.state.to_act == "p2" and set(sea.fixed()) == {FIGHT_ON, CUT}
    sea.play(FIGHT_ON, 6, 1)  # the same attacker fights on: 6 + 4 + 1 = 11 against 9
    fight = sea.state.boarding
    assert fight is not None and fight.attacker == "g" and sea.ship("b").crew == 3
    assert sea.state.to_act == "p1"


def test_all_the_crew_killed_kills_the_admiral_and_the_ship_is_won() -> None:
    sea = alongside()
    sea.arrange("b", crew=1)
    sea.play(Board("b"), 6, 1)
    b = sea.ship("b")
    assert b.crew == 0 and b.abandoned and not b.admiral
    assert sea.state.honours == (5, 0)  # an Admiral killed
    assert sea.state.won == "b" and sea.state.to_act == "p1"
    # up to her original 5 crew counters, and the Greatship keeps one of hers
    assert set(sea.fixed()) == {*(TakePrize("b", n) for n in range(1, 5)), Scuttle("b")}


def test_a_ship_with_no_crew_left_is_boarded_automatically() -> None:
    sea = alongside()
    sea.arrange("b", crew=0, abandoned=True, admiral=False)
    sea.play(Board("b"))
    assert not sea.rolls() and sea.state.won == "b"


def test_a_prize_is_taken_with_crew_from_the_winner_for_her_btw_honours() -> None:
    sea = alongside()
    sea.arrange("b", crew=1, admiral=False)
    sea.play(Board("b"), 6, 1).play(TakePrize("b", 3))
    b, g = sea.ship("b"), sea.ship("g")
    assert b.captured_by == "p1" and b.crew == 3 and not b.abandoned and g.crew == 2
    assert sea.state.honours == (4, 0)


# --- Captured ships -------------------------------------------------------------------------------

def prize_alongside(*extra: dict[str, Any]) -> Sea:
    """The Greatship has taken the Galleon (1 crew counter aboard) as her prize."""
    sea = alongside(*(extra or corsairs()))
    sea.arrange("b", crew=1)
    return sea.play(Board("b"), 6, 1).play(TakePrize("b", 1))


def test_a_prize_cannot_move_or_fire() -> None:
    sea = prize_alongside()
    b = sea.ship("b")
    assert movement.can_move(b) == "a prize cannot move"
    assert shooting.may_fire(b) == "a prize cannot fire"
    assert "b" not in flow.units(sea.state, "p1") and "b" not in flow.units(sea.state, "p2")
    sea.end_battle_phase(6, 1)
    assert sea.state.turn == 2 and set(sea.fixed()) == {Activate("g")}


def test_a_prize_is_not_a_target_for_her_captors_guns() -> None:
    sea = prize_alongside()
    sea.end_battle_phase(6, 1)
    sea.play(Activate("g")).play(SetCourse("sail")).play(PushClear("astern"))
    assert not [t for _, t in shooting.targets(sea.state, sea.ship("g")) if t == "b"]


def test_a_prize_repelling_boarders_has_no_cannons_and_is_recaptured_as_a_straggler() -> None:
    sea = prize_alongside(*corsairs(33.05, 24, "N"))  # a Corsair alongside the prize
    assert sea.state.honours == (9, 0)
    assert sea.state.active == "p2"
    sea.play(Activate("c")).play(Command("c1")).play(EndMove())
    if EndFire() in sea.legal():
        sea.play(EndFire())
    assert Board("b") in sea.legal()  # her own side may board her
    sea.play(Board("b"), 6, 1)  # 6 + 3 = 9 against 1 + 1 crew, no cannons = 2
    assert totals(sea)[1] == ("b", "2", "+1 crew")
    assert sea.state.won == "b" and sea.state.to_act == "p2"
    sea.play(TakePrize("b", 2))
    b = sea.ship("b")
    assert b.side == "p2" and not b.captured_by and b.crew == 2 and b.straggler
    assert sea.state.honours == (5, 0)  # the captor's honours for her are taken back
    assert "b" not in flow.units(sea.state, "p2")  # a straggler this turn
    sea.end_battle_phase()
    assert sea.state.phase == Phase.END and sea.state.current == "b"  # she moves as one
    sea.play(EndMove(), 6, 1)
    assert sea.state.turn == 2 and not sea.ship("b").straggler  # this turn only
    assert "b" in flow.units(sea.state, "p2")


def test_the_captors_ships_do_not_board_their_own_prize() -> None:
    sea = prize_alongside()
    sea.end_battle_phase(6, 1)
    sea.play(Activate("g"))
    assert EndMove() in sea.legal()
    sea.play(EndMove())
    assert Board("b") not in sea.legal()


def test_a_ship_scuttled_goes_down_in_the_end_phase_into_wreckage() -> None:
    sea = alongside()
    sea.arrange("b", crew=1)
    sea.play(Board("b"), 6, 1).play(Scuttle("b"))
    b = sea.ship("b")
    assert b.scuttle and b.afloat and sea.ship("g").crew == 4  # a crew counter aboard her
    sea.end_battle_phase(6, 1)
    assert sea.ship("b").sunk and [m.id for m in sea.state.markers] == ["wreck-b"]
    assert sea.state.honours == (5 + 4, 0)
    assert sea.ship("g").crew == 5  # the boarding crew came back: the Greatship touched her
    assert any("returns" in t for t in sea.said("scuttling_party", everything=True))


def test_the_boarding_crew_are_out_of_the_game_if_their_ship_is_no_longer_in_contact() -> None:
    sea = alongside(*wolves(), *corsairs())
    sea.arrange("g", crew=1)
    sea.play(Board("b"), 1, 6)  # thrown back: the Greatship's last crew counter is lost
    g = sea.ship("g")
    assert g.abandoned and not g.admiral and sea.state.won == "g"
    assert sea.state.to_act == "p2"  # the Galleon won her
    sea.play(Scuttle("g"))
    assert sea.ship("b").crew == 4
    # the Galleon's own activation: she pushes clear along the Greatship and sails off
    sea.play(Activate("b")).play(SetCourse("sail")).play(PushClear("ahead")).play(EndMove())
    assert "g" not in touching(sea.state, sea.ship("b"))
    sea.end_battle_phase(6, 1)
    assert sea.ship("g").sunk and sea.ship("b").crew == 4  # the party did not come back
    assert any("out of the game" in t for t in sea.said("scuttling_party", everything=True))
    assert sea.state.honours == (0, 5 + 4)


def test_the_boarding_phase_follows_firing() -> None:
    sea = alongside(board=False)
    sea.play(Activate("g")).play(EndMove())
    assert Board("b") not in sea.legal()  # first she fires (or holds her fire)
    sea.play(EndFire())
    assert set(sea.fixed()) == {Board("b"), EndShip()}


def test_a_ship_waiting_to_be_scuttled_may_be_recaptured_by_her_own_side() -> None:
    sea = alongside(*corsairs(33.05, 24, "N"))  # a Corsair alongside the Galleon
    sea.arrange("b", crew=1)
    sea.play(Board("b"), 6, 1).play(Scuttle("b"))
    assert sea.state.honours == (5, 0)  # her Admiral; her boxes only when she goes down
    sea.play(Activate("c")).play(Command("c1")).play(EndMove())
    if EndFire() in sea.legal():
        sea.play(EndFire())
    sea.play(Board("b"))  # no crew aboard her: it succeeds at once
    assert not sea.rolls() and sea.state.won == "b"
    sea.play(TakePrize("b", 1))
    b = sea.ship("b")
    assert b.side == "p2" and not b.scuttle and not b.captured_by and b.straggler
    assert sea.state.honours == (5, 0)
    assert sea.ship("g").crew == 4  # the scuttling party is lost


def dwarfs_alongside(boarder: str = "greatship", race: str = "empire", gap: float = 1.55,
                     *, move: bool = True) -> Sea:
    """A ship of ``race`` alongside the Dwarfs' Ironclad, activated (and moved, ready to
    board)."""
    from ahoy_tui.rules.man_o_war.model import MowState

    sea = Sea.of(ship("g", "p1", boarder, 30, 24, "N", admiral=True),
                 ship("i", "p2", "ironclad", 30 + gap, 24, "N", admiral=True),
                 races=(race, "dwarfs"))
    assert isinstance(sea.state, MowState) and "i" in touching(sea.state, sea.state.ship("g"))
    sea.play(Activate("g"))
    if move:
        sea.play(EndMove())
        if EndFire() in sea.legal():
            sea.play(EndFire())
    return sea


def test_a_dwarf_ship_cannot_be_boarded_unless_already_damaged() -> None:
    """Dwarf ships are armoured: "cannot be boarded unless already damaged" (later-rulesets.md
    §1): refused naming the rule, the battle unchanged; one damage marker and she may be."""
    import pytest

    from ahoy_tui.engine import IllegalAction
    from ahoy_tui.rules.man_o_war.model import Marks

    moved = dwarfs_alongside()
    assert moved.state.current != "g"  # nothing to board: her activation is over
    sea = dwarfs_alongside(move=False)
    before = sea.state
    with pytest.raises(IllegalAction) as refused:
        sea.play(Board("i"))
    assert refused.value.rule == "Boarding Actions" and "armoured" in refused.value.reason
    assert sea.state is before
    hurt = dwarfs_alongside(move=False)
    hurt.arrange("i", marks=(Marks(1, 0), *hurt.state.ship("i").marks[1:]))
    hurt.play(EndMove())
    if EndFire() in hurt.legal():
        hurt.play(EndFire())
    assert Board("i") in hurt.legal()
    assert flow.boarding_targets(hurt.state, hurt.state.ship("g")) == ["i"]
    holed = dwarfs_alongside(move=False).arrange("i", btw=1)
    assert flow.boarding_targets(holed.state, holed.state.ship("g")) == ["i"]
    # Dwarfs may board Dwarf ships
    dwarfs = dwarfs_alongside("ironclad", "dwarfs", 1.5, move=False)
    assert flow.boarding_targets(dwarfs.state, dwarfs.state.ship("g")) == ["i"]


def test_with_nothing_to_board_the_log_says_why() -> None:
    """No boarding choice is said, not left to guess: 0.4" apart is not touching; an armoured
    Dwarf ship touching her is named."""
    apart = Sea.of(ship("g", "p1", "greatship", 30, 24, "N", admiral=True),
                   ship("b", "p2", "galleon", 32.05, 24, "N", admiral=True), *corsairs())
    apart.play(Activate("g")).play(EndMove())
    if EndFire() in apart.legal():
        apart.play(EndFire())
    assert apart.state.current != "g"
    assert apart.said("no_boarding") == ["The Greatship cannot board: the Galleon is 0.4\" off: "
                                         "not touching, no boarding action"]
    dwarfs = dwarfs_alongside()
    assert dwarfs.said("no_boarding", everything=True) == [
        "The Greatship cannot board: the Ironclad is armoured: The Dwarfs' ships cannot be "
        "boarded unless already damaged"]
