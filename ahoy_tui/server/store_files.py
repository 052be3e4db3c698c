"""The file store: one host's players and games in its data folder (the default).

``players.json`` (key fingerprint → name and options), and for each kept game ``games/ID.json``
(its record: an ordinary save, which ``ahoy replay`` reads) with ``games/ID.seats.json`` (who
sits where, who set it up, when it ended). Every file is written atomically, and a change whose
file cannot be written raises :class:`StoreError` and is not made. One host a folder
(``folder.py`` locks it), so nothing here races another writer.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ahoy_tui.engine import SaveError, load_game, saves
from ahoy_tui.engine.events import Event
from ahoy_tui.server.players import Players
from ahoy_tui.server.store import KeptGame, Seat, StoreError

SEATS_SUFFIX = ".seats.json"


class FileStore:
    """Players and games in ``folder`` (None: nothing is kept, as for a host in a test)."""

    shared = False

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.players = Players(folder / "players.json" if folder else None)

    @property
    def keeps(self) -> bool:
        return self.folder is not None

    @property
    def games_dir(self) -> Path | None:
        return self.folder / "games" if self.folder else None

    async def kept_games(self, finished_listed: float) -> list[KeptGame | str]:
        return list(self.read_games(finished_listed))

    def read_games(self, finished_listed: float) -> Iterator[KeptGame | str]:
        """Every kept game (a game, or a line saying why one is not resumed), read now."""
        folder = self.games_dir
        if folder is None or not folder.is_dir():
            return
        for path in sorted(folder.glob("*.json")):
            if path.name.endswith(SEATS_SUFFIX):
                continue
            game_id = path.stem
            seats_path = folder / f"{game_id}{SEATS_SUFFIX}"
            problem = ""
            data: dict[str, Any] = {}
            finished = None
            try:
                data = json.loads(seats_path.read_text(encoding="utf-8"))
                seats = {side: Seat(**seat) for side, seat in data["seats"].items()}
                finished = data.get("finished")
                if finished is not None and time.time() - float(finished) > finished_listed:
                    continue  # long over: on disk for replays, no longer in the lobby
            except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
                problem = f"not resumed: {seats_path}: cannot read the seats: {exc}"
            try:
                game = load_game(path)
            except SaveError as exc:
                yield f"not resumed: {exc}"
                continue
            if problem:
                yield problem
                continue
            kept = KeptGame(game_id, game, seats,
                            created=float(data.get("created", time.time())),
                            creator=str(data.get("creator", "")),
                            finished=float(finished) if finished is not None else None)
            if game.over and kept.finished is None:
                kept.finished = time.time()
            game.autosave = path  # from now on every change is written as it is made
            yield kept

    def _write_seats(self, kept: KeptGame) -> None:
        folder = self.games_dir
        if folder is None:
            return
        data = {"seats": {side: seat.to_data() for side, seat in kept.seats.items()},
                "created": kept.created, "creator": kept.creator, "finished": kept.finished}
        path = folder / f"{kept.id}{SEATS_SUFFIX}"
        try:
            # looked up on the module at each call: a test stands a full disk in for it
            saves.write_atomic(path, json.dumps(data, indent=1))
        except OSError as exc:
            raise StoreError(f"cannot write: {exc.strerror or exc}", str(path)) from None

    async def add_game(self, kept: KeptGame) -> None:
        folder = self.games_dir
        if folder is None:
            return
        path = folder / f"{kept.id}.json"
        try:
            kept.game.save(path)
        except SaveError as exc:
            raise StoreError(exc.problem, str(exc.path)) from None
        try:
            self._write_seats(kept)
        except StoreError:
            with contextlib.suppress(OSError):
                path.unlink()
            raise
        kept.game.autosave = path

    async def play(self, kept: KeptGame, action: Any, note: str = "") -> tuple[Event, ...]:
        # the game writes its record itself (``autosave``), and takes the action back when the
        # file cannot be written
        try:
            return kept.game.play(action)
        except SaveError as exc:
            raise StoreError(exc.problem, str(exc.path)) from None

    async def rewind(self, kept: KeptGame, target: int) -> None:
        # the record keeps the undone actions past its cursor, as any save does
        try:
            kept.game.goto(target)
        except SaveError as exc:
            raise StoreError(exc.problem, str(exc.path)) from None

    async def keep_seat(self, kept: KeptGame, side: str, was: Seat) -> None:
        self._write_seats(kept)

    async def keep_finished(self, kept: KeptGame) -> None:
        self._write_seats(kept)

    async def set_name(self, player: str, name: str) -> str:
        return self.players.set_name(player, name)

    async def set_option(self, player: str, key: str, value: str) -> None:
        self.players.set_option(player, key, value)

    async def close(self) -> None:
        return None
