"""A quicker ``attrs.evolve`` for the engine's frozen classes.

``attrs.evolve`` looks up the class's fields on every call and goes through ``__init__`` with
keywords; the rules copy ships and states thousands of times a second. :func:`replace` uses a
copier generated once per class: a new instance with every slot filled straight from the old
one, the changes written over it. Same result, about twice as fast. Classes with converters,
validators or ``__attrs_post_init__`` (whose ``__init__`` does more than store the values) go
through ``__init__`` as before.

A copy whose every change is the value already there (the same object) is not made: the
original is returned. Frozen values have no identity worth keeping apart, and a ship that did
not change stays the same object, so what is remembered about it by identity (its hull's
outline, who stands on it) is found again.
"""

from __future__ import annotations

from collections.abc import Callable
from types import MemberDescriptorType
from typing import Any, TypeVar

import attrs

T = TypeVar("T")

_COPIERS: dict[type, Callable[[Any, dict[str, Any]], Any]] = {}


def _plain(cls: type) -> bool:
    """Whether ``__init__`` only stores each field's value (no converter, validator, hook)."""
    if hasattr(cls, "__attrs_post_init__") or hasattr(cls, "__attrs_pre_init__"):
        return False
    fields = attrs.fields(cls)
    if not all(a.init and a.converter is None and a.validator is None for a in fields):
        return False
    try:
        return all(isinstance(_slot(cls, a.name), MemberDescriptorType) for a in fields)
    except AttributeError:
        return False


def _slot(cls: type, name: str) -> Any:
    for klass in cls.__mro__:
        if name in klass.__dict__:
            return klass.__dict__[name]
    raise AttributeError(name)


def _copier(cls: type) -> Callable[[Any, dict[str, Any]], Any]:
    fields = [a for a in attrs.fields(cls) if a.init]
    names = [a.name for a in fields]
    if _plain(cls):
        # new = object.__new__(cls), each slot written through its own descriptor: what
        # attrs' __init__ does, without the call and its arguments
        space: dict[str, Any] = {"_new": object.__new__, "_set": object.__setattr__,
                                 "cls": cls, "_names": frozenset(names)}
        lines = ["def copy(obj, changes):", "    new = _new(cls)"]
        for i, name in enumerate(names):
            space[f"_s{i}"] = _slot(cls, name).__set__
            lines.append(f"    _s{i}(new, obj.{name})")
        lines += ["    for name, value in changes.items():",
                  "        if name not in _names:",
                  "            raise TypeError(f'{cls.__name__} has no field {name!r}')",
                  "        _set(new, name, value)",
                  "    return new"]
        exec("\n".join(lines), space)
        copy: Callable[[Any, dict[str, Any]], Any] = space["copy"]
    else:
        def copy(obj: Any, changes: dict[str, Any]) -> Any:
            values = {n: getattr(obj, n) for n in names}
            values.update(changes)
            return cls(**values)
    _COPIERS[cls] = copy
    return copy


def replace(obj: T, **changes: Any) -> T:
    """A copy of the frozen attrs instance ``obj`` with ``changes`` applied (``obj`` itself when
    every change is already its value)."""
    for name, value in changes.items():
        if getattr(obj, name, _MISSING) is not value:
            break
    else:
        return obj
    cls = obj.__class__
    copy = _COPIERS.get(cls) or _copier(cls)
    return copy(obj, changes)  # type: ignore[no-any-return]


_MISSING = object()
