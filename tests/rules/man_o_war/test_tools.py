"""Man O' War through the tools every rule system has: the scenario list, the JSON-lines engine
protocol, headless play and its save, ``ahoy replay --verify`` and ``ahoy selfplay``."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Generator
from pathlib import Path
from typing import Any

from ahoy_tui.cli import main
from ahoy_tui.engine import Game, load_game
from ahoy_tui.protocol import serve

Reply = dict[str, Any]


class _Script:
    """A stdin that asks a generator for each next request, showing it the last reply."""

    def __init__(self, script: Generator[Any, Reply, None], out: io.StringIO) -> None:
        self.script, self.out, self.sent = script, out, 0

    def readline(self, size: int = -1) -> str:
        lines = self.out.getvalue().splitlines()
        try:
            request = next(self.script) if self.sent == 0 else \
                self.script.send(json.loads(lines[-1]))
        except StopIteration:
            return ""
        self.sent += 1
        return json.dumps(request) + "\n"


def ok(reply: Reply) -> Reply:
    assert reply["ok"] is True, reply
    return reply


def test_the_scenario_list_names_the_three_battles(capsys) -> None:
    assert main(["scenarios", "--ruleset", "man-o-war"]) == 0
    out = capsys.readouterr().out
    for name in ("empire_bretonnia", "dwarfs_orcs", "elves"):
        assert name in out
    assert "The Dwarfs v The Orcs" in out


def test_a_bot_plays_a_battle_over_the_engine_protocol_and_undo_restores_it() -> None:
    chooser = random.Random(5)
    seen: set[str] = set()

    def script() -> Generator[Any, Reply, None]:
        new = ok((yield {"cmd": "new", "ruleset": "man-o-war", "scenario": "elves", "seed": 3}))
        assert new["sides"] == ["p1", "p2"] and new["step"] == 0
        for step in range(150):
            legal = ok((yield {"cmd": "legal"}))
            if legal["over"]:
                break
            before = ok((yield {"cmd": "state"}))
            action = chooser.choice(legal["actions"])
            acted = ok((yield {"cmd": "act", "action": action}))
            assert acted["step"] == step + 1
            seen.add(action["type"])
            if step % 25 == 0:  # an undo gives back the very state, and redo the same dice
                after = ok((yield {"cmd": "state"}))
                ok((yield {"cmd": "undo"}))
                assert ok((yield {"cmd": "state"}))["state"] == before["state"]
                ok((yield {"cmd": "redo"}))
                assert ok((yield {"cmd": "state"}))["state"] == after["state"]
        refused = (yield {"cmd": "act", "action": {"type": "ram", "target": "nobody"}})
        assert refused["ok"] is False and "\n" not in refused["error"]

    out = io.StringIO()
    assert serve(_Script(script(), out), out) == 0  # type: ignore[arg-type]
    assert {"activate", "set_course", "advance"} <= seen


def test_a_headless_battle_plays_to_its_end_saves_and_verifies(tmp_path: Path, capsys) -> None:
    assert main(["play", "--ruleset", "man-o-war", "--scenario", "dwarfs_orcs", "--seed", "4",
                 "--p1", "random", "--p2", "random", "--saves", str(tmp_path)]) == 0
    assert "Saved to" in capsys.readouterr().out
    saved = next(tmp_path.glob("*.json"))
    game = load_game(saved)
    assert game.over and game.ruleset.id == "man-o-war"
    assert main(["replay", str(saved), "--verify"]) == 0
    assert "hashes match" in capsys.readouterr().out
    data = json.loads(saved.read_text())
    data["hashes"][len(data["hashes"]) // 2] = "0" * 24
    data["hashes"][-1] = "0" * 24  # the last too: a load would otherwise trust the end
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    assert main(["replay", str(bad), "--verify"]) == 1
    err = capsys.readouterr()
    words = (err.out + err.err).strip()
    assert "bad.json" in words and "\n" not in words and "Traceback" not in words


def test_a_save_replays_to_the_same_battle(tmp_path: Path) -> None:
    game = Game.new("man-o-war", "empire_bretonnia", seed=9)
    chooser = random.Random(9)
    for _ in range(200):
        if game.over:
            break
        game.play(chooser.choice(list(game.legal_actions())))
    path = game.save(tmp_path / "mow.json")
    again = load_game(path)
    assert again.state == game.state and again.step == game.step


def test_selfplay_reports_man_o_war_games(capsys) -> None:
    assert main(["selfplay", "--ruleset", "man-o-war", "--scenario", "elves", "--games", "2",
                 "--p1", "random", "--p2", "easy", "--seed", "3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ruleset"] == "man-o-war" and report["games"] == 2
    assert sum(report["winners"].values()) == 2
    assert 1 <= report["turns"]["mean"] <= 12
