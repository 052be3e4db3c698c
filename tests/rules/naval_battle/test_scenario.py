"""Naval Battle scenarios: ships bought as the rules buy them, and bad files refused in one line."""

from __future__ import annotations

from typing import Any

import pytest

from ahoy_tui.engine import Game
from ahoy_tui.rules.naval_battle.scenario import BUILTIN, ScenarioError, build, load


def test_the_dragon_scenario_is_the_seeds_example_creature_ship() -> None:
    state = Game.new("naval-battle", "dragon", seed=1).state
    karond = state.ship("karond")  # type: ignore[attr-defined]
    dragon = karond.creature
    assert dragon is not None and dragon.share == 25
    # "resulting in a 3 3 4 creature", "The remaining 16 action points can be used to move"
    assert (dragon.speed_value, dragon.maneuverability, dragon.armour) == (3, 3, 4)
    assert dragon.chits == 16
    # "The ship the dragon pulls has 25 remaining action points"; reduced to speed/maneuver 1
    assert karond.chits == 25
    assert (karond.speed_value, karond.maneuverability, karond.armour) == (1, 1, 6)
    # she moves at the dragon's pace: half of 3 × 12"
    assert karond.speed == 18 and karond.moving_maneuverability == 3


def test_a_modification_is_paid_in_chits_and_changes_the_ship() -> None:
    state = Game.new("naval-battle", "duel", seed=1).state
    grudge = state.ship("grudgebearer")  # type: ignore[attr-defined]
    assert grudge.size == 40 and grudge.chits == 36  # +1 Armor: 10% of 40
    assert grudge.armour == 3  # a Dwarf ship's 4, one better
    eagle = state.ship("eagle")  # type: ignore[attr-defined]
    assert (eagle.speed, eagle.maneuverability, eagle.armour) == (18, 3, 6)  # half of 36"


def base() -> dict[str, Any]:
    return load("duel").to_data()


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d["ships"][0].update(crew={"elf": 29}), "the crew is 29 chits, but a size 30 "
     "ship keeps 30"),
    (lambda d: d["ships"][0].update(race="dragon"), "no ship type 'dragon'"),
    (lambda d: d["ships"][0].update(creature={"name": "Kraken"}), "only Dark Elf and Lizard"),
    (lambda d: d["ships"][0].update(modification="wings"), "no modification 'wings'"),
    (lambda d: d["ships"][0].update(heading="UP"), "heading must be one of"),
    (lambda d: d["ships"][0]["guns"][0].update(type="trebuchet"), "no gun 'trebuchet'"),
    (lambda d: d["ships"][0]["guns"][0].update(bearing="aloft"), "bearing must be one of"),
    (lambda d: d["ships"][0].update(crew={"elf": 27, "sharp_shooter": 2, "pirate": 1}),
     "crew.pirate is neither a race"),
    (lambda d: d["ships"][1].update(side="p1"), "side p2 has no ships"),
    (lambda d: d["ships"][0].update(x=500), "x, y must be on the table"),
])
def test_a_bad_scenario_is_one_line_naming_the_ship(change: Any, words: str) -> None:
    data = base()
    change(data)
    with pytest.raises(ScenarioError) as refused:
        load(data=data)
    message = str(refused.value)
    assert words in message and "\n" not in message
    assert message.startswith("scenario data")


def test_creature_modifications_follow_the_creature_rules() -> None:
    data = load("dragon").to_data()
    data["ships"][0]["creature"] = {"name": "Sea Dragon",
                                    "modifications": ["speed", "speed", "speed"]}
    with pytest.raises(ScenarioError, match="at most 2 of each"):
        load(data=data)
    data["ships"][0]["creature"] = {"name": "Sea Dragon", "modifications": ["light"]}
    with pytest.raises(ScenarioError, match="for ships only"):
        load(data=data)


def test_a_scenario_file_that_is_not_toml_names_the_file(tmp_path: Any) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("[table\nwidth = 3")
    with pytest.raises(ScenarioError, match=r"broken\.toml: not TOML"):
        load(path=path)
    assert build(load("duel")).turn_limit == 8


def test_the_doom_diver_battle_has_its_goblins_and_a_faster_rat_ship() -> None:
    state = Game.new("naval-battle", "doomdivers", seed=1).state
    orcs = state.ship("gutrippa")  # type: ignore[attr-defined]
    assert orcs.crew_of("goblin") == 10 and orcs.crew_of("orc") == 31  # a mixed crew
    assert [g.type for g in orcs.guns].count("doom_divers") == 2
    rats = state.ship("gnawfang")  # type: ignore[attr-defined]
    assert (rats.speed_value, rats.chits, rats.speed) == (3, 36, 18)  # +1 Speed for 4 chits


def side_by_side(apart: float) -> dict[str, Any]:
    """The duel's two ships (6" by 2" hulls) abreast, both heading north, centres ``apart``."""
    data = base()
    data["ships"][0].update(x=40, y=30, heading="N")
    data["ships"][1].update(x=40 + apart, y=30, heading="N")
    return data


@pytest.mark.parametrize("apart", [0, 1, 1.9])
def test_ships_set_up_on_top_of_each_other_are_refused_naming_both(apart: float) -> None:
    with pytest.raises(ScenarioError) as refused:
        load(data=side_by_side(apart))
    message = str(refused.value)
    assert "\n" not in message
    assert message.startswith("scenario data: ships eagle and grudgebearer overlap")


def test_ships_whose_hulls_only_touch_may_be_set_up() -> None:
    state = build(load(data=side_by_side(2)))  # beams of 2": side against side
    assert (state.ship("eagle").x, state.ship("grudgebearer").x) == (40, 42)


@pytest.mark.parametrize("name", BUILTIN)
def test_every_built_in_scenario_loads(name: str) -> None:
    assert load(name).name == name
    assert len(Game.new("naval-battle", name, seed=1).state.ships) >= 2  # type: ignore[attr-defined]
