"""The installed rulesets, by id.

A ruleset is a plugin: a package declares it with an entry point in the group
``ahoy_tui.rulesets`` (its name the ruleset's id, its object the ruleset), and the registry
finds every one installed, this project's own included, the first time a ruleset is asked for::

    [project.entry-points."ahoy_tui.rulesets"]
    ahoy = "ahoy_tui.rules.ahoy:RULESET"

The engine imports no ruleset by name. :func:`plugins` reads any other group the same way (the
screens' parts for a ruleset, its computer captains), so each layer finds its own.
"""

from __future__ import annotations

import threading
from importlib.metadata import EntryPoint, entry_points
from typing import TYPE_CHECKING, Any

from ahoy_tui.engine.errors import UnknownRuleset

if TYPE_CHECKING:  # the type alone: the lists of names need none of the engine
    from ahoy_tui.engine.ruleset import Ruleset

GROUP = "ahoy_tui.rulesets"

_RULESETS: dict[str, Ruleset] = {}
_BROKEN: dict[str, str] = {}  # entry points that could not be loaded: id -> why
_loaded = False
# Reentrant: a ruleset being imported may itself ask the registry (in the same thread).
_lock = threading.RLock()


def register(ruleset: Ruleset) -> Ruleset:
    """Add a ruleset by hand (a test's own, say); installed ones come by entry point."""
    _RULESETS[ruleset.id] = ruleset
    return ruleset


def plugins(group: str) -> dict[str, EntryPoint]:
    """The entry points of ``group``, by name: this project's own first, then other packages'
    by package name (a stable order, whatever the order of the folders Python searches);
    within a package, by name (installers sort them so). The first of one name wins."""
    points = list(entry_points(group=group))

    def order(item: tuple[int, EntryPoint]) -> tuple[bool, str, int]:
        index, point = item
        dist = getattr(point, "dist", None)
        name = (getattr(dist, "name", "") or "").lower().replace("_", "-")
        return (name != OWN, name, index)

    found: dict[str, EntryPoint] = {}
    for _, point in sorted(enumerate(points), key=order):
        found.setdefault(point.name, point)
    return found


OWN = "ahoy-tui"  # this project's distribution: its rulesets come first in every list


def _load() -> None:
    """Load the installed rulesets once. Threads asking together wait for the first to
    finish; the flag is set only once every ruleset has been tried, so an import that fails
    for want of a module is tried again by the next caller."""
    global _loaded
    if _loaded:
        return
    with _lock:
        if _loaded:
            return
        found: dict[str, Ruleset] = {}
        own: set[str] = set()
        for name, point in plugins(GROUP).items():
            dist = getattr(point, "dist", None)
            if (getattr(dist, "name", "") or "").lower().replace("_", "-") == OWN:
                own.add(name)
            ruleset: Any = point.load()  # an ImportError leaves the registry to try again
            if getattr(ruleset, "id", None) != name:
                _BROKEN[name] = (f"its entry point {point.value} gives "
                                 f"{getattr(ruleset, 'id', ruleset)!r}, not a ruleset {name!r}")
                continue
            found[name] = ruleset
        # a package's rulesets in the order it gives them (``order``, lowest first), the
        # project's own before any other's
        ranked = sorted(found.items(), key=lambda item: (
            item[0] not in own, getattr(item[1], "order", 1000)))
        for name, ruleset in ranked:
            _RULESETS.setdefault(name, ruleset)
        _loaded = True


def get_ruleset(ruleset_id: str) -> Ruleset:
    _load()
    try:
        return _RULESETS[ruleset_id]
    except KeyError:
        if ruleset_id in _BROKEN:
            raise UnknownRuleset(f"ruleset {ruleset_id!r} is installed but broken: "
                                 f"{_BROKEN[ruleset_id]}") from None
        known = ", ".join(sorted(_RULESETS)) or "none"
        raise UnknownRuleset(f"unknown ruleset {ruleset_id!r} (known: {known})") from None


def rulesets() -> tuple[Ruleset, ...]:
    _load()
    return tuple(_RULESETS.values())


def reload() -> None:
    """Forget what was found and look again (a plugin installed while running, in tests)."""
    global _loaded
    with _lock:
        _RULESETS.clear()
        _BROKEN.clear()
        _loaded = False
