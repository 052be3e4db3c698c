"""Fleet books: a fleet bought from a rule system's catalogue, the same way in every rule system.

A ruleset that lets players buy their fleets brings a *fleet book* (its ``fleet_book`` hook): the
settings a fleet is bought under (a race, the points total, a Wizard…), the catalogue of what may
be bought (each :class:`Entry` with its cost and its card), what each line of the fleet costs,
and the checks of its own rules, each naming the rule (:class:`Check`). The book also puts a fleet
on the table (``with_fleet``: scenario data with the fleet in place of one side's forces).

This module holds what is the same for every rule system: the value types, the points and
allowance arithmetic (:func:`tally`), and fleet files (TOML or JSON, versioned, in one folder a
rule system under the fleets folder, every error one line naming the file). It knows no rule
system: each book says its own id.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final, Protocol

import attrs
from attrs import field, frozen

FORMAT: Final = "ahoy-fleet-book"
VERSION = 1
MAX_NAME = 40
MAX_PICKS = 60
ERROR: Final = "error"
WARNING: Final = "warning"
SUFFIXES = (".toml", ".json")


class FleetBookError(ValueError):
    """A fleet file that cannot be read, written or used; ``str()`` is one line."""


@frozen
class Extra:
    """Something bought for one pick (an anti-flyer weapon for a Man O' War, the Admiral aboard):
    its cost and the allowance it is drawn from first."""

    key: str
    name: str
    cost: int = 0
    allowance: str = ""


@frozen
class Field:
    """A choice made for one pick (a ship's size, her modification, her bow gun): ``choices``
    are (words, value)."""

    key: str
    label: str
    choices: tuple[tuple[str, str], ...]
    default: str


@frozen
class Entry:
    """One thing in the catalogue: what a pick of it buys (``count`` models: a squadron of
    three), what it costs, the allowance it is drawn from first, and its card as the battle shows
    it, one line a row (and, in ``preview``, the record card the battle screen draws)."""

    key: str
    name: str
    kind: str
    cost: int
    card: tuple[str, ...] = ()
    count: int = 1
    allowance: str = ""
    extras: tuple[Extra, ...] = ()
    preview: Any = field(default=None, eq=False)  # the ruleset's own card of it, if it has one
    fields: tuple[Field, ...] = ()  # what is chosen for each pick of it


@frozen
class Setting:
    """A choice a whole fleet is bought under: ``choices`` are (words, value)."""

    key: str
    label: str
    choices: tuple[tuple[str, str], ...]
    default: str


@frozen
class Pick:
    """One line of a fleet: a catalogue entry and the extras bought for it."""

    entry: str
    extras: tuple[str, ...] = ()
    options: dict[str, str] = field(factory=dict)  # each of the entry's fields chosen

    def option(self, entry: Entry, key: str) -> str:
        """The value chosen for one of the entry's fields, or its default."""
        chosen = self.options.get(key)
        if chosen is not None:
            return chosen
        return next((f.default for f in entry.fields if f.key == key), "")


@frozen
class Fleet:
    """A fleet as saved: its rule system, its name, its settings and what it bought."""

    ruleset: str
    name: str
    settings: dict[str, str] = field(factory=dict)
    picks: tuple[Pick, ...] = ()

    def setting(self, key: str, default: str = "") -> str:
        return self.settings.get(key, default)


@frozen
class Cost:
    """One line of a fleet's bill: what, how many points, from which allowance first."""

    what: str
    points: int
    allowance: str = ""


@frozen
class Check:
    """One rule a fleet does not keep: the rule's name, the words, and ``level`` "error" (the
    fleet cannot sail) or "warning"; ``pick`` the line it is about, None for the fleet."""

    rule: str
    text: str
    level: str = ERROR
    pick: int | None = None

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})"


@frozen
class Tally:
    """The points as they stand: spent out of the total, and each allowance's use."""

    total: int
    spent: int
    allowances: tuple[tuple[str, int, int], ...] = ()  # (name, used, allowed)

    @property
    def left(self) -> int:
        return self.total - self.spent


