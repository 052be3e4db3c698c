"""Facts worked out from a state, remembered for the last few states asked about.

A screen lists the legal actions of the present state to show them, then the engine checks
the chosen action against the same list; a captain lists them, then plays one. States are
immutable, so what was worked out from one stays true of it: :class:`StateMemo` keeps the last
few answers by the state's identity. Each entry holds its state, so no other object can take
its id while it is remembered.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Generic, TypeVar

V = TypeVar("V")


class StateMemo(Generic[V]):
    """The last ``size`` answers of ``compute(state)``, by the state's identity."""

    def __init__(self, compute: Callable[[Any], V], *, size: int = 16) -> None:
        self._compute = compute
        self._size = size
        self._entries: OrderedDict[int, tuple[Any, V]] = OrderedDict()
        self._lock = threading.Lock()

    def __call__(self, state: Any) -> V:
        found = self._entries.get(id(state))
        if found is not None and found[0] is state:
            return found[1]
        value = self._compute(state)
        with self._lock:
            self._entries[id(state)] = (state, value)
            while len(self._entries) > self._size:
                self._entries.popitem(last=False)
        return value

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()


class KeyedMemo(Generic[V]):
    """Answers remembered by a key made of what they read: the ids of objects, and small values.

    Each entry holds the objects whose ids are in its key (``hold``), so that no other object
    can take one of those ids while it is remembered. When full it is cleared whole, not
    trimmed: a captain may be thinking in another thread, and one ``clear()`` cannot meet a
    half-finished walk through the entries.
    """

    def __init__(self, size: int = 512) -> None:
        self._size = size
        self._entries: dict[tuple[object, ...], tuple[object, V]] = {}

    def __call__(self, key: tuple[object, ...], hold: object, compute: Callable[[], V]) -> V:
        found = self._entries.get(key)
        if found is not None:
            return found[1]
        value = compute()
        if len(self._entries) >= self._size:
            self._entries.clear()
        self._entries[key] = (hold, value)
        return value

    def __len__(self) -> int:
        return len(self._entries)
