"""The guide of Learn to play (rules/guide.py and each rule system's guide.toml): a topic is
said in full the first time it fits a decision and short after, one rule at a time in the
file's order; the catch-all speaks only where nothing else fits; every rule system's guide names
only rules its Rules screen opens and only kinds of action it has; and its learn battle, played
to the end by easy captains, has the guide's words at every decision of the learner's side."""

from __future__ import annotations

import sys
import typing
from pathlib import Path

import pytest

from ahoy_tui.ai import make_captain
from ahoy_tui.engine import Game, get_ruleset
from ahoy_tui.rules.guide import Guide, GuideError, GuideHook
from ahoy_tui.session import learnable

LEARN = [entry.id for entry in learnable()]

GUIDE = """
[[topics]]
id = "moving"
phase = ["movement"]
kinds = ["advance", "turn"]
rule = "Movement"
text = "She moves ahead, then turns."
again = "Move or turn."

[[topics]]
id = "turning"
phase = ["movement"]
kinds = ["turn"]
rule = "Turning"
text = "Turning, by the template."

[[topics]]
id = "any"
text = "Choose."

[choices]
advance = "straight ahead"
turn = "turn her"
"""


def guide(tmp_path: Path, text: str = GUIDE) -> Guide:
    (tmp_path / "guide.toml").write_text(text, "utf-8")
    return Guide.read(tmp_path / "guide.toml")


def test_one_rule_at_a_time_in_the_files_order(tmp_path: Path) -> None:
    g = guide(tmp_path)
    first = g.guidance("movement", ("advance", "turn"))
    assert first is not None and first.topic == "moving" and first.first
    assert first.text == "She moves ahead, then turns."
    assert first.choices == ("advance: straight ahead", "turn: turn her")
    second = g.guidance("movement", ("advance", "turn"), seen={"moving"})
    assert second is not None and second.topic == "turning" and second.first
    again = g.guidance("movement", ("advance", "turn"), seen={"moving", "turning"})
    assert again is not None and again.topic == "moving" and not again.first
    assert again.text == "Move or turn."
    assert "Rule: Movement" in again.words() and "• turn: turn her" in again.words()


def test_the_catch_all_speaks_only_where_nothing_else_fits(tmp_path: Path) -> None:
    g = guide(tmp_path)
    seen = {"moving", "turning"}
    said = g.guidance("movement", ("turn",), seen=seen)
    assert said is not None and said.topic == "moving"  # not "any", though fresh
    other = g.guidance("shooting", ("fire",))
    assert other is not None and other.topic == "any" and other.choices == ()


def test_a_topic_without_an_id_is_refused_in_one_line(tmp_path: Path) -> None:
    with pytest.raises(GuideError, match=r"guide.toml: topics\[0\]: a topic needs an id"):
        guide(tmp_path, '[[topics]]\ntext = "x"\n')
    with pytest.raises(GuideError, match=r"topics\[0\].kinds: must be text or a list"):
        guide(tmp_path, '[[topics]]\nid = "a"\nkinds = [1]\n')


@pytest.mark.parametrize("ruleset_id", LEARN)
def test_the_guide_names_its_own_rules_and_kinds(ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)
    folder = Path(str(sys.modules[type(ruleset).__module__].__file__)).parent
    g = GuideHook(folder).guide
    titles = {topic.title for topic in ruleset.rule_topics()}
    kinds = {action.kind for action in typing.get_args(ruleset.action_union)}
    assert g.topics and all(t.text for t in g.topics)
    for topic in g.topics:
        assert topic.rule in titles, f"{topic.id}: {topic.rule!r} is no Rules screen topic"
        assert set(topic.kinds) <= kinds, f"{topic.id}: {set(topic.kinds) - kinds}"
    assert set(g.choices) <= kinds
    assert any(not t.phase and not t.kinds for t in g.topics)  # something at every decision


@pytest.mark.parametrize("ruleset_id", LEARN)
def test_the_learn_battle_has_the_guide_at_every_decision(ruleset_id: str) -> None:
    entry = next(e for e in learnable() if e.id == ruleset_id)
    game = Game.new(ruleset_id, entry.learn, seed=5)
    ruleset = game.ruleset
    learner = ruleset.sides[0]
    captains = {side: make_captain("ai:easy", 5 + i, think=0.01)
                for i, side in enumerate(ruleset.sides)}
    seen: set[str] = set()
    decisions = 0
    while not game.over and game.step < 400:
        state = game.state
        side = state.to_act or ""
        said = ruleset.guide(state, side, frozenset(seen))
        if side == learner:
            assert said is not None and said.text, (state.step, ruleset.prompt(state))
            seen.add(said.topic)
            decisions += 1
        assert ruleset.guide(state, "nobody", frozenset()) is None  # only to the side deciding
        game.play(captains[side].decide(ruleset.view(state, side), game.legal_actions()).action)
    assert game.over, "a learn battle ends within a few turns"
    assert decisions >= 3 and len(seen) >= 3  # more than one rule introduced on the way
