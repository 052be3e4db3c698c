"""Facts worked out from a state, remembered while its parts are the same objects.

A new state shares every part an action did not change (states are immutable, and
:func:`~ahoy_tui.engine.fast.replace` keeps an unchanged part the same object). So a fact that
depends only on a state's parts can be remembered by their identities: ask again about the same
parts, in this state or in a copy that differs only in the fields the fact ignores (the dice's
position, the step count), and the answer is found instead of worked out.

Identities are safe keys here because each entry holds its parts: while it is remembered, no
other object can take one of their ids.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from operator import attrgetter
from typing import Any, Generic, TypeVar

import attrs

V = TypeVar("V")


class StateMemo(Generic[V]):
    """The last ``size`` answers of ``compute(state)``, keyed by the identities of the state's
    fields (all but ``ignore``)."""

    def __init__(self, compute: Callable[[Any], V], *, size: int = 32,
                 ignore: tuple[str, ...] = ("rng", "step")) -> None:
        self._compute = compute
        self._size = size
        self._ignore = frozenset(ignore)
        self._getters: dict[type, attrgetter[Any]] = {}
        self._entries: OrderedDict[tuple[int, ...], tuple[tuple[Any, ...], V]] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def _parts(self, state: Any) -> tuple[Any, ...]:
        getter = self._getters.get(type(state))
        if getter is None:
            names = [a.name for a in attrs.fields(type(state)) if a.name not in self._ignore]
            getter = self._getters[type(state)] = attrgetter(*names)
        return getter(state)  # type: ignore[no-any-return]

    def __call__(self, state: Any) -> V:
        parts = self._parts(state)
        key = (id(type(state)), *map(id, parts))
        found = self._entries.get(key)
        if found is not None:
            self.hits += 1
            return found[1]
        self.misses += 1
        value = self._compute(state)
        with self._lock:
            self._entries[key] = (parts, value)
            while len(self._entries) > self._size:
                self._entries.popitem(last=False)
        return value

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
