"""The engine and the rules import no user interface, and the engine imports no ruleset."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "ahoy_tui"


def imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text("utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def modules(folder: str) -> list[Path]:
    return sorted((PACKAGE / folder).rglob("*.py"))


@pytest.mark.parametrize("path", modules("engine") + modules("rules"), ids=lambda p: p.name)
def test_no_user_interface_below_the_engine(path):
    bad = {m for m in imports(path)
           if m.split(".")[0] in {"textual", "rich", "curses", "asyncssh"}
           or m.startswith("ahoy_tui.ui")}
    assert not bad, f"{path.relative_to(PACKAGE)} imports {sorted(bad)}"


@pytest.mark.parametrize("path", modules("engine"), ids=lambda p: p.name)
def test_the_engine_knows_no_ruleset(path):
    bad = {m for m in imports(path) if m.startswith("ahoy_tui.rules")}
    assert not bad, f"{path.relative_to(PACKAGE)} imports {sorted(bad)}"


@pytest.mark.parametrize("path", modules("ui"), ids=lambda p: p.name)
def test_the_ui_holds_no_rules(path):
    """The screens ask the ruleset (through the session) what to show; they import no rules."""
    bad = {m for m in imports(path) if m.startswith("ahoy_tui.rules")}
    assert not bad, f"{path.relative_to(PACKAGE)} imports {sorted(bad)}"


@pytest.mark.parametrize("path", modules("engine"), ids=lambda p: p.name)
def test_the_engine_names_no_ruleset_id(path):
    """Not even as a default: a ruleset is whatever the entry points install."""
    from ahoy_tui.engine import rulesets

    ids = {r.id for r in rulesets()}
    tree = ast.parse(path.read_text("utf-8"))
    named = [n.lineno for n in ast.walk(tree)
             if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value in ids]
    assert not named, f"{path.relative_to(PACKAGE)} names a ruleset id on lines {named}"
