"""The Turn Sequence, Movement, Ramming, Combat and Boarding of Man O' War, played through the
engine on small battles set out for each rule, with forced dice."""

from __future__ import annotations

from typing import Any

import pytest

from ahoy_tui.engine import Game, IllegalAction
from ahoy_tui.engine.dice import forced
from ahoy_tui.rules.man_o_war.actions import (
    Activate,
    Advance,
    Board,
    BoardingChoice,
    EndFire,
    EndMove,
    EndShip,
    Fire,
    Ram,
    SetCourse,
    TakePrize,
    Turn,
)
from ahoy_tui.rules.man_o_war.model import COMPASS, Phase


def ship(ship_id: str, side: str, template: str, x: float, y: float, heading: str,
         **more: Any) -> dict[str, Any]:
    return {"id": ship_id, "side": side, "template": template, "x": x, "y": y,
            "heading": heading, **more}


def scenario(*ships: dict[str, Any], wind: str = "N", races: tuple[str, str] = (
        "empire", "bretonnia"), terrain: tuple[dict[str, Any], ...] = ()) -> dict[str, Any]:
    return {"name": "test", "title": "A test", "table": {"width": 72, "height": 48},
            "options": {"wind": wind, "deployment": False, "points": 5000,
                        "mow_cards": False},
            "sides": [{"id": "p1", "name": "The Empire", "race": races[0]},
                      {"id": "p2", "name": "Bretonnia", "race": races[1]}],
            "ships": list(ships), "terrain": list(terrain)}


def duel(*extra: dict[str, Any], p1: tuple[float, float, str] = (20, 24, "E"),
         p2: tuple[float, float, str] = (40, 24, "W"), wind: str = "N",
         initiative: tuple[int, int] = (6, 1)) -> Game:
    """The Empire's Greatship against a Bretonnian Galleon, p1 winning the initiative."""
    data = scenario(ship("g", "p1", "greatship", *p1, admiral=True),
                    ship("b", "p2", "galleon", *p2, admiral=True), *extra, wind=wind)
    with forced(*initiative):
        return Game.new("man-o-war", scenario_data=data, seed=1)


def test_initiative_a_double_turns_the_wind_and_is_rolled_again() -> None:
    game = duel(initiative=(4, 4, 3, 3, 2, 5))
    state = game.state
    # double 4 (even): clockwise; double 3 (odd): anticlockwise; then 2 v 5: p2
    assert COMPASS[state.wind] == "N" and state.initiative == "p2"
    said = [e.describe() for e in game.events_at(0)]
    assert any("turns 1 point clockwise" in s for s in said)
    assert any("turns 1 point anticlockwise" in s for s in said)
    assert state.phase == Phase.BATTLE and state.to_act == "p2"


def test_activations_alternate_from_the_initiative_winner() -> None:
    game = duel()
    assert game.state.to_act == "p1"
    game.play(Activate("g"))
    game.play(EndMove())
    game.play(EndFire()) if game.state.stage == "fire" else None
    if game.state.stage == "board":
        game.play(EndShip())
    assert game.state.active == "p2" and game.state.to_act == "p2"
    assert list(game.legal_actions().fixed) == [Activate("b")]


def test_under_sail_the_wind_astern_gives_the_bracketed_speed() -> None:
    game = duel(wind="E", p1=(10, 24, "E"))
    game.play(Activate("g"))
    game.play(SetCourse("sail"))
    assert game.state.move is not None and game.state.move.allowance == 9  # Sail 6" (9")
    reach = game.legal_actions().ranges[0]
    assert (reach.low, reach.high) == (1, 9)


def test_a_ship_starting_into_the_wind_makes_one_turn_out_of_it_and_stops() -> None:
    game = duel(wind="E", p1=(20, 24, "W"), p2=(60, 10, "W"))
    game.play(Activate("g"))
    game.play(SetCourse("sail"))
    legal = game.legal_actions()
    assert not legal.ranges and Turn("starboard") in legal  # no advance: one turn only
    with pytest.raises(IllegalAction) as refused:
        game.play(Advance(1))
    assert refused.value.rule == "Movement under sail"
    game.play(Turn("starboard"))
    assert COMPASS[game.state.ship("g").heading] == "NW"  # W → NW: 45° off, out of it (M8)
    assert game.state.stage != "move"  # her move is over


