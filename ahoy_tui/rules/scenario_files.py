"""What the rulesets' scenario loaders share: a scenario's raw data read from the data given,
a file, or a built-in TOML shipped with the ruleset, the lines ``ahoy scenarios`` lists, and the
order a set-up reads a table of the scenario in (:func:`in_rules_order`).

Each ruleset checks the data itself (its own ``scenario.build``, the kinds of its fields declared
with ``rules/scenario_shape.py``); a file that cannot be read or is not TOML is refused here with
one line naming it, as the ruleset's own error type.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from attrs import frozen

from ahoy_tui.engine.replay import keys_as_written
from ahoy_tui.engine.ruleset import ScenarioInfo


@frozen
class Scenario:
    """A scenario as loaded: its name, title and one-line description, its data (kept in a
    save, so the battle replays after the file changes) and where it came from."""

    name: str
    title: str
    description: str
    data: dict[str, Any]
    source: str

    def to_data(self) -> dict[str, Any]:
        return self.data


def builtin_text(package: str, name: str) -> str:
    return (resources.files(package) / "scenarios" / f"{name}.toml").read_text(encoding="utf-8")


def builtin_infos(package: str, names: Sequence[str]) -> tuple[ScenarioInfo, ...]:
    """The list lines of a ruleset's built-in scenarios: name, title, description, sides."""
    out = []
    for name in names:
        data = tomllib.loads(builtin_text(package, name))
        out.append(ScenarioInfo(name, data["title"], data.get("description", ""),
                                tuple(s["name"] for s in data["sides"])))
    return tuple(out)


def raw_scenario(package: str, names: Sequence[str], error: type[Exception],
                 name: str | None = None, path: Path | None = None,
                 data: Mapping[str, Any] | None = None) -> tuple[dict[str, Any], str, str]:
    """(the data, where it came from, its name): from ``data``, a file, or the built-in
    ``name`` (the first built-in when none is named). Raises ``error`` in one line."""
    if data is not None:
        return dict(data), "scenario data", name or "custom"
    if path is not None:
        source = str(path)
        try:
            raw = tomllib.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as exc:
            raise error(f"{source}: cannot read: {exc.strerror or exc}") from None
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise error(f"{source}: not TOML: {exc}") from None
        return raw, source, name or "custom"
    name = name or names[0]
    if name not in names:
        raise error(f"no scenario {name!r} (built in: {', '.join(names)})")
    return tomllib.loads(builtin_text(package, name)), f"{name}.toml", name


def in_rules_order(table: Mapping[str, Any], order: Iterable[str]) -> list[tuple[str, Any]]:
    """A scenario's table (a crew by profile, a victory by condition) as (key, value) pairs in
    the rules' own ``order`` (their table of profiles, their list of conditions), keys the rules
    do not list last, by name. A set-up never depends on the order the keys were written in: a
    store, or a program that wrote the scenario, may keep them in another (an old save's set-up
    reads them as written, engine/replay.py: keys_as_written)."""
    if keys_as_written():
        return list(table.items())
    rank = {key: n for n, key in enumerate(order)}
    return sorted(table.items(), key=lambda item: (rank.get(item[0], len(rank)), item[0]))
