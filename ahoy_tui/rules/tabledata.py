"""What every ruleset's rules tables share: reading a TOML table file shipped with the ruleset,
looking an id up with an error that names the file and the key, and read-only views.

Each ruleset's ``tables.py`` declares its own classes and reads its files through these.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from importlib import resources
from types import MappingProxyType
from typing import Any, TypeVar

import cattrs

T = TypeVar("T")


class DataError(KeyError):
    """An id that the rules tables do not have, or a table file that does not parse."""

    def __str__(self) -> str:
        return str(self.args[0])


def lookup(mapping: Mapping[Any, Any], key: Any, filename: str, section: str) -> Any:
    """``mapping[key]``, or a :class:`DataError` naming the file, the table and the known ids."""
    try:
        return mapping[key]
    except KeyError:
        where = f"[{section}.{key}]" if section else f"[{key}]"
        known = ", ".join(str(k) for k in mapping)
        raise DataError(f"{filename} has no {where} (known: {known})") from None


_STRICT = cattrs.Converter(forbid_extra_keys=True)


def structure(cls: type[T], data: Mapping[str, Any], where: str) -> T:
    """One table entry as its frozen class (no key it does not know), or a
    :class:`DataError` saying where and what is wrong."""
    try:
        return _STRICT.structure(dict(data), cls)
    except cattrs.BaseValidationError as exc:
        raise DataError(f"{where}: {cattrs.transform_error(exc)}") from None


def read_toml(package: str, name: str) -> dict[str, Any]:
    """The TOML file ``data/<name>`` of a ruleset's package, parsed."""
    text = resources.files(package).joinpath("data", name).read_text("utf-8")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{name}: {exc}") from None


def int_keys(mapping: dict[str, Any]) -> dict[Any, Any]:
    """TOML keys are strings; dice tables are keyed by the number rolled."""
    out: dict[Any, Any] = {}
    for key, value in mapping.items():
        if isinstance(value, dict):
            value = int_keys(value)
        out[int(key) if key.isdigit() else key] = value
    return out


def frozen_view(value: Any) -> Any:
    """Read-only views all the way down (a table must not change under a running game)."""
    if isinstance(value, dict):
        return MappingProxyType({key: frozen_view(item) for key, item in value.items()})
    if isinstance(value, list):
        return tuple(frozen_view(item) for item in value)
    return value
