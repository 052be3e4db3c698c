"""The server's data folder: one server at a time, a folder of its own, no leftovers.

Two servers writing one folder would each overwrite the other's games, so ``ahoy serve`` takes an
exclusive lock on ``DATA/server.lock`` for as long as it runs (the kernel drops it when the
process dies, even by ``kill -9``). A folder that others can write to is refused: they could
plant files the server then trusts. Temporary files left by a save cut short are removed once
the lock is held, since no live server can be writing them then.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import stat
from pathlib import Path

LOCK_NAME = "server.lock"


class FolderError(Exception):
    """The data folder cannot be used; ``str()`` is one line saying why."""


class DataFolder:
    """A data folder this process holds: released by :meth:`release` or when the process ends."""

    def __init__(self, path: Path, lock_fd: int) -> None:
        self.path = path
        self._fd: int | None = lock_fd
        self.cleaned: list[Path] = []

    def release(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None


def claim(path: Path) -> DataFolder:
    """Make (mode 0700) or check the folder, lock it, and clear what a killed save left."""
    path = Path(path)
    if not path.exists():
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.mkdir(mode=0o700)
        except FileExistsError:
            pass
        except OSError as exc:
            raise FolderError(f"{path}: cannot make the data folder: "
                              f"{exc.strerror or exc}") from None
    try:
        info = path.stat()
    except OSError as exc:
        raise FolderError(f"{path}: {exc.strerror or exc}") from None
    if not stat.S_ISDIR(info.st_mode):
        raise FolderError(f"{path}: not a folder")
    if info.st_uid != os.getuid():
        raise FolderError(f"{path}: the folder belongs to another user (uid {info.st_uid}): "
                          "give the server a folder of its own")
    if info.st_mode & 0o022:
        raise FolderError(f"{path}: others can write to this folder (mode "
                          f"{stat.S_IMODE(info.st_mode):04o}): give the server a folder of its "
                          "own (a new one is made with mode 0700)")
    lock_path = path / LOCK_NAME
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as exc:
        raise FolderError(f"{lock_path}: cannot open the lock: {exc.strerror or exc}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = _read_pid(fd)
        os.close(fd)
        who = f"process {holder}" if holder else "another process"
        raise FolderError(f"{path}: already in use by another server ({who}): stop it, "
                          "or give this one another --data folder") from None
    except OSError as exc:
        os.close(fd)
        raise FolderError(f"{lock_path}: cannot lock: {exc.strerror or exc}") from None
    os.ftruncate(fd, 0)
    os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    held = DataFolder(path, fd)
    held.cleaned = clear_leftovers(path)
    return held


def _read_pid(fd: int) -> int:
    with contextlib.suppress(OSError, ValueError):
        return int(os.pread(fd, 32, 0).decode().strip() or 0)
    return 0


def leftovers(path: Path) -> list[Path]:
    """The temporary files a save cut short leaves (``.NAME.XXXXXXXX.tmp``, ``NAME.tmp``)."""
    found: list[Path] = []
    for folder in (path, path / "games"):
        if folder.is_dir():
            found += [p for p in folder.iterdir()
                      if p.name.endswith(".tmp") and p.is_file() and not p.is_symlink()]
    return sorted(found)


def clear_leftovers(path: Path) -> list[Path]:
    removed = []
    for leftover in leftovers(path):
        with contextlib.suppress(FileNotFoundError):
            leftover.unlink()
            removed.append(leftover)
    return removed
