"""Turning engine values into JSON and back, through one cattrs converter.

Actions carry a ``"type"`` tag (their class's ``kind``); events an ``"event"`` tag. Tuples are
written as JSON lists. A state's hash (:func:`state_hash`) is a BLAKE2 tree digest of all its
fields, so the same game at the same step always hashes the same, on any machine.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from enum import Enum, StrEnum
from typing import Any, get_args, get_origin

import attrs
import cattrs
from cattrs.errors import IterableValidationError, IterableValidationNote
from cattrs.preconf.json import make_converter
from cattrs.strategies import configure_tagged_union

from ahoy_tui.engine.errors import InvalidAction
from ahoy_tui.engine.events import DiceRoll, Event, Happened
from ahoy_tui.engine.state import GameState


def _strict_int(value: Any, _: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"expected a whole number, got {json.dumps(value)}")
    return value


def _strict_float(value: Any, _: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"expected a number, got {json.dumps(value)}")
    return float(value)


def _strict_str(value: Any, _: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected text, got {json.dumps(value)}")
    return value


def _enum(value: Any, kind: Any) -> Any:
    return kind(value)


def _strict_bool(value: Any, _: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"expected true or false, got {json.dumps(value)}")
    return value


def _gathered(conv: cattrs.Converter, kind: Any, items: Any) -> list[tuple[Any, Any]]:
    """Structure each (where, value, type) of ``items``, gathering every problem as cattrs
    does, each noted with its index or key so that :func:`problem` names it."""
    out: list[tuple[Any, Any]] = []
    errors: list[Exception] = []
    for where, value, one, note in items:
        try:
            out.append((where, conv.structure(value, one)))
        except Exception as exc:  # gathered, as cattrs gathers them, to name where
            exc.__notes__ = [*getattr(exc, "__notes__", []),
                             IterableValidationNote(note, where, one)]
            errors.append(exc)
    if errors:
        raise IterableValidationError(f"While structuring {kind}", errors, kind)
    return out


def _strict_collections(conv: cattrs.Converter) -> None:
    """Tuples that take only a list and tables that take only a table: cattrs would iterate a
    table's keys, or a text's letters, as a list of ships, and fail inside on a list given for
    a table. Each item's problem names its index or key."""

    def tuples(kind: Any) -> Any:
        args = get_args(kind)
        homogeneous = not args or (len(args) == 2 and args[1] is Ellipsis)
        item = args[0] if args else Any

        def structure(value: Any, _: Any) -> tuple[Any, ...]:
            if not isinstance(value, list | tuple):
                raise TypeError(f"expected a list, got {_short(value)}")
            if not homogeneous and len(value) != len(args):
                raise TypeError(f"expected a list of {len(args)}, got {len(value)} items")
            kinds = [item] * len(value) if homogeneous else list(args)
            return tuple(v for _, v in _gathered(conv, kind, (
                (n, v, k, f"Structuring {kind} @ index {n}")
                for n, (v, k) in enumerate(zip(value, kinds, strict=True)))))

        return structure

    def tables(kind: Any) -> Any:
        key, item = get_args(kind) or (Any, Any)

        def structure(value: Any, _: Any) -> dict[Any, Any]:
            if not isinstance(value, Mapping):
                raise TypeError(f"expected a table, got {_short(value)}")
            if key is Any and item is Any:
                return dict(value)
            keys = [conv.structure(name, key) for name in value]
            return dict(_gathered(conv, kind, (
                (name, v, item, f"Structuring mapping value @ key {name!r}")
                for name, v in zip(keys, value.values(), strict=True))))

        return structure

    conv.register_structure_hook_factory(lambda kind: get_origin(kind) is tuple, tuples)
    conv.register_structure_hook_factory(lambda kind: get_origin(kind) is dict, tables)


def _short(value: Any) -> str:
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def make_strict(conv: cattrs.Converter) -> cattrs.Converter:
    """Refuse values of the wrong kind instead of converting them ("3" is not 3, 3.7 is not 3,
    true is not 1, a table is not a list): a bot or a hand-edited file must say what it means."""
    conv.register_structure_hook(int, _strict_int)
    conv.register_structure_hook(float, _strict_float)
    conv.register_structure_hook(str, _strict_str)
    # a StrEnum is a str too: without its own hook a phase would come back as plain text
    conv.register_structure_hook(StrEnum, _enum)
    conv.register_structure_hook(bool, _strict_bool)
    _strict_collections(conv)
    return conv


def _is_plain_json(kind: Any) -> bool:
    return kind == dict[str, Any]


def pass_plain_json(conv: cattrs.Converter) -> cattrs.Converter:
    """``dict[str, Any]`` fields (scenario data, options, actions as JSON, a state as data)
    hold JSON already: unstructure them as they are instead of walking every nested value
    (which cost more than the rest of a save or a server message together)."""
    conv.register_unstructure_hook_func(_is_plain_json, lambda value: value)
    return conv


converter = pass_plain_json(make_strict(make_converter(forbid_extra_keys=True)))
configure_tagged_union(DiceRoll | Happened, converter, tag_name="event",
                       tag_generator=lambda cl: cl.event)

_configured: set[Any] = set()


def configure_actions(union: Any) -> None:
    """Teach the converter a ruleset's action union (tagged by each class's ``kind``)."""
    if union not in _configured:
        configure_tagged_union(union, converter, tag_name="type",
                               tag_generator=lambda cl: cl.kind)
        _configured.add(union)


def action_to_data(action: Any, union: Any) -> dict[str, Any]:
    return converter.unstructure(action, unstructure_as=union)


