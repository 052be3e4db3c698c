"""ACKS II sea combat's tables (ahoy_tui/rules/acks/data) checked against the seed's own tables,
row by row, parsed from its text at test time, and the vessels against the Sea Vessels table
of the reference (../shared/reference/later-rulesets.md 2.1); the seed's movement examples
(Phaedra's galleys, the sea monster) are tests. Skipped where the seed or the reference is not
beside the project (a clean clone); the examples and lookups run everywhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ahoy_tui.rules.acks.tables import crew_reach, hexes_moved, missile_band, tables
from ahoy_tui.rules.tabledata import DataError

ROOT = Path(__file__).resolve().parents[3]
SEED = ROOT.parent / "shared" / "seeds" / "003_3cf731ec76126644.txt"
REFERENCE = ROOT.parent / "shared" / "reference" / "later-rulesets.md"
SEED_WINS = {("galley_5", "sprint"): 240}   # the seed's example over the rulebook's 270'


def _rows(text: str, after: str) -> list[list[str]]:
    """The cells of the markdown table that follows the line containing ``after``."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if after in line)
    rows: list[list[str]] = []
    for line in lines[start + 1:]:
        if not line.startswith("|"):
            if rows:
                break
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not set("".join(cells)) <= set("-: "):
            rows.append(cells)
    return rows


def _feet(cell: str) -> float:
    return float(re.sub(r"[^\d.]", "", cell))


def _by_name() -> dict[str, str]:
    """Vessel names as the seed writes them ("Galley, 5 rower") to our ids."""
    return {re.sub(r"[^a-z0-9.]", "", v.name.lower()): vid for vid, v in tables().vessels.items()}


def _vid(name: str) -> str:
    return _by_name()[re.sub(r"[^a-z0-9.]", "", name.lower())]


@pytest.fixture(scope="module")
def seed() -> str:
    if not SEED.exists():
        pytest.skip("the seed text is not beside the project")
    return SEED.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def reference() -> str:
    if not REFERENCE.exists():
        pytest.skip("the reference is not beside the project")
    text = REFERENCE.read_text(encoding="utf-8")
    return text[text.index("## 2. ACKS II sea combat"):text.index("### 2.2")]


def test_every_vessel_of_the_battlemap_table_with_its_length_width_and_hexes(seed):
    rows = [r for r in _rows(seed, "Simulating Sea Combat on the Battlemap") if r[0] != "Vessel"]
    assert len(rows) == 13 == len(tables().vessels)
    for name, length, width, hexes in rows:
        v = tables().vessel(_vid(name))
        assert (v.length_ft, v.width_ft, v.hexes) == (_feet(length), _feet(width), int(hexes))


def test_the_movement_table_row_by_row(seed):
    rows = _rows(seed, "### Movement During Sea Combat")
    checked = 0
    for speed, hexes in rows:
        if not re.match(r"\d", speed):
            continue
        feet, want, fast = int(_feet(speed)), float(hexes), "*" in speed
        for natural in range(1, 7):
            rounded = int(want) + (1 if want % 1 and natural >= 4 else 0)
            assert hexes_moved(feet, natural, fast=fast) == rounded, (speed, natural)
        if fast:   # the starred rows only for the galleys named: the rest are held to 360'
            assert hexes_moved(feet, 6, fast=False) == 6
        checked += 1
    assert checked == 16
    fast_ones = {vid for vid, v in tables().vessels.items() if v.fast_before_strong_wind}
    assert fast_ones == {_vid("Galley, 1.5-Rower"), _vid("Galley, 2-Rower"),
                         _vid("Galley, 2.5-Rower")}


def test_the_missile_ranges_by_hex(seed):
    rows = _rows(seed, "Missile Weapon Range by Hex")
    table = tables()["missile"]
    assert len(rows) == len(table) == 9
    for weapon, *bands in rows:
        key = re.sub(r"[^a-z]+", "_", weapon.lower()).strip("_")   # "Other (thrown)": other_thrown
        spans = [[int(x) for x in re.findall(r"\d+", b)] for b in bands]
        assert table[key] == [[s[0], s[-1]] for s in spans], weapon


def test_the_ramming_damage_by_galley(seed):
    rows = [r for r in _rows(seed, "###### Ramming") if r[0] != "Ramming Vessel"]
    assert len(rows) == 9
    for name, damage in rows:
        assert tables().vessel(_vid(name)).ram_d6 == int(damage.split("d6")[0]), name
    # only galleys carry a naval ram
    assert {vid for vid, v in tables().vessels.items() if v.ram_d6} == {
        _vid(r[0]) for r in rows}


def test_the_vessels_against_the_sea_vessels_table(reference):
    rows = {r[0]: r for r in _rows(reference, "| Vessel | Sailors |")}
    columns = ["sailors", "rowers", "marines", "sprint", "cruise", "slow", "sail"]
    for vid, v in tables().vessels.items():
        row = rows[v.name]
        for i, field in enumerate(columns, start=1):
            cell = row[i]
            want = 0 if cell.startswith(("—", "(")) else int(cell.replace(",", ""))
            got = getattr(v, field)
            assert got == SEED_WINS.get((vid, field), want), (v.name, field)
        assert v.ac == int(row[11]) and v.shp == int(row[12].replace(",", ""))
        machines = (0, 0) if row[14] == "—" else tuple(int(x) for x in row[14].split("×"))
        assert v.war_machines == machines, v.name
        assert v.deck == {"A": "aphract", "C": "cataphract", "": "none"}[row[15]], v.name
    assert tables().vessel("longship").crew_fights   # "(75) crew double as marines"


def test_the_seed_wins_where_it_states_a_figure(seed):
    # "a 5-rower galley under oar rowing at sprint speed (240')"
    assert "5-rower galley under oar rowing at sprint speed (240’)" in seed
    assert tables().vessel("galley_5").sprint == 240


def test_phaedras_galleys_and_the_sea_monster():
    # a 5-rower at sprint (240'): 4 hexes
    assert hexes_moved(tables().vessel("galley_5").sprint, 1) == 4
    # a 3-rower at sprint (330'): 5 hexes on an initiative of 1-3, 6 on 4-6
    sprint = tables().vessel("galley_3").sprint
    assert [hexes_moved(sprint, n) for n in range(1, 7)] == [5, 5, 5, 6, 6, 6]
    # ...or set at 300' to be sure of 5
    assert {hexes_moved(300, n) for n in range(1, 7)} == {5}
    # the sea monster charging 270' with an unmodified 4: up to 5 hexes
    assert hexes_moved(270, 4) == 5
    # speeds between rows round to the nearest 30'
    assert hexes_moved(200, 1) == 3 and hexes_moved(200, 4) == 4   # 210'


def test_missile_bands_and_crews_as_formations():
    assert missile_band("short_bow", 3) == "medium"
    assert missile_band("arbalest", 16) == "double long" and missile_band("arbalest", 17) is None
    assert [crew_reach(n) for n in (59, 60, 239, 240, 959, 960)] == [
        "long as medium", "long", "long", "double long", "double long", "quadruple long"]
    with pytest.raises(DataError, match=re.escape("rules.toml has no [missile.musket]")):
        missile_band("musket", 1)
    with pytest.raises(DataError, match=re.escape("vessels.toml has no [vessel.trireme]")):
        tables().vessel("trireme")
