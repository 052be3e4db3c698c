"""Underwater Combat: visibility by depth, melee without a piercing weapon at -2, missiles at
-2/-5/-10 to hit and to damage (halted at 0), no spells without water breathing."""

from __future__ import annotations

import pytest

from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.acks import underwater
from ahoy_tui.rules.acks.deck import muster_men, weapon
from ahoy_tui.rules.acks.model import Figure
from ahoy_tui.rules.tabledata import DataError

from .helpers import vessel


@pytest.mark.parametrize(("depth", "seen"), [
    (0, 240), (299, 240),                 # shallow: as above the water
    (300, 120), (599, 120),               # 300' to 600': halved
    (600, 60), (1199, 60),                # 600' to 1,200': 75% less
    (1200, 30), (2500, 30),               # 1,200' to 2,500': 87.5% less
    (2501, 0), (4000, 0),                 # below 2,500': no light at all
])
def test_visibility_shrinks_with_depth(depth, seen):
    assert underwater.visibility(depth, 240) == seen


def test_visibility_rounds_down():
    assert underwater.visibility(1200, 100) == 12          # 12.5


@pytest.mark.parametrize(("kind", "modifier"), [("piercing", 0), ("slashing", -2),
                                                ("bludgeoning", -2)])
def test_melee_is_at_minus_two_unless_piercing(kind, modifier):
    assert underwater.melee_modifier(kind) == modifier


def test_the_crews_weapons_kinds_come_from_crew_toml():
    men = {f.role: f for f in muster_men(vessel("a", kind="longship"))}
    assert weapon("spear").kind == "piercing" and weapon("hand_axe").kind == "slashing"
    assert underwater.melee_modifier_of(men["captain"]) == -2          # sword
    assert underwater.melee_modifier_of(replace(men["captain"], weapon="spear")) == 0
    assert underwater.melee_modifier_of(replace(men["captain"], weapon="club")) == -2
    with pytest.raises(ValueError, match="no weapon"):
        underwater.melee_modifier("fire")


@pytest.mark.parametrize(("band", "modifier"), [("short", -2), ("medium", -5),
                                                ("long", -10)])
def test_missiles_lose_to_hit_and_to_damage_by_range(band, modifier):
    assert underwater.missile_modifier(band) == modifier
    assert underwater.missile_damage(12, band) == 12 + modifier


@pytest.mark.parametrize(("damage", "band", "left", "halted"), [
    (3, "short", 1, False), (2, "short", 0, True), (1, "short", 0, True),
    (6, "medium", 1, False), (5, "medium", 0, True),
    (11, "long", 1, False), (8, "long", 0, True),
])
def test_a_missile_brought_to_zero_is_halted_harmlessly(damage, band, left, halted):
    assert underwater.missile_damage(damage, band) == left
    assert underwater.halted(damage, band) is halted


def test_double_long_does_not_reach_underwater():
    assert underwater.reaches("long") and not underwater.reaches("double long")
    assert not underwater.reaches(None)
    with pytest.raises(DataError, match=r"pitch\.toml"):
        underwater.missile_modifier("double long")


def swimmer(**fields) -> Figure:
    return Figure("w", "p1", "Norden", "a", "captain", "a", where="water", **fields)


def test_no_spells_underwater_without_water_breathing():
    below = swimmer(depth=10)
    assert not underwater.can_cast(below, breathes_water=False)
    assert underwater.can_cast(below, breathes_water=True)
    assert underwater.can_cast(swimmer(depth=0), breathes_water=False)       # at the surface
    assert underwater.can_cast(replace(below, where="deck", depth=0), False)
    assert not underwater.can_cast(replace(below, down=True), True)
    assert underwater.scroll_destroyed(below) and not underwater.scroll_destroyed(swimmer())
