"""The installed rulesets, by id."""

from __future__ import annotations

import importlib

from ahoy_tui.engine.errors import UnknownRuleset
from ahoy_tui.engine.ruleset import Ruleset

_RULESETS: dict[str, Ruleset] = {}
_loaded = False


def register(ruleset: Ruleset) -> Ruleset:
    _RULESETS[ruleset.id] = ruleset
    return ruleset


def _load() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        importlib.import_module("ahoy_tui.rules")


def get_ruleset(ruleset_id: str) -> Ruleset:
    _load()
    try:
        return _RULESETS[ruleset_id]
    except KeyError:
        known = ", ".join(sorted(_RULESETS)) or "none"
        raise UnknownRuleset(f"unknown ruleset {ruleset_id!r} (known: {known})") from None


def rulesets() -> tuple[Ruleset, ...]:
    _load()
    return tuple(_RULESETS.values())
