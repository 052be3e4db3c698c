"""Ramming Speed! scenarios: the built-ins load and play; a bad file is one line naming the
file and the key."""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from ahoy_tui.cli import main
from ahoy_tui.engine import Game
from ahoy_tui.rules.ramming_speed import RULESET
from ahoy_tui.rules.ramming_speed.model import Band, RSState, Sail
from ahoy_tui.rules.ramming_speed.scenario import BUILTIN, ScenarioError, load


def raw(name: str = "merchantman") -> dict[str, Any]:
    text = (resources.files("ahoy_tui.rules.ramming_speed") / "scenarios" /
            f"{name}.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


@pytest.mark.parametrize("name", BUILTIN)
def test_the_built_in_scenarios_load_and_begin(name):
    scenario = RULESET.load_scenario(name)
    state, _ = RULESET.setup(scenario, 3, {})
    assert isinstance(state, RSState) and state.scenario == name
    assert {s.side for s in state.ships} == {"p1", "p2"}
    for ship in state.ships:
        crew = state.crew_of(ship.id)
        assert ship.start_men == len(crew)
        for section in ("bow", "middle", "stern"):   # 13.2: five to a section, tower too
            assert sum(1 for m in crew if m.section in (section, "tower")
                       and (m.section == section or section in ship.towers)) <= 5
    game = Game.new("ramming-speed", name, seed=3)
    assert game.legal_actions()


def test_the_corvus_scenario_gives_rome_her_corvi_and_flagships_their_admirals():
    state, _ = RULESET.setup(RULESET.load_scenario("corvus"), 1, {})
    assert all(s.corvus for s in state.side_ships("p1"))
    for side in ("p1", "p2"):
        flag = [s for s in state.side_ships(side) if s.flagship]
        assert len(flag) == 1
        assert any(m.rank == "admiral" for m in state.crew_of(flag[0].id))


def test_the_merchantman_sails_and_must_escape_east():
    state, _ = RULESET.setup(RULESET.load_scenario("merchantman"), 1, {})
    merchant = state.side_ships("p2")[0]
    assert merchant.sail is Sail.UP and merchant.band is Band.SAIL and merchant.sail_only
    assert state.escape == (("p2", "E"),)
    assert state.side_ships("p1")[0].energy == 8   # a tired crew (5.0)


def test_ahoy_scenarios_lists_them(capsys):
    assert main(["scenarios", "--ruleset", "ramming-speed"]) == 0
    out = capsys.readouterr().out
    for name in BUILTIN:
        assert name in out
    assert "Rome v Greeks" in out and "Salamis" in out


BAD: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("overlap", lambda d: d["ships"][1].update(x=8, y=30),
     "ships[0] (Sea Wolf) and ships[1] (Golden Amphora) overlap"),
    ("kind", lambda d: d["ships"][0].update(kind="galleon"), "ships[0]: galleys.toml has no"),
    ("side", lambda d: d["ships"][1].update(side="p3"), "ships[1]: side must be one of"),
    ("men", lambda d: d["ships"][0].update(crew={"marine": 12}), "ships[0]: at most fifteen"),
    ("rank", lambda d: d["ships"][0].update(crew={"hoplite": 2}), "ships[0]: crew is counts"),
    ("wind", lambda d: d.update(wind={"strength": "gale"}), "[wind] strength"),
    ("wind-table", lambda d: d.update(wind="calm"), "wind: must be a table, not text"),
    ("wind-from", lambda d: d.update(wind={"strength": "light", "from": "up"}),
     "[wind].from"),
    ("aground", lambda d: d.update(shores=[{"name": "Crete", "points": [
        [0, 25], [20, 25], [20, 40], [0, 40]]}]), "ships[0] (Sea Wolf) is aground on "
     "shores[0] (Crete)"),
    ("off-table", lambda d: d["ships"][0].update(x=200), "ships[0]: x and y must lie"),
    ("same-id", lambda d: [s.update(id="x") for s in d["ships"]], "ships[1]: id 'x'"),
    ("engine", lambda d: d["ships"][0].update(engines=["fire"]), "ships[0]: engines"),
    ("flag", lambda d: d["ships"][0].update(corvus="yes"),
     "ships[0].corvus: must be true or false, not text"),
    ("sail", lambda d: d["ships"][0].update(sail="sideways"), "ships[0]: sail is up or"),
    ("band", lambda d: d["ships"][0].update(band="flank"), "ships[0]: band is one of"),
    ("crew-state", lambda d: d["ships"][0].update(crew_state="drunk"), "ships[0]: crew_state"),
    ("heading", lambda d: d["ships"][0].update(heading="up"), "ships[0].heading"),
    ("sides", lambda d: d["sides"].pop(), "[[sides]] must name exactly two"),
    ("no-ships", lambda d: d.update(ships=[]), "[[ships]] lists no galley"),
    ("one-side", lambda d: d["ships"][1].update(side="p1", y=10), "side p2 has no galley"),
    ("turns", lambda d: d.update(turns=0), "turns must be a whole number"),
    ("table", lambda d: d.update(table=5), "table: must be a table, not a whole number"),
    ("victory", lambda d: d.update(victory={"escape": {"side": "p9", "edge": "E"}}),
     "[victory] escape needs a side"),
    ("ship-table", lambda d: d.update(ships=[5]), "ships[0]: must be a table, not a whole number"),
    ("shore-points", lambda d: d.update(shores=[{"points": [[1, 2]]}]), "shores[0]: points"),
]


@pytest.mark.parametrize(("case", "spoil", "words"), BAD, ids=[b[0] for b in BAD])
def test_a_bad_scenario_is_one_line_naming_the_file_and_key(case, spoil, words, tmp_path):
    data = copy.deepcopy(raw())
    spoil(data)
    path = tmp_path / f"{case}.toml"
    path.write_text(_toml(data), encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load(path=path)
    text = str(caught.value)
    assert "\n" not in text
    assert text.startswith(f"{path}: ") and words in text, text
    with pytest.raises(ScenarioError):
        load(data=data)


def test_two_flagships_on_a_side_are_refused():
    data = raw("corvus")
    for ship in data["ships"]:
        if ship["side"] == "p2":
            ship["flagship"] = True
    with pytest.raises(ScenarioError, match="side p2 has two flagships"):
        load(data=data)


def test_a_file_that_is_not_toml_is_one_line(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text("[[ships]\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"broken\.toml: not TOML"):
        load(path=Path(path))


def test_an_unknown_built_in_is_refused():
    with pytest.raises(ScenarioError, match="no scenario 'lepanto'"):
        load("lepanto")


def _toml(data: Any, prefix: str = "") -> str:
    """A small TOML writer for the scenario shapes (tables, arrays of tables, plain values)."""
    import json

    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, dict):
            return "{ " + ", ".join(f"{k} = {value(x)}" for k, x in v.items()) + " }"
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        return json.dumps(v)

    lines = []
    for k, v in data.items():
        if not isinstance(v, (dict, list)) or (isinstance(v, list) and not all(
                isinstance(x, dict) for x in v)) or (isinstance(v, list) and not v):
            lines.append(f"{k} = {value(v)}")
    for k, v in data.items():
        if isinstance(v, dict):
            lines.append(f"[{k}]")
            lines.extend(f"{kk} = {value(vv)}" for kk, vv in v.items())
        elif isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
            for item in v:
                lines.append(f"[[{k}]]")
                lines.extend(f"{kk} = {value(vv)}" for kk, vv in item.items())
    return "\n".join(lines) + "\n"
