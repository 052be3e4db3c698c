"""Sea monsters in Man O' War, played through the engine with forced dice: never more monsters
than squadrons, templates face down and hidden from the enemy, summoning on a 4+ (a Wizard's
bonus added; a failure ends the side's turn), the move in dice inches, the Sea Monster
Reaction table on a double (the lair, frenzy, moving or attacking twice), diving, the special
attack and the boarding action (devour, wound, draw; press on, retreat, drive off), a ship held
by a monster, shots that strike the ship it holds on 1-3, rams, wounds and death, and spells
that strike both the ship and the monster attacking her."""

from __future__ import annotations

from typing import Any

import pytest

from ahoy_tui.engine.dice import Dice, forced
from ahoy_tui.engine.events import DiceRoll
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import distance
from ahoy_tui.engine.registry import get_ruleset
from ahoy_tui.rules.man_o_war import legal as mow_legal
from ahoy_tui.rules.man_o_war import magic, monsters, movement, shooting
from ahoy_tui.rules.man_o_war.actions import (
    Activate,
    Advance,
    Emerge,
    EndMove,
    EndShip,
    Fire,
    Maul,
    MonsterChoice,
    MonsterCourse,
    PlaceMonster,
    Ram,
    SetCourse,
    SpecialAttack,
    Summon,
    Swim,
    Twice,
)
from ahoy_tui.rules.man_o_war.bestiary import _monster, bestiary
from ahoy_tui.rules.man_o_war.boarding import cannons_toward
from ahoy_tui.rules.man_o_war.creatures import body, holding, wounds_left
from ahoy_tui.rules.man_o_war.flow import boarding_targets
from ahoy_tui.rules.man_o_war.model import Casting, Creature, Move, MowState, Phase, Wizard
from ahoy_tui.rules.man_o_war.scenario import ScenarioError, load
from ahoy_tui.rules.man_o_war.table import outline
from ahoy_tui.rules.tabledata import DataError

from .test_battle import scenario, ship
from .test_turn_sequence import Sea

RULESET = get_ruleset("man-o-war")


def beast(creature_id: str, kind: str, side: str, x: float, y: float, *,
          where: str = "surfaced", heading: int = 0, **more: Any) -> Creature:
    return Creature(creature_id, kind, side, x, y, heading, where=where, **more)


def monster_sea(*creatures: Creature, ships: tuple[dict[str, Any], ...] = (),
                initiative: tuple[int, int] = (6, 1),
                races: tuple[str, str] = ("empire", "bretonnia")) -> Sea:
    """The Greatship "g" (p1) at (20, 24) heading east and the Galleon "b" (p2) at (40, 24)
    heading west, unless ``ships`` says otherwise; p1 wins the initiative; the monsters laid
    on the table as given."""
    fleet = ships or (ship("g", "p1", "greatship", 20, 24, "E", admiral=True),
                      ship("b", "p2", "galleon", 40, 24, "W", admiral=True))
    sea = Sea.of(*fleet, initiative=initiative, races=races)
    sea.state = replace(sea.state, creatures=creatures)
    return sea


def prowling(sea: Sea, creature_id: str) -> Sea:
    """p1's Greatship does nothing, then p2 activates its monster."""
    sea.idle_unit("g")
    assert sea.state.active == "p2"
    return sea.play(Activate(creature_id))


# --- the fleet ----------------------------------------------------------------------------------

def test_never_more_monsters_than_squadrons_of_ships_of_the_line() -> None:
    data = scenario(ship("g", "p1", "greatship", 20, 24, "E", admiral=True),
                    ship("b", "p2", "galleon", 40, 24, "W", admiral=True))
    data["monsters"] = [{"id": "m", "side": "p1", "kind": "megalodon", "x": 30, "y": 9}]
    with pytest.raises(ScenarioError, match="never more monsters than squadrons"):
        load(data=data).data and RULESET.setup(load(data=data), 1, {})


def test_a_monster_costs_points_from_the_fleet() -> None:
    loaded = RULESET.load_scenario("leviathans")
    data = loaded.to_data()
    data = {**data, "options": {**data["options"], "points": 1000}}
    with pytest.raises(ScenarioError, match=r"p1's fleet costs 1075 points \(125 of it"):
        RULESET.setup(load(data=data), 1, {})


