"""Combat & Damage and Sinking in Man O' War played through the engine with forced dice: the
range template's bands and their save modifiers, a cannon's 9", a catapult's close range, aiming
high or low, one target a side, the first obstacle under the template, broadside batteries lost
with their area, Below the Waterline hits without a save, a crew reduced to zero, the rule of
one; then Wreckage, Debris, and an Admiral clinging to them."""

from __future__ import annotations

from typing import Any

import pytest

from ahoy_tui.rules.man_o_war import shooting
from ahoy_tui.rules.man_o_war.actions import (
    Activate,
    Advance,
    Command,
    EndMove,
    Fire,
    Ram,
    SetCourse,
)
from ahoy_tui.rules.man_o_war.model import Marker, Marks
from ahoy_tui.rules.man_o_war.prompt import describe

from .test_turn_sequence import Sea, ship

# The Galleon's card: 0 Fore Mast, 1 Main Mast, 2 Aft Mast (high); 3 Forecastle, 4 Quarterdeck
# (middle); 5 Bows, 6 Gun Deck (2 boxes), 7 Stern (low)
MAIN_MAST, QUARTERDECK, BOWS, GUN_DECK, STERN = 1, 4, 5, 6, 7


def broadside(gap: float, *extra: dict[str, Any], **more: Any) -> Sea:
    """The Greatship (30, 24) heading north, the Galleon heading north ``gap`` inches off her
    starboard side; the Greatship's move over, her guns ready."""
    sea = Sea.of(ship("g", "p1", "greatship", 30, 24, "N", admiral=True),
                 ship("b", "p2", "galleon", 30.8 + gap + 0.8, 24, "N", admiral=True), *extra,
                 **more)
    return sea.play(Activate("g")).play(EndMove())


def fires(sea: Sea) -> list[Fire]:
    return [a for a in sea.fixed() if isinstance(a, Fire)]


# --- the range template ---------------------------------------------------------------------------

@pytest.mark.parametrize(("gap", "band", "saved"), [
    (2.0, "close", False),  # cannon -2: a 4 is a 2 against the Gun Deck's 4+
    (5.0, "medium", False),  # -1: a 3
    (8.0, "long", True),  # no modifier: a 4 saves
])
def test_the_range_templates_bands_modify_the_save(gap: float, band: str, saved: bool) -> None:
    sea = broadside(gap)
    # three broadside batteries: the Gun Deck with a save of 4; two misses (1s)
    sea.play(Fire("starboard", "b", "low"), 5, 4, 1, 1)
    assert f"{band} range" in sea.said("fires")[0]
    assert sea.ship("b").marks[GUN_DECK].damaged == (0 if saved else 1)


def test_cannons_reach_9_inches_and_no_further() -> None:
    assert Fire("starboard", "b", "low") in broadside(9.0).legal()
    sea = broadside(9.5)
    assert not fires(sea) and sea.state.current == ""  # nothing to fire at: she is done


def catapults(gap: float) -> Sea:
    """A Bretonnian Buccaneer (catapults) ``gap`` inches off the Greatship's starboard side,
    her port guns bearing; Bretonnia has the initiative."""
    sea = Sea.of(ship("g", "p1", "greatship", 30, 24, "N", admiral=True),
                 ship("b", "p2", "galleon", 62, 40, "W", admiral=True),
                 ship("k1", "p2", "buccaneer", 30.8 + gap + 0.55, 24, "N", squadron="k",
                      flagship=True),
                 ship("k2", "p2", "buccaneer", 62, 10, "W", squadron="k"),
                 ship("k3", "p2", "buccaneer", 62, 13, "W", squadron="k"),
                 initiative=(1, 6))
    return sea.play(Activate("k")).play(Command("k1")).play(EndMove())


def test_a_catapult_cannot_fire_at_close_range() -> None:
    assert not fires(catapults(2.0))
    assert Fire("port", "g", "high") in catapults(4.0).legal()


@pytest.mark.parametrize(("aim", "location"), [("high", MAIN_MAST), ("low", GUN_DECK)])
def test_aiming_high_or_low_picks_the_band_the_d6_hits(aim: str, location: int) -> None:
    sea = broadside(5.0)
    assert {a.aim for a in fires(sea)} == {"high", "low"}
    sea.play(Fire("starboard", "b", aim), 5, 1, 1, 1)
    marks = sea.ship("b").marks
    assert [i for i, m in enumerate(marks) if m.filled] == [location]


