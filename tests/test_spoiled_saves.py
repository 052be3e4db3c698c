"""A save whose scenario data has a field of the wrong kind (issue 34: 27 of 283 edits printed
40 lines of traceback): ``ahoy replay --verify``, ``ahoy play --load`` and the engine protocol's
``load`` each refuse it in one line naming the file and the field, and write nothing."""

from __future__ import annotations

import io
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ahoy_tui.cli import main
from ahoy_tui.engine import Game, SaveError, load_game
from ahoy_tui.protocol import serve

Spoil = Callable[[dict[str, Any]], None]

# (rule system, scenario, the edit, the field the line must name): the cases
SPOILED: list[tuple[str, str, Spoil, str]] = [
    ("man-o-war", "empire_bretonnia", lambda d: d.update(sides=None), "sides"),
    ("man-o-war", "empire_bretonnia", lambda d: d.update(options="x"), "options"),
    ("man-o-war", "empire_bretonnia", lambda d: d.update(table="x"), "table"),
    ("man-o-war", "empire_bretonnia", lambda d: d["ships"].__setitem__(0, -1), "ships[0]"),
    ("ramming-speed", "corvus", lambda d: d["ships"][0].update(side=[]), "ships[0].side"),
    ("acks", "quinquereme", lambda d: d.update(vessels=3.5), "vessels"),
    ("acks", "quinquereme", lambda d: d.update(vessels=None), "vessels"),
    ("acks", "sea_serpent", lambda d: d.update(monsters=None), "monsters"),
    ("naval-battle", "duel", lambda d: d["ships"][0].update(guns=None), "ships[0].guns"),
    ("ahoy", "duel", lambda d: d["ships"][0].update(crew=[]), "crew"),
]
IDS = [f"{r}-{field}-{n}" for n, (r, _, _, field) in enumerate(SPOILED)]


def spoiled_save(folder: Path, ruleset: str, scenario: str, spoil: Spoil) -> Path:
    """A real save of a few actions, its scenario data then edited."""
    game = Game.new(ruleset, scenario, seed=5)
    for _ in range(3):
        game.play(game.legal_actions()[0])
    path = game.save(folder / "spoiled.json")
    record = json.loads(path.read_text())
    spoil(record["scenario_data"])
    path.write_text(json.dumps(record, indent=1))
    return path


def one_line_naming(text: str, path: Path, field: str) -> None:
    text = text.strip()
    assert "\n" not in text and "Traceback" not in text, text
    assert str(path) in text and f"{field}:" in text, text
    assert "must be" in text or "expected" in text, text


@pytest.mark.parametrize(("ruleset", "scenario", "spoil", "field"), SPOILED, ids=IDS)
def test_loading_the_save_is_one_save_error_naming_the_field(tmp_path, ruleset, scenario, spoil,
                                                             field) -> None:
    path = spoiled_save(tmp_path, ruleset, scenario, spoil)
    before = path.read_bytes()
    for check in (False, True):
        with pytest.raises(SaveError) as refused:
            load_game(path, check=check)
        one_line_naming(str(refused.value), path, field)
    assert path.read_bytes() == before and os.listdir(tmp_path) == ["spoiled.json"]


@pytest.mark.parametrize(("ruleset", "scenario", "spoil", "field"), SPOILED, ids=IDS)
def test_replay_verify_and_play_load_print_one_line(tmp_path, capsys, ruleset, scenario, spoil,
                                                    field) -> None:
    path = spoiled_save(tmp_path, ruleset, scenario, spoil)
    assert main(["replay", str(path), "--verify"]) == 1
    printed = capsys.readouterr()
    one_line_naming(printed.out + printed.err, path, field)
    assert main(["play", "--load", str(path), "--headless"]) == 2
    printed = capsys.readouterr()
    one_line_naming(printed.out + printed.err, path, field)


@pytest.mark.parametrize(("ruleset", "scenario", "spoil", "field"), SPOILED, ids=IDS)
def test_the_protocols_load_answers_save_error(tmp_path, ruleset, scenario, spoil,
                                               field) -> None:
    path = spoiled_save(tmp_path, ruleset, scenario, spoil)
    out = io.StringIO()
    serve(io.StringIO(json.dumps({"cmd": "load", "path": str(path)}) + "\n"), out)
    reply = json.loads(out.getvalue().splitlines()[-1])
    assert reply["ok"] is False and reply["code"] == "save_error", reply
    one_line_naming(reply["error"], path, field)
