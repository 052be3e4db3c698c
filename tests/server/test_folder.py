"""The server's data folder: one server at a time, a folder of its own, no leftovers (issue 13)."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from ahoy_tui.server import folder as data_folder
from ahoy_tui.server.host import GameHost

from .conftest import free_port


def start(folder: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "ahoy_tui", "serve", "--data", str(folder),
                             *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def reachable(sock: Path) -> bool:
    probe = socket.socket(socket.AF_UNIX)
    try:
        probe.connect(str(sock))
        return True
    except OSError:
        return False
    finally:
        probe.close()


async def test_a_second_server_on_the_same_folder_says_who_holds_it_and_harms_nothing(
        short_dir):
    folder = short_dir / "data"
    port = free_port()
    first = start(folder, "--open", "--port", str(port))
    try:
        assert first.stdout is not None
        assert "ssh -p" in await asyncio.to_thread(first.stdout.readline)
        sock = folder / "host.sock"
        inode = sock.stat().st_ino
        for other_port in (port, free_port()):  # on its port, and on another
            second = start(folder, "--open", "--port", str(other_port))
            out, err = await asyncio.to_thread(second.communicate, timeout=30)
            assert second.returncode == 2 and out == ""
            assert err.strip().count("\n") == 0 and "Traceback" not in err
            assert f"already in use by another server (process {first.pid})" in err
            # the first server's socket is its own still, and answers
            assert sock.stat().st_ino == inode and reachable(sock)
        assert first.poll() is None
    finally:
        first.send_signal(signal.SIGTERM)
        await asyncio.to_thread(first.communicate, timeout=20)
    # once it has stopped, the folder is free again
    again = start(folder, "--open", "--port", str(port))
    try:
        assert again.stdout is not None
        assert "ssh -p" in await asyncio.to_thread(again.stdout.readline)
    finally:
        again.send_signal(signal.SIGTERM)
        await asyncio.to_thread(again.communicate, timeout=20)


def test_a_killed_servers_lock_is_free_and_its_leftover_files_are_cleared(tmp_path):
    folder = tmp_path / "data"
    (folder / "games").mkdir(parents=True, mode=0o700)
    os.chmod(folder, 0o700)
    # a process that holds the lock, is writing its saves, and will be killed
    holder = subprocess.Popen([sys.executable, "-c", (
        "import sys, time; from pathlib import Path; "
        "from ahoy_tui.server.folder import claim; claim(Path(sys.argv[1])); "
        "print('held', flush=True); time.sleep(60)"), str(folder)],
        stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    leftovers = [folder / "games" / ".ab12cd.json.k2j3h4g5.tmp",
                 folder / ".players.json.x8y7z6w5.tmp", folder / "ssh_host_ed25519_key.tmp"]
    for leftover in leftovers:
        leftover.write_text("half a save")
    kept = folder / "games" / "ab12cd.json"
    kept.write_text("{}")
    with pytest.raises(data_folder.FolderError, match=f"process {holder.pid}"):
        data_folder.claim(folder)
    assert all(p.exists() for p in leftovers)  # not touched while another holds the folder
    holder.kill()  # the kernel drops a killed process's lock
    holder.wait()
    held = data_folder.claim(folder)
    try:
        assert not any(p.exists() for p in leftovers)
        assert sorted(held.cleaned) == sorted(leftovers)
        assert kept.read_text() == "{}"
    finally:
        held.release()


def test_a_folder_others_can_write_to_is_refused_and_left_as_it_was(tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o1777)
    with pytest.raises(data_folder.FolderError, match="others can write to this folder"):
        data_folder.claim(shared)
    assert stat.S_IMODE(shared.stat().st_mode) == 0o1777
    assert list(shared.iterdir()) == []


def test_a_new_folder_is_private_and_one_others_can_read_is_made_so(tmp_path):
    """Issue 34, 11: an existing folder was used with the modes it had: a 0755 one left
    players' names, keys and saves readable by every local user."""
    new = tmp_path / "deep" / "new"
    held = data_folder.claim(new)
    held.release()
    assert stat.S_IMODE(new.stat().st_mode) == 0o700 and held.tightened == []
    mine = tmp_path / "mine"
    (mine / "games").mkdir(parents=True)
    os.chmod(mine, 0o755)
    os.chmod(mine / "games", 0o755)
    (mine / "games" / "ab12cd.json").write_text("{}")
    os.chmod(mine / "games" / "ab12cd.json", 0o644)  # readable: unreachable once the folder is not
    held = data_folder.claim(mine)
    held.release()
    assert stat.S_IMODE(mine.stat().st_mode) == 0o700
    assert stat.S_IMODE((mine / "games").stat().st_mode) == 0o700
    assert held.tightened == [(mine, 0o755), (mine / "games", 0o755)]


