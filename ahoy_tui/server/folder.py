"""The server's data folder: one server at a time, a folder of its own, no leftovers.

Two servers writing one folder would each overwrite the other's games, so ``ahoy serve`` takes an
exclusive lock on ``DATA/server.lock`` for as long as it runs (the kernel drops it when the
process dies, even by ``kill -9``). A folder that others can write to is refused: they could
plant files the server then trusts. One they can only read (a 0755 folder) is made 0700 once
the lock is held, and said so: it holds players' names, keys and saves. What is inside is
checked as OpenSSH checks its own (``StrictModes``): the host key is refused if others can read
it, and a file the server trusts (the host key, the allowed keys, the players, the games) if
others can write to it or it is another user's, each in one line saying how to put it right.
Temporary files left by a save cut short are removed once the lock is held, since no live
server can be writing them then.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import stat
from pathlib import Path

LOCK_NAME = "server.lock"
HOST_KEY = "ssh_host_ed25519_key"
TRUSTED = (HOST_KEY, "authorized_keys", "players.json")  # and games/, and what is in it


class FolderError(Exception):
    """The data folder cannot be used; ``str()`` is one line saying why."""


class DataFolder:
    """A data folder this process holds: released by :meth:`release` or when the process ends."""

    def __init__(self, path: Path, lock_fd: int) -> None:
        self.path = path
        self._fd: int | None = lock_fd
        self.cleaned: list[Path] = []
        self.tightened: list[tuple[Path, int]] = []  # folders made 0700, and their old modes

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
    held = DataFolder(path, fd)
    try:
        check_inside(path)
        held.tightened = [(folder, mode) for folder in (path, path / "games")
                          if (mode := make_private(folder)) is not None]
    except FolderError:
        held.release()
        raise
    os.ftruncate(fd, 0)
    os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    held.cleaned = clear_leftovers(path)
    return held


def make_private(folder: Path) -> int | None:
    """Make ``folder`` 0700 if others may read or enter it; its old mode if it was changed."""
    try:
        mode = stat.S_IMODE(folder.lstat().st_mode)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise FolderError(f"{folder}: {exc.strerror or exc}") from None
    if not mode & 0o077:
        return None
    try:
        os.chmod(folder, 0o700)
    except OSError as exc:
        raise FolderError(f"{folder}: others can read this folder (mode {mode:04o}) and it cannot "
                          f"be made private: {exc.strerror or exc}; chmod 700 it") from None
    return mode


def check_inside(path: Path) -> None:
    """Refuse, in one line, what in the folder others could have read or changed where it
    matters: the host key others can read; a trusted file others can write, or not ours."""
    key = path / HOST_KEY
    with contextlib.suppress(FileNotFoundError):
        mode = stat.S_IMODE(key.stat().st_mode)
        if mode & 0o077:
            raise FolderError(f"{key}: others can read the server's private key (mode "
                              f"{mode:04o}), so it may not be secret any more: chmod 600 it, or "
                              "delete it if it was read (a new one is made; players are told "
                              "the server's key changed)")
    games = path / "games"
    inside = [path / name for name in TRUSTED] + [games]
    if games.is_dir() and not games.is_symlink():
        inside += sorted(games.iterdir())
    for entry in inside:
        problem = unsafe(entry)
        if problem:
            raise FolderError(problem)


def unsafe(path: Path) -> str | None:
    """Why the server must not trust ``path`` (others can write to it, or it is another user's),
    in one line saying how to put it right; None if it may (or it does not exist)."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"{path}: {exc.strerror or exc}"
    mode = stat.S_IMODE(info.st_mode)
    if info.st_uid not in (os.getuid(), 0):
        return (f"{path}: belongs to another user (uid {info.st_uid}), who could change what the "
                "server trusts in it: check it, and make it the server's own (chown)")
    if mode & 0o022:
        return (f"{path}: others can write to it (mode {mode:04o}), so what the server trusts in "
                "it may have been changed: check it, then chmod go-w it")
    return None


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