def test_a_card_without_the_split_bar_is_not_aimed_at() -> None:
    sea = Sea.of(ship("g", "p1", "greatship", 30, 24, "N", admiral=True),
                 ship("b", "p2", "dragonship", 62, 40, "W", admiral=True),
                 ship("w1", "p1", "wolfship", 20, 20, "E", squadron="w", flagship=True),
                 ship("w2", "p1", "wolfship", 20, 23, "E", squadron="w"),
                 ship("w3", "p1", "wolfship", 20, 26, "E", squadron="w"),
                 ship("e1", "p2", "hawkship", 36.3, 24, "N", squadron="e", flagship=True),
                 ship("e2", "p2", "hawkship", 62, 10, "W", squadron="e"),
                 ship("e3", "p2", "hawkship", 62, 13, "W", squadron="e"),
                 races=("empire", "high_elves"))
    sea.play(Activate("g")).play(EndMove())
    assert [a.aim for a in fires(sea) if a.target == "e1"] == [""]


def test_cannons_firing_one_way_are_not_split_one_target_one_aim() -> None:
    second = ship("c1", "p2", "corsair", 36.6, 17.5, "N", squadron="c", flagship=True)
    sea = broadside(5.0, second, ship("c2", "p2", "corsair", 62, 10, "W", squadron="c"),
                    ship("c3", "p2", "corsair", 62, 13, "W", squadron="c"))
    targets = {(a.side, a.target) for a in fires(sea)}
    assert {("starboard", "b"), ("starboard", "c1")} <= targets
    sea.play(Fire("starboard", "b", "low"), 1, 1, 1)
    assert not [a for a in fires(sea) if a.side == "starboard"]


# --- a shot hits the first obstacle under the range template ---------------------------------

def screened(**terrain: Any) -> Sea:
    """The Galleon 8" off the Greatship's starboard side, something in between."""
    return broadside(8.0, terrain=({"x": 34.8, "y": 24, "width": 2, "height": 4, **terrain},)
                     if terrain else ())


@pytest.mark.parametrize("kind", ["wreckage", "island"])
def test_wreckage_and_islands_under_the_template_take_the_shot(kind: str) -> None:
    if kind == "island":
        sea = screened(kind="island")
    else:
        sea = broadside(8.0).lay(Marker("wreck-x", "wreckage", 34.8, 24, 0, 5, 1.6))
    row = describe(sea.state, Fire("starboard", "b", "low"))
    named = "an island" if kind == "island" else "wreckage"
    assert row == f"Fire starboard at the Galleon, aimed low (long range; in the way: {named}, " \
        "struck first)", row  # said before the shot
    sea.play(Fire("starboard", "b", "low"))
    assert len(sea.said("blocked")) == 3 and not sea.rolls()  # three shots, none reach her
    assert sea.said("blocked")[0] == f"The Cannon's shot strikes {named} under the range " \
        "template, short of the Galleon"
    assert not any(m.filled for m in sea.ship("b").marks)


def test_the_wreck_of_a_ship_is_named_under_the_template() -> None:
    far = (ship("c1", "p2", "corsair", 62, 10, "W", squadron="c", flagship=True),
           ship("c2", "p2", "corsair", 62, 13, "W", squadron="c"),
           ship("c3", "p2", "corsair", 62, 16, "W", squadron="c"))
    sea = broadside(8.0, *far).lay(Marker("wreck-c1", "wreckage", 34.8, 24, 0, 5, 1.6))
    row = describe(sea.state, Fire("starboard", "b", "low"))
    assert "in the way: the wreck of the Corsair, struck first" in row, row


@pytest.mark.parametrize("kind", ["debris", "rocks", "sandbank"])
def test_debris_rocks_and_sandbanks_do_not_stop_a_shot(kind: str) -> None:
    if kind == "debris":
        sea = broadside(8.0).lay(Marker("wreck-x", "debris", 34.8, 24, 0, 5, 1.6))
    else:
        sea = screened(kind=kind)
    sea.play(Fire("starboard", "b", "low"), 5, 1, 1, 1)
    assert not sea.said("blocked") and sea.ship("b").marks[GUN_DECK].damaged == 1


def test_a_friendly_ship_in_the_way_takes_the_shot() -> None:
    wolves = (ship("w1", "p1", "wolfship", 34.8, 24, "N", squadron="w", flagship=True),
              ship("w2", "p1", "wolfship", 10, 10, "E", squadron="w"),
              ship("w3", "p1", "wolfship", 10, 13, "E", squadron="w"))
    sea = broadside(8.0, *wolves)
    row = describe(sea.state, Fire("starboard", "b", "low"))
    assert row.endswith("(long range; in the way: the Wolfship (a friend), struck first)"), row
    sea.play(Fire("starboard", "b", "low"), 6, 1, 1, 1)  # the Wolfship's Oar Deck, failed
    assert sea.ship("w1").no_oars and not any(m.filled for m in sea.ship("b").marks)


