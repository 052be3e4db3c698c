"""The ``ahoy`` command line: scenarios, headless play, replay --verify, selfplay."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from ahoy_tui.cli import main
from ahoy_tui.engine import Game, load_game


def run(args: list[str], stdin: str = "", capsys=None) -> tuple[int, str]:
    proc = subprocess.run([sys.executable, "-m", "ahoy_tui", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)
    return proc.returncode, proc.stdout + proc.stderr


def test_scenarios_lists_the_built_ins(capsys):
    assert main(["scenarios"]) == 0
    out = capsys.readouterr().out
    for name in ("duel", "squadron", "harbour"):
        assert name in out


def test_unknown_ruleset_is_refused(capsys):
    assert main(["scenarios", "--ruleset", "chess"]) == 2
    assert "unknown ruleset 'chess'" in capsys.readouterr().err


def test_selfplay_reports_games_turns_winners_and_speed(capsys):
    assert main(["selfplay", "--scenario", "duel", "--games", "3", "--seed", "5", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 3
    assert sum(report["winners"].values()) == 3
    assert 1 <= report["turns"]["mean"] <= 12
    assert report["actions"] > 0 and report["actions_per_second"] > 0


def test_headless_random_battle_plays_to_the_end_and_saves(tmp_path, capsys):
    code = main(["play", "--scenario", "duel", "--seed", "4", "--p1", "random",
                 "--p2", "random", "--saves", str(tmp_path)])
    assert code == 0
    out = capsys.readouterr().out
    assert "===" in out and "Saved to" in out
    saves = list(tmp_path.glob("duel-4-*.json"))
    assert len(saves) == 1
    game = load_game(saves[0])
    assert game.over


def test_headless_human_turn_by_numbers(tmp_path, monkeypatch):
    from ahoy_tui.cli import build_parser
    from ahoy_tui.headless import play

    args = build_parser().parse_args(["play", "--seed", "9", "--saves", str(tmp_path)])
    # 1 = end orders (the first choice); "x" and "999" are refused politely; then u, r, q.
    out = io.StringIO()
    code = play(args, stdin=io.StringIO("x\n999\n1\nu\nr\nq\n"), stdout=out)
    text = out.getvalue()
    assert code == 0
    assert "Type a choice's number" in text and "There is no choice 999" in text
    assert "Undone." in text and "Redone." in text
    saved = next(tmp_path.glob("*.json"))
    assert load_game(saved).step == 1


def test_replay_verify_accepts_a_good_save_and_refuses_a_bad_one(tmp_path):
    game = Game.new("ahoy", "duel", seed=11)
    for _ in range(6):
        game.play(game.legal_actions()[0])
    good = game.save(tmp_path / "good.json")
    code, out = run(["replay", str(good), "--verify"])
    assert code == 0 and "all 7 state hashes match" in out
    data = json.loads(good.read_text())
    data["hashes"][4] = "0" * 24
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    code, out = run(["replay", str(bad), "--verify"])
    assert code == 1
    assert out.strip().count("\n") == 0, "one line"
    assert "bad.json" in out and "step 4" in out and "Traceback" not in out


def test_replay_steps_through_a_log(tmp_path, capsys):
    game = Game.new("ahoy", "duel", seed=12)
    for _ in range(3):
        game.play(game.legal_actions()[0])
    path = game.save(tmp_path / "log.json")
    from ahoy_tui.cli import build_parser
    from ahoy_tui.commands import replay

    out = io.StringIO()
    assert replay(build_parser().parse_args(["replay", str(path)]), io.StringIO(""), out) == 0
    text = out.getvalue()
    assert text.startswith("== A Duel of Frigates (seed 12) ==")
    assert "[1] p1: end orders" in text and "[3]" in text


@pytest.mark.parametrize("content", ["", "{", "[]", '{"format": "ahoy-tui-game", "version": 9}'])
def test_play_refuses_a_broken_save_with_one_line(tmp_path, content, capsys):
    path = tmp_path / "broken.json"
    path.write_text(content)
    before = path.read_bytes()
    assert main(["play", "--load", str(path)]) == 2
    out = capsys.readouterr().out.strip()
    assert out.startswith("ahoy: ") and str(path) in out and "\n" not in out
    assert path.read_bytes() == before


def test_python_dash_m_and_version():
    code, out = run(["--version"])
    assert code == 0 and out.startswith("ahoy-tui ")
    assert Path(sys.executable).exists()