def action_from_data(data: Any, union: Any) -> Any:
    """Structure an action, or raise :class:`InvalidAction` saying what is wrong, in one line."""
    if not isinstance(data, dict):
        raise InvalidAction("an action must be a JSON object")
    if "type" not in data:
        raise InvalidAction("an action needs a \"type\"")
    kinds = {cl.kind: cl for cl in union.__args__}
    kind = data["type"]
    if kind not in kinds:
        raise InvalidAction(f"unknown action type {kind!r} "
                            f"(known: {', '.join(sorted(kinds))})")
    try:
        return converter.structure(data, union)
    except (cattrs.BaseValidationError, KeyError, TypeError, ValueError) as exc:
        raise InvalidAction(f"malformed {kind!r} action: {problem(exc)}") from None


def too_deep(data: Any, limit: int) -> bool:
    """Whether parsed JSON nests lists and objects more than ``limit`` deep. Iterative, and it
    stops at the limit, so a hostile line costs no more than its length."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children: Any = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children
                     if isinstance(child, (dict, list)))
    return False


def problem(exc: BaseException) -> str:
    """A structuring error in plain words, naming the field: "inches: expected a whole number"."""
    if isinstance(exc, cattrs.BaseValidationError):
        parts = []
        for sub in exc.exceptions:
            notes = [str(n) for n in getattr(sub, "__notes__", [])]
            where = notes[0].rsplit("@ ", 1)[-1] if notes else ""
            where = where.replace("attribute ", "").replace("index ", "#").strip()
            inner = problem(sub)
            # a missing field's own note names the field the message names already; every
            # note above it (ships, #0) says where it is missing
            parts.append(f"{where}: {inner}" if where and not isinstance(sub, KeyError)
                         else inner)
        return "; ".join(parts[:3]) or "unreadable"
    if isinstance(exc, KeyError):
        return f"missing field {exc.args[0]!r}" if exc.args else "missing field"
    if isinstance(exc, TypeError) and "unexpected keyword" in str(exc):
        name = str(exc).rsplit(" ", 1)[-1].strip("'")
        return f"unknown field {name!r}"
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    if text.startswith("Extra fields in constructor for"):
        return "unknown field(s) " + text.split(": ", 1)[-1]
    return text


def event_to_data(event: Event) -> dict[str, Any]:
    return converter.unstructure(event, unstructure_as=DiceRoll | Happened)


def state_to_data(state: GameState) -> dict[str, Any]:
    return converter.unstructure(state)




# --- stable state hashes -----------------------------------------------------------------------
#
# A state's hash is a BLAKE2b tree digest: each attrs object hashes its class name and every
# field's name and value; a tuple hashes its items' digests. Values are written canonically
# (text as UTF-8 with its length, numbers by their shortest repr, enums by value), so the same
# state hashes the same on any machine and Python. States share every part an action did not
# change, so digests are remembered by object identity and only the changed parts are rehashed.

_DIGESTS: dict[int, tuple[Any, bytes]] = {}
_KEEP = 20000
_FIELDS: dict[type, tuple[tuple[str, bytes, Any], ...]] = {}
# Field metadata marking a field added to a state class after saves were made: while it holds
# its default it is left out of the hash, so those saves still verify.
ADDED = "added"
# Field metadata marking a field of words alone, a record of what happened kept for the
# players (Man O' War's roll of what won each Battle Honour): it follows from the actions like
# the rest of the state, decides nothing, and is never in the hash, so saves made before it,
# whose states would have held it, still verify.
TOLD = "told"
_ALWAYS = object()


def _remember(obj: Any, digest: bytes) -> bytes:
    if len(_DIGESTS) >= _KEEP:
        _DIGESTS.clear()  # whole, not in part: safe while a captain thinks in another thread
    _DIGESTS[id(obj)] = (obj, digest)
    return digest


def _enc(value: Any) -> bytes:
    """A value's canonical bytes: what it adds to the digest of whatever holds it."""
    kind = type(value)
    if kind is str:
        data = value.encode()
        return b"S%d:%s" % (len(data), data)
    if kind is int:
        return b"I%d;" % value
    if value is None:
        return b"N"
    if value is True:
        return b"T"
    if value is False:
        return b"F"
    if kind is float:
        return b"R" + repr(value).encode() + b";"
    if isinstance(value, Enum):
        return _enc(value.value)
    if isinstance(value, str):
        return _enc(str(value))
    if isinstance(value, int):
        return _enc(int(value))
    if isinstance(value, float):
        return _enc(float(value))
    return b"D" + _digest(value)


def _digest(obj: Any) -> bytes:
    found = _DIGESTS.get(id(obj))
    if found is not None and found[0] is obj:
        return found[1]
    # one update of the joined bytes: the same digest as updating with each piece in turn
    if isinstance(obj, (tuple, list)):
        parts = [b"L%d:" % len(obj)]
        parts += [_enc(item) for item in obj]
    elif isinstance(obj, dict):
        parts = [b"M%d:" % len(obj)]
        for key in sorted(obj):
            parts.append(_enc(key))
            parts.append(_enc(obj[key]))
    else:
        cls = obj.__class__
        fields = _FIELDS.get(cls)
        if fields is None:
            fields = _FIELDS[cls] = tuple(
                (a.name, a.name.encode(), a.default if a.metadata.get(ADDED) else _ALWAYS)
                for a in attrs.fields(cls) if not a.metadata.get(TOLD))
        parts = [cls.__name__.encode()]
        for name, encoded, default in fields:
            value = getattr(obj, name)
            if default is not _ALWAYS and value == default:
                continue  # a field added later, at its default: the state hashes as before
            parts.append(encoded)
            parts.append(_enc(value))
    return _remember(obj, hashlib.blake2b(b"".join(parts), digest_size=16).digest())


def state_hash(state: GameState) -> str:
    """A stable digest of everything in a state (24 hex digits)."""
    return _digest(state).hex()[:24]
