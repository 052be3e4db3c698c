"""One short battle of each rule system between fast captains, played once a test session."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from ahoy_tui.engine import Game, load_game

from .battles import play_battle


@pytest.fixture(scope="session")
def saved_battle(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., Path]:
    """``saved_battle(ruleset, scenario=None, max_actions=1500)``: the log of a battle played
    to its end (or to ``max_actions``) by two easy captains, played once a session."""
    folder = tmp_path_factory.mktemp("battles")
    played: dict[tuple[str, str | None, int], Path] = {}

    def get(ruleset: str, scenario: str | None = None, max_actions: int = 1500) -> Path:
        key = (ruleset, scenario, max_actions)
        if key not in played:
            where = folder / f"{ruleset}-{scenario}-{max_actions}"
            where.mkdir()
            played[key] = play_battle(ruleset, where, scenario=scenario,
                                      max_actions=max_actions)
        return played[key]

    return get


@pytest.fixture
def battle(saved_battle: Callable[..., Path]) -> Callable[..., Game]:
    def get(ruleset: str, **kwargs: object) -> Game:
        return load_game(saved_battle(ruleset, **kwargs))

    return get
