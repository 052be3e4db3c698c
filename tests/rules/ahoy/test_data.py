"""The rules tables in ahoy_tui/rules/ahoy/data/ checked against the seed's own text.

The seed (../shared/seeds/000_b69373d9e8a5585a.txt beside the project) is read here and its
tables parsed; every number the data files take from it must match.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ahoy_tui.engine.dice import parse_expr
from ahoy_tui.rules.ahoy.tables import DataError, tables

SHARED = Path(__file__).resolve().parents[3].parent / "shared"
SEED = SHARED / "seeds" / "000_b69373d9e8a5585a.txt"
CORE = SHARED / "core-mechanics.md"
SIZES = ("jolly_boat", "small", "medium", "large")


@pytest.fixture(scope="module")
def seed() -> str:
    if not SEED.exists():
        pytest.skip(f"the seed text is not beside the project ({SEED})")
    return SEED.read_text("utf-8").replace("\u201d", '"').replace("\u2013", "-")


def table_after(text: str, header: str, columns: int) -> list[list[str]]:
    """The rows of a tab-indented table whose header cells start with ``header``."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == header
                 and line.startswith("\t"))
    cells = []
    for line in lines[start:]:
        if line.startswith("\t"):
            cells.append(line.strip())
        elif line.strip() and cells:
            break
    body = cells[columns:]
    return [body[i:i + columns] for i in range(0, len(body) - columns + 1, columns)]


def test_ship_size_table(seed):
    rows = table_after(seed, "Ship Size", 4)
    assert [r[0] for r in rows] == ["Jolly Boat", "Small", "Medium", "Large"]
    for size, (_, length, turns, crew) in zip(SIZES, rows, strict=True):
        data = tables().size(size)
        assert data.turns == int(turns)
        assert data.min_crew == int(crew)
        upper = re.findall(r"(\d+)", length)
        if size != "large":
            assert data.max_length == float(upper[-1])
        assert data.length <= data.max_length


def test_toughness_and_structure_points(seed):
    text = seed[seed.index("Shooting at Ships"):]
    rows = table_after(text, "Ship Size", 3)
    for size, (_, toughness, points) in zip(SIZES, rows, strict=True):
        assert tables().size(size).toughness == int(toughness)
        assert tables().size(size).structure_points == int(points)


def test_distance_before_turning(seed):
    found = re.search(r'Jolly Boats must move (\d)" before turning, Small ships (\d)", '
                      r'Medium ships (\d)" and Large ships (\d)"', seed)
    assert found
    assert [tables().size(s).move_before_turn for s in SIZES] == [int(g) for g in found.groups()]


def test_sailing_movement_rates(seed):
    text = seed[seed.index("Movement Rates for SAILING SHIPS"):]
    lines = [line.strip() for line in text.splitlines()[1:40]
             if line.startswith("\t") and line.strip()]
    assert lines[:3] == ["BEATING", "REACHING", "RUNNING"]
    rows = [lines[3 + i * 4: 7 + i * 4] for i in range(4)]
    for size, row in zip(SIZES, rows, strict=True):
        rates = tables().rates("sail", size)
        for cell, point in zip(row[1:], ("beating", "reaching", "running"), strict=True):
            dice, fixed = re.fullmatch(r'(D[36])\+(\d+)"', cell.replace(" ", "")).groups()
            assert (rates.rate(point).dice, rates.rate(point).fixed) == (dice, int(fixed))


def test_naval_cannons(seed):
    rows = table_after(seed, "Type", 5)
    names = {"Heavy Naval Cannon": "heavy_naval_cannon", "Naval Cannon": "naval_cannon",
             "Carronade": "carronade"}
    assert [r[0] for r in rows] == list(names)
    for name, reach, strength, wounds, saves in rows:
        gun = tables().gun(names[name])
        assert gun.name == name
        assert gun.range == int(reach.rstrip('"'))
        assert gun.strength == int(strength)
        assert gun.wounds == wounds
        assert saves == "-" and not gun.armour_save


def test_gun_crews(seed):
    assert "A naval cannon requires two crew, whilst a heavy naval cannon requires three" in seed
    assert tables().gun("naval_cannon").crew == 2
    assert tables().gun("heavy_naval_cannon").crew == 3
    assert "naval cannon with only one gunner requires a D6 roll of 4+" in seed
    assert tables().gun("naval_cannon").fire_needs(1) == 4
    assert re.search(r"heavy naval cannon with two crew requires a D6 roll of 3\+.*5\+", seed)
    assert tables().gun("heavy_naval_cannon").fire_needs(2) == 3
    assert tables().gun("heavy_naval_cannon").fire_needs(1) == 5
    assert tables().gun("heavy_naval_cannon").fire_needs(0) is None


