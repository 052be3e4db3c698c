"""The plain-text game (`ahoy play --headless`, issue 35): its help speaks of the rule system
played, not Ahoy!'s; a move line is typed after `:` where the rules have one; `u` takes back the
player's own decision and the captain's answers after it, `r` gives them back."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from ahoy_tui.cli import build_parser
from ahoy_tui.engine import get_ruleset, load_game
from ahoy_tui.headless import help_text, play

RULESETS = ["ahoy", "naval-battle", "man-o-war", "ramming-speed", "acks"]


def headless(tmp_path: Path, *args: str, stdin: str) -> str:
    parsed = build_parser().parse_args(["play", "--headless", "--seed", "3", "--saves",
                                        str(tmp_path), *args])
    out = io.StringIO()
    assert play(parsed, stdin=io.StringIO(stdin), stdout=out) == 0
    return out.getvalue()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_help_speaks_of_the_rule_system_played(tmp_path, ruleset):
    rules = get_ruleset(ruleset)
    text = headless(tmp_path, "--ruleset", ruleset, "--p2", "ai:random", stdin="?\nq\n")
    said = help_text(rules)
    assert text.count(said) == 2  # at the start, and on ?
    assert said.startswith(f"{rules.title}:")
    assert 'ahead 1-9"' not in said  # Ahoy!'s words nowhere, not even in Ahoy!'s
    move_line = getattr(rules, "move_line_help", "")
    if callable(getattr(rules, "move_line", None)):
        assert move_line and move_line in said
    else:
        assert "move line" not in said


def test_ramming_speeds_orders_are_written_on_a_move_line(tmp_path):
    headless(tmp_path, "--ruleset", "ramming-speed", "--scenario", "corvus", "--p2",
             "ai:random", stdin=": Vi: c 8s 4r 3s\nq\n")
    game = load_game(next(tmp_path.glob("*.json")))
    written = game.state.drafts  # written, not yet sealed
    assert [(game.state.ship(d.ship).name, d.band.name, d.moves) for d in written] == [
        ("Victoria", "CRUISING", "SSSSSSSSRRRRSSS")]


def test_a_move_line_refused_names_the_rule_and_plays_nothing(tmp_path):
    text = headless(tmp_path, "--ruleset", "ahoy", "--p2", "ai:random", stdin=": 4 r 3\nq\n")
    assert "The move line is for a ship under way" in text
    assert "Nothing played: no save written." in text
    assert not list(tmp_path.glob("*.json"))  # nothing played, nothing left behind


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_launch_that_plays_nothing_leaves_no_save_and_one_action_writes_it(tmp_path, ruleset):
    """Every rule system: quit at once and there is no file to resume; play one choice and
    the file holds it."""
    headless(tmp_path, "--ruleset", ruleset, "--p1", "human", "--p2", "human", stdin="q\n")
    assert not list(tmp_path.glob("*.json"))
    text = headless(tmp_path, "--ruleset", ruleset, "--p1", "human", "--p2", "human",
                    stdin="1\nq\n")
    saved = list(tmp_path.glob("*.json"))
    assert len(saved) == 1 and "Saved to" in text
    assert load_game(saved[0]).last_step == 1


def test_u_takes_back_the_players_decision_and_the_captains_answers(tmp_path):
    """Ahoy!: the Empire's first choice (a distance: 1") a dozen times, the captain answering
    as the turns go; one u takes back the Empire's last decision and every step of the
    captain's after it, and r (after loading the battle again) gives them all back."""
    text = headless(tmp_path, "--ruleset", "ahoy", "--p2", "ai:easy",
                    stdin="1 1\n" * 12 + "u\n" + "q\n")
    assert "Undone." in text
    saved = next(tmp_path.glob("*.json"))
    game = load_game(saved)
    undone = range(game.step, game.last_step)  # the states the undone actions were taken in
    assert game.state_at(game.step).to_act == "p1"  # the player's own decision, to make again
    assert len(undone) >= 2, "the captain's answer went with it"
    assert all(game.state_at(s).to_act == "p2" for s in undone[1:])
    again = headless(tmp_path / "again", "--load", str(saved), stdin="r\nq\n")
    assert "Redone." in again
    assert load_game(saved).step == game.last_step
