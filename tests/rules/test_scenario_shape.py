"""Scenario data of the wrong kind is refused in one line naming the field, in every rule
system (issue 34): every field of every built-in scenario spoiled in turn."""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from typing import Any

import pytest

from ahoy_tui.engine import Game
from ahoy_tui.engine.game import legal_actions
from ahoy_tui.engine.registry import rulesets
from ahoy_tui.rules.scenario_shape import (
    COUNTS,
    FLAG,
    NUMBER,
    POINT,
    TEXT,
    WHOLE,
    Either,
    Fields,
    List,
    check_shape,
)

BUILT_IN = [(r.id, info.name) for r in rulesets() for info in r.scenarios()]
ABSENT = object()
# what each field is spoiled with: the kinds a hand-edited file or a hostile client might send
SPOILS: dict[str, Any] = {"null": None, "list": [], "text": "x", "float": 3.5, "negative": -1,
                          "table": {}, "absent": ABSENT}


class Refused(ValueError):
    pass


SHIP = Fields({"id": TEXT, "x": NUMBER, "crew": COUNTS, "flag": FLAG, "size": WHOLE,
               "heading": Either((TEXT, NUMBER), "a compass point or degrees"),
               "points": List(POINT)})
SHAPE = Fields({"ships": List(SHIP), "table": Fields({"width": NUMBER})})


@pytest.mark.parametrize(("data", "words"), [
    ({"ships": None}, "f.toml: ships: must be a list of tables, not null"),
    ({"ships": [-1]}, "f.toml: ships[0]: must be a table, not a whole number"),
    ({"ships": [{"x": "3"}]}, "f.toml: ships[0].x: must be a number, not text"),
    ({"ships": [{"size": 2.5}]}, "f.toml: ships[0].size: must be a whole number, not a number"),
    ({"ships": [{"flag": 1}]}, "f.toml: ships[0].flag: must be true or false, not a whole "
                               "number"),
    ({"ships": [{"crew": {"elf": True}}]}, "f.toml: ships[0].crew.elf: must be a whole number, "
                                           "not true/false"),
    ({"ships": [{"crew": []}]}, "f.toml: ships[0].crew: must be a table of whole numbers, "
                                "not a list"),
    ({"ships": [{"heading": []}]}, "f.toml: ships[0].heading: must be a compass point or "
                                   "degrees, not a list"),
    ({"ships": [{"points": [[1, "y"]]}]}, "f.toml: ships[0].points[0][1]: must be a number, "
                                          "not text"),
    ({"table": "x"}, "f.toml: table: must be a table, not text"),
    ([], "f.toml: a scenario is a table of keys, not a list"),
])
def test_a_field_of_the_wrong_kind_is_named_in_one_line(data: Any, words: str) -> None:
    with pytest.raises(Refused) as refused:
        check_shape(data, SHAPE, "f.toml", Refused)
    assert str(refused.value) == words


def test_fields_of_the_right_kind_and_fields_left_out_pass() -> None:
    check_shape({"ships": [{"id": "a", "x": 3, "heading": 90, "crew": {"elf": 2}},
                           {"heading": "N", "points": [[1, 2.5]], "other": None}]},
                SHAPE, "f.toml", Refused)
    check_shape({}, SHAPE, "f.toml", Refused)


def _fields(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every field's path (``("ships", 0, "x")``), tables and lists as well as plain values."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield (*path, key)
            yield from _fields(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield (*path, index)
            yield from _fields(item, (*path, index))


def _spoiled(data: dict[str, Any], path: tuple[Any, ...], spoil: Any) -> dict[str, Any]:
    data = copy.deepcopy(data)
    holder: Any = data
    for step in path[:-1]:
        holder = holder[step]
    if spoil is ABSENT:
        del holder[path[-1]]
    else:
        holder[path[-1]] = spoil
    return data


def _kind(value: Any) -> str:
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int | float):
        return "number"
    return type(value).__name__


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


@pytest.mark.parametrize(("ruleset", "name"), BUILT_IN, ids=[f"{r}-{n}" for r, n in BUILT_IN])
def test_every_field_spoiled_sets_up_or_is_refused_in_one_line_naming_it(ruleset: str,
                                                                         name: str) -> None:
    """Each field of the scenario, in turn, null, a list, text, a number, negative, a table or
    left out: the battle sets up (and lists its first choices), or the ruleset's ScenarioError
    says why in one line, naming the field when it is of another kind; never another error."""
    rules = next(r for r in rulesets() if r.id == ruleset)
    data = rules.load_scenario(name=name).to_data()
    seen: set[tuple[Any, ...]] = set()  # the first ship's x stands for every ship's
    tried = refused = 0
    for path in _fields(data):
        shape = tuple("#" if isinstance(step, int) else step for step in path)
        if shape in seen:
            continue
        seen.add(shape)
        before = _at(data, path)
        for spoil in SPOILS.values():
            tried += 1
            spoiled = _spoiled(data, path, spoil)
            try:
                game = Game.new(ruleset, scenario_data=spoiled, seed=3)
                legal_actions(game.state)
            except ValueError as exc:
                refused += 1
                message = str(exc)
                assert type(exc).__name__ == "ScenarioError", (path, spoil, message)
                assert "\n" not in message and message.startswith("scenario"), message
                if spoil is not ABSENT and _kind(spoil) != _kind(before):
                    key = next(str(s) for s in reversed(path) if isinstance(s, str))
                    assert re.search(rf"(?<![\w]){re.escape(key)}(?![\w])", message), (
                        f"{path} = {spoil!r}: {message}")
    assert tried > 50 and refused > 10  # the scenario's fields were all spoiled, most refused