class OneTotalBook:
    """The common part of a fleet book bought to one total and nothing drawn apart (Naval
    Battle's action points, Ramming Speed!'s points, ACKS II's purse): a new fleet at the
    default total, the total as set, no allowances, and a line's cost with its choices. A
    book sets ``ruleset``, ``total_key``, ``fallback`` and ``default_total``, and brings its
    own ``settings``, ``catalogue`` and ``costs``."""

    ruleset: str
    total_key: str = "points"
    fallback: int = 0  # the total when the fleet's setting is not a number

    @property
    def default_total(self) -> int:
        raise NotImplementedError

    def costs(self, fleet: Fleet) -> list[Cost]:
        raise NotImplementedError

    def new(self, name: str = "New fleet") -> Fleet:
        return Fleet(self.ruleset, name, {self.total_key: str(self.default_total)})

    def total(self, fleet: Fleet) -> int:
        value = fleet.setting(self.total_key, str(self.default_total))
        return int(value) if value.isdigit() else self.fallback

    def allowances(self, fleet: Fleet) -> dict[str, int]:
        return {}

    def pick_cost(self, fleet: Fleet, pick: Pick) -> int:
        """What one line costs with its choices (the screen shows it beside the line)."""
        return sum(c.points for c in self.costs(attrs.evolve(fleet, picks=(pick,))))


class FleetBook(Protocol):
    """What a ruleset's ``fleet_book`` brings (see docs/engine.md)."""

    ruleset: str
    title: str

    def settings(self, fleet: Fleet) -> tuple[Setting, ...]: ...
    def catalogue(self, fleet: Fleet) -> tuple[Entry, ...]: ...
    def costs(self, fleet: Fleet) -> list[Cost]: ...
    def total(self, fleet: Fleet) -> int: ...
    def allowances(self, fleet: Fleet) -> dict[str, int]: ...
    def check(self, fleet: Fleet) -> list[Check]: ...
    def with_fleet(self, data: Mapping[str, Any], side: str,
                   fleet: Fleet) -> dict[str, Any]: ...


# --- the arithmetic every rule system shares ----------------------------------------------------

def entry_of(catalogue: Sequence[Entry], key: str) -> Entry | None:
    return next((e for e in catalogue if e.key == key), None)


def pick_costs(catalogue: Sequence[Entry], fleet: Fleet) -> list[Cost]:
    """The bill of the picks: each entry's cost and each extra bought for it (an entry not in
    the catalogue costs nothing here: the checks say it is not to be had)."""
    out: list[Cost] = []
    for pick in fleet.picks:
        entry = entry_of(catalogue, pick.entry)
        if entry is None:
            continue
        out.append(Cost(entry.name, entry.cost, entry.allowance))
        for key in pick.extras:
            extra = next((x for x in entry.extras if x.key == key), None)
            if extra is not None and extra.cost:
                out.append(Cost(f"{extra.name} ({entry.name})", extra.cost, extra.allowance))
    return out


def tally(total: int, costs: Sequence[Cost], allowances: Mapping[str, int]) -> Tally:
    """Points spent: every cost, less what its allowance pays for (an allowance pays for its own
    kind only, up to its size; the rest comes out of the total)."""
    used = dict.fromkeys(allowances, 0)
    spent = 0
    for cost in costs:
        if cost.allowance in used:
            used[cost.allowance] += cost.points
        else:
            spent += cost.points
    for name, amount in used.items():
        spent += max(0, amount - allowances[name])
    return Tally(total, spent, tuple((n, used[n], allowances[n]) for n in allowances))


def tally_of(book: FleetBook, fleet: Fleet) -> Tally:
    return tally(book.total(fleet), book.costs(fleet), book.allowances(fleet))


def count_kind(catalogue: Sequence[Entry], fleet: Fleet, *kinds: str) -> int:
    """How many picks of these kinds the fleet has."""
    found = {e.key: e.kind for e in catalogue}
    return sum(1 for p in fleet.picks if found.get(p.entry) in kinds)


def _words(values: Sequence[str]) -> str:
    return ", ".join(v or "none" for v in values)


