"""Saved games on disk: JSON, versioned, written atomically, read carefully.

A save is a :class:`~ahoy_tui.engine.record.GameRecord` as indented JSON. Writing goes to a
temporary file in the same folder, is flushed to disk, then renamed over the target, so a crash
never leaves half a save. Reading a file that is missing, truncated, not JSON, edited into
nonsense, of an unknown ruleset or from a newer version raises :class:`SaveError` with one line
that names the file and the problem; nothing is ever written while reading.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

import cattrs

from ahoy_tui.engine.errors import UnknownRuleset
from ahoy_tui.engine.record import FORMAT, VERSION, GameRecord
from ahoy_tui.engine.registry import get_ruleset
from ahoy_tui.engine.serialize import converter, problem


class SaveError(Exception):
    """A save that cannot be read or written; ``str()`` is one line naming file and problem."""

    def __init__(self, path: Path | str, problem: str) -> None:
        self.path = Path(path)
        self.problem = problem
        super().__init__(f"{path}: {problem}")


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that the file is either the old one or the new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, 0o666 & ~_umask())  # a save is an ordinary file, not a secret
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    try:
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def record_to_json(record: GameRecord) -> str:
    data = converter.unstructure(record)
    ordered = {"format": data.pop("format"), "version": data.pop("version"), **data}
    return json.dumps(ordered, indent=1, ensure_ascii=False) + "\n"


def save_record(record: GameRecord, path: Path) -> Path:
    try:
        write_atomic(path, record_to_json(record))
    except OSError as exc:
        raise SaveError(path, f"cannot write: {exc.strerror or exc}") from None
    return path


def parse_record(path: Path, text: str) -> GameRecord:
    """Check and structure a save's text; every problem becomes one :class:`SaveError` line."""
    if not text.strip():
        raise SaveError(path, "the file is empty")
    try:
        data: Any = json.loads(text)
    except RecursionError:
        raise SaveError(path, "not a saved game: the JSON is nested too deeply") from None
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()) - 1 or exc.msg.startswith("Unterminated string"):
            raise SaveError(path, "the file is truncated (its JSON ends too early)") from None
        raise SaveError(path, f"not a saved game: invalid JSON at line {exc.lineno}, "
                              f"column {exc.colno} ({exc.msg})") from None
    if not isinstance(data, dict):
        raise SaveError(path, "not a saved game: the JSON is not an object")
    if data.get("format") != FORMAT:
        raise SaveError(path, f"not a saved game (format is {data.get('format')!r}, "
                              f"expected {FORMAT!r})")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(path, f"the save's version {version!r} is not a whole number")
    if version > VERSION:
        raise SaveError(path, f"saved by a newer version of Ahoy TUI (save format {version}; "
                              f"this program reads up to {VERSION})")
    if version < 1:
        raise SaveError(path, f"unknown save format version {version}")
    ruleset = data.get("ruleset")
    try:
        get_ruleset(str(ruleset))
    except UnknownRuleset as exc:
        raise SaveError(path, str(exc)) from None
    try:
        record = converter.structure(data, GameRecord)
    except (cattrs.BaseValidationError, TypeError, ValueError, KeyError) as exc:
        raise SaveError(path, f"damaged save: {problem(exc)}") from None
    if len(record.hashes) not in (0, len(record.actions) + 1):
        raise SaveError(path, f"damaged save: {len(record.hashes)} state hashes for "
                              f"{len(record.actions)} actions")
    return record


def load_record(path: Path | str) -> GameRecord:
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(path, "no such file") from None
    except IsADirectoryError:
        raise SaveError(path, "is a folder, not a saved game") from None
    except OSError as exc:
        raise SaveError(path, f"cannot read: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(path, "not a saved game (not UTF-8 text)") from None
    return parse_record(path, text)


def load_game(path: Path | str, *, verify: bool = True, check: bool = False) -> Any:
    """Load and replay a saved game; returns a :class:`~ahoy_tui.engine.game.Game`.

    The record is trusted as the engine wrote it: replayed without listing the legal actions,
    its last state checked against the saved hash; anything amiss replays it checked and names
    the step. With ``check`` (``ahoy replay --verify``, the check on someone else's file)
    nothing is trusted: every action is checked against the legal actions at its step, and
    every state against its hash. Without ``verify``, no hash at all.
    """
    from ahoy_tui.engine.game import Game

    path = Path(path)
    record = load_record(path)
    try:
        if check:
            return Game.from_record(record, verify=True)
        return Game.from_record(record, verify=verify, trust=verify)
    except ValueError as exc:
        raise SaveError(path, str(exc).splitlines()[0]) from None
