"""Wizards and the Magic Phase of Man O' War, played through the engine with forced dice: the
college and the hand drawn at the start (and hidden from the other side), casting on the
casting number or more (the rule of one), dispelling with a card that names the spell's
colour, every card tried discarded, the Wizard Lord's +1 and his one re-roll a turn of his own
colour, a spell never moving an enemy off the table, lasting spells (a shield on the saves, a
ward against enemy spells) and their end, the house rule of no spell on the first turn, the End
Phase's discards and fresh cards, and a Wizard's fate: clinging to wreckage, rescued, lost with
the debris, killed with the last crew, and the Battle Honours he is worth."""

from __future__ import annotations

from typing import Any

import pytest

from ahoy_tui.engine import Game
from ahoy_tui.engine.dice import forced
from ahoy_tui.engine.events import DiceRoll, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.registry import get_ruleset
from ahoy_tui.rules.man_o_war.actions import (
    CastSpell,
    DiscardSpell,
    DispelSpell,
    KeepHand,
    LetItStand,
    NoSpell,
    Reroll,
)
from ahoy_tui.rules.man_o_war.damage import btw_hits, lose_crew
from ahoy_tui.rules.man_o_war.model import Marker, MowState, Phase
from ahoy_tui.rules.man_o_war.scenario import ScenarioError, load
from ahoy_tui.rules.man_o_war.spellbook import spellbook
from ahoy_tui.rules.man_o_war.wizards import with_wizard

from .test_battle import scenario, ship
from .test_turn_sequence import Sea

RULESET = get_ruleset("man-o-war")


def draws(college: str, cards: tuple[str, ...], spent: tuple[str, ...] = ()) -> list[int]:
    """The faces of the dice that draw ``cards`` in this order from a college's deck."""
    deck = [c for c in spellbook().deck(college) if c not in spent]
    faces = []
    for card in cards:
        faces.append(deck.index(card) + 1)
        deck.remove(card)
    return faces


def wizards_sea(p1: tuple[str, str, tuple[str, ...]], p2: tuple[str, str, tuple[str, ...]]
                | None = None, *ships: dict[str, Any], initiative: tuple[int, int] = (6, 1),
                **options: Any) -> Sea:
    """The Greatship "g" (p1, Admiral and Wizard) at (20, 24) heading east and the Galleon
    "b" (p2, Admiral, and a Wizard if ``p2``) at (30, 24) heading west; each Wizard given as
    (level, college, his hand), drawn with forced dice; p1 wins the initiative."""
    data = scenario(ship("g", "p1", "greatship", 20, 24, "E", admiral=True),
                    ship("b", "p2", "galleon", 30, 24, "W", admiral=True), *ships)
    data["options"].update(options)
    faces: list[int] = []
    for side, wizard in zip(data["sides"], (p1, p2), strict=True):
        if wizard is None:
            continue
        level, college, hand = wizard
        side.update(wizard=level, college=college)
        faces += draws(college, hand)
    with forced(*faces, *initiative):
        game = Game.new("man-o-war", scenario_data=data, seed=1)
    assert isinstance(game.state, MowState)
    return Sea(game.state, game.events_at(0))


def hand(sea: Sea, side: str) -> tuple[str, ...]:
    wizard = sea.state.wizard(side)
    assert wizard is not None
    return wizard.hand


# --- The cards, as data ------------------------------------------------------------------

def test_every_college_holds_a_dozen_spells_of_every_kind() -> None:
    book = spellbook()
    assert len(book.colleges) >= 4
    kinds = {"damage": {"damage", "btw", "crew"}, "fire": {"blaze"},
             "moving": {"push", "turn"}, "counters": {"no_movement", "no_firing"},
             "protection": {"shield", "ward"}, "dispel": {"dispel"}}
    for college in book.colleges:
        cards = [book.spell(c) for c in book.deck(college)]
        assert len(cards) >= 12, college
        effects = {c.effect for c in cards}
        for kind, wanted in kinds.items():
            assert effects & wanted, (college, kind)
        assert all(college in c.dispels for c in cards)  # each dispels its own colour