def base_checks(book: FleetBook, fleet: Fleet, rule: str,
                field_rules: Mapping[str, str] | None = None) -> list[Check]:
    """What every fleet must be: a name, settings from their choices, picks from the
    catalogue, extras the entry offers, each at most once, choices from their lists, and within
    the points (``rule``: the rule that sets the points; ``field_rules``: the rule of a pick's
    field, where another)."""
    out: list[Check] = []
    field_rules = field_rules or {}
    unit = getattr(book, "unit", "points")
    if not fleet.name.strip():
        out.append(Check(rule, "a fleet needs a name"))
    elif len(fleet.name) > MAX_NAME:
        out.append(Check(rule, f"a fleet's name has at most {MAX_NAME} letters"))
    for setting in book.settings(fleet):
        value = fleet.settings.get(setting.key, setting.default)
        if value not in [v for _, v in setting.choices]:
            out.append(Check(rule, f"{setting.label.lower()} {value!r} is not one of "
                             f"{_words([v for _, v in setting.choices])}"))
    known = {s.key for s in book.settings(fleet)}
    for key in fleet.settings:
        if key not in known:
            out.append(Check(rule, f"{key!r} is not a setting of {book.title}"))
    if len(fleet.picks) > MAX_PICKS:
        out.append(Check(rule, f"at most {MAX_PICKS} lines in a fleet"))
    catalogue = book.catalogue(fleet)
    for index, pick in enumerate(fleet.picks):
        entry = entry_of(catalogue, pick.entry)
        if entry is None:
            out.append(Check(rule, f"{pick.entry!r} is not to be had in this fleet", pick=index))
            continue
        offered = {x.key for x in entry.extras}
        for key in pick.extras:
            if key not in offered:
                out.append(Check(rule, f"the {entry.name} cannot take {key!r}", pick=index))
        if len(set(pick.extras)) != len(pick.extras):
            out.append(Check(rule, f"the {entry.name} takes each extra once", pick=index))
        fields = {f.key: f for f in entry.fields}
        for key, value in pick.options.items():
            if key not in fields:
                out.append(Check(field_rules.get(key, rule),
                                 f"the {entry.name} has no {key!r} to choose", pick=index))
            elif value not in [v for _, v in fields[key].choices]:
                out.append(Check(field_rules.get(key, rule),
                                 f"the {entry.name}'s {fields[key].label.lower()}: {value!r} "
                                 f"is not one of {_words([v for _, v in fields[key].choices])}",
                                 pick=index))
    bill = tally_of(book, fleet)
    if bill.spent > bill.total:
        out.append(Check(rule, f"the fleet costs {bill.spent} {unit}, {bill.spent - bill.total}"
                               f" more than the {bill.total} allowed"))
    return out


def errors(book: FleetBook, fleet: Fleet) -> list[Check]:
    return [c for c in book.check(fleet) if c.level == ERROR]


def require_usable(book: FleetBook, fleet: Fleet, source: str) -> None:
    """Raise :class:`FleetBookError` with the first error, naming ``source`` and the rule."""
    found = errors(book, fleet)
    if found:
        raise FleetBookError(f"{source}: {found[0]}")


# --- files --------------------------------------------------------------------------------------

def to_data(fleet: Fleet) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "ruleset": fleet.ruleset, "name": fleet.name,
            "settings": dict(fleet.settings),
            "picks": [{"entry": p.entry, **({"extras": list(p.extras)} if p.extras else {}),
                       **({"options": dict(p.options)} if p.options else {})}
                      for p in fleet.picks]}


def _text(value: Any, where: str, source: str) -> str:
    if not isinstance(value, str):
        raise FleetBookError(f"{source}: {where}: must be text, not {type(value).__name__}")
    return value


