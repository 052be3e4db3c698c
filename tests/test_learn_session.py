"""A Learn to play session: the player's side against the easy captain on the rule system's
learn scenario; the guide speaks only at the player's decisions, each topic in full at the step
it is first shown (however often the screen asks there) and short after."""

from __future__ import annotations

from pathlib import Path

from ahoy_tui.session import LocalSession, learn_session, learnable


def test_the_guide_says_a_topic_in_full_once_then_short(tmp_path: Path) -> None:
    entry = learnable()[0]
    session = learn_session(entry.id, seed=3, think=0.01, folder=tmp_path)
    first_side = session.ruleset.sides[0]
    assert session.seats == {first_side} and set(session.captains) == set(
        session.ruleset.sides[1:])
    assert all(c.level == "easy" for c in session.captains.values())
    assert session.game.scenario.name == entry.learn
    while not session.may_act():  # the captain may open the battle
        at, decision = session.captain_decides()
        session.play_decision(at, decision)
    said = session.guide()
    assert said is not None and said.first
    assert session.guide() == said  # asked again at the same step: the same, in full
    topic, step = said.topic, session.step
    while not session.over:
        if session.may_act():
            now = session.guide()
            assert now is not None
            if now.topic == topic and session.step > step:
                assert not now.first  # met again: in short
                return
            session.play(session.legal_actions().fixed[0] if session.legal_actions().fixed
                         else next(iter(session.legal_actions())))
        else:
            assert session.guide() is None  # the captain's decision: nothing to say
            at, decision = session.captain_decides()
            session.play_decision(at, decision)
    raise AssertionError("the first topic never came again")


def test_an_ordinary_battle_has_no_guide(tmp_path: Path) -> None:
    entry = learnable()[0]
    session = LocalSession.new(entry.id, entry.learn, seed=1, folder=tmp_path)
    assert not session.learning and session.guide() is None
