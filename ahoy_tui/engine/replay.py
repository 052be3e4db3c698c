"""What a trusted replay knows that play does not: the action that comes next.

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
