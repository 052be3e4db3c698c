"""The tape measure as the rules measure (issue 14): hull to hull, along a gun's line of fire,
and what lies across the way."""

from __future__ import annotations

from typing import Any

import pytest

from ahoy_tui.engine import Game
from ahoy_tui.rules.ahoy import view


def small(id_: str, side: str, x: float, y: float, **extra: Any) -> dict[str, Any]:
    return {"id": id_, "name": id_.title(), "side": side, "x": x, "y": y, "heading": "E",
            "size": "small", "speed": 0, "anchored": True, "crew": {"sailor": 7},
            "guns": [{"weapon": "naval_cannon", "mount": "starboard", "along": 2},
                     {"weapon": "naval_cannon", "mount": "starboard", "along": -2},
                     {"weapon": "naval_cannon", "mount": "port"}], **extra}


def table(*ships: dict[str, Any], terrain: list[dict[str, Any]] | None = None) -> Any:
    data = {"name": "tape", "title": "Tape", "description": "Measuring.",
            "options": {"wind": "S", "wind_changes": False},
            "sides": [{"id": "p1", "name": "Empire"}, {"id": "p2", "name": "Pirates"}],
            "ships": list(ships), "terrain": terrain or []}
    return Game.new("ahoy", scenario_data=data, seed=1).state


def test_from_the_ship_the_tape_runs_hull_to_hull_or_from_her_hull_to_a_point():
    state = table(small("hawk", "p1", 30, 20), small("kite", "p2", 30, 26))
    # Small hulls 8" by 2.5": 6" between centres is 3.5" between the sides
    tape = view.measure(state, "hawk", None, (30, 26))
    assert tape.inches == 3.5 and tape.target == "kite" and tape.in_line is None
    assert tape.start == (30, 21.25) and tape.end == (30, 24.75)
    assert "3.5\" hull to hull to the Kite" in tape.words and "nothing in the way" in tape.words
    point = view.measure(state, "hawk", None, (44, 20))
    assert point.inches == 10.0 and point.target == ""  # her bow is 4" ahead of her centre


def test_from_a_gun_the_tape_runs_along_its_line_and_says_whether_the_target_is_on_it():
    state = table(small("hawk", "p1", 30, 20), small("kite", "p2", 31, 26))
    guns = {(g.mount, g.along): g.id for g in state.ship("hawk").guns}
    fore, port = guns[("starboard", 2.0)], guns[("port", 0.0)]
    on_line = view.measure(state, "hawk", fore, (31, 26))
    assert on_line.in_line is True and on_line.inches == 3.5
    assert on_line.start == (32.0, 21.25)  # her fore starboard gun's muzzle, 2" forward
    assert "along its line to the Kite: in range" in on_line.words
    away = view.measure(state, "hawk", port, (31, 26))
    assert away.in_line is False and "off its line of fire" in away.words
    named = dict(view.tape_origins(state, "hawk"))
    assert named[fore] == "the Hawk's starboard fore naval cannon"
    assert named[guns[("starboard", -2.0)]] == "the Hawk's starboard aft naval cannon"
    assert named[port] == "the Hawk's port naval cannon"  # the only one on her port side


def test_land_and_nearer_hulls_are_named_as_lying_across_the_way():
    state = table(small("hawk", "p1", 30, 10), small("kite", "p2", 30, 30),
                  small("dove", "p1", 30, 17),
                  terrain=[{"kind": "land", "name": "Isle", "rect": [20, 22, 40, 24]}])
    fore = next(g.id for g in state.ship("hawk").guns if g.mount == "starboard" and g.along > 0)
    tape = view.measure(state, "hawk", fore, (30, 30))
    # the Kite lies on the line, but land stops the shot short of her
    assert tape.target == "kite" and tape.in_line is True
    assert tape.blocked[0] == "land" and "on its line · blocked by land" in tape.words
    without = table(small("hawk", "p1", 30, 10), small("kite", "p2", 30, 30),
                    small("dove", "p1", 30, 17))
    tape = view.measure(without, "hawk", fore, (30, 30))
    assert tape.in_line is True and tape.blocked == ("the Dove",)
    assert tape.inches == pytest.approx(30 - 1.25 - 10 - 1.25)
