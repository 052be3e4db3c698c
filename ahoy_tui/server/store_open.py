"""``--store``: which store a host keeps its players and games in.

Beside the stores rather than inside the interface, so that the file store (the default) never
imports a database driver.
"""

from __future__ import annotations

from pathlib import Path

from ahoy_tui.server.store import Store, StoreError
from ahoy_tui.server.store_files import FileStore

DATABASE_SCHEMES = ("postgresql://", "postgres://")


def is_database(where: str | Path) -> bool:
    return str(where).startswith(DATABASE_SCHEMES)


async def open_store(where: str | Path) -> Store:
    """A PostgreSQL store for a ``postgresql://user@host:port/db`` URL, else the file store of
    the data folder ``where``. :class:`StoreError` says in one line why it cannot be used."""
    if is_database(where):
        from ahoy_tui.server.store_postgres import PostgresStore

        return await PostgresStore.open(str(where))
    try:
        return FileStore(Path(where))
    except ValueError as exc:  # players.json cannot be read
        raise StoreError(str(exc)) from None
