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


def test_scenarios_lists_every_rule_system_under_its_title(capsys):
    assert main(["scenarios"]) == 0
    out = capsys.readouterr().out
    ahoy = out.index("Warhammer Ahoy! (3rd edition) (--ruleset ahoy)")
    naval = out.index("Naval Battle Rules for Fantasy Gaming (--ruleset naval-battle)")
    assert ahoy < out.index("Squadron Action off the Reik") < naval
    assert naval < out.index("Eagle and Grudgebearer")
    assert main(["scenarios", "--ruleset", "naval-battle"]) == 0
    only = capsys.readouterr().out
    assert "Eagle and Grudgebearer" in only and "Squadron Action" not in only


def test_help_lists_no_hidden_command(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "==SUPPRESS==" not in out
    assert "    lobby " not in out and "    web " not in out and ",lobby" not in out
    assert "scenarios" in out and "serve" in out


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


def test_replay_text_of_an_unfinished_battle_reads_out_no_sealed_orders(tmp_path):
    """Ramming Speed! saved while the Greeks write: Rome's orders, written and sealed, are
    told as sealed, never read out (2.0); once both have sealed the file tells them."""
    from ahoy_tui.cli import build_parser
    from ahoy_tui.commands import replay
    from ahoy_tui.rules.ramming_speed.actions import SealOrders, WriteOrders

    game = Game.new("ramming-speed", "corvus", seed=1)
    game.play(WriteOrders("p1", "p1-1", "slow", "SLRSSRLSS"))
    game.play(SealOrders("p1"))
    game.play(WriteOrders("p2", "p2-4", "cruising", "R" * 15))

    def text() -> str:
        path = game.save(tmp_path / "rs.json")
        out = io.StringIO()
        args = build_parser().parse_args(["replay", str(path), "--text"])
        assert replay(args, io.StringIO(""), out) == 0
        return out.getvalue()

    unfinished = text()
    assert "SLRSSRLSS" not in unfinished and "9\"" not in unfinished
    assert "RRR" not in unfinished and "15R" not in unfinished
    assert "[1] p1: secret orders, sealed until every side has sealed" in unfinished
    assert "[3] p2: secret orders, sealed" in unfinished
    assert "[2] p1: " in unfinished  # that Rome sealed is no secret
    game.play(SealOrders("p2"))
    revealed = text()
    assert "secret orders" not in revealed and "[1] p1: Victoria" in revealed


@pytest.mark.parametrize("content", ["", "{", "[]", '{"format": "ahoy-tui-game", "version": 9}'])
def test_play_refuses_a_broken_save_with_one_line(tmp_path, content, capsys):
    path = tmp_path / "broken.json"
    path.write_text(content)
    before = path.read_bytes()
    assert main(["play", "--load", str(path)]) == 2
    out = capsys.readouterr().out.strip()
    assert out.startswith("ahoy: ") and str(path) in out and "\n" not in out
    assert path.read_bytes() == before


def test_play_refuses_a_naval_battle_scenario_file_with_ships_overlapping(tmp_path):
    from importlib import resources

    duel = resources.files("ahoy_tui.rules.naval_battle") / "scenarios" / "duel.toml"
    text = duel.read_text(encoding="utf-8")
    assert "x = 76\ny = 18" in text
    path = tmp_path / "crowded.toml"
    path.write_text(text.replace("x = 76\ny = 18", "x = 17\ny = 45"))  # onto the Eagle
    code, out = run(["play", "--ruleset", "naval-battle", "--scenario-file", str(path),
                     "--saves", str(tmp_path)])
    assert code == 2
    assert out == f"ahoy: {path}: ships eagle and grudgebearer overlap " \
                  '(hulls 6" by 2" and 6" by 2")\n'
    assert not list(tmp_path.glob("*.json"))  # no battle was begun, nor saved


def test_python_dash_m_and_version():
    code, out = run(["--version"])
    assert code == 0 and out.startswith("ahoy-tui ")
    assert Path(sys.executable).exists()


def _squadron():
    from ahoy_tui.rules.ahoy.fleet import Fleet, GunDesign, ShipDesign

    return Fleet("Black Squadron", (
        ShipDesign("Black Harpy", "medium", guns=(GunDesign("naval_cannon", "port"),),
                   crew={"sailor": 7}),
        ShipDesign("Cutlass", "small", crew={"sailor": 3},
                   guns=(GunDesign("heavy_naval_cannon", "bow"),)),
    ))


def test_fleets_lists_saved_fleets_and_names_a_broken_file(tmp_path, monkeypatch, capsys):
    from ahoy_tui.rules.ahoy import fleet as fleets

    monkeypatch.setenv("AHOY_FLEETS", str(tmp_path))
    assert main(["fleets"]) == 0
    assert "no saved fleets in" in capsys.readouterr().out
    fleets.save(_squadron())
    assert main(["fleets"]) == 0
    out = capsys.readouterr().out
    assert "Black Squadron  (black_squadron.json, 2 ships)" in out
    assert "    Black Harpy: Medium, sail, 1 × Naval Cannon, crew 7 + captain" in out
    assert "warning: Cutlass: crew: 3 sailors: 6 needed" in out
    (tmp_path / "zz.json").write_text('{"format": "ahoy-fleet", "version": 1, "na')
    assert main(["fleets"]) == 1
    captured = capsys.readouterr()
    assert "Black Squadron" in captured.out
    assert captured.err == f"ahoy: {tmp_path / 'zz.json'}: the file is truncated (its JSON " \
                           "ends too early)\n"


def test_play_with_a_saved_fleet_in_place_of_a_side(tmp_path, monkeypatch, capsys):
    from ahoy_tui.rules.ahoy import fleet as fleets

    monkeypatch.setenv("AHOY_FLEETS", str(tmp_path / "fleets"))
    fleets.save(_squadron())
    code = main(["play", "--seed", "4", "--p1", "random", "--p2", "random", "--saves",
                 str(tmp_path), "--fleet", "p2=Black Squadron"])
    assert code == 0
    game = load_game(next(tmp_path.glob("duel-4-*.json")))
    assert [s.name for s in game.state.ships] == ["Harpy", "Black Harpy", "Cutlass"]
    assert main(["play", "--headless", "--fleet", "p2=Armada"]) == 2
    assert "ahoy: no saved fleet 'Armada'" in capsys.readouterr().out
    assert main(["play", "--headless", "--fleet", "Armada"]) == 2
    assert "--fleet Armada: expected p1=NAME or p2=NAME" in capsys.readouterr().out