def test_a_host_key_others_can_read_is_refused_and_left_as_it_was(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir(mode=0o755)
    key = folder / "ssh_host_ed25519_key"
    key.write_text("a private key")
    os.chmod(key, 0o644)
    with pytest.raises(data_folder.FolderError, match=r"others can read the server's private "
                                                       r"key \(mode 0644\).*chmod 600"):
        data_folder.claim(folder)
    assert stat.S_IMODE(key.stat().st_mode) == 0o644
    assert stat.S_IMODE(folder.stat().st_mode) == 0o755  # nothing changed on a refusal
    os.chmod(key, 0o600)
    data_folder.claim(folder).release()


@pytest.mark.parametrize("name", ["players.json", "authorized_keys", "games/ab12cd.json",
                                  "games/ab12cd.seats.json", "games"])
def test_a_file_the_server_trusts_that_others_can_write_to_is_refused(tmp_path, name):
    folder = tmp_path / "data"
    (folder / "games").mkdir(parents=True)
    os.chmod(folder, 0o700)
    trusted = folder / name
    if not trusted.exists():
        trusted.write_text("{}")
    os.chmod(trusted, 0o777 if trusted.is_dir() else 0o664)
    with pytest.raises(data_folder.FolderError,
                       match=rf"{trusted}: others can write to it \(mode 0[67][67][47]\)"
                             r".*chmod go-w"):
        data_folder.claim(folder)


async def test_serve_refuses_a_shared_folder_in_one_line(short_dir):
    shared = short_dir / "shared"
    shared.mkdir()
    os.chmod(shared, 0o1777)
    server = start(shared, "--port", str(free_port()))
    out, err = await asyncio.to_thread(server.communicate, timeout=30)
    assert server.returncode == 2 and out == "" and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1 and "mode 1777" in err
    assert stat.S_IMODE(shared.stat().st_mode) == 0o1777


async def test_a_host_never_takes_over_a_socket_a_live_host_answers_on(short_dir):
    sock = short_dir / "host.sock"
    first = GameHost(None, log=lambda t: None)
    await first.start(sock)
    inode = sock.stat().st_ino
    try:
        second = GameHost(None, log=lambda t: None)
        with pytest.raises(OSError, match="another game host is listening"):
            await second.start(sock)
        assert sock.stat().st_ino == inode and reachable(sock)
    finally:
        await first.close()
    # a socket nobody answers on (a killed host's) is replaced
    third = GameHost(None, log=lambda t: None)
    await third.start(sock)
    assert reachable(sock)
    await third.close()


async def test_serve_makes_a_readable_folder_private_and_what_it_writes_its_own(short_dir):
    import asyncssh

    folder = short_dir / "data"
    folder.mkdir(mode=0o755)
    os.chmod(folder, 0o755)
    port = free_port()
    server = start(folder, "--open", "--port", str(port))
    try:
        assert server.stdout is not None
        assert "ssh -p" in await asyncio.to_thread(server.stdout.readline)
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
        key = asyncssh.generate_private_key("ssh-ed25519")
        async with asyncssh.connect("127.0.0.1", port, username="alice", client_keys=[key],
                                    known_hosts=None, agent_path=None) as conn:
            process = await conn.create_process(term_type="xterm", term_size=(90, 26),
                                                encoding=None)
            seen = b""
            while b"Welcome aboard" not in seen:
                seen += await asyncio.wait_for(process.stdout.read(65536), 20)
            for _ in range(100):  # the offered name, once the field has the focus
                process.stdin.write(b"\r")
                await asyncio.sleep(0.2)
                if (folder / "players.json").exists():
                    break
            process.close()
        assert stat.S_IMODE((folder / "players.json").stat().st_mode) == 0o600
    finally:
        server.send_signal(signal.SIGTERM)
        _out, err = await asyncio.to_thread(server.communicate, timeout=20)
    assert f"{folder}: others could read it (mode 0755): made it 0700" in err


async def test_serve_refuses_allowed_keys_others_can_write_to_in_one_line(short_dir):
    keys = short_dir / "keys"
    keys.write_text("")
    os.chmod(keys, 0o666)
    server = start(short_dir / "data", "--port", str(free_port()), "--authorized-keys",
                   str(keys))
    out, err = await asyncio.to_thread(server.communicate, timeout=30)
    assert server.returncode == 2 and out == "" and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert f"{keys}: others can write to it (mode 0666)" in err


def test_allowed_keys_made_writable_by_others_while_serving_let_no_key_in(tmp_path):
    """As OpenSSH's StrictModes: the file is checked at each login, not only at the start."""
    import asyncssh

    from ahoy_tui.server.ssh import ServerSettings

    key = asyncssh.generate_private_key("ssh-ed25519")
    keys = tmp_path / "authorized_keys"
    keys.write_text(key.export_public_key().decode())
    os.chmod(keys, 0o600)
    said: list[str] = []
    settings = ServerSettings(tmp_path / "host.sock", tmp_path, authorized_keys=keys,
                              log=said.append)
    public = asyncssh.import_public_key(key.export_public_key())
    assert settings.key_allowed(public, "", "")
    os.chmod(keys, 0o620)
    assert not settings.key_allowed(public, "", "") and not settings.key_allowed(public, "", "")
    assert len(said) == 1 and "others can write to it (mode 0620)" in said[0]