# --- damage -------------------------------------------------------------------------------------

def test_broadside_batteries_are_lost_with_their_area_on_both_sides() -> None:
    corsairs = (ship("c1", "p2", "corsair", 24.65, 24, "N", squadron="c", flagship=True),
                ship("c2", "p2", "corsair", 62, 10, "W", squadron="c"),
                ship("c3", "p2", "corsair", 62, 13, "W", squadron="c"))
    sea = Sea.of(ship("g", "p1", "greatship", 30, 24, "N", admiral=True),
                 ship("b", "p2", "galleon", 36.6, 24, "N", admiral=True), *corsairs,
                 initiative=(1, 6))
    # her Bows and Gun Deck already shot away, two of her three broadside batteries with them
    destroyed = tuple(Marks(1, 0) if i in (5, 6) else Marks() for i in range(8))
    sea.arrange("g", marks=destroyed, batteries_lost=(0, 0, 2))
    assert {s for s, _ in shooting.targets(sea.state, sea.ship("g"))} == {"port", "starboard"}
    # the Galleon fires her port broadside: a 6 low, the Greatship's Stern, save failed
    sea.play(Activate("b")).play(EndMove()).play(Fire("port", "g", "low"), 6, 1, 1, 1)
    g = sea.ship("g")
    assert g.batteries_left(2) == 0
    assert shooting.targets(sea.state, g) == []  # neither side, at the Galleon or the Corsair


def test_below_the_waterline_hits_from_a_critical_get_no_save() -> None:
    # the Galleon across the Greatship's bow, 4" off; her Bows already destroyed
    sea = Sea.of(ship("g", "p1", "greatship", 30, 24, "N", admiral=True),
                 ship("b", "p2", "galleon", 30, 16.7, "E", admiral=True))
    sea.arrange("b", marks=tuple(Marks(1, 0) if i == BOWS else Marks() for i in range(8)))
    sea.play(Activate("g")).play(EndMove())
    # 4 low: the Bows, save failed: a critical hit, 5: holed below the waterline
    sea.play(Fire("fore", "b", "low"), 4, 1, 5)
    assert sea.ship("b").btw == 1
    assert [r.purpose.split(": ")[-1] for r in sea.rolls()] == [
        "hit location on the Galleon, aimed low", "save for the Bows", "critical hit"]


def test_a_crew_reduced_to_zero_abandons_the_ship() -> None:
    sea = Sea.of(ship("g", "p1", "greatship", 30, 24, "N", admiral=True),
                 ship("b", "p2", "galleon", 30, 16.7, "E", admiral=True))
    sea.arrange("b", crew=1)
    sea.play(Activate("g")).play(EndMove())
    sea.play(Fire("fore", "b", "high"), 3, 1)  # the Quarterdeck: each hit kills a crew counter
    b = sea.ship("b")
    assert b.crew == 0 and b.abandoned and not b.admiral
    assert sea.state.honours == (5, 0)  # her Admiral died with the last of her crew
    assert sea.state.over and sea.state.winner == "p1"  # Bretonnia has no ship fighting


def test_the_rule_of_one_a_6_saves_whatever_the_range() -> None:
    sea = broadside(2.0)  # close range: -2
    sea.play(Fire("starboard", "b", "high"), 5, 6, 5, 2, 1)
    # the Main Mast (5+): a 6 saves at -2; the second shot's 2 fails; the third misses
    assert sea.ship("b").marks[MAIN_MAST] == Marks(1, 0)
    assert [r.outcome for r in sea.rolls() if r.purpose.startswith("Galleon: save")] == [
        "saved", "failed"]


# --- sinking ---------------------------------------------------------------------------------