def test_a_ship_that_turns_to_face_the_wind_stops() -> None:
    # the wind blows toward the east: it comes from the west
    game = duel(wind="E", p1=(20, 24, "N"), p2=(60, 10, "W"))
    game.play(Activate("g"))
    game.play(SetCourse("sail"))
    game.play(Turn("port"))  # N → NW: the wind 45° off her bow, beside the template: sails on
    assert game.state.stage == "move"
    game.play(Turn("port"))  # NW → W: the wind dead ahead, through the template
    assert COMPASS[game.state.ship("g").heading] == "W"
    assert game.state.stage != "move"


@pytest.mark.parametrize("heading, into, astern", [
    ("E", False, True), ("NE", False, False), ("SE", False, False), ("N", False, False),
    ("S", False, False), ("NW", False, False), ("SW", False, False), ("W", True, False)])
def test_the_wind_test_is_the_template_s_one_point_arc(heading: str, into: bool,
                                                        astern: bool) -> None:
    """The Turning Template's arc is one point wide, centred on her bow (or stern): the wind
    passes through it only from dead ahead (or dead astern), so a ship under sail may sail 7 of
    the 8 headings, and has the wind astern on one (reading M8)."""
    from ahoy_tui.rules.man_o_war.table import into_the_wind, wind_astern

    game = duel(wind="E", p1=(20, 24, heading), p2=(60, 10, "W"))
    point = COMPASS.index(heading)
    assert into_the_wind(game.state, point) is into
    assert wind_astern(game.state, point) is astern
    game.play(Activate("g"))
    game.play(SetCourse("sail"))
    assert bool(game.legal_actions().ranges) is not into  # she may advance unless into it


def ram_battle(gap: float) -> Game:
    """A Dwarf Ironclad (ram, steam) with her bow ``gap`` inches from a Galleon's side."""
    data = scenario(ship("i", "p1", "ironclad", 30 - 2 - gap, 24, "E", admiral=True),
                    ship("b", "p2", "galleon", 30.8, 24, "N", admiral=True),
                    races=("dwarfs", "bretonnia"))
    with forced(6, 1):
        return Game.new("man-o-war", scenario_data=data, seed=1)


def test_ramming_after_three_inches_straight_the_target_saves_or_is_holed() -> None:
    game = ram_battle(4.0)
    game.play(Activate("i"))
    game.play(SetCourse("steam"))
    game.play(Advance(6))  # touches the Galleon after 4"
    assert game.state.move is not None and game.state.move.touched == "b"
    assert Ram("b") in game.legal_actions()
    with forced(3):  # the Galleon's Below the Waterline save (4+) fails
        game.play(Ram("b"))
    assert game.state.ship("b").btw == 2  # the Ironclad's ram: 2 hits (the project's own)


def test_no_ram_without_three_inches_straight() -> None:
    game = ram_battle(2.0)
    game.play(Activate("i"))
    game.play(SetCourse("steam"))
    game.play(Advance(6))
    assert Ram("b") not in game.legal_actions()
    with pytest.raises(IllegalAction) as refused:
        game.play(Ram("b"))
    assert refused.value.rule == "Ramming" and "3\"" in refused.value.reason


def test_a_broadside_each_battery_a_hit_location_and_a_save_by_range() -> None:
    # the Galleon 5" off the Greatship's starboard side: medium range, cannon save -1
    game = duel(p1=(30, 24, "N"), p2=(36.6, 24, "N"))
    game.play(Activate("g"))
    game.play(EndMove())
    assert Fire("starboard", "b", "low") in game.legal_actions()
    # three broadside batteries: Gun Deck 5 (4+): 4-1 = 3 fails; Bows 4: 6 saves; a 1 misses
    with forced(5, 4, 4, 6, 1):
        game.play(Fire("starboard", "b", "low"))
    galleon = game.state.ship("b")
    gun_deck = [loc.name for loc in galleon.card.locations].index("Gun Deck")
    assert galleon.marks[gun_deck].damaged == 1
    assert galleon.batteries_left(1) == 2  # each hit on her Gun Deck: a broadside battery
    assert Fire("starboard", "b", "low") not in game.legal_actions()  # fired this phase


def test_the_shot_hits_the_first_ship_under_the_range_template() -> None:
    screen = ship("w", "p2", "galleon", 33.4, 24, "N")
    data = scenario(ship("g", "p1", "greatship", 30, 24, "N", admiral=True),
                    ship("b", "p2", "galleon", 38.6, 24, "N", admiral=True), screen)
    data["ships"][2].pop("admiral", None)
    with forced(6, 1):
        game = Game.new("man-o-war", scenario_data=data, seed=1)
    game.play(Activate("g"))
    game.play(EndMove())
    with forced(6, 1, 6, 1, 6, 1):  # every shot: the Stern, failed
        game.play(Fire("starboard", "b", "low"))
    assert game.state.ship("w").marks[7].filled == 1  # the ship in the way took them
    assert game.state.ship("b").marks[7].filled == 0


