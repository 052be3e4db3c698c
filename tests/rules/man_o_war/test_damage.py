"""Combat & Damage (rules/man_o_war/damage.py): hit locations, saves and the rule of one,
damage markers and the cards' effects, critical hits, Below the Waterline and sinking, a ship
abandoned. Every die is forced."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ahoy_tui.engine.dice import forced
from ahoy_tui.engine.events import Event
from ahoy_tui.rules.man_o_war import damage
from ahoy_tui.rules.man_o_war.model import Marks, MowState, Ship
from ahoy_tui.rules.man_o_war.tables import tables

from .helpers import battle, cup, said, ship


def rolled(faces: tuple[int, ...], act: Callable[..., MowState]) -> tuple[MowState, list[Event]]:
    """``act(dice)`` with these faces forced (every one must be rolled)."""
    with forced(*faces):
        dice, events = cup()
        return act(dice), events


def test_the_rule_of_one_for_saves() -> None:
    assert not damage.saves(1, 2, +3)  # a 1 always fails
    assert damage.saves(6, 4, -3)  # a 6 always saves
    assert damage.saves(4, 4, 0) and not damage.saves(4, 4, -1)
    assert not damage.saves(6, 0, 0)  # no save at all


def test_a_hit_rolls_the_location_then_its_save_and_marks_a_failure() -> None:
    state = battle(ship("g", "greatship"))
    # aimed low: a 5 is the Gun Deck (save 4+); a 3 fails
    after, events = rolled((5, 3), lambda d: damage.hit_ship(state, d, "g", aim="low", by="p1"))
    g = after.ship("g")
    gun_deck = [loc.name for loc in g.card.locations].index("Gun Deck")
    assert g.marks[gun_deck] == Marks(1, 0)
    assert g.batteries_left(2) == 2  # 1 broadside battery lost of 3
    assert state.ship("g").batteries_left(2) == 3  # the earlier state is untouched
    assert any("loses a broadside battery" in t for t in said(events, "effect"))


def test_aiming_high_strikes_the_masts_and_the_range_modifies_the_save() -> None:
    state = battle(ship("g", "greatship"))
    # the Main Mast (5+): a 6 saves even at -2
    saved, _ = rolled((5, 6), lambda d: damage.hit_ship(state, d, "g", aim="high",
                                                        save_modifier=-2))
    assert saved is state
    # a 5 at close range (-2) is a 3: failed
    hit, _ = rolled((5, 5), lambda d: damage.hit_ship(state, d, "g", aim="high",
                                                      save_modifier=-2))
    assert hit.ship("g").marks[1] == Marks(1, 0)
    assert hit.ship("g").speed_lost == 0  # "2nd hit: speed -2"": not with the first
    twice, _ = rolled((5, 2), lambda d: damage.hit_ship(hit, d, "g", aim="high"))
    assert twice.ship("g").speed_lost == 2 and twice.ship("g").speed_lost_astern == 3


def test_the_middle_band_is_hit_whether_aiming_high_or_low() -> None:
    card = tables().template("greatship")
    high, low = card.located(2, "high"), card.located(2, "low")
    assert high is not None and low is not None and high.name == low.name == "Forecastle"
    assert card.located(1, "high") is None  # not on the card: a miss
    fore, bows = card.located(4, "high"), card.located(4, "low")
    assert fore is not None and fore.name == "Fore Mast"
    assert bows is not None and bows.name == "Bows"


def test_a_number_not_on_the_card_misses() -> None:
    state = battle(ship("w", "wargalley"))
    after, events = rolled((2,), lambda d: damage.hit_ship(state, d, "w"))
    assert after is state and said(events, "miss")


def test_a_destroyed_area_hit_again_is_a_critical_hit() -> None:
    state = battle(ship("c", "corsair"))
    # aimed low, 3: Main Deck (1 box), save failed
    state, _ = rolled((3, 1), lambda d: damage.hit_ship(state, d, "c", aim="low"))
    assert not state.ship("c").no_firing
    # again: destroyed, the save fails: a critical, 4: Guns silenced
    state, events = rolled((3, 2, 4), lambda d: damage.hit_ship(state, d, "c", aim="low"))
    assert state.ship("c").no_firing
    assert said(events, "critical")


def test_no_criticals_on_a_mast_the_card_says_so() -> None:
    state = battle(ship("w", "wargalley"))
    state, _ = rolled((4, 1), lambda d: damage.hit_ship(state, d, "w"))
    assert state.ship("w").no_sail
    # hit again: no critical die is rolled (every forced face is used up)
    again, events = rolled((4, 1), lambda d: damage.hit_ship(state, d, "w"))
    assert again is state and said(events, "no_critical")


CRITICALS: list[tuple[int, Callable[[Ship], bool]]] = [
    (1, lambda s: s.marks[3] == Marks(1, 1)),  # Blaze: a damage marker becomes a Blaze
    (2, lambda s: s.crew == 4),
    (3, lambda s: s.no_movement),
    (4, lambda s: s.no_firing),
    (5, lambda s: s.btw == 1),
    (6, lambda s: s.btw == 1 and s.marks[3] == Marks(1, 1)),
]


@pytest.mark.parametrize(("roll", "check"), CRITICALS)
def test_the_critical_hit_table(roll: int, check: Callable[[Ship], bool]) -> None:
    g = ship("g", "greatship", marks=(Marks(),) * 3 + (Marks(2, 0),) + (Marks(),) * 4)
    state = battle(g)
    after, _ = rolled((roll,), lambda d: damage.critical_hit(state, d, "g", 3))
    assert check(after.ship("g"))


def test_below_the_waterline_boxes_filled_sink_her_for_the_enemys_honours() -> None:
    g = ship("g", "greatship", admiral=True, btw=3)
    state = battle(ship("p", "galleon", side="p1"), g)
    # her BTW save (4+) fails
    after, events = rolled((3,), lambda d: damage.btw_hits(state, d, "g", 1, save=True,
                                                           by="p1"))
    sunk = after.ship("g")
    assert sunk.sunk and not sunk.admiral
    wreck = after.markers[0]
    assert wreck.kind == "wreckage" and wreck.clinging == ("admiral:p2",)
    assert after.honours == (4, 0)  # her Below the Waterline boxes
    assert said(events, "sunk")


def test_a_btw_save_keeps_her_afloat() -> None:
    state = battle(ship("g", "greatship"))
    after, _ = rolled((4,), lambda d: damage.btw_hits(state, d, "g", 2, save=True))
    assert after is state


def test_the_wargalleys_first_hit_below_the_waterline_has_no_effect_the_second_sinks_her() -> None:
    state = battle(ship("p", "galleon", side="p1"), ship("w", "wargalley"))
    once, events = rolled((), lambda d: damage.btw_hits(state, d, "w", 1, save=False, by="p1"))
    w = once.ship("w")
    assert w.afloat and w.btw == 1 and w.speed_lost == 0
    assert any("first hit has no effect" in e.text for e in events)
    twice, events = rolled((), lambda d: damage.btw_hits(once, d, "w", 1, save=False, by="p1"))
    assert twice.ship("w").sunk and said(events, "sunk")
    assert not any("first hit has no effect" in e.text for e in events)


def test_a_first_no_effect_card_that_slows_feels_only_the_hits_after_the_first() -> None:
    from attrs import evolve

    from ahoy_tui.rules.man_o_war import tables as tables_module

    card = tables().template("wargalley")
    slowing = evolve(card, btw=evolve(card.btw, boxes=3, speed_loss=1.0))
    real = tables_module.Tables.template

    def template(self: tables_module.Tables, key: str) -> tables_module.Template:
        return slowing if key == "wargalley" else real(self, key)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(tables_module.Tables, "template", template)
        state = battle(ship("w", "wargalley"))
        after, _ = rolled((), lambda d: damage.btw_hits(state, d, "w", 2, save=False))
    assert after.ship("w").btw == 2 and after.ship("w").speed_lost == 1


def test_the_necropolis_slows_with_every_hit_below_the_waterline() -> None:
    state = battle(ship("n", "floating_necropolis"))
    after, _ = rolled((), lambda d: damage.btw_hits(state, d, "n", 2, save=False))
    assert after.ship("n").btw == 2 and after.ship("n").speed_lost == 2


def test_crew_reduced_to_zero_abandons_her_and_kills_the_admiral() -> None:
    state = battle(ship("p", "galleon", side="p1"),
                   ship("g", "greatship", crew=1, admiral=True))
    after, events = rolled((), lambda d: damage.lose_crew(state, d, "g", 1, "boarders"))
    g = after.ship("g")
    assert g.crew == 0 and g.abandoned and not g.admiral
    assert after.honours == (5, 0)  # an Admiral killed: 5 Battle Honours
    assert said(events, "abandoned")


def test_turrets_batteries_and_effects_come_from_the_card() -> None:
    state = battle(ship("d", "dreadnought"))
    # aimed high, 3: Fore Turrets, save 3+ failed
    after, _ = rolled((3, 1), lambda d: damage.hit_ship(state, d, "d", aim="high"))
    assert after.ship("d").batteries_left(0) == 3
    # aimed low, 5: the Boiler: unable to move
    after, _ = rolled((5, 2), lambda d: damage.hit_ship(after, d, "d", aim="low"))
    assert after.ship("d").immobile
