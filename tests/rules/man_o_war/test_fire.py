"""The End Phase: Fire (rules/man_o_war/fire.py): the seed's d6 for each area ablaze, spreading
prow-ward, upward and stern-ward along the card, a choice of areas rolled for, no space, the
second box of a two-box area. Every die is forced."""

from __future__ import annotations

from ahoy_tui.engine.dice import forced
from ahoy_tui.rules.man_o_war import fire
from ahoy_tui.rules.man_o_war.model import Marks, MowState

from .helpers import battle, cup, said, ship

# the Greatship's card: 0 Fore Mast, 1 Main Mast, 2 Aft Mast (high); 3 Forecastle (middle,
# column 0), 4 Aftcastle (middle, column 2); 5 Bows, 6 Gun Deck, 7 Stern (low)
NAMES = ("Fore Mast", "Main Mast", "Aft Mast", "Forecastle", "Aftcastle", "Bows", "Gun Deck",
         "Stern")


def greatship(**marks: Marks) -> MowState:
    row = tuple(marks.get(name.replace(" ", "_").lower(), Marks()) for name in NAMES)
    return battle(ship("g", "greatship", marks=row))


def end_phase(state: MowState, *faces: int) -> MowState:
    with forced(*faces):
        dice, _ = cup()
        return fire.blazes_spread(state, dice)


def test_a_one_puts_the_blaze_out_leaving_a_damage_marker() -> None:
    after = end_phase(greatship(gun_deck=Marks(0, 1)), 1)
    assert after.ship("g").marks[6] == Marks(1, 0)


def test_two_or_three_and_the_blaze_holds() -> None:
    for face in (2, 3):
        state = greatship(gun_deck=Marks(0, 1))
        assert end_phase(state, face) is state


def test_four_spreads_prow_ward_and_six_stern_ward() -> None:
    prow = end_phase(greatship(gun_deck=Marks(0, 1)), 4).ship("g")
    assert prow.marks[5] == Marks(0, 1)  # the Bows catch
    stern = end_phase(greatship(gun_deck=Marks(0, 1)), 6).ship("g")
    assert stern.marks[7] == Marks(0, 1)


def test_five_spreads_upward_a_choice_of_areas_rolled_for() -> None:
    # up from the Gun Deck (low, column 1): the Forecastle (0) and Aftcastle (2) are equally
    # near: a die chooses, 1-3 the first, 4-6 the second
    first = end_phase(greatship(gun_deck=Marks(0, 1)), 5, 2).ship("g")
    assert first.marks[3] == Marks(0, 1) and first.marks[4] == Marks()
    second = end_phase(greatship(gun_deck=Marks(0, 1)), 5, 6).ship("g")
    assert second.marks[4] == Marks(0, 1)


def test_a_damaged_area_is_simply_set_on_fire_without_a_critical() -> None:
    after = end_phase(greatship(gun_deck=Marks(0, 1), stern=Marks(1, 0)), 6).ship("g")
    assert after.marks[7] == Marks(0, 1)  # the damage marker became a Blaze; no critical die


def test_no_space_nothing_happens() -> None:
    # prow-ward from the Bows: nothing ahead of her bows
    state = greatship(bows=Marks(0, 1))
    assert end_phase(state, 4) is state
    # upward from a mast: no band above
    state = greatship(fore_mast=Marks(0, 2))
    assert end_phase(state, 5) is state


def test_the_second_box_of_a_two_box_area_catches_first() -> None:
    after = end_phase(greatship(forecastle=Marks(1, 1)), 6).ship("g")
    assert after.marks[3] == Marks(0, 2)  # its second part ablaze, not the Aftcastle
    assert after.marks[4] == Marks()


def test_a_blaze_that_spreads_this_phase_rolls_from_the_next() -> None:
    # the Gun Deck spreads to the Stern; the Stern does not roll this End Phase
    from ahoy_tui.engine.events import DiceRoll

    with forced(6):
        dice, events = cup()
        after = fire.blazes_spread(greatship(gun_deck=Marks(0, 1)), dice)
    assert after.ship("g").marks[7] == Marks(0, 1)
    assert len([e for e in events if isinstance(e, DiceRoll)]) == 1


def test_a_blaze_spreading_to_a_mast_takes_away_what_losing_the_mast_does() -> None:
    """Blazing locations are treated as destroyed (the seed): the Aft Mast catching from the
    Aftcastle is a lost mast, her speed 2" less (3" with the wind astern), as its second hit
    would have made it (issue 38: she still set her course under sail at 8")."""
    with forced(5):  # upward from the Aftcastle (middle, column 2): the Aft Mast above it
        dice, events = cup()
        after = fire.blazes_spread(greatship(aftcastle=Marks(0, 2)), dice).ship("g")
    assert after.marks[2] == Marks(0, 1)
    assert (after.speed_lost, after.speed_lost_astern) == (2, 3)
    assert any("loses 2\" of speed (Aft Mast" in text for text in said(events, "effect"))
    # a mast with a damage marker already: the blaze turns it, and its second hit's loss comes
    damaged = end_phase(greatship(aft_mast=Marks(1, 0), aftcastle=Marks(0, 2)), 5).ship("g")
    assert damaged.marks[2] == Marks(0, 1) and damaged.speed_lost == 2


def test_a_gun_deck_set_ablaze_loses_its_battery() -> None:
    # prow-ward from the Stern: the Gun Deck (a broadside battery) catches
    after = end_phase(greatship(stern=Marks(0, 1)), 4).ship("g")
    assert after.marks[6] == Marks(0, 1)
    broadside = [b.arc for b in after.card.batteries].index("broadside")
    assert after.batteries_lost[broadside] == 1


def test_a_blaze_spreading_through_an_area_already_destroyed_takes_nothing_more() -> None:
    # the Aft Mast's own blaze holds (2); the Aftcastle's 5 spreads up into its second box:
    # it was destroyed already, its loss taken with its first blaze
    after = end_phase(greatship(aft_mast=Marks(0, 1), aftcastle=Marks(0, 2)), 2, 5).ship("g")
    assert after.marks[2] == Marks(0, 2) and after.speed_lost == 0


def test_the_game_over_summary_calls_a_blaze_a_blaze_and_a_sinking_s_honours() -> None:
    from ahoy_tui.engine.fast import replace
    from ahoy_tui.rules.man_o_war.flow import fate

    burning = greatship(gun_deck=Marks(0, 1), stern=Marks(1, 0)).ship("g")
    assert fate(burning).endswith("1 damage marker, 1 blaze")
    assert fate(replace(burning, sunk=True)) == "sunk (her 4 Battle Honours to the enemy)"