def boarding_battle() -> Game:
    data = scenario(ship("g", "p1", "greatship", 30, 24, "N", admiral=True),
                    ship("b", "p2", "galleon", 31.65, 24, "N", admiral=True))
    with forced(6, 1):
        game = Game.new("man-o-war", scenario_data=data, seed=1)
    game.play(Activate("g"))
    game.play(EndMove())
    game.play(EndFire())
    return game


def test_boarding_dice_plus_crew_the_defender_adds_cannons_pointing_at_the_attacker() -> None:
    game = boarding_battle()
    assert Board("b") in game.legal_actions()
    # attacker 5 + 5 crew + 1 Admiral = 11; defender 2 + 5 crew + 3 broadside batteries + 1
    # Admiral = 11: a tie, both lose a crew counter, the defender decides
    with forced(5, 2):
        game.play(Board("b"))
    assert game.state.ship("g").crew == 4 and game.state.ship("b").crew == 4
    assert game.state.to_act == "p2"
    assert set(game.legal_actions().fixed) == {BoardingChoice("fight_on"),
                                               BoardingChoice("cut_grapples")}


def test_a_winning_attacker_presses_on_until_the_ship_is_won_and_taken_as_a_prize() -> None:
    game = boarding_battle()
    with forced(6, 1):  # 12 against 10
        game.play(Board("b"))
    assert game.state.ship("b").crew == 4 and game.state.to_act == "p1"
    for _ in range(3):
        with forced(6, 1):
            game.play(BoardingChoice("press_on"))
    b = game.state.ship("b")
    assert b.crew == 1
    with forced(6, 1):
        game.play(BoardingChoice("press_on"))
    assert game.state.won == "b" and game.state.ship("b").abandoned
    game.play(TakePrize("b", 2))
    prize = game.state.ship("b")
    assert prize.captured_by == "p1" and prize.crew == 2 and game.state.ship("g").crew == 3
    # Bretonnia has no ship left in the fight: the Empire wins
    assert game.state.over and game.state.winner == "p1"


def test_a_move_off_the_table_is_cautioned_and_one_that_stays_on_is_not() -> None:
    """Off the table: a screen asks before a move that takes her off (she may not return)."""
    from ahoy_tui.rules.man_o_war.caution import caution

    game = duel(p1=(67, 24, "E"), p2=(40, 10, "W"))
    game.play(Activate("g"))
    game.play(SetCourse("sail"))
    assert "off the table" in caution(game.state, Advance(6))  # 67 + 6 > 72
    assert caution(game.state, Advance(5)) == ""
    assert game.ruleset.caution(game.state, Advance(6)) == caution(game.state, Advance(6))


def test_a_move_says_before_it_is_taken_what_she_will_touch_and_whether_it_rams() -> None:
    """The choice of how far ahead says where she stops before it is taken: touching a ship
    short of a ram's 3" straight (so no ram), or with a ram; leaving the table."""
    from ahoy_tui.rules.man_o_war.prompt import describe

    short = ram_battle(2.0)
    short.play(Activate("i"))
    short.play(SetCourse("steam"))
    assert describe(short.state, Advance(6)) == \
        'Ahead 6": touches the Galleon after 2.0": 2.0" straight, short of a ram\'s 3"'
    assert describe(short.state, Advance(1)) == 'Ahead 1"'  # a clear way: nothing to say
    rams = ram_battle(4.0)
    rams.play(Activate("i"))
    rams.play(SetCourse("steam"))
    assert describe(rams.state, Advance(6)) == 'Ahead 6": touches the Galleon after 4.0": ' \
        "she may ram"
    rams.play(Advance(6))
    assert Ram("b") in rams.legal_actions()  # as it said
    edge = duel(p1=(69, 24, "E"), p2=(10, 10, "W"))
    edge.play(Activate("g"))
    edge.play(SetCourse("sail"))
    assert describe(edge.state, Advance(6)).endswith(": she leaves the table")


def test_the_row_for_how_far_ahead_says_what_all_of_it_meets() -> None:
    from ahoy_tui.rules.man_o_war.prompt import describe_choice

    short = ram_battle(2.0)
    short.play(Activate("i"))
    short.play(SetCourse("steam"))
    reach = short.legal_actions().ranges[0]
    values = tuple(range(reach.low, reach.high + 1))
    assert describe_choice(short.state, reach.template, "inches", values) == \
        f'Ahead 1-{reach.high}" (all of it: touches the Galleon after 2.0": 2.0" straight, ' \
        'short of a ram\'s 3")'