def test_a_monster_that_breaks_the_file_is_refused_by_name() -> None:
    raw = {"name": "Kelpie", "points": 50, "wounds": 3, "move": "D3", "save": 5,
           "length": 2.0, "beam": 1.0, "honours": 1, "special": "crew", "amount": "1",
           "special_name": "Drowning", "text": "drags one under"}
    with pytest.raises(DataError, match=r"creatures.toml \[monster.kelpie\]: move 'D3'"):
        _monster("kelpie", raw)
    with pytest.raises(DataError, match="special 'bite'"):
        _monster("kelpie", {**raw, "move": "2D6", "special": "bite"})


def test_at_least_four_monsters_each_with_its_own_special_attack() -> None:
    found = bestiary().monsters
    assert len(found) >= 4
    assert {m.special for m in found.values()} == {"damage", "btw", "blaze", "crew"}


# --- templates, face down -------------------------------------------------------------------

def test_the_enemy_sees_a_template_never_which_monster() -> None:
    sea = monster_sea(beast("s", "sea_serpent", "p1", 30, 9, where="template", heading=6))
    mine = RULESET.view(sea.state, "p1")
    theirs = RULESET.view(sea.state, "p2")
    watching = RULESET.view(sea.state, "spectator")
    assert isinstance(mine, MowState) and isinstance(theirs, MowState)
    assert isinstance(watching, MowState)
    assert mine.creature("s").kind == "sea_serpent"
    assert theirs.creature("s").kind == "" and watching.creature("s").kind == ""
    assert (theirs.creature("s").x, theirs.creature("s").y) == (30, 9)  # but where it lies
    cards = [c for c in RULESET.cards(theirs) if c.ship == "s"]
    assert cards[0].name == "Sea monster" and not cards[0].wounds_max


def test_set_up_by_the_rules_places_templates_after_terrain_and_before_the_fleets() -> None:
    loaded = RULESET.load_scenario("leviathans")
    state, events = RULESET.setup(loaded, 3, {"placement": "rules"})
    # play the set-up through: terrain and the edge first, then the templates
    steps: list[str] = []
    while isinstance(state, MowState) and state.phase == Phase.SETUP:
        steps.append(state.setup_step)
        legal = RULESET.legal_actions(state)
        state, new = RULESET.apply(state, legal[0])
        events = (*events, *new)
    order = list(dict.fromkeys(steps))
    assert order.index("monsters") < order.index("deploy")
    assert order.index("edge") < order.index("monsters")
    placed = [e for e in events if getattr(e, "kind", "") == "template_placed"]
    assert len(placed) == 2
    assert all("Serpent" not in e.text and "Kraken" not in e.text for e in placed)
    assert isinstance(state, MowState) and all(c.placed for c in state.creatures)


# --- summoning -----------------------------------------------------------------------------

def test_a_monster_is_summoned_on_a_four_and_rises_in_its_template() -> None:
    sea = monster_sea(beast("s", "sea_serpent", "p1", 30, 9, where="template", heading=6))
    assert Summon("s") in sea.legal()
    sea.play(Summon("s"), 4)
    assert sea.state.placing == "s" and sea.state.to_act == "p1"
    assert sea.said("summoned") == ["The Empire summon the Sea Serpent!"]
    rises = sea.fixed()
    assert rises and all(isinstance(x, Emerge) for x in rises)
    sea.play(Emerge(0))
    serpent = sea.state.creature("s")
    assert serpent.where == "surfaced" and (serpent.x, serpent.y) == (30, 9)
    # summoning was p1's activation: p2's turn; then the serpent may act, as an Independent
    assert sea.state.active == "p2"
    sea.idle_unit("b")
    assert Activate("s") in sea.legal() and Activate("g") in sea.legal()


def test_a_failed_summons_ends_the_sides_turn() -> None:
    sea = monster_sea(beast("s", "sea_serpent", "p1", 30, 9, where="template", heading=6))
    sea.play(Summon("s"), 3)
    assert sea.said("summons_failed")
    assert sea.state.creature("s").where == "template"
    assert sea.ship("g").activated  # nothing of p1's acts again this Battle Phase
    assert sea.state.active == "p2"
    sea.idle_unit("b")
    assert sea.state.phase != Phase.BATTLE or sea.state.turn == 2


def test_a_wizard_adds_his_casting_bonus_to_the_summons() -> None:
    sea = monster_sea(beast("s", "sea_serpent", "p1", 30, 9, where="template", heading=6))
    sea.state = replace(sea.state, wizards=(Wizard("p1", "lord", "bright", "g"),))
    assert monsters.summon_bonus(sea.state, "p1") == 1
    sea.play(Summon("s"), 3)  # 3 + 1
    assert sea.state.placing == "s"


# --- the move ------------------------------------------------------------------------------

