"""A report of a battle not yet over is one side's view: what that side may not see stays out."""

from __future__ import annotations

from collections.abc import Callable

from ahoy_tui.engine import Game
from ahoy_tui.export.facts import _events, read_battle
from ahoy_tui.export.report import to_html, to_markdown


def test_an_unfinished_battle_s_report_is_that_side_s_view(battle: Callable[..., Game]) -> None:
    # Sorcery on the Reik estuary: each Wizard's Magic cards are drawn in secret
    game = battle("man-o-war", scenario="sorcery", max_actions=200)
    assert not game.over
    rules = game.ruleset
    secret = [(step, e) for step in range(game.step + 1) for e in game.events_at(step)
              if not rules.event_visible(e, "p2")]
    assert secret, "the Empire's Wizard drew his cards"
    report = read_battle(game, side="p2")
    assert report.view_of == "p2" and not report.result
    told = {line for m in report.moments for line in (*m.dice, *m.told)}
    for step, event in secret:
        assert event.describe() not in told
        # what the report reads of a step is what the side is shown of it, and no more
        assert event not in _events(game, step, "p2")
        assert event in _events(game, step, None)
    page, post = to_html(report), to_markdown(report, "files")
    assert "as the Bretonnians see it" in page or f"as {report.side_name('p2')} see it" in page
    for _, event in secret:
        assert event.describe() not in page and event.describe() not in post
    # Every state it reads is the side's view: the other side's hand of Magic cards is blanks
    hand = next(w.hand for w in game.state.wizards if w.side == "p1")  # type: ignore[attr-defined]
    view = rules.view(game.state, "p2")
    assert hand and next(w.hand for w in view.wizards if w.side == "p1") != hand  # type: ignore[attr-defined]
    assert not any(card in page for card in hand if len(card) > 3)


def test_a_finished_battle_s_report_is_the_whole_battle(battle: Callable[..., Game]) -> None:
    game = battle("naval-battle")
    assert game.over
    report = read_battle(game, side="p2")
    assert report.view_of is None and report.result == game.state.result
