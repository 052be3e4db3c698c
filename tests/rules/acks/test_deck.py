"""The deck battlemaps' data against the seed's table and the reference's saving throws, and a
crew laid on a deck (Simulating Sea Combat on the Battlemap)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ahoy_tui.rules.acks.deck import (
    deck_size,
    fighter_saves,
    lay_decks,
    muster_men,
    squares,
    weapon,
)
from ahoy_tui.rules.acks.tables import tables

from .helpers import battle, vessel

SHARED = Path(__file__).resolve().parents[4] / "shared"
REFERENCE = SHARED / "reference" / "later-rulesets.md"
SEED = SHARED / "seeds" / "003_3cf731ec76126644.txt"


@pytest.mark.skipif(not SEED.exists(), reason="the seed text is not beside this checkout")
def test_every_vessels_deck_is_her_length_and_beam_from_the_seeds_table_in_5ft_squares():
    rows = re.findall(r"^\| (Galley, [\d.]+-Rower|Longship|Sailing Ship, \w+) \| ([\d.]+)’ \| "
                      r"([\d.]+)’ \| (\d) \|", SEED.read_text(), re.M)
    assert len(rows) == 13
    by_name = {t.name: kind for kind, t in tables().vessels.items()}
    for name, length, width, _ in rows:
        v = vessel("v", kind=by_name[name])
        expected = (int(float(length) / 5 + 0.5), int(float(width) / 5 + 0.5))
        assert deck_size(v) == expected, name


def test_a_half_square_rounds_up():
    assert squares(18.5) == 4 and squares(12.5) == 3 and squares(14) == 3
    assert squares(150) == 30


@pytest.mark.skipif(not REFERENCE.exists(), reason="the reference is not beside this checkout")
def test_the_fighters_saving_throws_are_the_references_table_row_by_row():
    text = REFERENCE.read_text()
    rows = re.findall(r"^\| F(\d+)(?:–(\d+))? \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|",
                      text, re.M)
    assert len(rows) == 11
    for low, high, *saves in rows:
        for level in range(int(low), int(high or low) + 1):
            assert fighter_saves(level) == tuple(int(s) for s in saves), level


def test_every_role_fights_with_a_weapon_in_the_table():
    v = vessel("a", kind="longship")
    for man in muster_men(v):
        assert weapon(man.weapon).damage


def test_the_longships_rowers_come_up_to_fight_and_the_overflow_waits_below():
    v = vessel("a", kind="longship")          # 20 x 3 squares; 75 men and her captain
    men = muster_men(v)
    assert len(men) == 1 + 60 + 15
    assert sum(1 for m in men if m.where == "deck") == 60
    assert sum(1 for m in men if m.where == "below") == 16


def test_a_crewman_is_a_level_0_fighter_and_the_captain_his_scenarios_man():
    v = vessel("a", kind="galley_2")
    men = muster_men(v)
    captain = men[0]
    assert captain.role == "captain" and captain.level == 5 and captain.hp == 20
    assert captain.saves == fighter_saves(5) and not captain.npc
    marine = next(m for m in men if m.role == "marine")
    assert marine.saves == (14, 15, 16, 17, 18) and marine.npc and marine.ac == 3


def test_decks_are_laid_for_both_vessels_alongside_and_a_monster_has_none():
    from .helpers import monster

    state = lay_decks(battle(vessel("a", column=15, row=15), vessel("b", "p2", column=16,
                                                                    row=15),
                             monster(column=14, row=15)))
    assert {f.crew_of for f in state.figures} == {"a", "b"}