def test_a_card_that_breaks_the_files_rules_is_refused_by_name() -> None:
    from ahoy_tui.rules.man_o_war.spellbook import _spell
    from ahoy_tui.rules.tabledata import DataError

    colleges = spellbook().colleges
    good = {"college": "bright", "name": "Spark", "cast": 3, "dispels": ["bright"],
            "target": "enemy", "effect": "blaze", "amount": 1, "text": "a spark"}
    assert _spell("spark", good, colleges).cast == 3
    for change, words in (({"effect": "explode"}, "unknown effect"),
                          ({"target": "friend"}, "is cast on 'enemy'"),
                          ({"cast": 7}, "casting number 7"),
                          ({"dispels": ["grey"]}, "unknown colleges"),
                          ({"college": "grey"}, "college 'grey'")):
        with pytest.raises(DataError, match=words) as error:
            _spell("spark", {**good, **change}, colleges)
        assert "magic.toml [spells.spark]" in str(error.value)


# --- Setup: the Wizard bought, his college at random, his hand drawn in secret -------------

def test_the_college_is_chosen_at_random_and_the_hand_drawn_to_strength() -> None:
    data = scenario(ship("g", "p1", "greatship", 20, 24, "E", admiral=True),
                    ship("b", "p2", "galleon", 40, 24, "W", admiral=True))
    data["sides"][0]["wizard"] = "lord"
    colleges = list(spellbook().colleges)
    # the college die (a 3: the third college), then three cards, then the initiative
    with forced(3, 1, 1, 1, 6, 1):
        game = Game.new("man-o-war", scenario_data=data, seed=1)
    wizard = game.state.wizard("p1")
    assert wizard is not None and wizard.college == colleges[2]
    assert wizard.hand == spellbook().deck(colleges[2])[:3]  # the first card thrice over
    assert wizard.ship == "g" and game.state.wizard("p2") is None


def test_the_other_side_sees_how_many_cards_never_which() -> None:
    sea = wizards_sea(("master", "bright", ("fireball", "quench")),
                      ("champion", "jade", ("kelp_tangle",)))
    mine = RULESET.view(sea.state, "p1").wizard("p1")
    theirs = RULESET.view(sea.state, "p1").wizard("p2")
    assert mine is not None and mine.hand == ("fireball", "quench")
    assert theirs is not None and theirs.hand == ("",)  # one card, face down
    watched = RULESET.view(sea.state, "spectator")
    assert all(c == "" for w in watched.wizards for c in w.hand)
    # the draws are told to the drawer's side only
    drawn = [e for e in sea.log if isinstance(e, Happened) and e.kind == "cards_drawn"]
    assert {e.side for e in drawn} == {"p1", "p2"}
    for event in drawn:
        assert RULESET.event_visible(event, event.side)
        assert not RULESET.event_visible(event, "p2" if event.side == "p1" else "p1")
        assert not RULESET.event_visible(event, "spectator")


def test_a_wizard_costs_points_and_the_dwarfs_field_none() -> None:
    data = scenario(ship("g", "p1", "greatship", 20, 24, "E", admiral=True),
                    ship("b", "p2", "galleon", 40, 24, "W", admiral=True))
    data["options"]["points"] = 350 + 100  # the Greatship and a Master Wizard: just enough
    data["sides"][0]["wizard"] = "master"
    assert load(data=data).data  # loads
    Game.new("man-o-war", scenario_data=data, seed=1)
    data["sides"][0]["wizard"] = "lord"  # 150: fifty over
    with pytest.raises(ScenarioError, match=r"costs 500 points \(150 of it for a Wizard, cards or "
                       r"monsters\), more than "
                       "the 450 allowed"):
        Game.new("man-o-war", scenario_data=data, seed=1)
    dwarfs = scenario(ship("d", "p1", "dreadnought", 20, 24, "E", admiral=True),
                      ship("b", "p2", "galleon", 40, 24, "W", admiral=True),
                      races=("dwarfs", "bretonnia"))
    dwarfs["sides"][0]["wizard"] = "champion"
    with pytest.raises(ScenarioError, match="field no Wizard"):
        Game.new("man-o-war", scenario_data=dwarfs, seed=1)


