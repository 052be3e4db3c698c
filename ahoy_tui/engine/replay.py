"""What a replay knows that play does not: the action that comes next, and an old save's set-up.

While :meth:`Game.from_record <ahoy_tui.engine.game.Game.from_record>` replays a log on trust,
:func:`next_action` gives the action the log plays after the one being applied (None at the
end, and always None in play). A ruleset's turn sequence may use it to answer "does this phase
still offer the player a choice?" without working it out: the player chose here if the next
action belongs here. A wrong answer cannot pass unseen: the replay stops at a different state,
the last hash does not match, and the log is replayed again, checked.
"""

from __future__ import annotations

import contextvars
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

_NEXT: contextvars.ContextVar[Any] = contextvars.ContextVar("next_action", default=None)


def next_action() -> Any:
    """The action the trusted replay plays next, or None (in play, or at the log's end)."""
    return _NEXT.get()


@contextmanager
def replaying(action: Any) -> Iterator[None]:
    """Around applying one action of a trusted replay: ``action`` is the one after it."""
    token = _NEXT.set(action)
    try:
        yield
    finally:
        _NEXT.reset(token)


# --- an old save's set-up ------------------------------------------------------------------------
#
# A battle is set up from its scenario in the rules' own order: a crew's ids follow the rules'
# table of profiles, never the order the scenario's keys were written in (a store may keep a
# table's keys in another order). Saves begun before that (format 2 and earlier,
# engine/record.py) set up in the written order; they replay as they were played.

_AS_WRITTEN: contextvars.ContextVar[bool] = contextvars.ContextVar("keys_as_written",
                                                                   default=False)


def keys_as_written() -> bool:
    """Whether the set-up under way is an old save's, read in the order its keys were written."""
    return _AS_WRITTEN.get()


@contextmanager
def setting_up_as_written(as_written: bool = True) -> Iterator[None]:
    """Around an old save's set-up (``as_written``): the rules read its tables as written."""
    token = _AS_WRITTEN.set(as_written)
    try:
        yield
    finally:
        _AS_WRITTEN.reset(token)
