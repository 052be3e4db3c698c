"""The kinds of a scenario's fields, declared once per ruleset and checked before its set-up.

A scenario arrives as a built-in TOML file, a player's file, the data kept in a save or a game
host's ``create_game``: any of them may hold a field of the wrong kind (``sides = null``, a ship
that is ``-1``, ``vessels = 3.5``). A ruleset declares the shape of its data (which fields are
text, numbers, tables, lists of tables) and :func:`check_shape` refuses data of another shape in
one line naming the field, before any rule reads it::

    SHIP = Fields({"id": TEXT, "x": NUMBER, "crew": COUNTS, "guns": List(GUN)})
    check_shape(raw, Fields({"ships": List(SHIP)}), "mine.toml", ScenarioError)
    # ScenarioError("mine.toml: ships[0].x: must be a number, not text")

Only the kinds are checked here; a field left out keeps the ruleset's default (or is refused by
the ruleset, which also checks values: ranges, names from its tables, how fields fit together).
Keys the shape does not name are left to the ruleset.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from attrs import frozen


class Shape(Protocol):
    """A kind of field: ``problem`` is None for a value of this kind, else one line naming
    ``where`` (the field's path: ``ships[0].crew.elf``)."""

    words: str

    def problem(self, value: Any, where: str) -> str | None: ...


def _words(value: Any) -> str:
    """What a value is, in the words of a scenario's writer."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, Mapping):
        return "a table"
    if isinstance(value, list | tuple):
        return "a list"
    return type(value).__name__


@frozen
class Kind:
    """A plain value: text, a whole number, any number, or true/false."""

    name: str
    words: str

    def problem(self, value: Any, where: str) -> str | None:
        if self.name == "number":
            ok = isinstance(value, int | float) and not isinstance(value, bool)
        elif self.name == "whole":
            ok = isinstance(value, int) and not isinstance(value, bool)
        elif self.name == "flag":
            ok = isinstance(value, bool)
        else:
            ok = isinstance(value, str)
        return None if ok else f"{where}: must be {self.words}, not {_words(value)}"


TEXT = Kind("text", "text")
WHOLE = Kind("whole", "a whole number")
NUMBER = Kind("number", "a number")
FLAG = Kind("flag", "true or false")


@frozen
class Either:
    """One of several kinds (a heading: a compass point, or degrees)."""

    kinds: tuple[Shape, ...]
    words: str

    def problem(self, value: Any, where: str) -> str | None:
        if any(kind.problem(value, where) is None for kind in self.kinds):
            return None
        return f"{where}: must be {self.words}, not {_words(value)}"


@frozen
class Fields:
    """A table whose named fields are of the kinds given (others are the ruleset's affair)."""

    fields: Mapping[str, Shape]
    words: str = "a table"

    def problem(self, value: Any, where: str) -> str | None:
        if not isinstance(value, Mapping):
            return f"{where}: must be {self.words}, not {_words(value)}"
        for key, kind in self.fields.items():
            if key in value:
                found = kind.problem(value[key], f"{where}.{key}" if where else key)
                if found:
                    return found
        return None


@frozen
class Each:
    """A table whose every value is of one kind, keyed by text (a crew: count by profile)."""

    kind: Shape
    words: str

    def problem(self, value: Any, where: str) -> str | None:
        if not isinstance(value, Mapping):
            return f"{where}: must be {self.words}, not {_words(value)}"
        for key, item in value.items():
            found = self.kind.problem(item, f"{where}.{key}")
            if found:
                return found
        return None


@frozen
class List:
    """A list whose every item is of one kind (the ships: each a table)."""

    item: Shape
    words: str = ""

    def problem(self, value: Any, where: str) -> str | None:
        if not isinstance(value, list | tuple):
            words = self.words or f"a list of {_plural(self.item)}"
            return f"{where}: must be {words}, not {_words(value)}"
        for index, item in enumerate(value):
            found = self.item.problem(item, f"{where}[{index}]")
            if found:
                return found
        return None


def _plural(kind: Shape) -> str:
    words = kind.words
    return {"text": "text", "a table": "tables", "a number": "numbers",
            "a whole number": "whole numbers"}.get(words, words)


COUNTS = Each(WHOLE, "a table of whole numbers")
POINT = List(NUMBER, "an [x, y] pair of numbers")


def check_shape(data: Any, shape: Fields, source: str, error: type[Exception]) -> None:
    """Raise ``error`` with one line naming the first field of the wrong kind:
    ``"mine.toml: ships[0].side: must be text, not a list"``."""
    if not isinstance(data, Mapping):
        raise error(f"{source}: a scenario is a table of keys, not {_words(data)}")
    found = shape.problem(data, "")
    if found:
        raise error(f"{source}: {found}")
