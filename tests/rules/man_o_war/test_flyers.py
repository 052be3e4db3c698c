"""Flyers and anti-flyer weapons in Man O' War (seed "Airpower", "Anti-flyer weapons"), played
through the engine with forced dice: bought from the allowance or the 200-point extra one,
activated as squadrons or independents, flying over anything, the target's defensive fire
(a die a crew counter; a sea monster's wounds; the house rule that the flyer strikes first),
hits rolled on the flyer's template (the Rider killed removes it), bombs, the boarding action
and close combat, a sea monster wounded by a flyer diving, cannons that cannot touch a flyer,
the anti-flyer weapon (25 points, Men O' War only, after the cannons), and spells on flyers."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import DiceRoll
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import distance
from ahoy_tui.engine.registry import get_ruleset
from ahoy_tui.rules.man_o_war import flyers, magic, shooting
from ahoy_tui.rules.man_o_war.actions import (
    Activate,
    Bomb,
    CastSpell,
    EndMove,
    EndShip,
    FireAntiFlyer,
    Fly,
    FlyerChoice,
    Grapple,
)
from ahoy_tui.rules.man_o_war.bestiary import bestiary
from ahoy_tui.rules.man_o_war.model import Casting, Creature, Flyer, Wizard
from ahoy_tui.rules.man_o_war.scenario import ScenarioError, load
from ahoy_tui.rules.man_o_war.table import outline

from .test_battle import scenario, ship
from .test_turn_sequence import Sea

RULESET = get_ruleset("man-o-war")


def wing(flyer_id: str, kind: str, side: str, x: float, y: float, **more: Any) -> Flyer:
    return Flyer(flyer_id, kind, side, x, y, 2 if side == "p1" else 6, **more)


def air_sea(*wings: Flyer, ships: tuple[dict[str, Any], ...] = (),
            creatures: tuple[Creature, ...] = (), **options: Any) -> Sea:
    """The Greatship "g" (p1) at (20, 24) heading east, the Galleon "b" (p2, 5 crew) at (40, 24)
    heading west, unless ``ships`` says otherwise; p1 wins the initiative."""
    fleet = ships or (ship("g", "p1", "greatship", 20, 24, "E", admiral=True),
                      ship("b", "p2", "galleon", 40, 24, "W", admiral=True))
    sea = Sea.of(*fleet, **options)
    sea.state = replace(sea.state, flyers=wings, creatures=creatures)
    return sea


def over_the_galleon(**options: Any) -> Sea:
    """p1's Wyvern Rider at (30, 24), activated: the Galleon 6.5" ahead."""
    sea = air_sea(wing("w", "wyvern_rider", "p1", 30, 24), **options)
    return sea.play(Activate("w"))


# --- the fleet -------------------------------------------------------------------------------

def _fleet(*more: dict[str, Any], points: int = 350, flyers_: tuple[dict[str, Any], ...] = (),
           anti: bool = False) -> dict[str, Any]:
    data = scenario(ship("g", "p1", "greatship", 20, 24, "E", admiral=True, anti_flyer=anti),
                    ship("b", "p2", "galleon", 40, 24, "W", admiral=True), *more)
    data["options"]["points"] = points
    data["flyers"] = list(flyers_)
    return data


def test_flyers_come_from_a_200_point_allowance_then_from_the_fleets() -> None:
    griffons = tuple({"id": f"gr{i}", "side": "p1", "kind": "griffon_rider", "x": 10,
                      "y": 10 + 3 * i} for i in range(3))  # 180 points
    assert load(data=_fleet(flyers_=griffons)).data
    RULESET.setup(load(data=_fleet(flyers_=griffons)), 1, {})
    four = (*griffons, {"id": "gr3", "side": "p1", "kind": "griffon_rider", "x": 10, "y": 40})
    with pytest.raises(ScenarioError, match=r"costs 390 points"):  # 240: 40 over the 200
        RULESET.setup(load(data=_fleet(flyers_=four)), 1, {})


