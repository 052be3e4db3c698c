"""Each ruleset names its own screen parts; nothing shared asks which rules are played."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from ahoy_tui.ai.captain import RandomCaptain, _levels
from ahoy_tui.engine import rulesets
from ahoy_tui.ui.parts import BattleParts, parts_for
from ahoy_tui.ui.screens.battle import PARTS as GENERAL
from ahoy_tui.ui.screens.battle_basics import BattleBasics

PACKAGE = Path(__file__).resolve().parents[2] / "ahoy_tui"

# Modules that are one ruleset's own parts may name it; everything else is shared.
OWN_PARTS = {"ui/naval.py", "ui/screens/naval_battle.py", "ui/screens/reveal.py",
             "ui/screens/hand_over.py", "ui/widgets/play_sheet.py", "ui/widgets/fire_plan.py",
             "ui/widgets/speed_declarations.py", "ui/widgets/ship_roster.py"}
SHARED = sorted(
    p for p in [*(PACKAGE / "ui").rglob("*.py"), *(PACKAGE / "server").rglob("*.py"),
                PACKAGE / "session.py", PACKAGE / "ai" / "captain.py"]
    if str(p.relative_to(PACKAGE)) not in OWN_PARTS)


def _ids() -> set[str]:
    return {r.id for r in rulesets()}


@pytest.mark.parametrize("path", SHARED, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_shared_module_tests_a_ruleset_id(path: Path) -> None:
    tree = ast.parse(path.read_text("utf-8"))
    ids = _ids()
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            named = [c.value for c in (node.left, *node.comparators)
                     if isinstance(c, ast.Constant) and c.value in ids]
            assert not named, f"{path.name}:{node.lineno} compares with ruleset id {named}"
        if isinstance(node, ast.Dict):
            keys = [k.value for k in node.keys if isinstance(k, ast.Constant) and k.value in ids]
            assert not keys, f"{path.name}:{node.lineno} keys a table by ruleset id {keys}"
    assert "is_naval" not in path.read_text("utf-8")


def test_every_ruleset_names_its_parts() -> None:
    found = {r.id: parts_for(r) for r in rulesets()}
    assert all(isinstance(p, BattleParts) for p in found.values())
    assert found["ahoy"] is GENERAL
    naval = found["naval-battle"]
    assert naval.screen.__name__ == "NavalBattleScreen" and naval.order_sheet is not None
    assert naval.cards.__name__ == "ShipRoster"
    for parts in found.values():
        assert issubclass(parts.screen, BattleBasics)  # type: ignore[arg-type]


def test_rules_that_name_no_parts_get_the_general_screen() -> None:
    assert parts_for("a-ruleset-from-elsewhere") is GENERAL


def test_rules_without_captains_of_their_own_get_the_random_one() -> None:
    levels = _levels("a-ruleset-from-elsewhere")
    assert set(levels) == {"random", "easy", "normal", "hard"}
    assert set(levels.values()) == {RandomCaptain}
    assert _levels("ahoy")["hard"].__name__ == "HardCaptain"
    assert _levels("naval-battle")["hard"].__module__ == "ahoy_tui.ai.naval_battle.hard"


@pytest.fixture
def tiny(monkeypatch):
    """The tiny outside ruleset (tests/engine/plugin), registered for one test only."""
    import sys

    from ahoy_tui.engine import registry

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "engine" / "plugin"))
    registry.rulesets()  # the installed ones first
    import tiny_nim

    monkeypatch.setitem(registry._RULESETS, "tiny-nim", tiny_nim.RULESET)
    yield tiny_nim.RULESET
    sys.modules.pop("tiny_nim", None)


def test_rules_without_a_table_are_not_offered_to_the_screens(tiny, tmp_path, capsys) -> None:
    import argparse

    from ahoy_tui.cli import _drawn
    from ahoy_tui.engine import Game, get_ruleset
    from ahoy_tui.ui.parts import drawable
    from ahoy_tui.ui.screens.new_game import _drawn as offered

    assert not drawable(tiny)
    assert all(drawable(get_ruleset(r)) for r in ("ahoy", "naval-battle"))
    assert "tiny-nim" not in [r.id for r in offered()]
    # asked for on the command line, or its save given to replay: said so, and played in text
    assert not _drawn(argparse.Namespace(ruleset="tiny-nim", load=None, file=None))
    assert "ahoy play --headless --ruleset tiny-nim" in capsys.readouterr().err
    path = Game.new("tiny-nim", seed=2).save(tmp_path / "pile.json")
    assert not _drawn(argparse.Namespace(file=str(path)))
    assert _drawn(argparse.Namespace(ruleset="ahoy", load=None, file=None))
