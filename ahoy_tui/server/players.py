"""Who has played here: a player is known by the SSH key they log in with.

The store maps a player's identity (``key:SHA256:…``, the key's fingerprint) to the name they
chose on their first visit and their options. Guests (``guest:…``) are never written down.
"""

from __future__ import annotations

import json
from pathlib import Path

from ahoy_tui.engine.saves import write_atomic

NAME_LIMIT = 24
COLOURS = ("auto", "truecolor", "256", "standard")


def is_guest(player: str) -> bool:
    return player.startswith("guest:")


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
    """The players' names and options, kept in ``path`` (JSON, written atomically)."""

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

    def set_name(self, player: str, name: str) -> str:
        name = check_name(name)
        for other, known in self._known.items():
            if other != player and known.get("name", "").casefold() == name.casefold():
                raise ValueError(f"the name {name!r} is taken")
        if not is_guest(player):
            self._known.setdefault(player, {})["name"] = name
            self._write()
        return name

    def set_option(self, player: str, key: str, value: str) -> None:
        if not is_guest(player):
            self._known.setdefault(player, {})[key] = value
            self._write()

    def _write(self) -> None:
        if self.path is not None:
            write_atomic(self.path, json.dumps(self._known, indent=1, ensure_ascii=False))