def test_a_flyer_flies_for_its_own_race() -> None:
    wyvern = ({"id": "wy", "side": "p1", "kind": "wyvern_rider", "x": 10, "y": 10},)
    with pytest.raises(ScenarioError, match="does not fly for empire"):
        RULESET.setup(load(data=_fleet(flyers_=wyvern)), 1, {})


def test_anti_flyer_weapons_25_points_from_a_100_allowance_men_o_war_only() -> None:
    RULESET.setup(load(data=_fleet(anti=True)), 1, {})  # within the 100
    data = _fleet(ship("w1", "p1", "wolfship", 8, 40, "E", squadron="w", flagship=True,
                       anti_flyer=True),
                  ship("w2", "p1", "wolfship", 8, 43, "E", squadron="w"),
                  ship("w3", "p1", "wolfship", 8, 46, "E", squadron="w"), points=700)
    with pytest.raises(ScenarioError, match="only a Man O' War carries an anti-flyer weapon"):
        RULESET.setup(load(data=data), 1, {})
    assert bestiary().anti_flyer.cost == 25 and bestiary().anti_flyer.allowance == 100


def test_the_two_flyers_of_the_reference_and_more_of_the_projects_own() -> None:
    book = bestiary().flyers
    wyvern, manticore = book["wyvern_rider"], book["manticore_lord"]
    assert (wyvern.race, wyvern.points, wyvern.wounds, wyvern.move, wyvern.honours) == (
        "orcs", 50, 3, 15.0, 2)
    assert (wyvern.rider, wyvern.beast, wyvern.rider_save, wyvern.beast_save) == (
        (6,), (4, 5), 4, 4)
    assert (wyvern.bombs, wyvern.bomb_miss) == (3, 2)
    assert (manticore.race, manticore.points, manticore.wounds, manticore.move,
            manticore.honours) == ("dark_elves", 75, 3, 15.0, 3)
    assert (manticore.bombs, manticore.bomb_save, manticore.attack_bonus) == (1, -1, 1)
    assert len(book) >= 4


# --- flying --------------------------------------------------------------------------------

def test_a_squadron_of_flyers_flies_one_after_another() -> None:
    sea = air_sea(wing("a", "griffon_rider", "p1", 10, 10, squadron="sq"),
                  wing("b2", "griffon_rider", "p1", 10, 14, squadron="sq"))
    assert Activate("sq") in sea.legal()
    sea.play(Activate("sq"))
    assert sea.state.flight is not None and sea.state.flight.flyer == "a"
    sea.play(Fly(heading=0, inches=3))
    assert sea.state.flight is not None and sea.state.flight.flyer == "b2"
    sea.play(EndMove())
    assert sea.state.flight is None and sea.state.active == "p2"


def test_a_flyer_flies_over_anything_whatever_the_wind() -> None:
    # the Galleon between the Griffon and a target beyond her; into the wind, the full move
    sea = air_sea(wing("a", "griffon_rider", "p1", 36, 24), wind="W",
                  ships=(ship("g", "p1", "greatship", 20, 40, "E", admiral=True),
                         ship("b", "p2", "galleon", 40, 24, "W", admiral=True),
                         ship("c", "p2", "galleon", 46, 24, "W")))
    sea.play(Activate("a"))
    sea.play(Fly(toward="c"), 1, 1, 1, 1, 1)  # the Galleon c's defensive fire: five misses
    griffon = sea.state.flyer("a")
    assert distance(flyers.body(griffon), outline(sea.ship("c"))) <= 0.1
    sea = air_sea(wing("a", "griffon_rider", "p1", 36, 10), wind="W")
    sea.play(Activate("a")).play(Fly(heading=2, inches=12))
    assert sea.state.flyer("a").x == pytest.approx(48)


