"""``ahoy learn [RULESET]``: the rule system's guided first battle against the easy captain, or
the title asking which; a rule system with no learn battle is refused in one line, and without
a terminal the guide cannot be drawn, so it says so."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ahoy_tui import cli
from ahoy_tui.session import learnable


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    runs: list[dict[str, Any]] = []
    monkeypatch.setattr(cli, "_terminal", lambda: True)
    monkeypatch.setattr(cli, "_run_app", lambda **kwargs: runs.append(kwargs) or 0)
    return runs


def test_learn_a_rule_system_starts_its_guided_battle(started: list[dict[str, Any]],
                                                       tmp_path: Path) -> None:
    entry = learnable()[-1]
    assert cli.main(["learn", entry.id, "--seed", "4", "--think", "0.1",
                     "--saves", str(tmp_path)]) == 0
    session = started[0]["session"]
    assert session.learning and session.ruleset.id == entry.id
    assert session.game.scenario.name == entry.learn and session.game.seed == 4
    assert [c.level for c in session.captains.values()] == ["easy"]
    assert all(c.think == 0.1 for c in session.captains.values())


def test_learn_alone_opens_the_title_asking_which(started: list[dict[str, Any]]) -> None:
    assert cli.main(["learn"]) == 0
    assert started == [{"saves": None, "learn": True, "think": None}]


def test_an_unknown_rule_system_is_refused(started: list[dict[str, Any]],
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["learn", "nonesuch"]) == 2
    assert "no Learn to play battle for 'nonesuch'" in capsys.readouterr().err
    assert started == []


def test_without_a_terminal_it_says_so(monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(cli, "_terminal", lambda: False)
    assert cli.main(["learn"]) == 2
    assert "needs a terminal" in capsys.readouterr().err