def test_ram_damage_by_size(seed):
    found = re.search(r"A Small ship does a D6 damage, a Medium ship does (\d)D6 damage and a "
                      r"Large ship does (\d)D6 damage", seed)
    assert found
    assert [tables().size(s).ram_dice for s in SIZES] == [0, 1, *map(int, found.groups())]
    assert "Jolly Boats may not make ram attacks" in seed


def test_sailing_critical_hits(seed):
    start = seed.index("Critical Hits\n")
    text = seed[start:seed.index("Ordnance", start)]
    blocks = re.split(r"\n\t([1-6])\n", text)[1:]
    rows = dict(zip(blocks[0::2], blocks[1::2], strict=True))
    assert sorted(rows) == ["1", "2", "3", "4", "5", "6"]
    for roll, body in rows.items():
        row = tables().critical("sail", int(roll))
        head = body.strip().split(" - ")[0].split(" \u2013 ")[0].split(" -")[0]
        assert head.startswith(row.name.split(" &")[0].split(" ")[0])
        marker = re.search(r"Add (D3\+1|D3|1) Damage Marker", body)
        assert (marker.group(1) if marker else "") == row.damage
        fires = re.search(r"(D3\+1|D3) fire markers", body)
        assert (fires.group(1) if fires else "") == row.fires
        crew = re.search(r"(D3|D6) (?:models|crew)[^.]*?(?:strength |S)(\d)", body)
        if crew:
            assert (row.crew_hits, row.crew_strength) == (crew.group(1), int(crew.group(2)))
        else:
            assert not row.crew_hits


def test_wind_and_out_of_control_tables(seed):
    assert "1-2 North, 3 East, 4-5 South, 6 West" in seed
    initial = tables().table("wind")["initial"]
    assert [initial[r] for r in range(1, 7)] == ["N", "N", "E", "S", "S", "W"]
    assert "1 - the wind changes direction and moves 90" in seed.replace("\u2013", "-")
    change = tables().table("wind")["change"]
    assert [change[r] for r in range(1, 7)] == [1, 0, 0, 0, 0, -1]
    rows = table_after(seed, "D6", 2)
    assert rows[0][1].startswith("Turn 45") and "port" in rows[0][1]
    swing = tables().table("out_of_control")["turn"]
    assert [swing[r] for r in range(1, 7)] == [-1, -1, 0, 0, 1, 1]


def test_fire_burn_table(seed):
    text = seed[seed.index("Fire Aboard Ships"):]
    rows = table_after(text, "D6", 2)
    burn = tables().table("fire")["burn"]
    assert rows[0][0] == "1-2" and "no damage" in rows[0][1]
    assert [burn[1], burn[2]] == ["none", "none"]
    assert rows[1][0] == "3-5" and "1 structure point" in rows[1][1]
    assert [burn[r] for r in (3, 4, 5)] == ["damage"] * 3
    assert rows[2][0] == "6" and "S3 hit" in rows[2][1]
    assert burn[6] == "damage_and_crew"
    assert "6 or more fire markers" in text and "12 or more" in text


def test_misfire_table_matches_core_mechanics():
    if not CORE.exists():
        pytest.skip("core-mechanics.md is not beside the project")
    text = CORE.read_text("utf-8")
    assert "1-2 **Destroyed**" in text and "3-4 **Malfunction**" in text
    assert "5-6 **Damp powder**" in text
    misfire = tables().table("misfire")
    assert [misfire[r] for r in range(1, 7)] == ["destroyed"] * 2 + ["malfunction"] * 2 \
        + ["damp_powder"] * 2


def test_every_dice_expression_in_the_tables_parses():
    for row in (row for rows in tables().criticals.values() for row in rows):
        for expr in (row.crew_hits, row.damage, row.fires, row.speed_loss):
            if expr:
                parse_expr(expr)
    for gun in tables().ordnance.values():
        # A swivel gun does the ship no damage: its wounds are a plain 0.
        assert parse_expr(gun.wounds)[0] == (1 if gun.kind == "cannon" else 0)


def test_unknown_ids_name_the_file_and_the_key():
    with pytest.raises(DataError, match=r"ships\.toml has no \[sizes\.huge\]"):
        tables().size("huge")
    with pytest.raises(DataError, match=r"weapons\.toml has no \[ordnance\.mortar\]"):
        tables().gun("mortar")
    with pytest.raises(DataError, match=r"crew\.toml has no \[profiles\.ogre\]"):
        tables().profile("ogre")
    with pytest.raises(DataError, match=r"movement\.toml has no \[paddle\]"):
        tables().rates("paddle", "small")
    with pytest.raises(DataError, match=r"movement\.toml has no \[oar\.huge\]"):
        tables().rates("oar", "huge")