def test_defensive_fire_a_die_a_crew_counter_a_hit_on_its_template() -> None:
    sea = over_the_galleon()
    sea.play(Fly(toward="b"), 4, 1, 5, 6, 1, 1, 1)  # beast: fails; beast: saves; 3 misses
    assert sea.said("defensive_fire") == ["The Galleon fires back: 5 dice at the Wyvern Rider"]
    assert flyers.wounds_left(sea.state.flyer("w")) == 2
    assert sea.state.flight is not None and sea.state.flight.stage == "attack"


def test_the_rider_killed_removes_the_flyer_whatever_its_wounds() -> None:
    sea = over_the_galleon()
    sea.play(Fly(toward="b"), 6, 1)
    wyvern = sea.state.flyer("w")
    assert not wyvern.aloft and wyvern.wounds == 0
    assert sea.state.honours[1] == bestiary().flyer("wyvern_rider").honours
    assert sea.state.flight is None


def test_house_rule_the_flyer_strikes_first() -> None:
    sea = over_the_galleon(flyer_first="yes")
    sea.play(Fly(toward="b"))
    assert not sea.said("defensive_fire")
    sea.play(Bomb("b"), 1, 1, 1, 1, 1, 1, 1, 1)  # three bombs miss; five misses fire back
    assert sea.said("defensive_fire")


def test_a_sea_monster_fires_back_a_die_a_wound() -> None:
    kraken = Creature("k", "giant_kraken", "p2", 40, 10, where="surfaced")
    sea = air_sea(wing("w", "wyvern_rider", "p1", 30, 10), creatures=(kraken,))
    assert flyers.defensive_dice(sea.state, "k") == 6
    dark = replace(sea.state, races=("empire", "dark_elves"))
    assert flyers.defensive_dice(dark, "k") == 1


# --- attacks -------------------------------------------------------------------------------

def touching_the_galleon(**options: Any) -> Sea:
    sea = over_the_galleon(**options)
    return sea.play(Fly(toward="b"), 1, 1, 1, 1, 1)  # her defensive fire misses


def test_bombs_miss_on_a_low_roll_and_strike_her_high_locations() -> None:
    sea = touching_the_galleon()
    assert set(sea.fixed()) == {Bomb("b"), Grapple("b"), EndShip()}
    sea.play(Bomb("b"), 1, 2, 3, 6, 1)  # two miss; one strikes her high: the Aft Mast (6), its
    # save a 1
    rolls = [e for e in sea.events if isinstance(e, DiceRoll)]
    assert [r.outcome for r in rolls[:3]] == ["a miss", "a miss", "it strikes"]
    aft = next(i for i, loc in enumerate(sea.ship("b").card.locations) if 6 in loc.numbers)
    assert sea.ship("b").marks[aft].filled == 1


def test_its_boarding_action_the_flyer_winning_fights_on() -> None:
    sea = touching_the_galleon()
    sea.play(Grapple("b"), 6, 1, 1, 6)  # 6+3 v 1+5: a crew counter; then 1+3 v 6+4
    assert sea.ship("b").crew == 4
    assert flyers.wounds_left(sea.state.flyer("w")) == 2  # the second round cost it a wound
    assert sea.state.to_act == "p2"
    assert set(sea.fixed()) == {FlyerChoice("fight_on"), FlyerChoice("drive_off")}
    before = sea.state.flyer("w")
    sea.play(FlyerChoice("drive_off"))
    after = sea.state.flyer("w")
    assert distance(flyers.body(after), outline(sea.ship("b"))) == pytest.approx(1.0, abs=0.1)
    assert distance(flyers.body(before), outline(sea.ship("b"))) <= 0.1
    assert sea.state.flight is None


def test_a_draw_and_the_ship_chooses() -> None:
    sea = touching_the_galleon()
    sea.play(Grapple("b"), 3, 1)  # 3+3 against 1+5
    assert sea.ship("b").crew == 5 and flyers.wounds_left(sea.state.flyer("w")) == 3
    assert sea.state.to_act == "p2"


