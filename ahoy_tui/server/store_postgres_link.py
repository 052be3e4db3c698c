"""The PostgreSQL store's connections: every fault of the database one :class:`StoreError`, and
no broken connection used twice.

A database fails in more ways than asyncpg's two families of errors say. When the server cuts
a connection (``pg_terminate_backend``, a restart, a crash), its last message may arrive while
the connection is idle: asyncpg is left consuming that error, the connection not yet seen
closed, and the next statement on it (the pool hands it out again, or a transaction's
``BEGIN``/``COMMIT``) raises ``InternalClientError: cannot switch to state 15; another operation
(2) is in progress``, which is neither a ``PostgresError`` nor an ``InterfaceError``. So:

- :data:`DATABASE_ERRORS` is every error the driver or the network raises, and each becomes a
  :class:`StoreError` here, which the host answers (a move refused, saying why), never an
  exception that takes a player's connection with it;
- a connection that failed in any way but a refused statement is **terminated**, so that the
  pool opens a new one instead of handing the broken one out again;
- a transaction whose connection is found dead **before its commit was sent** is tried again
  on another (a new one once the pool's dead ones are gone): nothing of it was kept, so
  nothing is kept twice. One cut during
  its commit may or may not have been kept: that is :class:`Uncertain`, and the caller finds
  out which from the database (:meth:`PostgresStore.play`).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TypeVar
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from ahoy_tui.server.store import Overtaken, StoreError

TIMEOUT = 5.0  # seconds a query (or a connection) may take before the request is refused
POOL_SIZE = 4  # connections a host's pool holds at most
# a transaction that meets a dead connection before committing is tried again on another: when
# the database cut them all, each of the pool's may be found dead in turn, then a new one opens
ATTEMPTS = POOL_SIZE + 1

DATABASE_ERRORS: tuple[type[BaseException], ...] = (
    asyncpg.PostgresError,  # the server's (a refused statement, a shutdown, a lost connection)
    asyncpg.InterfaceError,  # the driver's, on a closed or busy connection
    asyncpg.InternalClientError,  # the driver's own state (see the module's text)
    OSError,  # the network (refused, reset, unreachable)
    asyncio.TimeoutError,  # a query or a connection that took longer than TIMEOUT
)

T = TypeVar("T")


class Uncertain(StoreError):
    """The connection was lost while a commit was on its way: it may have been kept."""


def shown(url: str) -> str:
    """The URL without its password, to put in a log line."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    where = parts.hostname or ""
    if parts.port:
        where += f":{parts.port}"
    user = f"{parts.username}@" if parts.username else ""
    return urlunsplit((parts.scheme, user + where, parts.path, parts.query, parts.fragment))


def one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) < 200 else text[:197] + "…"


def refused_statement(exc: BaseException) -> bool:
    """Whether the server refused a statement and the connection is fine (a duplicate key, a
    lock not granted): anything else may have left the connection broken."""
    return isinstance(exc, asyncpg.PostgresError) and not isinstance(
        exc, (asyncpg.PostgresConnectionError, asyncpg.OperatorInterventionError,
              asyncpg.InternalServerError))


def connection_lost(exc: BaseException) -> bool:
    """Whether ``exc`` says the connection was dead or cut (so a new one may do), rather than
    that the database refused, or took too long over, what was asked."""
    if isinstance(exc, asyncpg.QueryCanceledError):  # a statement that ran out of time
        return False
    return isinstance(exc, (asyncpg.PostgresConnectionError, asyncpg.OperatorInterventionError,
                            asyncpg.InterfaceError, asyncpg.InternalClientError,
                            ConnectionError))


def discard(conn: asyncpg.Connection) -> None:
    """Close ``conn`` at once, so that the pool opens a new one in its place. (One the server
    closed may already be back in the pool, its handle let go: then there is nothing to do.)"""
    with contextlib.suppress(*DATABASE_ERRORS):
        conn.terminate()


@contextlib.asynccontextmanager
async def connection(pool: asyncpg.Pool) -> AsyncIterator[asyncpg.Connection]:
    """A connection of ``pool``; one that fails (but for a refused statement) is terminated, so
    the pool opens another. Giving it back never fails: a connection the pool cannot reset is
    closed by the pool, and what was done on it stands."""
    conn = await pool.acquire(timeout=TIMEOUT)
    try:
        yield conn
    except DATABASE_ERRORS as exc:
        if not refused_statement(exc):
            discard(conn)
        raise
    finally:
        with contextlib.suppress(*DATABASE_ERRORS):
            await pool.release(conn, timeout=TIMEOUT)


async def transact(pool: asyncpg.Pool, work: Callable[[asyncpg.Connection], Awaitable[T]],
                   *, readonly: bool = False) -> T:
    """Run ``work`` in one transaction and commit it: what it returns.

    Whatever goes wrong with the database becomes one :class:`StoreError` line ("the database:
    …"), and nothing of the transaction is kept; a duplicate key (another host took that step
    or id first) is :class:`Overtaken`; :class:`Uncertain` when the commit itself was cut off.
    What ``work`` raises of its own goes through as it is, the transaction rolled back."""
    for attempt in range(1, ATTEMPTS + 1):
        committing = False
        try:
            async with connection(pool) as conn:
                transaction = conn.transaction(
                    isolation="repeatable_read" if readonly else None, readonly=readonly)
                await transaction.start()
                try:
                    result = await work(conn)
                except BaseException:
                    try:
                        await transaction.rollback()
                    except DATABASE_ERRORS:
                        discard(conn)  # it cannot even roll back: not to be used again
                    raise
                committing = True
                await transaction.commit()
            return result
        except asyncpg.UniqueViolationError:
            raise Overtaken() from None
        except DATABASE_ERRORS as exc:
            if committing and not refused_statement(exc):
                raise Uncertain(f"the database: {one_line(exc)}") from None
            if attempt < ATTEMPTS and connection_lost(exc):
                continue  # not kept: on a new connection, the same again
            raise StoreError(f"the database: {one_line(exc)}") from None
    raise AssertionError("unreachable")  # the last attempt returns or raises
