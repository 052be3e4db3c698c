"""Man O' War through the tools every rule system has: the scenario list, headless play and its
save, ``ahoy replay --verify`` and ``ahoy selfplay`` (its engine protocol game is in
tests/test_protocol.py)."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

from ahoy_tui.cli import main
from ahoy_tui.engine import Game, load_game


def test_the_scenario_list_names_the_three_battles(capsys) -> None:
    assert main(["scenarios", "--ruleset", "man-o-war"]) == 0
    out = capsys.readouterr().out
    for name in ("empire_bretonnia", "dwarfs_orcs", "elves"):
        assert name in out
    assert "The Dwarfs v The Orcs" in out


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


def test_ship_labels_are_unique_and_read_as_their_names() -> None:
    """The three Wolfships of empire_bretonnia are WN, WT and WA (the small words of their
    names left out), not WO, Wl and Wf; every label in every scenario is its own."""
    from ahoy_tui.engine import Game
    from ahoy_tui.rules.man_o_war.view import labels

    for scenario in ("empire_bretonnia", "dwarfs_orcs", "elves", "sorcery", "leviathans",
                     "eyries"):
        state = Game.new("man-o-war", scenario, seed=1).state
        named = labels(state)
        assert len({label.casefold() for label in named.values()}) == len(named), scenario
    state = Game.new("man-o-war", "empire_bretonnia", seed=1).state
    by_name = {s.name: labels(state)[s.id] for s in state.ships}
    assert [by_name[f"Wolf of {town}"] for town in ("Nuln", "Talabheim", "Altdorf")] == \
        ["WN", "WT", "WA"]
    assert by_name["Fleur de Lys"] == "FL" and by_name["Grail Maiden"] == "GM"


def test_replay_text_of_an_unfinished_battle_shows_no_hand(tmp_path: Path, capsys) -> None:
    """`ahoy replay --text` of a battle still being played: no Wizard's draws and none of the
    cards in either hand; once the battle is over the whole log is told."""
    from ahoy_tui.commands import _show_step
    from ahoy_tui.engine.fast import replace
    from ahoy_tui.rules.man_o_war.spellbook import spellbook

    game = Game.new("man-o-war", "sorcery", seed=7)
    chooser = random.Random(7)
    for _ in range(12):
        game.play(chooser.choice(list(game.legal_actions())))
    assert not game.over
    held = {spellbook().spell(c).name for w in game.state.wizards for c in w.hand}
    assert held
    path = game.save(tmp_path / "mow.json")
    assert main(["replay", str(path), "--text"]) == 0
    text = capsys.readouterr().out
    assert "Wizard draws" not in text and "secret, kept while the battle goes on" in text
    assert not any(f" {name}" in text for name in held)
    # the same log told of a battle over tells the draws
    game._states[-1] = replace(game._states[-1], over=True)  # as if it had ended here
    game.goto(0)
    out = io.StringIO()
    _show_step(game, out)
    assert "Wizard draws" in out.getvalue()