# --- Casting and dispelling ----------------------------------------------------------------

def test_a_spell_cast_on_its_number_dispel_fails_and_it_takes_effect() -> None:
    sea = wizards_sea(("champion", "bright", ("fireball",)),
                      ("champion", "bright", ("quench",)))
    assert sea.state.phase == Phase.MAGIC and sea.state.to_act == "p1"
    assert CastSpell("fireball", "b") in sea.legal()
    sea.play(CastSpell("fireball", "b"), 3)  # Fireball casts on a 3+
    assert sea.state.casting is not None and sea.state.casting.step == "dispel"
    assert sea.state.to_act == "p2"  # Quench names red: Bretonnia may dispel
    assert hand(sea, "p1") == () and sea.state.wizard("p1").spent == ("fireball",)
    assert set(sea.fixed()) == {DispelSpell("quench"), LetItStand()}
    # the choice says the score needed before the die is rolled (Quench's number)
    from ahoy_tui.rules.man_o_war.prompt import describe

    assert describe(sea.state, DispelSpell("quench")).endswith("(3+ on a D6)")
    # Quench rolls 2 against 3+: it fails; the fire strikes low (a 5) on a 5: the Gun Deck
    sea.play(DispelSpell("quench"), 2, 5, 5)
    assert hand(sea, "p2") == () and sea.state.wizard("p2").spent == ("quench",)
    gun_deck = [loc.name for loc in sea.ship("b").card.locations].index("Gun Deck")
    assert sea.ship("b").marks[gun_deck].blazing == 1
    assert "The dispel fails: Fireball stands" in sea.said("not_dispelled")


def test_a_dispel_on_its_number_stops_the_spell() -> None:
    sea = wizards_sea(("champion", "bright", ("flaming_sword",)),
                      ("champion", "bright", ("quench",)))
    crew = sea.ship("b").crew
    sea.play(CastSpell("flaming_sword", "b"), 4)
    sea.play(DispelSpell("quench"), 3)
    assert sea.ship("b").crew == crew
    assert sea.said("dispelled") == ["Flaming Sword of Rhuin is dispelled"]


def test_a_card_cannot_dispel_a_colour_it_does_not_name() -> None:
    # Kelp Tangle dispels green only; Fireball is red: no dispel is offered
    sea = wizards_sea(("champion", "bright", ("fireball",)),
                      ("champion", "jade", ("kelp_tangle",)))
    sea.play(CastSpell("fireball", "b"), 6, 1, 4)  # cast; strikes high; a 4: the Fore Mast
    assert sea.state.casting is None and sea.state.phase == Phase.MAGIC
    assert sea.ship("b").blazes == 1
    assert sea.said("no_dispel", everything=True) == [
        "Bretonnia cannot dispel Fireball: their side holds no card to dispel a bright spell"]
    refusal = Sea(sea.state).refused(DispelSpell("kelp_tangle"))
    assert refusal.rule == "Magic"


def test_the_rule_of_one_fails_even_a_wizard_lord() -> None:
    # Heat of Battle casts on a 2+; the Wizard Lord's +1 cannot save a 1; Bright is not his
    # college here (Jade), so no re-roll
    sea = wizards_sea(("lord", "jade", ("fair_current", "mist", "kelp_tangle")))
    sea.play(CastSpell("fair_current", "g"), 1)
    roll = sea.rolls()[-1]
    assert roll.outcome.startswith("failure")
    # his own colour: Fair Current is Jade, so he is asked whether to roll again
    assert sea.state.casting is not None and sea.state.casting.step == "reroll_cast"


