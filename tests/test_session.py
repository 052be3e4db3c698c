"""A battle that remembers itself: who plays each side and the undo policy are saved, and come
back on resume, on `ahoy play --load` and in headless play (issue 14)."""

from __future__ import annotations

import io
import itertools
import json
import random
from pathlib import Path

import pytest

from ahoy_tui.ai import make_captain
from ahoy_tui.cli import build_parser
from ahoy_tui.engine import Game, load_record
from ahoy_tui.engine.events import DiceRoll
from ahoy_tui.headless import play
from ahoy_tui.session import CASUAL, STRICT, LocalSession

SEATS = ("human", "ai:random", "ai:easy", "ai:normal", "ai:hard")


def new_session(path: Path, p1: str, p2: str, policy: str, ruleset: str = "ahoy",
                think: float = 0.25) -> LocalSession:
    captains = {side: make_captain(who, think=think)
                for side, who in (("p1", p1), ("p2", p2)) if who != "human"}
    game = Game.new(ruleset, "duel", seed=5)
    session = LocalSession(game, path=path, policy=policy, captains=captains)
    game.play(game.legal_actions()[0])  # a first action writes the file
    return session


@pytest.mark.parametrize(("p1", "p2"), list(itertools.product(SEATS, SEATS)))
@pytest.mark.parametrize("policy", [CASUAL, STRICT])
def test_every_seat_kind_and_policy_comes_back_on_resume(tmp_path, p1, p2, policy):
    path = tmp_path / "battle.json"
    new_session(path, p1, p2, policy)
    resumed = LocalSession.load(path)
    assert resumed.remembered and resumed.policy == policy
    for side, who in (("p1", p1), ("p2", p2)):
        captain = resumed.captains.get(side)
        if who == "human":
            assert captain is None and side in resumed.seats
        else:
            assert captain is not None and f"ai:{captain.level}" == who
            assert captain.think == 0.25 and side not in resumed.seats


@pytest.mark.parametrize("ruleset", ["ahoy", "naval-battle"])
def test_both_rule_systems_keep_who_plays_in_the_file(tmp_path, ruleset):
    path = tmp_path / "battle.json"
    new_session(path, "human", "ai:normal", STRICT, ruleset=ruleset)
    data = json.loads(path.read_text())
    assert data["policy"] == "strict"
    assert data["players"] == {"p1": {"player": "human"},
                               "p2": {"player": "ai", "level": "normal", "think": 0.25}}


def test_what_is_given_on_resume_overrides_the_save(tmp_path):
    path = tmp_path / "battle.json"
    new_session(path, "ai:easy", "ai:normal", STRICT)
    resumed = LocalSession.load(path, players={"p2": "human"}, policy=CASUAL, think=2.0)
    assert resumed.captains["p1"].level == "easy" and resumed.captains["p1"].think == 2.0
    assert "p2" not in resumed.captains and resumed.policy == CASUAL
    # and the file now says so
    assert load_record(path).players["p2"] == {"player": "human"}


def test_a_save_from_before_is_played_by_people_on_every_side_and_says_so(tmp_path):
    old = Path(__file__).parent / "engine" / "data" / "duel_saved_before_the_advanced_rules.json"
    path = tmp_path / "old.json"
    path.write_bytes(old.read_bytes())
    resumed = LocalSession.load(path)
    assert not resumed.remembered
    assert resumed.captains == {} and resumed.seats == {"p1", "p2"}
    assert resumed.policy == CASUAL
    from ahoy_tui.ui.app import resumed_words

    assert "from before saves kept who played each side" in resumed_words(resumed)


def test_strict_stays_strict_after_a_resume(tmp_path):
    path = tmp_path / "battle.json"
    session = new_session(path, "human", "human", STRICT)
    chooser = random.Random(1)
    while not any(isinstance(e, DiceRoll) for e in session.events_at(session.step)):
        actions = list(session.legal_actions())
        session.play(actions[chooser.randrange(len(actions))])
    resumed = LocalSession.load(path)
    assert resumed.policy == STRICT and not resumed.can_undo()


def test_play_load_brings_the_captain_back_headless(tmp_path):
    args = build_parser().parse_args(["play", "--seed", "9", "--saves", str(tmp_path),
                                      "--p2", "ai:easy", "--undo", "strict"])
    # the first choice (a distance, where it is one), written with that first action
    assert play(args, stdin=io.StringIO("1\n1 6\nq\n"), stdout=io.StringIO()) == 0
    saved = next(tmp_path.glob("*.json"))
    record = load_record(saved)
    assert record.policy == "strict" and record.players["p2"]["level"] == "easy"
    # loaded again without saying who plays: the easy captain plays the Pirates, strictly
    args = build_parser().parse_args(["play", "--load", str(saved)])
    out = io.StringIO()
    # the first choice, with a distance where it asks one (the other line is refused politely)
    assert play(args, stdin=io.StringIO("1\n1 6\n" * 80 + "q\n"), stdout=out) == 0
    text = out.getvalue()
    assert "[p2]" in text  # the captain took its turns
    again = load_record(saved)
    assert again.policy == "strict" and again.players["p2"]["level"] == "easy"


@pytest.mark.parametrize("ruleset", ["ahoy", "naval-battle", "man-o-war", "ramming-speed",
                                     "acks"])
def test_a_new_battle_is_written_with_its_first_action_not_before(tmp_path, ruleset):
    """A launch that plays no action leaves no save behind, whatever the rules; the first
    action writes the file, who plays each side with it."""
    session = LocalSession.new(ruleset, folder=tmp_path, seed=2)
    assert not session.path.exists() and not session.dirty
    session.play(session.legal_actions()[0])
    assert session.path.exists() and load_record(session.path).players["p1"] == {
        "player": "human"}
    resumed = LocalSession.load(session.path)  # resumed, it is written again at once
    assert resumed.game.last_step == 1
