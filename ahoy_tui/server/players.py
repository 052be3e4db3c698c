"""Who has played here: a player is known by the SSH key they log in with.

The store maps a player's identity (``key:SHA256:…``, the key's fingerprint) to the name they
chose on their first visit and their options. Guests (``guest:…``) are never written down, and
their names are marked as a guest's. No two people may have names a reader could take for one
another: names are compared after Unicode normalisation (NFKC), case folding and the Unicode
confusables (a Cyrillic "а" is a Latin "a", "rn" is "m", "0" is "o").
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable
from pathlib import Path

import confusables

from ahoy_tui.engine.saves import write_atomic

NAME_LIMIT = 24
COLOURS = ("auto", "truecolor", "256", "standard")


def is_guest(player: str) -> bool:
    return player.startswith("guest:")


GUEST_MARK = " (guest)"


def guest_name(name: str) -> str:
    """How a guest called ``name`` is shown: never the same as a player with a key."""
    return f"{name}{GUEST_MARK}"


def fold(name: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def same_name(a: str, b: str) -> bool:
    """Whether a reader could take name ``a`` for name ``b``."""
    a, b = fold(a), fold(b)
    return a == b or bool(confusables.is_confusable(a, b))


def taken_by(name: str, names: Iterable[str]) -> str | None:
    """The first of ``names`` that ``name`` could be taken for, if any."""
    return next((other for other in names if same_name(name, other)), None)


def free_name(name: str, others: Iterable[str]) -> str:
    """``name`` made usable (:func:`check_name`), or ValueError if a reader could take it for
    one of ``others``."""
    name = check_name(name)
    other = taken_by(name, others)
    if other is not None:
        raise ValueError(f"the name {name!r} is taken" if fold(other) == fold(name)
                         else f"the name {name!r} is too like {other!r}, who plays here")
    return name


def check_name(name: str) -> str:
    """A usable player name, or ValueError saying why not."""
    name = " ".join(name.split())
    if not name:
        raise ValueError("a name needs at least one letter")
    if len(name) > NAME_LIMIT:
        raise ValueError(f"a name is at most {NAME_LIMIT} characters")
    if not all(c.isalnum() or c in " -_.'" for c in name):
        raise ValueError("a name may have letters, digits, spaces and - _ . '")
    return name


class Players:
    """The players' names and options, kept in ``path`` (JSON, written atomically); with no
    path, only in memory (a guest-only host, or a shared store that keeps them elsewhere)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._known: dict[str, dict[str, str]] = {}
        if path is not None and path.exists():
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                raise ValueError(f"{path}: cannot read the players: {exc}") from None
            if not isinstance(data, dict):
                raise ValueError(f"{path}: the players file is not a JSON object")
            self._known = {k: dict(v) for k, v in data.items() if isinstance(v, dict)}

    def name(self, player: str) -> str:
        return self._known.get(player, {}).get("name", "")

    def option(self, player: str, key: str, default: str = "") -> str:
        return self._known.get(player, {}).get(key, default)

    def names(self, but: str = "") -> list[str]:
        """Every registered player's name (but ``but``'s)."""
        return [known["name"] for player, known in self._known.items()
                if player != but and known.get("name")]

    def set_name(self, player: str, name: str) -> str:
        name = free_name(name, self.names(but=player))
        if not is_guest(player):
            self._known.setdefault(player, {})["name"] = name
            self._write()
        return name

    def set_option(self, player: str, key: str, value: str) -> None:
        if not is_guest(player):
            self._known.setdefault(player, {})[key] = value
            self._write()

    def remember(self, player: str, known: dict[str, str]) -> None:
        """Take in what another host kept about a player (a shared store's players are kept in
        the database, and only read here)."""
        if known:
            self._known[player] = dict(known)
        else:
            self._known.pop(player, None)

    def _write(self) -> None:
        if self.path is not None:
            write_atomic(self.path, json.dumps(self._known, indent=1, ensure_ascii=False))