def test_a_wizard_lord_re_rolls_his_own_colour_once_a_turn() -> None:
    sea = wizards_sea(("lord", "jade", ("kelp_tangle", "mist", "sea_spray")),
                      ("champion", "jade", ("wave_of_the_deep",)))
    sea.play(CastSpell("kelp_tangle", "b"), 1)  # a 1: fails
    assert set(sea.fixed()) == {Reroll(True), Reroll(False)}
    assert sea.state.to_act == "p1"
    sea.play(Reroll(True), 2)  # 2 + 1 = 3: Kelp Tangle casts on a 3
    assert sea.state.wizard("p1").rerolled
    sea.play(LetItStand())  # Bretonnia lets it stand
    assert sea.ship("b").no_movement
    # Bretonnia casts; the Lord's dispel fails, and his re-roll is spent this turn
    sea.play(CastSpell("wave_of_the_deep", "g"), 4)
    sea.play(DispelSpell("mist"), 1)  # the dispel fails; the wave drives her (no die)
    assert sea.state.casting is None  # no second re-roll offered
    assert sea.said("not_dispelled")


def test_a_wizard_lord_may_keep_his_re_roll() -> None:
    sea = wizards_sea(("lord", "jade", ("kelp_tangle", "mist", "sea_spray")))
    sea.play(CastSpell("kelp_tangle", "b"), 1)
    sea.play(Reroll(False))
    assert not sea.state.wizard("p1").rerolled
    assert not sea.ship("b").no_movement
    assert "kelp_tangle" in sea.state.wizard("p1").spent  # tried, so discarded


def test_a_wizard_lord_adds_one_to_cast_and_dispel() -> None:
    sea = wizards_sea(("lord", "celestial", ("storm_of_lightning", "becalm", "squall")))
    sea.play(CastSpell("becalm", "b"), 3)  # Becalm needs 4: 3 + 1
    assert sea.ship("b").no_movement


def test_no_spell_is_a_choice_and_the_turn_goes_on() -> None:
    sea = wizards_sea(("champion", "bright", ("fireball",)),
                      ("champion", "bright", ("fireball",)))
    sea.play(NoSpell())
    assert sea.state.to_act == "p2" and sea.state.phase == Phase.MAGIC
    sea.play(NoSpell())
    assert sea.state.phase == Phase.BATTLE
    assert hand(sea, "p1") == ("fireball",)  # a card not tried is kept


def test_an_illegal_spell_is_refused_with_its_rule_and_nothing_changes() -> None:
    sea = wizards_sea(("champion", "bright", ("fireball",)))
    before = sea.state
    refusal = sea.refused(CastSpell("storm_of_lightning", "b"))
    assert refusal.rule == "Magic" and "not a card in your Wizard's hand" in refusal.reason
    refusal = sea.refused(CastSpell("fireball", "g"))  # her own ship
    assert "an enemy ship" in refusal.reason
    assert sea.state is before


def test_a_spell_must_reach_its_target() -> None:
    sea = wizards_sea(("champion", "bright", ("fireball",)))
    sea.arrange("b", x=60)  # 40" from the Greatship: past the 24" of the book
    assert CastSpell("fireball", "b") not in RULESET.legal_actions(sea.state)


# --- What spells do ------------------------------------------------------------------------

def test_a_spell_never_moves_an_enemy_off_the_table() -> None:
    # the wind blows North; the Galleon lies 2" from the north edge: the Wave drives her to it
    sea = wizards_sea(("champion", "jade", ("wave_of_the_deep",)))
    sea.arrange("b", y=3.0, heading=2)  # heading east: her beam reaches 0.8" north of y
    sea.play(CastSpell("wave_of_the_deep", "b"), 4)
    moved = sea.ship("b")
    assert moved.y == pytest.approx(0.8, abs=0.11)
    assert "stops short" in sea.said("spell_push")[0]


def test_turning_spells_go_the_way_the_caster_says() -> None:
    sea = wizards_sea(("champion", "jade", ("whirlpool",)))
    assert {CastSpell("whirlpool", "b", "clockwise"),
            CastSpell("whirlpool", "b", "anticlockwise")} <= set(sea.fixed())
    sea.play(CastSpell("whirlpool", "b", "anticlockwise"), 4)
    assert sea.ship("b").heading == 4  # West (6), two points anticlockwise: South


def test_the_wind_spell_turns_the_wind() -> None:
    sea = wizards_sea(("champion", "celestial", ("change_the_wind",)))
    sea.play(CastSpell("change_the_wind", "", "clockwise"), 3)
    assert sea.state.wind == 1  # North to North-East


