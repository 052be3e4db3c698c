"""The installed rule systems by name, read without importing their rules.

A title screen needs only each rule system's id and title, in the order of the lists; importing
five rule systems' models, tables and scenarios to print their names took most of a second at
start. A ruleset's package may carry ``about.toml`` beside its ``__init__.py`` (``title``,
``order``, ``learn``: the scenario of Learn to play), which its ruleset object also reads, so
the two never disagree; the catalogue reads that file through the import system's finder, which
locates a package without running it. A ruleset without the file is loaded to be asked (the slow
way, but the same answer).
"""

from __future__ import annotations

import importlib.util
import tomllib
from pathlib import Path
from typing import Any, NamedTuple

from ahoy_tui.engine.registry import GROUP, OWN, plugins

ABOUT = "about.toml"


class Entry(NamedTuple):
    """One rule system as the lists show it (a plain tuple: nothing to import at start)."""

    id: str
    title: str
    order: int
    learn: str = ""  # the scenario of Learn to play (a guided first battle), if it has one


def about(package_file: str) -> dict[str, Any]:
    """A ruleset package's ``about.toml``, given its ``__init__.py`` (``__file__``)."""
    return tomllib.loads((Path(package_file).parent / ABOUT).read_text("utf-8"))


def _about_of(module: str) -> dict[str, Any] | None:
    try:
        spec = importlib.util.find_spec(module)  # imports the parent packages, not this one
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        path = Path(folder) / ABOUT
        if path.is_file():
            try:
                data = tomllib.loads(path.read_text("utf-8"))
            except (OSError, tomllib.TOMLDecodeError):
                return None
            if isinstance(data.get("title"), str) and isinstance(data.get("order", 1000), int):
                return data
    return None


def catalogue() -> tuple[Entry, ...]:
    """Every installed rule system, the project's own first, each package's by ``order``
    (as :func:`ahoy_tui.engine.registry.rulesets` lists them)."""
    entries: list[tuple[bool, int, Entry]] = []
    for name, point in plugins(GROUP).items():
        dist = getattr(point, "dist", None)
        own = (getattr(dist, "name", "") or "").lower().replace("_", "-") == OWN
        data = _about_of(point.module)
        if data is None:
            from ahoy_tui.engine.registry import get_ruleset

            try:
                ruleset: Any = get_ruleset(name)
            except Exception:
                continue
            data = {"title": ruleset.title, "order": getattr(ruleset, "order", 1000),
                    "learn": getattr(ruleset, "learn", "")}
        learn = data.get("learn", "")
        entries.append((not own, data.get("order", 1000),
                        Entry(name, data["title"], data.get("order", 1000),
                              learn if isinstance(learn, str) else "")))
    entries.sort(key=lambda item: (item[0], item[1]))
    return tuple(entry for _, _, entry in entries)