def kraken_sea(**more: Any) -> Sea:
    """p2's Giant Kraken (4" x 4") on the surface at (30, 24), between the ships."""
    return monster_sea(beast("k", "giant_kraken", "p2", 30, 24, **more))


def test_it_swims_its_dice_in_inches_and_stops_touching_its_target() -> None:
    sea = prowling(kraken_sea(), "k")
    sea.play(MonsterCourse(False), 3, 4)
    assert sea.state.prowl is not None and sea.state.prowl.allowance == 7
    rolls = [e for e in sea.events if isinstance(e, DiceRoll)]
    assert rolls[0].dice == "2D6" and rolls[0].rule == "Sea Monsters: Movement"
    sea.play(Swim(toward="g"))
    kraken = sea.state.creature("k")
    assert distance(body(kraken), outline(sea.ship("g"))) <= 0.1
    assert set(sea.fixed()) == {SpecialAttack("g"), Maul("g"), EndShip()}


def test_the_choices_say_how_far_the_monster_has_to_go() -> None:
    """A swim at a ship says how far off she is and how far the dice let it swim; a summons
    says how far the template lies from the nearest enemy ship."""
    from ahoy_tui.rules.man_o_war.prompt import describe

    sea = prowling(kraken_sea(), "k")
    sea.play(MonsterCourse(False), 3, 4)
    gap = distance(body(sea.state.creature("k")), outline(sea.ship("g")))
    assert describe(sea.state, Swim(toward="g")) == (
        f"Swim at the {sea.ship('g').name} ({gap:.1f}\" away; 7\" to swim)")
    waiting = monster_sea(beast("s", "sea_serpent", "p1", 30, 9, where="template", heading=6))
    from ahoy_tui.engine.geometry import point_distance

    off = point_distance((30, 9), outline(waiting.ship("b")))
    assert describe(waiting.state, Summon("s")) == (
        f"Summon a sea monster (4+; its template {off:.1f}\" from the {waiting.ship('b').name})")


def test_it_swims_along_a_compass_point_no_farther_than_its_roll() -> None:
    sea = prowling(kraken_sea(), "k")
    sea.play(MonsterCourse(False), 1, 2)
    assert Swim(heading=0, inches=3) in sea.legal()
    assert Swim(heading=0, inches=4) not in sea.legal()
    sea.play(Swim(heading=0, inches=3))
    assert sea.state.creature("k").y == pytest.approx(21)


def test_a_double_back_to_its_lair_the_enemy_places_it_and_it_heals() -> None:
    sea = prowling(kraken_sea(wounds=2), "k")
    sea.play(MonsterCourse(False), 2, 2, 1)
    assert sea.state.creature("k").where == "lair"
    assert sea.state.placing == "k" and sea.state.to_act == "p1"  # the opponent places it
    spots = [x for x in sea.fixed() if isinstance(x, PlaceMonster)]
    assert spots
    for spot in spots:  # every spot at least 2" from any ship
        placed = monsters.template_at(sea.state, sea.state.creature("k"), spot.spot)
        assert placed is not None
        assert all(distance(monsters.template(placed), outline(s)) >= 2.0
                   for s in sea.state.ships)
    sea.play(spots[0])
    assert not sea.state.placing
    sea.end_battle_phase()
    assert sea.said("healed", everything=True)
    assert sea.state.creature("k").wounds == 1


def test_a_double_frenzied_it_falls_on_its_own_sides_nearest_ship() -> None:
    sea = prowling(kraken_sea(), "k")
    crew = sea.ship("b").crew
    with forced(3, 3, 2, 1):  # a double 3: frenzied; its tentacles take D3 (1)
        sea.play(MonsterCourse(False))
    assert sea.said("frenzied")
    kraken = sea.state.creature("k")
    assert distance(body(kraken), outline(sea.ship("b"))) <= 0.1  # at the Galleon, its own
    assert sea.ship("b").crew < crew


def test_a_double_six_moves_twice_or_attacks_twice() -> None:
    sea = prowling(kraken_sea(), "k")
    sea.play(MonsterCourse(False), 4, 4, 6)
    assert set(sea.fixed()) == {Twice("move"), Twice("attack")}
    sea.play(Twice("move"))
    sea.play(Swim(heading=4, inches=2))
    assert sea.state.prowl is not None and sea.state.prowl.stage == "swim"  # a second swim
    sea.play(Swim(heading=4, inches=2))
    assert sea.state.creature("k").y == pytest.approx(28)

    sea = prowling(kraken_sea(), "k")
    sea.play(MonsterCourse(False), 4, 4, 6)
    sea.play(Twice("attack"))
    sea.play(Swim(toward="g"))
    sea.play(SpecialAttack("g"), 2)
    assert SpecialAttack("g") in sea.legal()  # a second special attack