def test_a_shield_adds_to_her_saves_and_a_one_turn_spell_ends_in_the_end_phase() -> None:
    sea = wizards_sea(("champion", "celestial", ("portent",)))
    sea.play(CastSpell("portent", "g"), 4)
    assert [s.card for s in sea.state.in_play] == ["portent"]
    # a Below the Waterline hit on the Greatship: her 4+ save rolled 3, +1: saved
    from ahoy_tui.engine.dice import Dice

    events: list[Any] = []
    with forced(3):
        after = btw_hits(sea.state, Dice(sea.state.rng, events), "g", 1, save=True)
    assert after.ship("g").btw == 0
    assert [e.outcome for e in events if isinstance(e, DiceRoll)] == ["saved"]
    # the turn ends: Portent of Far with it
    assert sea.state.phase == Phase.BATTLE  # Bretonnia has no Wizard: on to the battle
    sea.end_battle_phase(6, 1)
    assert sea.state.in_play == ()
    assert any("Portent of Far ends" in e.describe() for e in sea.log)


def test_a_ward_keeps_enemy_spells_off_her() -> None:
    sea = wizards_sea(("champion", "celestial", ("star_shield",)),
                      ("champion", "bright", ("fireball",)))
    sea.play(CastSpell("star_shield", "g"), 4)
    assert sea.state.casting is None  # a Fireball cannot dispel a blue spell
    # Bretonnia's Fireball may not be cast on the Greatship: no target, so no cast at all
    assert sea.state.phase == Phase.BATTLE
    assert hand(sea, "p2") == ("fireball",)
    assert "Bretonnia's Wizard casts nothing: no card he holds has a target within reach" in \
        sea.said("no_spell")


def test_a_lasting_spell_may_be_dispelled_in_a_later_magic_phase() -> None:
    sea = wizards_sea(("champion", "jade", ("oaken_hull",)),
                      ("master", "bright", ("salamander_skin", "quench")))
    sea.play(CastSpell("oaken_hull", "g"), 4)
    sea.play(LetItStand())
    assert DispelSpell("quench", "p1:oaken_hull:g") in sea.fixed()
    sea.play(DispelSpell("quench", "p1:oaken_hull:g"), 3)
    assert sea.state.in_play == ()


def test_dwarf_ships_shrug_off_a_spell_on_four_or_more() -> None:
    data = scenario(ship("b", "p1", "galleon", 20, 24, "E", admiral=True),
                    ship("d", "p2", "dreadnought", 30, 24, "W", admiral=True),
                    races=("bretonnia", "dwarfs"))
    data["sides"][0].update(wizard="champion", college="amethyst")
    with forced(*draws("amethyst", ("death_touch",)), 6, 1):
        game = Game.new("man-o-war", scenario_data=data, seed=1)
    sea = Sea(game.state)
    crew = sea.ship("d").crew
    sea.play(CastSpell("death_touch", "d"), 4, 4)  # cast on a 4; the Dwarfs resist on a 4
    assert sea.ship("d").crew == crew
    assert sea.said("resisted")


# --- The house rule, the End Phase, the Wizard's fate --------------------------------------

def test_no_spell_on_the_first_turn_as_a_house_rule() -> None:
    sea = wizards_sea(("champion", "bright", ("fireball",)), no_spell_first_turn=True)
    assert sea.state.phase == Phase.BATTLE and sea.state.turn == 1
    assert hand(sea, "p1") == ("fireball",)
    sea.end_battle_phase()
    sea.play(KeepHand(), 6, 1)  # his hand is full: nothing drawn; the next initiative
    assert sea.state.turn == 2 and sea.state.phase == Phase.MAGIC
    assert CastSpell("fireball", "b") in sea.fixed()


