"""Man O' War cards played through the engine with forced dice: the Admiral's free card, cards
bought at 25 points and dealt at random to Men O' War, never two of one symbol on a ship (a card
none can hold is lost, its points with it), and what each card does to the rules it names."""

from __future__ import annotations

from typing import Any

import pytest

from ahoy_tui.engine import Game
from ahoy_tui.engine.dice import Dice, forced
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.game import apply
from ahoy_tui.rules.man_o_war import fleet_cards, movement
from ahoy_tui.rules.man_o_war.actions import (
    Activate,
    Advance,
    Board,
    Command,
    EndFire,
    EndMove,
    Fire,
    Ram,
    SetCourse,
    Turn,
)
from ahoy_tui.rules.man_o_war.damage import btw_hits, set_ablaze, with_ship
from ahoy_tui.rules.man_o_war.fire import blazes_spread
from ahoy_tui.rules.man_o_war.flow import carpenters, initiative
from ahoy_tui.rules.man_o_war.model import Marks, MowState
from ahoy_tui.rules.man_o_war.scenario import ScenarioError
from ahoy_tui.rules.tabledata import DataError

from .test_battle import scenario, ship
from .test_turn_sequence import Sea


def faces(*cards: str) -> list[int]:
    """The dice that deal ``cards`` in this order from a side's deck."""
    deck = list(fleet_cards.deck().cards)
    out = []
    for card in cards:
        out.append(deck.index(card) + 1)
        deck.remove(card)
    return out


def dealt(p1: tuple[str, ...], p2: tuple[str, ...] = ("marines",), *ships: dict[str, Any],
          bought: int = 0, initiative_dice: tuple[int, int] = (6, 1)) -> Game:
    """The Greatship (p1, Admiral) at (20, 24) heading east and the Galleon (p2, Admiral) at
    (40, 24) heading west, the cards dealt in these orders (the Admiral's free card first)."""
    data = scenario(ship("g", "p1", "greatship", 20, 24, "E", admiral=True),
                    ship("b", "p2", "galleon", 40, 24, "W", admiral=True), *ships)
    data["options"]["mow_cards"] = True
    data["sides"][0]["mow_cards"] = bought
    with forced(*faces(*p1), *faces(*p2), *initiative_dice):
        return Game.new("man-o-war", scenario_data=data, seed=1)


def test_the_deck_is_a_dozen_cards_of_five_symbols() -> None:
    book = fleet_cards.deck()
    assert len(book.cards) >= 12 and book.cost == 25
    assert {c.symbol for c in book.cards.values()} == set(book.symbols) and len(book.symbols) == 5


def test_a_card_naming_an_unknown_effect_is_refused_by_name() -> None:
    with pytest.raises(DataError, match=r"mow_cards.toml \[deck.odd\]: unknown effect"):
        fleet_cards._card("odd", {"name": "Odd", "symbol": "crew", "effect": "fly",
                                  "amount": 1, "text": "?"}, fleet_cards.deck().symbols)


def test_the_admirals_ship_is_dealt_one_free_card() -> None:
    game = dealt(("stout_timbers",))
    assert game.state.ship("g").cards == ("stout_timbers",)
    assert game.state.ship("b").cards == ("marines",)
    said = [e.text for e in game.events_at(0) if getattr(e, "kind", "") == "card_dealt"]
    assert said[0].startswith("The Empire: Stout Timbers to the Greatship (the Admiral's free "
                              "card)")


def test_cards_bought_cost_25_points_and_are_dealt_to_men_o_war() -> None:
    game = dealt(("stout_timbers", "marines", "master_gunner"), bought=2)
    assert game.state.ship("g").cards == ("stout_timbers", "marines", "master_gunner")
    data = scenario(ship("g", "p1", "greatship", 20, 24, "E", admiral=True),
                    ship("b", "p2", "galleon", 40, 24, "W", admiral=True))
    data["options"].update(mow_cards=True, points=350 + 50)
    data["sides"][0]["mow_cards"] = 3  # 75 points: 25 over
    with pytest.raises(ScenarioError, match=r"costs 425 points .*more than the 400 allowed"):
        Game.new("man-o-war", scenario_data=data, seed=1)


def test_no_man_o_war_holds_two_cards_of_one_symbol_and_no_points_come_back() -> None:
    # Marines and Veteran Crew are both Crew cards: the Greatship (the only Man O' War) cannot
    # hold the second, which is lost
    game = dealt(("marines", "veteran_crew"), bought=1)
    assert game.state.ship("g").cards == ("marines",)
    lost = [e.text for e in game.events_at(0) if getattr(e, "kind", "") == "card_lost"]
    assert lost and "Veteran Crew" in lost[0] and "it is lost" in lost[0]


def test_a_battle_may_be_played_without_the_cards() -> None:
    data = scenario(ship("g", "p1", "greatship", 20, 24, "E", admiral=True),
                    ship("b", "p2", "galleon", 40, 24, "W", admiral=True))
    with forced(6, 1):
        game = Game.new("man-o-war", scenario_data=data, seed=1)  # mow_cards = false
    assert all(not s.cards for s in game.state.ships)


