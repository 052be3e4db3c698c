"""Every rule system's set-up played by the rules with computer captains on both sides, each
choice a player would be shown put in the screen's words on the way (issue 38: the screen
described a folded run of Man O' War's terrain spots with a value the rules never list, and
the app exited at the computer's first piece of terrain, on resuming and on --load too); and a
captain's action checked against the legal actions before anything touches it."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from ahoy_tui.ai import Decision, make_captain
from ahoy_tui.engine import GameState, LegalActions
from ahoy_tui.engine.registry import get_ruleset, rulesets
from ahoy_tui.session import LocalSession
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.screens.battle import range_label
from ahoy_tui.ui.widgets.choices import ChoiceList, NumberChoice, collapse

FIRST_STEPS = 6  # a rule system with no set-up by the rules: the first choices of its battle
SETUP_STEPS = 30  # enough for every set-up here (Man O' War's by the rules: about 12)


def _by_the_rules(ruleset: Any) -> dict[str, str]:
    """The set-up choices that play the set-up by the rules (terrain rolled, fleets placed in
    turn), where the rule system offers them."""
    return {c.key: value for c in getattr(ruleset, "setup_choices", ())
            for label, value in c.values if label.lower().startswith("by the rules")}


def _rows(session: LocalSession) -> list[str]:
    """Every row the battle screen would show the side to act, in its words."""
    state = session.state
    legal = session.game.legal_actions()
    describe = session.describe_action
    out = []
    for row in collapse(list(legal.fixed)) + [NumberChoice.of(r) for r in legal.ranges]:
        out.append(range_label(session.ruleset, state, row, describe)
                   if isinstance(row, NumberChoice) else describe(row))
    return out


def _cases() -> list[tuple[str, str]]:
    return [(rules.id, info.name) for rules in rulesets() for info in rules.scenarios()]


@pytest.mark.parametrize("rid, scenario", _cases())
def test_every_set_up_by_the_rules_is_played_by_captains_on_both_sides(
        rid: str, scenario: str, tmp_path: Path) -> None:
    ruleset = get_ruleset(rid)
    options = _by_the_rules(ruleset)
    session = LocalSession.new(rid, scenario, seed=3, options=options or None,
                               folder=tmp_path, autosave=False, seats=(),
                               captains={side: make_captain("normal", i)
                                         for i, side in enumerate(ruleset.sides)})
    started = time.perf_counter()
    # a set-up played by the rules, until the battle begins; else the battle's first choices
    steps = SETUP_STEPS if options else FIRST_STEPS
    while session.step < steps and not session.over and (
            not options or getattr(getattr(session.state, "phase", None), "value", "")
            in ("setup", "")):
        for words in _rows(session):
            assert words.strip()
        at, decision = session.captain_decides()
        assert decision.action in session.game.legal_actions()
        assert "bug" not in decision.why
        session.play_decision(at, decision)
    if options:
        assert getattr(session.state, "phase", None).value != "setup"  # the set-up was played
    assert time.perf_counter() - started < 4


def test_man_o_war_s_terrain_spots_are_worded_from_the_spots_the_rules_list() -> None:
    session = LocalSession.new("man-o-war", "sorcery", seed=1, options={"placement": "rules"},
                               autosave=False, seats=("p1",),
                               captains={"p2": make_captain("easy", 1)})
    at, decision = session.captain_decides()
    session.play_decision(at, decision)  # the computer's first piece of terrain
    rows = _rows(session)
    full = ": its centre, north-west, north-east, south-west or south-east"
    assert any(row.startswith("Rocks in section") and row.endswith(full) for row in rows), rows
    assert not any("spot" in row for row in rows), rows


def test_a_run_differing_in_one_number_is_worded_with_its_span() -> None:
    from ahoy_tui.rules.man_o_war.actions import Deploy

    words = {10: 'Place the Belle 10" from the north edge', 38: 'Place the Belle 38" from '
             'the north edge'}
    row = NumberChoice(Deploy(unit="a", y=10), "y", tuple(range(10, 39)))
    label = range_label(object(), None, row, lambda action: words[action.y])
    assert label == 'Place the Belle 10-38" from the north edge'


class _Rogue:
    """A captain with a bug: it offers an action the rules do not list."""

    level = "rogue"

    def decide(self, view: GameState, legal: LegalActions) -> Decision:
        return Decision("not an action", "it thought so")


def test_a_captain_s_action_outside_the_legal_ones_is_a_bug_named_not_played() -> None:
    session = LocalSession.new("man-o-war", "sorcery", seed=1, options={"placement": "rules"},
                               autosave=False, seats=("p1",), captains={"p2": _Rogue()})
    legal = session.game.legal_actions()
    at, decision = session.captain_decides()
    assert decision.action == legal[0]
    assert "bug in the rogue captain" in decision.why and "not an action" in decision.why
    before = session.step
    session.play_decision(at, decision)
    assert session.step == before + 1


async def test_the_battle_screen_shows_the_terrain_after_the_computer_places_its_first(
        tmp_path: Path) -> None:
    session = LocalSession.new("man-o-war", "sorcery", seed=1, options={"placement": "rules"},
                               folder=tmp_path, seats=("p1",),
                               captains={"p2": make_captain("normal", 1)})
    app = AhoyApp(session=session)
    async with app.run_test(size=(100, 34)) as pilot:
        app.screen.captain_delay = 0
        for _ in range(60):
            await pilot.pause(0.05)
            if session.step >= 1 and session.may_act():
                break
        await pilot.pause()
        assert session.step >= 1 and session.may_act()
        rows = [str(option.prompt) for option in app.screen.query_one(ChoiceList).options]
        assert any("in section 2: its centre, north-west" in row for row in rows), rows
