"""A throwaway PostgreSQL server on loopback, for the tests and measurements of the shared store.

Made with the machine's own server binaries (Debian's ``postgresql`` package puts them in
``/usr/lib/postgresql/VERSION/bin``) in a temporary folder, trusting every local connection,
on a free port of 127.0.0.1, and removed when stopped. ``initdb`` refuses to run as root, so as
root the server is made and run as the ``postgres`` user (``runuser``), in a folder it owns.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

SERVER_USER = "postgres"


def server_binaries() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl`` (the newest installed), or None."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"),
                   key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit()
                   else 0)
    if found:
        return found[-1].parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb and shutil.which("pg_ctl") else None


def missing() -> str:
    """Why a scratch server cannot be made here ("" if it can)."""
    if server_binaries() is None:
        return ("the PostgreSQL server binaries (initdb, pg_ctl) are not installed: "
                "apt-get install postgresql")
    if os.geteuid() == 0:
        try:
            pwd.getpwnam(SERVER_USER)
        except KeyError:
            return f"running as root, and there is no {SERVER_USER!r} user to run initdb as"
        if shutil.which("runuser") is None:
            return "running as root, and there is no runuser to run initdb as postgres"
    return ""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class ScratchServer:
    """A PostgreSQL server of its own: :meth:`start` it, use :attr:`url`, :meth:`stop` it."""

    def __init__(self, *, durable: bool = False) -> None:
        bindir = server_binaries()
        if bindir is None:
            raise RuntimeError(missing())
        self.bindir = bindir
        self.durable = durable  # fsync as a real server does (for measuring); off for tests
        self.root = Path(tempfile.mkdtemp(prefix="ahoy-pg-"))
        self.port = 0
        self.as_user = SERVER_USER if os.geteuid() == 0 else ""
        if self.as_user:
            user = pwd.getpwnam(self.as_user)
            os.chown(self.root, user.pw_uid, user.pw_gid)

    @property
    def url(self) -> str:
        return self.url_of("postgres")

    def url_of(self, database: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def _run(self, *command: str) -> None:
        argv = [str(self.bindir / command[0]), *command[1:]]
        if self.as_user:
            argv = ["runuser", "-u", self.as_user, "--", *argv]
        done = subprocess.run(argv, capture_output=True, text=True, timeout=60, cwd=self.root)
        if done.returncode != 0:
            raise RuntimeError(f"{command[0]} failed: {(done.stderr or done.stdout).strip()}")

    def start(self) -> ScratchServer:
        self._run("initdb", "-D", str(self.root / "data"), "-A", "trust", "-U", "postgres",
                  "-E", "UTF8", "--no-sync")
        for _attempt in range(3):  # a free port can be taken between asking and binding
            self.port = free_port()
            try:
                self.resume()
                return self
            except RuntimeError:
                continue
        raise RuntimeError(f"the scratch PostgreSQL did not start: {self.log_tail()}")

    def resume(self) -> None:
        """Start the server (again, after :meth:`pause`) on its port."""
        settings = ["-c listen_addresses=127.0.0.1", f"-c unix_socket_directories={self.root}",
                    "-c max_connections=200", f"-p {self.port}"]
        if not self.durable:
            settings += ["-c fsync=off", "-c synchronous_commit=off",
                         "-c full_page_writes=off"]
        self._run("pg_ctl", "-D", str(self.root / "data"), "-l", str(self.root / "log"), "-w",
                  "-t", "30", "-o", " ".join(settings), "start")

    def pause(self) -> None:
        """Stop the server as an administrator would (its clients are cut off), keeping its
        data for :meth:`resume`."""
        self._run("pg_ctl", "-D", str(self.root / "data"), "-m", "fast", "-w", "stop")

    def log_tail(self) -> str:
        with contextlib.suppress(OSError):
            return (self.root / "log").read_text()[-2000:]
        return ""

    def stop(self) -> None:
        with contextlib.suppress(RuntimeError, OSError, subprocess.TimeoutExpired):
            self._run("pg_ctl", "-D", str(self.root / "data"), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.root, ignore_errors=True)