# --- What each card does -------------------------------------------------------------------

def with_cards(state: MowState, ship_id: str, *cards: str) -> MowState:
    return with_ship(state, replace(state.ship(ship_id), cards=cards))


def test_veteran_crew_is_one_more_crew_counter() -> None:
    game = dealt(("veteran_crew",))
    assert game.state.ship("g").crew == game.state.ship("g").card.crew + 1


def test_marines_add_one_in_a_boarding_action() -> None:
    sea = Sea.of(ship("g", "p1", "greatship", 30, 24, "N", admiral=True),
                 ship("b", "p2", "galleon", 31.65, 24, "N", admiral=True))
    sea.state = with_cards(sea.state, "g", "marines")
    sea.play(Activate("g")).play(EndMove())
    if EndFire() in sea.legal():
        sea.play(EndFire())
    sea.play(Board("b"), 3, 3)  # 3 + 5 crew + 1 Admiral + 1 marines = 10
    first = sea.rolls()[0]
    assert "+1 marines" in first.outcome and first.outcome.endswith("= 10")
    defending = sea.rolls()[1]
    assert "marines" not in defending.outcome  # the Galleon has no card


def test_stout_timbers_add_one_to_below_the_waterline_saves() -> None:
    sea = Sea.of(ship("g", "p1", "greatship", 20, 24, "E", admiral=True),
                 ship("b", "p2", "galleon", 40, 24, "W", admiral=True))
    state = with_cards(sea.state, "g", "stout_timbers")
    events: list[Any] = []
    with forced(3):  # 3 + 1 against the Greatship's 4+: saved
        after = btw_hits(state, Dice(state.rng, events), "g", 1, save=True)
    assert after.ship("g").btw == 0


def test_an_expert_helmsman_turns_for_one_inch() -> None:
    sea = Sea.of(ship("g", "p1", "greatship", 20, 24, "E", admiral=True),
                 ship("b", "p2", "galleon", 60, 24, "W", admiral=True))
    sea.state = with_cards(sea.state, "g", "expert_helmsman")
    sea.play(Activate("g")).play(SetCourse("sail", "cruise")).play(Turn("port"))
    assert sea.state.move is not None and sea.state.move.used == pytest.approx(1.0)
    assert movement.turn_cost(sea.ship("g")) == 1.0


def test_master_of_sail_and_drum_master_add_an_inch() -> None:
    sea = Sea.of(ship("g", "p1", "greatship", 20, 24, "E", admiral=True),
                 ship("b", "p2", "galleon", 60, 24, "W", admiral=True))
    plain = movement.speed(sea.state, sea.ship("g"), "sail")
    state = with_cards(sea.state, "g", "master_of_sail")
    assert movement.speed(state, state.ship("g"), "sail") == plain + 1
    galley = Sea.of(ship("g", "p1", "greatship", 20, 24, "E", admiral=True),
                    ship("w1", "p1", "wolfship", 10, 30, "E", squadron="w", flagship=True),
                    ship("w2", "p1", "wolfship", 10, 33, "E", squadron="w"),
                    ship("w3", "p1", "wolfship", 10, 36, "E", squadron="w"),
                    ship("b", "p2", "galleon", 60, 24, "W", admiral=True))
    wolf = galley.ship("w1")
    oars, ramming = (movement.speed(galley.state, wolf, "oars", pace)
                     for pace in ("cruise", "ramming"))
    drummed = replace(wolf, cards=("drum_master",))
    assert movement.speed(galley.state, drummed, "oars") == oars + 1
    assert movement.speed(galley.state, drummed, "oars", "ramming") == ramming + 1


def test_a_master_gunner_makes_close_range_saves_one_harder() -> None:
    sea = Sea.of(ship("g", "p1", "greatship", 20, 24, "N", admiral=True),
                 ship("b", "p2", "galleon", 23, 24, "N", admiral=True))
    sea.state = with_cards(sea.state, "g", "master_gunner")
    sea.play(Activate("g")).play(EndMove())
    shots = [a for a in sea.fixed() if isinstance(a, Fire) and a.target == "b"]
    assert shots
    sea.play(shots[0], *([4, 4] * 3))  # each battery: location 4, save 4
    saves = [r for r in sea.rolls() if "save" in r.purpose]
    assert saves and all("(−3)" in r.need for r in saves)  # cannon close −2, gunner −1


