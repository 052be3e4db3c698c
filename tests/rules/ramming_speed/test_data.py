"""Ramming Speed!'s tables (ahoy_tui/rules/ramming_speed/data/rules.toml) checked against the
seed's own text, row by row, and the averaging dice against the reference
(../shared/reference/later-rulesets.md, 3.2).

The speed table (6.3) and the ramming table (10.2) are parsed from the seed at test time; every
other figure is checked beside the sentence of the seed that gives it (the sentence must be in
the seed, so a test cannot quote a rule the seed does not have). Skipped where the seed or the
reference is not beside the project (a clean clone).
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import product
from pathlib import Path
from typing import Any

import pytest

from ahoy_tui.engine.dice import AVERAGE_FACES, forced
from ahoy_tui.rules.ramming_speed.model import Band, Contact
from ahoy_tui.rules.ramming_speed.ramming import modifier
from ahoy_tui.rules.ramming_speed.tables import (
    angle_modifier,
    band_distance,
    ram_loads,
    tables,
)

from .helpers import cup, rolls

ROOT = Path(__file__).resolve().parents[3]
SEED = ROOT.parent / "shared" / "seeds" / "004_24993c932f790d04.txt"
REFERENCE = ROOT.parent / "shared" / "reference" / "later-rulesets.md"
WORDS = {"four": 4, "three": 3, "two": 2, "one": 1}


@pytest.fixture(scope="module")
def seed() -> str:
    if not SEED.exists():
        pytest.skip("the seed text is not beside the project")
    return re.sub(r"\s+", " ", SEED.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def seed_lines() -> list[str]:
    if not SEED.exists():
        pytest.skip("the seed text is not beside the project")
    return SEED.read_text(encoding="utf-8").splitlines()


@pytest.fixture(scope="module")
def reference() -> str:
    if not REFERENCE.exists():
        pytest.skip("the reference is not beside the project")
    text = REFERENCE.read_text(encoding="utf-8")
    return text[text.index("## 3. Ramming Speed!"):]


def says(seed: str, sentence: str) -> None:
    assert sentence in seed, f"the seed does not say: {sentence!r}"


def rules(key: str) -> Any:
    return tables()[key]


# --- 6.3 the speed table -------------------------------------------------------------------

def test_speed_table_row_by_row(seed_lines: list[str]) -> None:
    """6.3: "Speed 5 4 3 2 1" then a row a band; '--' is a band the galley cannot row."""
    at = seed_lines.index("Speed 5 4 3 2 1")
    columns = [int(c) for c in seed_lines[at].split()[1:]]
    rows = {"Slow/Back water": ("slow", "backing"), "Cruising": ("cruising",),
            "Ramming": ("ramming",)}
    checked = 0
    for line in seed_lines[at + 1:at + 4]:
        name = next(n for n in rows if line.startswith(n))
        cells = line[len(name):].split()
        assert len(cells) == len(columns), line
        for sections, cell in zip(columns, cells, strict=True):
            inches = 0 if cell == "--" else int(cell.rstrip('"'))
            for band in rows[name]:
                assert band_distance(band, sections) == inches, (band, sections)
                checked += 1
    assert checked == 20
    assert band_distance("ramming", 0) == 0  # no oars, no move


def test_most_moves_a_turn(seed: str) -> None:
    says(seed, "a ship may have as many as 24 moves in a single turn (one move for each inch "
               "of movement)")
    assert rules("speed")["most_moves"] == 24 == max(rules("speed")["ramming"])


# --- 10.2-10.3 the ramming table and its modifiers ----------------------------------------

def test_ramming_table_row_by_row(seed_lines: list[str]) -> None:
    """10.2, each line of the table: its totals and what they do."""
    at = seed_lines.index("11 The victim is cut in half and sinks instantly")
    for line in seed_lines[at:at + 6]:
        first, text = line.split(" ", 1)
        low, _, high = first.partition("-")
        totals = range(int(low), int(high or low) + 1)
        if "cut in half" in text:
            want = 99
        elif "No effect" in text:
            want = 0
        else:
            want = WORDS[re.search(r"ships (\w+) loads? of water", text).group(1)]  # type: ignore[union-attr]
        for total in totals:
            assert ram_loads(total) == want, line
    assert ram_loads(12) == 99 and ram_loads(0) == 0 and ram_loads(-3) == 0  # off the table


def test_ramming_modifiers(seed: str) -> None:
    says(seed, "Add one if the rammer is moving at ramming speed Subtract one if the rammer is "
               "moving at slow speed")
    says(seed, "Subtract one if the attack is made between 60 and 30 degrees Subtract two if "
               "the attack is made between 0 and 30 degrees")
    says(seed, "Backing water (at slow speed")  # backing water counts as slow (6.0)
    speed = rules("ram")["speed"]
    assert speed == {"ramming": 1, "cruising": 0, "slow": -1, "backing": -1, "sail": 0}
    for angle, want in ((90, 0), (75, 0), (60, 0), (59.9, -1), (45, -1), (30, -1),
                        (29.9, -2), (10, -2), (0, -2)):
        assert angle_modifier(angle) == want, angle
    # the two together, as the ramming phase adds them
    assert modifier(Contact("a", "b", 80.0, Band.RAMMING)) == 1
    assert modifier(Contact("a", "b", 45.0, Band.SLOW)) == -2
    assert modifier(Contact("a", "b", 10.0, Band.BACKING)) == -3


def test_accidents_and_oar_rakes(seed: str) -> None:
    says(seed, "Roll two averaging dice and subtract two from the number, then consult the "
               "ramming chart")
    says(seed, "If he contacts the side of an enemy ship between 0 degrees and 30 degrees, an "
               "oar rake is assumed")
    says(seed, "within a half inch of their rowlocks")
    ram = rules("ram")
    assert (ram["accident"], ram["rake_angle"], ram["rake_reach"]) == (-2, 30, 0.5)
    assert modifier(Contact("a", None, 90.0, Band.RAMMING, "shore", accident=True)) == -2


# --- 5.0-5.1 energy, 3.1-3.4 wind and sails -------------------------------------------------

def test_energy(seed: str) -> None:
    says(seed, "Fresh crew - 12 energy points Tired crew - 8 points Fatigued crew - 4 points "
               "Exhausted crew - 0 points")
    says(seed, "It costs one energy point per turn to move at cruising speed and two energy "
               "points per turn to move at ramming speed.")
    energy = rules("energy")
    assert (energy["fresh"], energy["tired"], energy["fatigued"], energy["exhausted"]) == \
        (12, 8, 4, 0)
    assert energy["cost"] == {"cruising": 1, "ramming": 2}


def test_wind_strengths(seed: str) -> None:
    says(seed, "Using a D6 wind speed will be: 1 = calm; 2, 3, or 4 = light breeze, and 5 or "
               "6 = breeze. Throw the D6 every fifth turn thereafter. A roll of a 5 will "
               "indicate that wind speed has changed. A roll of 6 will indicate that wind "
               "speed and direction have changed.")
    wind = rules("wind")
    assert wind["strength"] == {"1": "calm", "2": "light", "3": "light", "4": "light",
                                "5": "breeze", "6": "breeze"}
    assert (wind["every"], wind["change_strength"], wind["change_both"]) == (5, 5, 6)


def test_sail_speeds(seed: str) -> None:
    says(seed, "With the wind behind the galley and within 45 degrees of the center line of a "
               "ship, that ship may move 18\" in a breeze and 12\" in a light breeze. With the "
               "wind between 45 degrees and 90 degrees of a ship's center line, that galley "
               "may move 12\" in a breeze and 8\" in a light breeze. Under no conditions may a "
               "galley go closer than 90 degrees to the wind with its sail up.")
    says(seed, "The sail may be raised or lowered in two moves by two men, one of whom must be "
               "a sailor. If no sailor is available to take charge of the operation two other "
               "men can muddle through in three moves.")
    sail = rules("sail")
    assert sail["astern"] == {"breeze": 18, "light": 12}
    assert sail["beam"] == {"breeze": 12, "light": 8}
    assert (sail["astern_arc"], sail["closest"]) == (45, 90)
    assert (sail["moves_with_sailor"], sail["moves_without"]) == (2, 3)


def test_turning_circles_by_band(seed: str) -> None:
    says(seed, "Galleys moving at slow speed, or backing water, are assumed to be coordinating "
               "the oars with the rudder and so may turn on circle A. At cruising speed the "
               "galleys turn on circle B, and at ramming speed they turn on circle C.")
    says(seed, "A vessel under sail will turn on circle D.")
    turning = rules("turning")
    assert turning["band"] == {"backing": "A", "slow": "A", "cruising": "B", "ramming": "C",
                               "sail": "D"}
    assert (turning["no_sailor_at_helm"], turning["no_rudders"]) == (1, 2)
    radii = [turning["radius"][g] for g in turning["grades"]]
    assert radii == sorted(radii) and len(set(radii)) == len(radii)  # each grade larger


# --- 10.5-12.2 water, grapples, swimmers ----------------------------------------------------

def test_plugging_and_sinking(seed: str) -> None:
    says(seed, "If a sailor is available to make the attempt, the hole will be plugged on a "
               "roll of 5 or 6 on a D6. Anyone else attempting to plug the hole will succeed "
               "only on a roll of 6.")
    says(seed, "or the ship takes a total of five loads of water, at which point it will sink")
    says(seed, "will give support until the damaged ship has taken seven loads of water")
    water = rules("water")
    assert (water["plug_sailor"], water["plug_other"]) == (5, 6)
    assert (water["sink_at"], water["one_supporter_to"]) == (5, 7)


def test_grappling_numbers(seed: str) -> None:
    says(seed, "may throw a grappling line a maximum distance of 2 inches. For each line throw "
               "a D6: 3, 4, 5 or 6 means the hook has caught")
    says(seed, "Two lines are needed to hold a ship")
    says(seed, "Throw a D6: a roll of 4, 5 or 6 means the line is cut")
    grapple = rules("grapple")
    assert (grapple["reach"], grapple["holds"], grapple["lines_to_hold"], grapple["cut"]) == \
        (2.0, 3, 2, 4)


def test_swimmers(seed: str) -> None:
    says(seed, "4, 5 or 6, they can swim; 1,2 or 3, they drown")
    says(seed, "Swimmers can move at 2 inches per turn for 12 turns")
    swim = rules("swim")
    assert (swim["swims"], swim["inches"], swim["turns"]) == (4, 2.0, 12)


# --- 18.0-20.2 archery and engines -----------------------------------------------------------

def test_archery(seed: str) -> None:
    says(seed, "The maximum range of a bow is 18 inches")
    says(seed, "Up to 6 inches is short range and above that is long range. Throw one D6 per "
               "man shooting; 6 is a hit at long range and a 5 or 6 is a hit at short range.")
    says(seed, "but a 6 is needed on the die to hit")  # 18.4 a tower's archers pick a man
    says(seed, "1,2, 3 or 4 and the man is dead; 5 or 6, he is wounded. Men wearing armor "
               "subtract one from the die roll")
    says(seed, "Marines, captains and admirals are assumed to be wearing armor.")
    says(seed, "1 or 2, men dead, remove one oar; 3 or 4, half the men dead, remove one section "
               "if that side of the ship is hit a second time; 5 or 6, no effect")
    archery = rules("archery")
    assert (archery["range"], archery["short"]) == (18.0, 6.0)
    assert (archery["hit_short"], archery["hit_long"], archery["tower_pick"]) == (5, 6, 6)
    assert archery["wounded_from"] == 5
    assert sorted(archery["armoured"]) == ["admiral", "captain", "marine"]
    assert archery["oars"] == {"men_dead": 2, "half_dead": 4}


def test_bolt_throwers(seed: str) -> None:
    says(seed, "they only fire once every othermove if operated by a normal two-man crew, or "
               "every third turn if operated by one man")
    says(seed, "Maximum range for ballista is 24 inches")
    says(seed, "Short range is 0 inches to 8 inches requiring a D6 roll of 4, 5 or 6 to hit; "
               "medium range is 8 inches to 16 inches and requires a 5 or 6 to hit, and long "
               "range is over 16 inches and requires a 6 to hit.")
    bolt = rules("bolt")
    assert bolt["range"] == 24.0
    assert [(b["upto"], b["hit"]) for b in bolt["bands"]] == [(8.0, 4), (16.0, 5), (24.0, 6)]
    assert bolt["every"] == {"2": 2, "1": 3}


def test_stone_throwers(seed: str) -> None:
    says(seed, "Maximum range for a catapult is 18 inches. Up to 9 inches is short range "
               "requiring a D6 roll of 5 or 6 to hit; over 9 inches is long range requiring a "
               "6 to hit.")
    says(seed, "1 or 2, no effect; 3, one man killed aft; 4, one man killed forward; 5 one oar "
               "section destroyed, and 6, galley holed")
    says(seed, "Stone throwers may fire once in three moves with a normal two-man crew, or once "
               "in four moves with one man.")
    stone = rules("stone")
    assert stone["range"] == 18.0
    assert [(b["upto"], b["hit"]) for b in stone["bands"]] == [(9.0, 5), (18.0, 6)]
    assert stone["effect"] == {"1": "nothing", "2": "nothing", "3": "man_aft",
                               "4": "man_forward", "5": "oars", "6": "holed"}
    assert stone["every"] == {"2": 3, "1": 4}


# --- 16.3-17.1 melee, 22.0-22.6 morale --------------------------------------------------------

def test_ranks_and_melee(seed: str) -> None:
    says(seed, "use the following rank list to determine superiority: Admirals, captains, "
               "marines, archers, artillery men, sailors.")
    says(seed, "if one side gets a two-point advantage (e.g., 5 to 3) or greater, he kills his "
               "opponent")
    says(seed, "Combat is limited to three men abreast in the bow and stern and one man abreast "
               "in the middle.")
    says(seed, "can hold no more than five figures each")
    says(seed, "Captains, marines, archers and admirals may take part in boarding operations.")
    melee = rules("melee")
    assert melee["ranks"] == ["admiral", "captain", "marine", "archer", "artilleryman", "sailor"]
    assert melee["kill_margin"] == 2
    assert melee["abreast"] == {"bow": 3, "middle": 1, "stern": 3}
    assert melee["section_holds"] == 5
    assert sorted(melee["boarders"]) == ["admiral", "archer", "captain", "marine"]


def test_morale_points(seed: str) -> None:
    says(seed, "Count each man aboard the fought-over ship as one point, except captains, who "
               "count as two points, and admirals, who count as three points.")
    says(seed, "The boardere will retreat to their own ship if they are outnumbered by three to "
               "two if an officer is with them.")
    says(seed, "The defenders will surrender the ship if they are outnumbered by two to one.")
    melee = rules("melee")
    assert melee["points"] == {"admiral": 3, "captain": 2}
    assert (melee["retreat_with_officer"], melee["surrender"]) == (1.5, 2.0)
    # 17.1's example: 7 Roman points against 11 Greek, the Romans must retreat
    romans = 5 + melee["points"]["captain"]
    greeks = 6 + melee["points"]["captain"] + melee["points"]["admiral"]
    assert (romans, greeks) == (7, 11) and greeks / romans >= melee["retreat_with_officer"]


def test_morale_tables(seed: str) -> None:
    says(seed, "When he is killed roll a D6: 1, galley withdraws from action; 2, 3 or 4, galley "
               "carries on; 5 or 6, new captain is elected.")
    says(seed, "Throw a D6 for the ship nearest the sunken or captured flagship: 1 or 2, "
               "withdraw; 3 or 4, Ships with captains (original or elected) carry on fighting, "
               "others withdraw; 5 or 6, carry on fighting.")
    morale = rules("morale")
    assert morale["captain_lost"] == {"1": "withdraw", "2": "carry_on", "3": "carry_on",
                                      "4": "carry_on", "5": "elect", "6": "elect"}
    assert morale["flagship_lost"] == {"1": "withdraw", "2": "withdraw", "3": "captains",
                                       "4": "captains", "5": "fight", "6": "fight"}


# --- the averaging die (reference 3.2) ----------------------------------------------------------

def test_the_averaging_die_has_faces_two_to_five(reference: str) -> None:
    assert "2, 3, 3, 4, 4, 5 (mean 3.5, no 1 or 6)" in reference
    assert AVERAGE_FACES == (2, 3, 3, 4, 4, 5)
    # every D6 face the generator gives becomes one of those faces, each as often as listed
    dice, events = cup()
    seen = Counter(dice.average(1, "test", "10.2")[0] for _ in range(600))
    assert set(seen) == {2, 3, 4, 5}
    assert all(len(r.faces) == 1 and r.dice == "AvD" for r in rolls(events))
    # forced by the face it shows: 2-5, never 1 or 6
    for face in (2, 3, 4, 5):
        with forced(face):
            dice, _ = cup()
            assert dice.average(1, "test", "10.2") == (face,)
    for bad in (1, 6):
        with pytest.raises(AssertionError), forced(bad):
            cup()[0].average(1, "test", "10.2")


def test_two_averaging_dice_match_the_reference(reference: str) -> None:
    line = re.search(r"Two average dice \(computed\): (.*)\n", reference)
    assert line is not None
    want = {int(t): int(n) for t, n in re.findall(r"(\d+): (\d+)/36", line.group(1))}
    got = Counter(a + b for a, b in product(AVERAGE_FACES, repeat=2))
    assert dict(got) == want
    assert want == {4: 1, 5: 4, 6: 8, 7: 10, 8: 8, 9: 4, 10: 1}


def test_the_ram_odds_match_the_reference(reference: str) -> None:
    """Reference 3.2's table of outcomes by modifier, computed here from the rules' own
    ram_loads over all 36 pairs of faces."""
    rows = re.findall(r"^\| ([+−-]?\d+)[^|]*\|((?: [\d.]+%? \|)+)$", reference, re.M)
    assert len(rows) == 5
    columns = (0, 1, 2, 3, 4, 99)
    for mod_text, cells in rows:
        mod = int(mod_text.replace("−", "-"))
        want = [float(c.strip().rstrip("%")) for c in cells.strip(" |").split("|")]
        counts = Counter(ram_loads(a + b + mod) for a, b in product(AVERAGE_FACES, repeat=2))
        got = [round(100 * counts[c] / 36, 1) for c in columns]
        assert got == want, mod
    # and each modifier is one a ram can have: speed (10.3) with angle
    reachable = {s + angle_modifier(a) for s in (1, 0, -1) for a in (90, 45, 10)}
    assert {1, 0, -1, -2, -3} <= reachable
    assert max(reachable) == 1  # cut in half (11) only at ramming speed, 60-90°
    assert ram_loads(10 + 1) == 99 and ram_loads(10 + 0) == 4
