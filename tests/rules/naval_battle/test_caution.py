"""A sheet whose track sails a ship off the table is asked about before it is sealed
(naval_battle/caution.py): a ship wholly off the table has left the battle."""

from __future__ import annotations

from ahoy_tui.rules.naval_battle import actions as nb
from ahoy_tui.rules.naval_battle.caution import caution, leaves_table
from ahoy_tui.rules.naval_battle.model import STEADY

from .test_movement import battle, entry, orders


def test_a_track_off_the_edge_is_warned_of_and_one_on_the_table_is_not():
    state = battle(entry("swift", "p1", x=90, y=30, heading="E"),
                   entry("stay", "p1", x=40, y=30, heading="N"),
                   entry("foe", "p2", x=20, y=10), speeds={"swift": 12, "stay": 2})
    off = orders("swift", STEADY, STEADY)
    on = orders("stay", STEADY)
    assert leaves_table(state, off) and not leaves_table(state, on)
    words = caution(state, nb.GiveOrders("p1", (off, on)))
    assert "Swift" in words and "left the battle" in words
    assert "battle is lost" not in words  # the Stay is still in it
    assert caution(state, nb.GiveOrders("p1", (on,))) == ""


def test_sailing_every_ship_off_says_the_battle_is_lost():
    state = battle(entry("swift", "p1", x=90, y=30, heading="E"),
                   entry("foe", "p2", x=20, y=10), speeds={"swift": 12})
    words = caution(state, nb.GiveOrders("p1", (orders("swift", STEADY, STEADY),)))
    assert "the battle is lost" in words