def test_a_reinforced_ram_does_one_more_hit() -> None:
    sea = Sea.of(ship("g", "p1", "greatship", 20, 24, "E", admiral=True),
                 ship("w1", "p1", "wolfship", 30, 24, "E", squadron="w", flagship=True),
                 ship("w2", "p1", "wolfship", 10, 33, "E", squadron="w"),
                 ship("w3", "p1", "wolfship", 10, 36, "E", squadron="w"),
                 ship("b", "p2", "galleon", 37, 24, "N", admiral=True))
    sea.state = with_cards(sea.state, "w1", "reinforced_ram")
    sea.play(Activate("w")).play(Command("w1"))
    sea.play(SetCourse("oars", "ramming")).play(Advance(6))
    before = sea.ship("b").btw
    sea.play(Ram("b"), 1)  # the Galleon's save fails
    assert sea.ship("b").btw - before == sea.ship("w1").card.ram + 1


def test_fire_crews_put_a_blaze_out_on_a_two() -> None:
    sea = Sea.of(ship("g", "p1", "greatship", 20, 24, "E", admiral=True),
                 ship("b", "p2", "galleon", 40, 24, "W", admiral=True))
    state = set_ablaze(with_cards(sea.state, "g", "fire_crews"), "g", 0)
    events: list[Any] = []
    with forced(2):  # a 2: without the card the blaze holds
        after = blazes_spread(state, Dice(state.rng, events))
    assert after.ship("g").blazes == 0 and after.ship("g").marks[0].damaged == 1


def test_a_ships_carpenter_mends_a_damage_marker_in_the_end_phase() -> None:
    sea = Sea.of(ship("g", "p1", "greatship", 20, 24, "E", admiral=True),
                 ship("b", "p2", "galleon", 40, 24, "W", admiral=True))
    g = replace(sea.ship("g"), cards=("ships_carpenter",),
                marks=(Marks(1, 0), Marks(0, 1), *sea.ship("g").marks[2:]))
    state = with_ship(sea.state, g)
    events: list[Any] = []
    after = carpenters(state, Dice(state.rng, events)).ship("g")
    assert after.marks[0] == Marks(0, 0) and after.marks[1] == Marks(0, 1)  # not the Blaze


def test_a_bold_captain_adds_one_to_the_initiative() -> None:
    sea = Sea.of(ship("g", "p1", "greatship", 20, 24, "E", admiral=True),
                 ship("b", "p2", "galleon", 40, 24, "W", admiral=True))
    state = with_cards(sea.state, "g", "bold_captain")
    events: list[Any] = []
    with forced(3, 4, 5, 4):  # 3 + 1 against 4: level, rolled again; 5 + 1 against 4
        after = initiative(state, Dice(state.rng, events))
    assert after.initiative == "p1" and after.wind == state.wind  # no double: the wind holds
    level = [e.describe() for e in events if getattr(e, "kind", "") == "initiative_level"]
    assert level == ["Level at 4 each with the Bold Captain's +1: both roll again (not a "
                     "double: the wind holds)"]  # the re-roll is said in the log


def test_a_warding_talisman_turns_a_spell_aside() -> None:
    data = scenario(ship("g", "p1", "greatship", 20, 24, "E", admiral=True),
                    ship("b", "p2", "galleon", 30, 24, "W", admiral=True))
    data["sides"][0].update(wizard="champion", college="amethyst")
    from ahoy_tui.rules.man_o_war.actions import CastSpell
    from ahoy_tui.rules.man_o_war.spellbook import spellbook

    deck = list(spellbook().deck("amethyst"))
    with forced(deck.index("death_touch") + 1, 6, 1):
        game = Game.new("man-o-war", scenario_data=data, seed=1)
    state = with_cards(game.state, "b", "warding_talisman")
    crew = state.ship("b").crew
    with forced(4, 5):  # cast on a 4; the talisman wards on a 5
        after, events = apply(state, CastSpell("death_touch", "b"))
    assert after.ship("b").crew == crew
    assert any("talisman wards off" in e.describe() for e in events)


def test_the_new_game_form_may_deal_the_cards_or_not() -> None:
    from ahoy_tui.engine import get_ruleset

    choices = {c.key for c in get_ruleset("man-o-war").setup_choices}
    assert {"mow_cards", "no_spell_first_turn"} <= choices
    dealt_game = Game.new("man-o-war", "empire_bretonnia", seed=1)
    assert any(s.cards for s in dealt_game.state.ships)  # the Admirals' free cards
    plain = Game.new("man-o-war", "empire_bretonnia", seed=1, options={"mow_cards": "no"})
    assert not any(s.cards for s in plain.state.ships)
    data = scenario(ship("g", "p1", "greatship", 20, 24, "E", admiral=True),
                    ship("b", "p2", "galleon", 40, 24, "W", admiral=True))  # mow_cards false
    with forced(*faces("marines"), *faces("stout_timbers"), 6, 1):
        chosen = Game.new("man-o-war", scenario_data=data, seed=1, options={"mow_cards": "yes"})
    assert chosen.state.ship("g").cards == ("marines",)


def test_the_new_game_form_may_bar_spells_on_the_first_turn() -> None:
    game = Game.new("man-o-war", "sorcery", seed=1, options={"no_spell_first_turn": "yes"})
    assert game.state.house_rule("no_spell_first_turn")
    assert game.state.turn == 1 and game.state.phase.value != "magic"