def test_flyer_against_flyer_the_loser_takes_a_wound_both_on_a_draw() -> None:
    sea = air_sea(wing("w", "wyvern_rider", "p1", 30, 24),
                  wing("p", "pegasus_knight", "p2", 34, 24))
    sea.play(Activate("w"))
    sea.play(Fly(toward="p"), 1)  # the Pegasus's one die of defensive fire misses
    sea.play(Grapple("p"), 2, 3)  # 2+3 against 3+2: a draw
    assert flyers.wounds_left(sea.state.flyer("w")) == 2
    assert flyers.wounds_left(sea.state.flyer("p")) == 1
    assert sea.state.to_act == "p1"  # the defender did not win: the attacker chooses
    sea.play(FlyerChoice("fight_on"), 6, 1)  # 6+2 against 1+1: the Pegasus falls
    assert not sea.state.flyer("p").aloft


def test_a_sea_monster_wounded_by_a_flyer_dives() -> None:
    kraken = Creature("k", "giant_kraken", "p2", 40, 10, where="surfaced")
    sea = air_sea(wing("w", "wyvern_rider", "p1", 30, 10), creatures=(kraken,),
                  flyer_first="yes")
    sea.play(Activate("w")).play(Fly(toward="k"))
    sea.play(Bomb("k"), 3, 1)  # the first strikes, its save a 1: it dives, and fires no more
    assert sea.state.creature("k").wounds == 1
    assert sea.state.creature("k").where == "submerged"


# --- what can touch a flyer -----------------------------------------------------------------

def test_cannons_never_target_a_flyer() -> None:
    sea = air_sea(wing("p", "pegasus_knight", "p2", 24, 24))
    sea.play(Activate("g")).play(EndMove())
    assert all(t != "p" for _, t in shooting.targets(sea.state, sea.ship("g")))


def test_an_anti_flyer_weapon_fires_after_the_cannons_at_a_flyer_in_range() -> None:
    sea = air_sea(wing("p", "pegasus_knight", "p2", 24, 30),
                  ships=(ship("g", "p1", "greatship", 20, 24, "E", admiral=True,
                              anti_flyer=True),
                         ship("b", "p2", "galleon", 60, 24, "W", admiral=True)))
    sea.play(Activate("g")).play(EndMove())
    assert FireAntiFlyer("p") in sea.legal()
    # the beast (4), its save 4-1 short of 5+: a wound; the Rider (6), his save 2-1 short of 4+
    sea.play(FireAntiFlyer("p"), 4, 4, 6, 2)
    assert sea.ship("g").anti_flyer_fired
    assert sea.state.current == "" and sea.ship("g").activated  # after it, her fire is done
    pegasus = sea.state.flyer("p")
    assert not pegasus.aloft and pegasus.wounds == 1


def test_no_anti_flyer_weapon_out_of_range_or_without_one() -> None:
    far = air_sea(wing("p", "pegasus_knight", "p2", 50, 40),
                  ships=(ship("g", "p1", "greatship", 20, 24, "E", admiral=True,
                              anti_flyer=True),
                         ship("b", "p2", "galleon", 60, 24, "W", admiral=True)))
    assert flyers.anti_flyer_targets(far.state, far.ship("g")) == []
    near = air_sea(wing("p", "pegasus_knight", "p2", 24, 30))
    assert flyers.anti_flyer_targets(near.state, near.ship("g")) == []


def test_a_spell_on_a_flyer_a_wound_a_point() -> None:
    sea = air_sea(wing("p", "pegasus_knight", "p2", 26, 24))
    state = replace(sea.state, wizards=(Wizard("p1", "master", "bright", "g",
                                               hand=("flaming_sword",)),))
    from ahoy_tui.rules.man_o_war.spellbook import spellbook

    assert "p" in magic.targets(state, state.wizards[0], spellbook().spell("flaming_sword"))
    events: list[Any] = []
    after = magic.resolve(state, Dice(state.rng, events), Casting("p1", "flaming_sword", "p"))
    assert flyers.wounds_left(after.flyer("p")) == 1
    assert CastSpell("flaming_sword", "p") in magic.castings(state, "p1")


