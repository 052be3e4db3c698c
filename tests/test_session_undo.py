"""Undo takes back the player's own decision (issue 35): against a computer captain, one undo
returns to the state before the player's last decision, every captain's answer after it taken
back too, with the same choices offered; redo gives back the captain's answers as recorded,
the same dice. Strict undo holds the same rule up to the first die rolled. In every rule
system."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from ahoy_tui.ai import make_captain
from ahoy_tui.engine import Game
from ahoy_tui.engine.events import DiceRoll
from ahoy_tui.engine.orders import reveals
from ahoy_tui.session import CASUAL, STRICT, LocalSession

# one battle of each rule system, against a captain that answers quickly
BATTLES = [("ahoy", "duel"), ("naval-battle", "dragon"), ("man-o-war", "dwarfs_orcs"),
           ("ramming-speed", "salamis"), ("acks", "longship_raid")]


def against_a_captain(tmp_path: Path, ruleset: str, scenario: str,
                      policy: str = CASUAL) -> LocalSession:
    game = Game.new(ruleset, scenario, seed=3)
    return LocalSession(game, policy=policy, path=tmp_path / "battle.json",
                        captains={"p2": make_captain("ai:easy", 1, think=0.05)})


def captains_answer(session: LocalSession) -> None:
    """Every captain's decision in turn, as the battle screen plays them, until a player's."""
    while session.captain_to_act() is not None:
        at, decision = session.captain_decides()
        session.play_decision(at, decision)


def exchange(session: LocalSession, wanted: Any, tries: int = 400) -> tuple[int, int]:
    """Play on (the player choosing at random, seeded) until a decision of the player's is
    answered by the captain in a way ``wanted(session, decided, answered)`` accepts: the step
    before the player's decision, and the step after the captain's answer."""
    chooser = random.Random(0)
    for _ in range(tries):
        captains_answer(session)
        assert not session.over, "the battle ended before the exchange looked for"
        before = session.step
        actions = list(session.legal_actions())
        session.play(actions[chooser.randrange(len(actions))])
        decided = session.step
        captains_answer(session)
        if session.step > decided and wanted(session, decided, session.step):
            return before, session.step
    raise AssertionError("no such exchange in the battle")


def answered_with_dice(session: LocalSession, decided: int, answered: int) -> bool:
    return any(isinstance(e, DiceRoll) for step in range(decided + 1, answered + 1)
               for e in session.events_at(step))


def answered_unseen(session: LocalSession, decided: int, answered: int) -> bool:
    """Neither the player's decision nor the captain's answer rolled a die or revealed orders."""
    return not any(reveals(session.events_at(step)) for step in range(decided, answered + 1))


def snapshot(session: LocalSession, low: int, high: int) -> list[tuple[str, tuple[Any, ...]]]:
    """Each step's state hash and events from ``low`` to ``high``."""
    game = session.game
    return [(game.state_hash(step), game.events_at(step)) for step in range(low, high + 1)]


@pytest.mark.parametrize(("ruleset", "scenario"), BATTLES)
def test_one_undo_takes_back_the_players_decision_and_the_captains_answer(
        tmp_path, ruleset, scenario):
    session = against_a_captain(tmp_path, ruleset, scenario)
    before, answered = exchange(session, answered_with_dice)
    game = session.game
    choices = list(game.ruleset.legal_actions(game.state_at(before)))
    hash_before = game.state_hash(before)
    recorded = snapshot(session, before + 1, answered)

    assert session.undo()
    assert session.step == before, "one undo: back before the player's own decision"
    assert game.state_hash() == hash_before
    assert session.may_act() and session.captain_to_act() is None  # the player's to choose
    assert list(session.legal_actions()) == choices  # the same choices, offered again

    assert session.redo()
    assert session.step == answered, "redo: the decision and the captain's answer, all of it"
    assert snapshot(session, before + 1, answered) == recorded  # the same dice, the same states
    assert session.may_act()