def test_diving_it_must_swim_at_an_enemy_cannot_attack_and_is_immune() -> None:
    sea = prowling(kraken_sea(), "k")
    sea.play(MonsterCourse(True), 5, 6)
    assert sea.state.creature("k").where == "submerged"
    assert sea.fixed() == [Swim(toward="g")]  # at an enemy ship, and no other way
    sea.play(Swim(toward="g"))
    assert sea.state.prowl is None  # touching her, but no attack the turn it dives
    assert sea.state.creature("k").activated
    assert all(t != "k" for _, t in shooting.targets(sea.state, sea.ship("g")))
    assert not holding(sea.state, sea.ship("g"))
    # its next move begins by surfacing
    sea.end_battle_phase(6, 1)
    sea.idle_unit("g")
    sea.play(Activate("k"))
    assert sea.said("surfaced") and sea.state.creature("k").where == "surfaced"


# --- attacks ---------------------------------------------------------------------------------

def gripping(kind: str = "giant_kraken") -> Sea:
    """p2's monster has swum to the Greatship and touches her."""
    sea = prowling(monster_sea(beast("k", kind, "p2", 30, 24)), "k")
    sea.play(MonsterCourse(False), 3, 4)
    return sea.play(Swim(toward="g"))


def test_the_special_attack_of_its_template() -> None:
    sea = gripping()
    sea.play(SpecialAttack("g"), 5)  # the Kraken's tentacles: D3 crew (a 5: 3)
    assert sea.ship("g").crew == 2
    sea = gripping("megalodon")
    sea.play(SpecialAttack("g"), 1)  # its bite: a Below the Waterline hit, her save a 1
    assert sea.ship("g").btw == 1


def test_its_boarding_action_devours_a_crew_counter_and_it_may_retreat() -> None:
    sea = gripping()
    sea.play(Maul("g"), 6, 1)  # 6 + 6 wounds against 1 + 5 crew + cannons + Admiral
    assert sea.ship("g").crew == 4
    assert sea.state.to_act == "p2" and set(sea.fixed()) == {MonsterChoice("press_on"),
                                                            MonsterChoice("retreat")}
    before = sea.state.creature("k")
    sea.play(MonsterChoice("retreat"))
    after = sea.state.creature("k")
    assert distance(body(after), outline(sea.ship("g"))) == pytest.approx(1.0, abs=0.1)
    assert distance(body(before), outline(sea.ship("g"))) <= 0.1
    assert sea.state.prowl is None and after.activated  # its turn ends


def test_the_ship_winning_wounds_it_and_may_drive_it_off() -> None:
    sea = gripping()
    sea.play(Maul("g"), 1, 6)  # 1 + 6 against 6 + 5 + ...
    assert wounds_left(sea.state.creature("k")) == 5
    assert sea.state.to_act == "p1" and set(sea.fixed()) == {MonsterChoice("press_on"),
                                                            MonsterChoice("drive_off")}
    sea.play(MonsterChoice("drive_off"))
    assert sea.said("monster_off") and sea.state.prowl is None


def test_a_draw_costs_both_and_the_ship_chooses() -> None:
    sea = gripping()
    ship = sea.ship("g")
    kraken = sea.state.creature("k")
    bonus = ship.crew + cannons_toward(ship, body(kraken)) + 1  # crew, cannons, Admiral
    monster_roll = 1 + bonus - wounds_left(kraken)
    assert 1 <= monster_roll <= 6
    sea.play(Maul("g"), monster_roll, 1)
    assert sea.ship("g").crew == ship.crew - 1
    assert wounds_left(sea.state.creature("k")) == wounds_left(kraken) - 1
    assert sea.state.to_act == "p1"


def test_pressing_on_fights_another_round() -> None:
    sea = gripping()
    sea.play(Maul("g"), 6, 1)
    sea.play(MonsterChoice("press_on"), 6, 1)
    assert sea.ship("g").crew == 3


