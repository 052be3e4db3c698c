"""The installed rulesets, by id."""

from __future__ import annotations

import importlib
import threading

from ahoy_tui.engine.errors import UnknownRuleset
from ahoy_tui.engine.ruleset import Ruleset

_RULESETS: dict[str, Ruleset] = {}
_loaded = False
# Reentrant: a ruleset being imported may itself ask the registry (in the same thread).
_lock = threading.RLock()


def register(ruleset: Ruleset) -> Ruleset:
    _RULESETS[ruleset.id] = ruleset
    return ruleset


def _load() -> None:
    """Import the installed rulesets once. Threads asking together wait for the first to
    finish; the flag is set only once every ruleset has registered, so a failed import is
    tried again by the next caller rather than leaving the registry empty."""
    global _loaded
    if _loaded:
        return
    with _lock:
        if not _loaded:
            importlib.import_module("ahoy_tui.rules")
            _loaded = True


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