def from_data(data: Any, source: str, ruleset: str | None = None) -> Fleet:
    """A fleet from plain data (a file's, or a scenario's inline table); one-line errors."""
    if not isinstance(data, Mapping):
        raise FleetBookError(f"{source}: not a fleet (expected a table)")
    fmt = data.get("format", FORMAT)
    if fmt != FORMAT:
        raise FleetBookError(f"{source}: not a fleet book (format is {fmt!r}, expected "
                             f"{FORMAT!r})")
    version = data.get("version", VERSION)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise FleetBookError(f"{source}: version: {version!r} is not a whole number from 1")
    if version > VERSION:
        raise FleetBookError(f"{source}: saved by a newer version of Ahoy TUI (fleet book "
                             f"format {version}; this program reads up to {VERSION})")
    extra = set(data) - {"format", "version", "ruleset", "name", "settings", "picks"}
    if extra:
        raise FleetBookError(f"{source}: {sorted(extra)[0]}: not a field of a fleet")
    given = _text(data.get("ruleset", ruleset or ""), "ruleset", source)
    if ruleset is not None and given != ruleset:
        raise FleetBookError(f"{source}: ruleset: a fleet for {given!r}, not for {ruleset!r}")
    name = _text(data.get("name", ""), "name", source)
    settings = data.get("settings", {})
    if not isinstance(settings, Mapping):
        raise FleetBookError(f"{source}: settings: must be a table")
    picks_raw = data.get("picks", [])
    if not isinstance(picks_raw, list):
        raise FleetBookError(f"{source}: picks: must be a list")
    picks: list[Pick] = []
    for index, raw in enumerate(picks_raw):
        where = f"picks[{index}]"
        if isinstance(raw, str):
            raw = {"entry": raw}
        if not isinstance(raw, Mapping):
            raise FleetBookError(f"{source}: {where}: must be a table (entry, extras)")
        unknown = set(raw) - {"entry", "extras", "options"}
        if unknown:
            raise FleetBookError(f"{source}: {where}.{sorted(unknown)[0]}: not a field of a "
                                 "pick")
        if "entry" not in raw:
            raise FleetBookError(f"{source}: {where}.entry: is missing")
        extras = raw.get("extras", [])
        if not isinstance(extras, list):
            raise FleetBookError(f"{source}: {where}.extras: must be a list")
        options = raw.get("options", {})
        if not isinstance(options, Mapping):
            raise FleetBookError(f"{source}: {where}.options: must be a table")
        picks.append(Pick(_text(raw["entry"], f"{where}.entry", source),
                          tuple(_text(x, f"{where}.extras", source) for x in extras),
                          {str(k): _text(v, f"{where}.options.{k}", source)
                           for k, v in options.items()}))
    return Fleet(given, name, {str(k): _text(v, f"settings.{k}", source)
                               for k, v in settings.items()}, tuple(picks))


def to_json(fleet: Fleet) -> str:
    return json.dumps(to_data(fleet), indent=1, ensure_ascii=False) + "\n"


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.casefold()).strip("_") or "fleet"


def fleets_dir(ruleset: str, folder: Path | None = None) -> Path:
    """A rule system's fleets: ``<fleets folder>/<ruleset id>/``."""
    if folder is None:
        from ahoy_tui.paths import default_fleets_dir

        folder = default_fleets_dir()
    return folder / ruleset


def fleet_path(fleet: Fleet, folder: Path | None = None) -> Path:
    return fleets_dir(fleet.ruleset, folder) / f"{slug(fleet.name)}.json"


def save(book: FleetBook, fleet: Fleet, folder: Path | None = None) -> Path:
    """Write a usable fleet atomically as JSON; returns the path."""
    from ahoy_tui.engine.saves import write_atomic

    path = fleet_path(fleet, folder)
    require_usable(book, fleet, str(path))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, to_json(fleet))
    except OSError as exc:
        raise FleetBookError(f"{path}: cannot write: {exc.strerror or exc}") from None
    return path