@pytest.mark.parametrize(("ruleset", "scenario"), BATTLES)
def test_strict_undo_takes_back_nothing_once_the_captains_answer_rolled_a_die(
        tmp_path, ruleset, scenario):
    session = against_a_captain(tmp_path, ruleset, scenario, policy=STRICT)
    _, answered = exchange(session, answered_with_dice)
    assert "die" in session.undo_refusal()
    assert not session.can_undo() and not session.undo()
    assert session.step == answered


@pytest.mark.parametrize(("ruleset", "scenario"),
                         [("man-o-war", "dwarfs_orcs"), ("acks", "longship_raid")])
def test_strict_undo_takes_back_a_decision_answered_without_a_die(tmp_path, ruleset, scenario):
    session = against_a_captain(tmp_path, ruleset, scenario, policy=STRICT)
    before, answered = exchange(session, answered_unseen)
    assert session.undo() and session.step == before
    assert session.redo() and session.step == answered


def test_nothing_of_the_players_is_taken_back_before_the_player_has_decided(tmp_path):
    """ACKS II: the first side's captain declares first; the player (p2) has not decided
    yet, and an undo would only give the captain back a decision to make again."""
    game = Game.new("acks", "longship_raid", seed=3)
    session = LocalSession(game, path=tmp_path / "b.json",
                           captains={"p1": make_captain("ai:easy", 1, think=0.05)})
    captains_answer(session)
    assert session.step > 0
    assert session.undo_refusal() == "nothing of yours to take back yet"
    step = session.step
    assert not session.undo() and session.step == step


def test_hot_seat_undo_is_one_step_as_ever(tmp_path):
    session = LocalSession(Game.new("ahoy", "duel", seed=3), path=tmp_path / "b.json")
    for _ in range(3):
        session.play(session.legal_actions()[0])
    assert session.undo() and session.step == 2
    assert session.redo() and session.step == 3


def test_a_battle_of_captains_has_nothing_of_yours_to_take_back(tmp_path):
    session = LocalSession(Game.new("ahoy", "duel", seed=3), path=tmp_path / "b.json",
                           captains={side: make_captain("ai:random", 1) for side in ("p1", "p2")})
    captains_answer(session)
    assert "captains play every side" in session.undo_refusal()


def test_a_captains_decision_for_a_state_undone_is_never_played(tmp_path):
    """The captain thinks at step N; the player undoes and chooses otherwise: the battle is at
    step N again, but another battle, and the captain's old decision is refused."""
    session = against_a_captain(tmp_path, "ahoy", "duel")
    before, _ = exchange(session, answered_with_dice)
    session.undo()
    first, other = list(session.legal_actions())[:2]
    session.play(first)
    at, decision = session.captain_decides()  # thinking, in the screen's worker thread
    session.undo()
    session.play(other)
    assert session.step == before + 1 and session.state is not at
    with pytest.raises(ValueError, match="moved on"):
        session.play_decision(at, decision)


def test_the_undo_is_one_save(tmp_path):
    """Taking back several steps writes the file once, at the player's decision."""
    from ahoy_tui.engine import load_game

    session = against_a_captain(tmp_path, "acks", "longship_raid")
    before, answered = exchange(session, answered_with_dice)
    session.undo()
    saved = load_game(session.path)
    assert saved.step == before and saved.last_step == answered


def test_what_an_undo_took_back_is_said_but_never_a_secret(tmp_path):
    """The screen says what an undo took back; at a shared terminal a sealed sheet is only
    "a secret decision", never what it says."""
    from ahoy_tui.rules.naval_battle.actions import DeclareSpeed

    session = LocalSession(Game.new("naval-battle", "duel", seed=2), path=tmp_path / "b.json")
    session.play(DeclareSpeed("p1", (("eagle", "up"),)))
    assert session.history_words(0, 1) == "a secret decision"
    ahoy = against_a_captain(tmp_path / "ahoy", "ahoy", "duel")
    before, answered = exchange(ahoy, answered_with_dice)
    words = ahoy.history_words(before, answered)
    answers = answered - before - 1
    assert words.startswith(ahoy.describe_at(before, ahoy.game.action_at(before + 1)))
    assert words.endswith("the captain's answer" if answers == 1
                          else f"the captain's {answers} answers")
