"""ACKS II scenarios: the built-in three load and set up as written; a bad file is refused in
one line naming the file and the key."""

from __future__ import annotations

import pytest

from ahoy_tui.engine import Game
from ahoy_tui.engine.hexgrid import FACINGS
from ahoy_tui.rules.acks import RULESET
from ahoy_tui.rules.acks.scenario import BUILTIN, ScenarioError, build


def test_the_built_in_scenarios_set_up_as_written():
    names = [info.name for info in RULESET.scenarios()]
    assert names == list(BUILTIN)
    game = Game.new("acks", "quinquereme", seed=3)
    pride = game.state.vessel("pride")
    assert (pride.kind, pride.body.length, pride.marines, len(pride.pieces)) == \
        ("galley_5", 3, 75, 3)
    assert pride.captain.master_mariner
    raid = Game.new("acks", "longship_raid", seed=3).state
    assert raid.condition("escape_p2") == "W" and raid.condition("taken_by") == "p1"
    assert raid.vessel("swan").sails
    deep = Game.new("acks", "sea_serpent", seed=3).state
    assert deep.vessel("serpent").creature and deep.vessel("serpent").shp == 60
    assert FACINGS[deep.wind.source] == "N"


def base():
    return {"name": "t", "title": "T", "sides": [{"name": "A"}, {"name": "B"}],
            "vessels": [{"side": "p1", "kind": "galley_3", "column": 5, "row": 5},
                        {"side": "p2", "kind": "galley_2", "column": 20, "row": 20}]}


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d["vessels"][0].update(kind="trireme"), "vessels[0]"),
    (lambda d: d["vessels"][0].update(column=40), "off the 30 x 30 battlemap"),
    (lambda d: d["vessels"][1].update(column=5, row=5), "shares a hex"),
    (lambda d: d["vessels"][0].update(facing="W"), "a facing is one of"),
    (lambda d: d["vessels"][0].update(artillery=[{"kind": "heavy_ballista",
                                                   "mount": "bow"}] * 3), "at most 2"),
    (lambda d: d["vessels"][0].update(artillery=[{"kind": "cannon", "mount": "bow"}]),
     "artillery[0]"),
    (lambda d: d["vessels"][0].update(artillery=[{"kind": "heavy_ballista", "mount": "bow",
                                                  "pitch": True}]),
     "only a catapult throws pitch"),
    (lambda d: d["vessels"][0].update(gear=["corvus"]), "gear is a list of"),
    (lambda d: d.update(wind={"strength": "hurricane"}), "[wind] strength"),
    (lambda d: d.update(victory={"escape_p2": "up"}), "escape_p2 is an edge"),
    (lambda d: d["vessels"].pop(), "side p2 has no vessel"),
    (lambda d: d.update(sides=[{"name": "A"}]), "exactly two sides"),
])
def test_a_bad_scenario_is_one_line_naming_the_file_and_the_key(change, words):
    raw = base()
    change(raw)
    with pytest.raises(ScenarioError) as refused:
        build(raw, "bad.toml", 1)
    message = str(refused.value)
    assert message.startswith("bad.toml") and words in message and "\n" not in message