def load_file(path: Path | str, ruleset: str | None = None) -> Fleet:
    """A fleet file, TOML or JSON by its suffix; every error one line naming the file."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise FleetBookError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise FleetBookError(f"{path}: is a folder, not a fleet") from None
    except OSError as exc:
        raise FleetBookError(f"{path}: cannot read: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise FleetBookError(f"{path}: not a fleet (not UTF-8 text)") from None
    if not text.strip():
        raise FleetBookError(f"{path}: the file is empty")
    if path.suffix == ".toml":
        try:
            data: Any = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise FleetBookError(f"{path}: not a fleet: {exc}") from None
    else:
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, RecursionError) as exc:
            where = (f" at line {exc.lineno}, column {exc.colno} ({exc.msg})"
                     if isinstance(exc, json.JSONDecodeError) else "")
            raise FleetBookError(f"{path}: not a fleet: invalid JSON{where}") from None
    if isinstance(data, dict) and "format" not in data:
        raise FleetBookError(f"{path}: not a fleet (no format = {FORMAT!r})")
    return from_data(data, str(path), ruleset)


def saved(ruleset: str, folder: Path | None = None) -> list[tuple[Path, Fleet | FleetBookError]]:
    """Every fleet file of a rule system, by file name: the fleet, or why it cannot be read."""
    where = fleets_dir(ruleset, folder)
    try:
        paths = sorted(p for p in where.iterdir() if p.is_file() and p.suffix in SUFFIXES)
    except OSError:
        return []
    out: list[tuple[Path, Fleet | FleetBookError]] = []
    for path in paths:
        try:
            out.append((path, load_file(path, ruleset)))
        except FleetBookError as exc:
            out.append((path, exc))
    return out


def find(ruleset: str, name: str, folder: Path | None = None) -> Fleet:
    """A saved fleet by its name (or file name), or a fleet file by its path."""
    path = Path(name)
    if path.suffix in SUFFIXES and (path.is_absolute() or path.exists() or "/" in name):
        return load_file(path, ruleset)
    for suffix in SUFFIXES:
        target = fleets_dir(ruleset, folder) / f"{slug(name)}{suffix}"
        if target.exists():
            return load_file(target, ruleset)
    found = saved(ruleset, folder)
    for _, fleet in found:
        if isinstance(fleet, Fleet) and fleet.name.casefold() == name.casefold():
            return fleet
    known = [f.name for _, f in found if isinstance(f, Fleet)]
    raise FleetBookError(f"no saved fleet {name!r} in {fleets_dir(ruleset, folder)} (saved: "
                         f"{', '.join(known) or 'none'})")


def scenario_fleets(raw: Mapping[str, Any], source: str, base: Path | None,
                    book: FleetBook) -> dict[str, Any]:
    """A scenario's ``[[fleets]]`` put in place of their sides' forces, by ``book``: each has
    ``side`` and one of ``fleet`` (a saved fleet's name), ``file`` (a fleet file, relative to
    the scenario's folder ``base``) or the fleet itself (``name``, ``settings``, ``picks``). Each
    is checked by the book; the data returned has the forces themselves, so a saved battle keeps
    them. Raises :class:`FleetBookError` in one line naming ``source`` and the rule."""
    if "fleets" not in raw:
        return dict(raw)
    out = dict(raw)
    entries = out.pop("fleets")
    if not isinstance(entries, list):
        raise FleetBookError(f"{source}: fleets: expected a list of [[fleets]] tables")
    for index, entry in enumerate(entries):
        where = f"{source}: fleets[{index}]"
        if not isinstance(entry, Mapping):
            raise FleetBookError(f"{where}: expected a table")
        side = entry.get("side")
        if side not in ("p1", "p2"):
            raise FleetBookError(f"{where}.side: must be p1 or p2")
        given = [k for k in ("fleet", "file", "picks") if k in entry]
        if len(given) != 1:
            raise FleetBookError(f"{where}: give exactly one of fleet (a saved fleet's name), "
                                 "file or picks")
        try:
            if "fleet" in entry:
                fleet = find(book.ruleset, str(entry["fleet"]))
            elif "file" in entry:
                path = Path(str(entry["file"]))
                fleet = load_file(path if path.is_absolute() or base is None else base / path,
                                  book.ruleset)
            else:
                fleet = from_data({"name": entry.get("name", f"{side} fleet"),
                                   "settings": entry.get("settings", {}),
                                   "picks": entry["picks"]}, where, book.ruleset)
            require_usable(book, fleet, f"{where} ({fleet.name})")
        except FleetBookError as exc:
            message = str(exc)
            raise FleetBookError(message if message.startswith(source)
                                 else f"{where}: {message}") from None
        try:
            out = book.with_fleet(out, str(side), fleet)
        except (KeyError, TypeError, ValueError) as exc:
            raise FleetBookError(f"{where} ({fleet.name}): {exc}") from None
    return out