def sunk_by_a_ram(rescuer_at: tuple[float, float]) -> Sea:
    """A Dwarf Ironclad rams the Galleon (her Admiral aboard, three Below the Waterline hits
    already) and sinks her; a Corsair, the flagship of her squadron, lies at ``rescuer_at``."""
    x, y = rescuer_at
    corsairs = (ship("c1", "p2", "corsair", x, y, "N", squadron="c", flagship=True),
                ship("c2", "p2", "corsair", x + 2.8, y, "N", squadron="c"),
                ship("c3", "p2", "corsair", x + 5.6, y, "N", squadron="c"))
    sea = Sea.of(ship("i", "p1", "ironclad", 24, 24, "E", admiral=True),
                 ship("b", "p2", "galleon", 30.8, 24, "N", admiral=True), *corsairs,
                 races=("dwarfs", "bretonnia"))
    sea.arrange("b", btw=3)
    sea.play(Activate("i")).play(SetCourse("steam")).play(Advance(6))
    sea.play(Ram("b"), 2)
    return sea


def test_a_ship_sunk_becomes_wreckage_with_her_admiral_clinging_to_it() -> None:
    sea = sunk_by_a_ram((62, 16))
    b = sea.ship("b")
    assert b.sunk and not b.admiral and sea.state.honours == (4, 0)
    [wreck] = sea.state.markers
    assert wreck.kind == "wreckage" and wreck.clinging == ("admiral:p2",)
    assert (wreck.x, wreck.y) == (b.x, b.y)


def test_wreckage_turns_to_debris_in_the_end_phase_and_is_gone_a_turn_later() -> None:
    sea = sunk_by_a_ram((62, 16))
    sea.end_battle_phase(6, 1)
    assert [m.kind for m in sea.state.markers] == ["debris"] and sea.state.turn == 2
    sea.end_battle_phase(6, 1)
    assert sea.state.markers == () and sea.state.turn == 3


def test_an_admiral_clinging_to_wreckage_is_picked_up_by_a_ship_of_his_side_in_contact(
        ) -> None:
    sea = sunk_by_a_ram((32.2, 24))  # the Corsair alongside the Galleon's other side
    assert not sea.ship("c1").admiral
    sea.end_battle_phase(6, 1)
    assert sea.ship("c1").admiral
    assert sea.state.markers[0].clinging == ()
    sea.end_battle_phase(6, 1)
    assert sea.state.honours == (4, 0)  # the debris went with nobody on it


def test_an_admiral_left_clinging_is_lost_with_the_debris() -> None:
    sea = sunk_by_a_ram((62, 16))
    sea.end_battle_phase(6, 1)
    # the Ironclad touches what is left of the Galleon: an enemy does not pick him up
    assert sea.state.markers[0].clinging == ("admiral:p2",)
    sea.end_battle_phase(6, 1)
    assert sea.state.honours == (4 + 5, 0)
    assert any("Admiral is lost" in e.describe() for e in sea.log)


def test_a_level_shot_striking_a_ship_with_the_split_bar_in_the_way_hits_her_low() -> None:
    # the Greatship fires at a Hawkship (no split bar: no aim); a Galleon lies in between
    sea = Sea.of(ship("g", "p1", "greatship", 30, 24, "N", admiral=True),
                 ship("b", "p2", "dragonship", 62, 40, "W", admiral=True),
                 ship("x", "p2", "dragonship", 34.8, 24, "N"),
                 ship("e1", "p2", "hawkship", 39.3, 24, "N", squadron="e", flagship=True),
                 ship("e2", "p2", "hawkship", 62, 10, "W", squadron="e"),
                 ship("e3", "p2", "hawkship", 62, 13, "W", squadron="e"),
                 races=("empire", "high_elves"))
    sea.play(Activate("g")).play(EndMove())
    sea.play(Fire("starboard", "e1", ""), 4, 1, 1, 1)
    hit = [loc.name for loc, m in zip(sea.ship("x").card.locations, sea.ship("x").marks,
                                      strict=True) if m.filled]
    assert sea.said("in_the_way") and hit == [sea.ship("x").card.located(4, "low").name]


def test_with_nothing_to_fire_at_the_log_says_why() -> None:
    sea = broadside(30.0)  # the Galleon far beyond long range
    assert sea.state.current != "g"
    assert sea.said("no_shot", everything=True) == [
        "The Greatship has no shot: no enemy is in range of a battery that bears"]


def test_after_her_fire_the_log_says_it_is_done_not_that_she_had_no_shot() -> None:
    """Played at 80x24: a Wolfship fired her fore cannon, and the log went on "The Wolf of
    Nuln has no shot: no enemy is in range of a battery that bears"."""
    sea = broadside(2.0)
    sea.play(Fire("starboard", "b", "low"), 1, 1, 1)  # three misses (a 1 strikes nothing)
    assert not sea.said("no_shot", everything=True)
    assert sea.said("fire_done", everything=True) == [
        "The Greatship's fire is done: no battery still to fire bears on an enemy in range"]