REFERENCE = (Path(__file__).resolve().parents[3].parent / "shared" / "reference"
             / "later-rulesets.md")
FLYER_IDS = {"Wyvern Rider": "wyvern_rider", "Manticore Lord": "manticore_lord"}
RACES = {"Orc": "orcs", "Dark Elf": "dark_elves"}


@pytest.mark.skipif(not REFERENCE.exists(), reason="the reference is not beside the project")
def test_the_reference_flyers_row_by_row() -> None:
    """§1.4 of the reference, parsed: faction, points, wounds, move, the Rider's and the beast's
    d6 scores and saves, and Battle Honours."""
    text = REFERENCE.read_text("utf-8")
    section = text[text.index("### 1.4 Flyers"):text.index("### 1.5")]
    rows = [line for line in section.splitlines()
            if line.startswith("| ") and line.split("|")[1].strip() in FLYER_IDS]
    assert len(rows) == len(FLYER_IDS)
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        name, faction, points, wounds, move, locations, _attack, honours = cells[:8]
        flyer = bestiary().flyer(FLYER_IDS[name])
        assert (flyer.name, flyer.race) == (name, RACES[faction]), name
        assert (flyer.points, flyer.wounds, flyer.move, flyer.honours) == (
            int(points), int(wounds), float(move.rstrip('"')), int(honours)), name
        rider = re.search(r"(\d) = Rider \(save (\d)\+", locations)
        beast = re.search(r"([\d,]+) = \w+ \(save (\d)\+", locations.split(";")[1])
        assert rider is not None and beast is not None, name
        assert flyer.rider == (int(rider.group(1)),) and flyer.rider_save == int(rider.group(2))
        assert flyer.beast == tuple(int(n) for n in beast.group(1).split(","))
        assert flyer.beast_save == int(beast.group(2))


def test_its_boarding_action_ends_when_the_last_crew_counter_goes() -> None:
    """"The boarding action continues until the flyer or the ship's crew is dead": the
    Galleon's last crew counter lost, she is abandoned and the fight is over (no more rounds,
    no choice), said so; a flyer touching a ship with no crew has no boarding action."""
    from ahoy_tui.engine import IllegalAction

    sea = touching_the_galleon()
    sea.state = replace(sea.state, ships=tuple(replace(s, crew=1) if s.id == "b" else s
                                               for s in sea.state.ships))
    sea.play(Grapple("b"), 6, 1)  # 6+3 against 1+1: her last crew counter; no second round
    assert sea.ship("b").crew == 0 and sea.ship("b").abandoned
    assert sea.state.duel is None
    assert not any(isinstance(a, FlyerChoice) for a in sea.fixed())
    assert any("crew are all dead" in getattr(e, "text", "") for e in sea.events)
    empty = touching_the_galleon()
    empty.state = replace(empty.state, ships=tuple(
        replace(s, crew=0, abandoned=True) if s.id == "b" else s for s in empty.state.ships))
    assert Grapple("b") not in empty.fixed()
    before = empty.state
    with pytest.raises(IllegalAction) as refused:
        empty.play(Grapple("b"))
    assert refused.value.rule == "Airpower: Attacks" and "no one is left" in refused.value.reason
    assert empty.state is before


def test_flyers_of_one_kind_are_told_apart_and_a_flight_at_a_target_gives_its_distance() -> None:
    from ahoy_tui.engine import Game
    from ahoy_tui.rules.man_o_war.prompt import describe

    state = Game.new("man-o-war", "eyries", seed=1).state
    names = [flyers.called(state, f) for f in state.flyers]
    assert names[:3] == ["Great Eagle 1", "Great Eagle 2", "Great Eagle 3"]
    assert len(set(names)) == len(names)
    sea = over_the_galleon()
    row = describe(sea.state, Fly(toward="b"))
    gap = distance(flyers.body(sea.state.flyer("w")), outline(sea.ship("b")))
    assert row == f"Fly at the Galleon ({gap:.1f}\" away)"