def test_the_end_phase_discards_then_fills_the_hand() -> None:
    sea = wizards_sea(("master", "bright", ("fireball", "quench")))
    sea.play(NoSpell())
    # the rest of the turn: the End Phase stops for the Wizard's discards
    sea.end_battle_phase()
    assert sea.state.phase == Phase.END and sea.state.end_step == "cards"
    assert set(sea.fixed()) == {DiscardSpell("fireball"), DiscardSpell("quench"), KeepHand()}
    sea.play(DiscardSpell("fireball"))
    assert hand(sea, "p1") == ("quench",)
    # the deck less the two cards out of it: the first left is drawn
    fresh = draws("bright", ("flaming_sword",), spent=("fireball", "quench"))
    sea.play(KeepHand(), *fresh, 6, 1)
    assert hand(sea, "p1") == ("quench", "flaming_sword")
    assert sea.state.turn == 2


def test_a_discard_is_a_secret_action() -> None:
    assert RULESET.secret_action(DiscardSpell("fireball"))
    assert not RULESET.secret_action(CastSpell("fireball", "b"))


def test_a_wizard_clings_to_the_wreckage_and_is_lost_with_the_debris() -> None:
    sea = wizards_sea(("lord", "bright", ("fireball", "quench", "cauterise")),
                      ("champion", "bright", ("flame_cage",)))
    from ahoy_tui.engine.dice import Dice

    events: list[Any] = []
    state = btw_hits(sea.state, Dice(sea.state.rng, events), "g", 9, save=False)
    assert state.ship("g").sunk
    wizard = state.wizard("p1")
    assert wizard is not None and wizard.fate == "clinging" and wizard.ship == ""
    wreck = state.markers[-1]
    assert "wizard:p1" in wreck.clinging and "admiral:p1" in wreck.clinging
    # two End Phases later the debris drifts off: the Wizard Lord is lost, 3 honours
    honours = state.honours[1]
    state = replace(state, markers=(replace(wreck, kind="debris"),))
    from ahoy_tui.rules.man_o_war.flow import wreckage_and_debris

    state = wreckage_and_debris(state, Dice(state.rng, events))
    assert state.wizard("p1").fate == "killed"
    assert state.honours[1] == honours + 5 + 3  # the Admiral's 5 and the Lord's 3


def test_a_wizard_clinging_to_wreckage_is_picked_up_by_a_friend() -> None:
    sea = wizards_sea(("champion", "bright", ("fireball",)), None,
                      ship("w1", "p1", "wolfship", 20, 27.35, "E", squadron="w",
                           flagship=True),
                      ship("w2", "p1", "wolfship", 14, 30, "E", squadron="w"),
                      ship("w3", "p1", "wolfship", 14, 33, "E", squadron="w"))
    wreck = Marker("wreck-x", "wreckage", 20, 26, 2, 5.0, 1.6, ("wizard:p1",))
    state = with_wizard(sea.state, replace(sea.state.wizard("p1"), ship="", fate="clinging"))
    sea.state = replace(state, markers=(wreck,))
    from ahoy_tui.engine.dice import Dice
    from ahoy_tui.rules.man_o_war.flow import pick_up_survivors

    events: list[Any] = []
    state = pick_up_survivors(sea.state, Dice(sea.state.rng, events))
    wizard = state.wizard("p1")
    assert wizard is not None and wizard.ship == "w1" and wizard.fate == ""


def test_a_wizard_dies_with_the_last_of_the_crew() -> None:
    sea = wizards_sea(("master", "bright", ("fireball", "quench")))
    from ahoy_tui.engine.dice import Dice

    events: list[Any] = []
    honours = sea.state.honours[1]
    state = lose_crew(sea.state, Dice(sea.state.rng, events), "g", 99, "the test")
    assert state.wizard("p1").fate == "killed"
    assert state.honours[1] == honours + 5 + 2  # the Admiral's 5, the Master Wizard's 2
    assert any(isinstance(e, Happened) and e.kind == "wizard_lost" for e in events)
    from ahoy_tui.rules.man_o_war.flow import summary

    assert "Master Wizard (Bright): lost" in summary(state)  # the game-over summary says so


def test_a_dead_wizard_casts_nothing_and_draws_nothing() -> None:
    sea = wizards_sea(("champion", "bright", ("fireball",)))
    sea.state = with_wizard(sea.state, replace(sea.state.wizard("p1"), fate="killed",
                                               ship="", hand=()))
    assert list(RULESET.legal_actions(sea.state).fixed) == [NoSpell()]