def test_a_ship_it_holds_may_not_move_board_or_fire_at_anything_else() -> None:
    sea = gripping()
    sea.play(EndShip())
    assert holding(sea.state, sea.ship("g")) == ["k"]
    assert mow_legal.courses(sea.state, sea.ship("g")) == []
    assert boarding_targets(sea.state, sea.ship("g")) == []
    assert {t for _, t in shooting.targets(sea.state, sea.ship("g"))} <= {"k"}
    sea.end_battle_phase(6, 1)
    sea.play(Activate("g"))
    assert sea.fixed() == [EndMove()]  # held: she may not move
    refused = sea.refused(SetCourse("sail"))
    assert refused.rule == "Sea Monsters" and "may not move" in refused.reason


def test_another_ship_firing_at_it_strikes_the_ship_it_holds_on_1_to_3() -> None:
    sea = monster_sea(
        beast("k", "giant_kraken", "p2", 30, 24),
        ships=(ship("g", "p1", "greatship", 20, 24, "E", admiral=True),
               ship("c", "p1", "greatship", 30, 26.85, "E"),
               ship("b", "p2", "galleon", 60, 24, "W", admiral=True)))
    assert holding(sea.state, sea.ship("c")) == ["k"]
    sea.play(Activate("g")).play(EndMove())
    assert Fire("fore", "k") in sea.legal()
    with forced(2):
        sea.play(Fire("fore", "k"))
    assert any("strikes the Greatship instead" in t or "instead" in t
               for t in sea.said("in_the_way"))
    assert wounds_left(sea.state.creature("k")) == 6

    sea = monster_sea(
        beast("k", "giant_kraken", "p2", 30, 24),
        ships=(ship("g", "p1", "greatship", 20, 24, "E", admiral=True),
               ship("c", "p1", "greatship", 30, 26.85, "E"),
               ship("b", "p2", "galleon", 60, 24, "W", admiral=True)))
    sea.play(Activate("g")).play(EndMove())
    sea.play(Fire("fore", "k"), 4, 1)  # it is struck; its save a 1
    assert wounds_left(sea.state.creature("k")) == 5


def test_rammed_it_takes_a_wound_a_below_the_waterline_hit() -> None:
    fleet = (ship("i", "p1", "ironclad", 20, 24, "E", admiral=True),
             ship("b", "p2", "galleon", 60, 24, "W", admiral=True))
    sea = monster_sea(beast("k", "giant_kraken", "p2", 29, 24), ships=fleet,
                      races=("dwarfs", "bretonnia"))
    sea.play(Activate("i")).play(SetCourse("steam")).play(Advance(6))
    assert Ram("k") in sea.legal()
    sea.play(Ram("k"), 1)  # its save fails: the Ironclad's ram does 2
    assert wounds_left(sea.state.creature("k")) == 4

    sea = monster_sea(beast("k", "giant_kraken", "p2", 29, 24), ships=(
        *fleet, ship("c", "p1", "ironclad", 33.05, 24, "W")), races=("dwarfs", "bretonnia"))
    sea.play(Activate("i")).play(SetCourse("steam")).play(Advance(6))
    assert Ram("k") not in sea.legal() and sea.state.stage == "fire"  # no ram: on she goes
    touched = replace(sea.state, stage="move", move=Move(
        "i", 6.0, used=5.0, straight=5.0, means="steam", stopped="collision", touched="k"))
    assert "in contact with a ship" in movement.may_ram(touched, "k")


def test_its_wound_track_filled_it_dies_and_the_killer_wins_its_honours() -> None:
    sea = gripping()
    sea.state = replace(sea.state, creatures=(replace(sea.state.creature("k"), wounds=5),))
    sea.play(Maul("g"), 1, 6)
    kraken = sea.state.creature("k")
    assert kraken.where == "dead" and sea.state.prowl is None
    assert sea.state.honours[0] == bestiary().monster("giant_kraken").honours


def test_the_game_over_summary_tells_each_monsters_fate() -> None:
    from ahoy_tui.rules.man_o_war.flow import summary

    sea = monster_sea(beast("s", "sea_serpent", "p1", 30, 9, where="template"),
                      beast("k", "giant_kraken", "p2", 30, 24, wounds=2))
    words = summary(sea.state)
    assert "Sea Serpent (sea monster): never summoned" in words
    assert "Giant Kraken (sea monster): 4/6 wounds left" in words


def test_a_spell_on_the_ship_it_holds_strikes_it_too() -> None:
    sea = gripping()
    sea.play(EndShip())
    state = sea.state
    events: list[Any] = []
    dice = Dice(state.rng, events)
    after = magic.resolve(state, dice, Casting("p2", "flaming_sword", "g"))
    assert after.ship("g").crew == state.ship("g").crew - 1
    assert wounds_left(after.creature("k")) == wounds_left(state.creature("k")) - 1
