"""Turning engine values into JSON and back, through one cattrs converter.

Actions carry a ``"type"`` tag (their class's ``kind``); events an ``"event"`` tag. Tuples are
written as JSON lists. A state's hash is the BLAKE2 digest of its canonical JSON, so the same game
at the same step always hashes the same, on any machine.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import cattrs
from cattrs.preconf.json import make_converter
from cattrs.strategies import configure_tagged_union

from ahoy_tui.engine.errors import InvalidAction
from ahoy_tui.engine.events import DiceRoll, Event, Happened
from ahoy_tui.engine.state import GameState

converter = make_converter(forbid_extra_keys=True)
configure_tagged_union(DiceRoll | Happened, converter, tag_name="event",
                       tag_generator=lambda cl: cl.event)

_configured: set[Any] = set()


def configure_actions(union: Any) -> None:
    """Teach the converter a ruleset's action union (tagged by each class's ``kind``)."""
    if union not in _configured:
        configure_tagged_union(union, converter, tag_name="type",
                               tag_generator=lambda cl: cl.kind)
        _configured.add(union)


def action_to_data(action: Any, union: Any) -> dict[str, Any]:
    return converter.unstructure(action, unstructure_as=union)


def action_from_data(data: Any, union: Any) -> Any:
    """Structure an action, or raise :class:`InvalidAction` saying what is wrong, in one line."""
    if not isinstance(data, dict):
        raise InvalidAction("an action must be a JSON object")
    if "type" not in data:
        raise InvalidAction("an action needs a \"type\"")
    try:
        return converter.structure(data, union)
    except (cattrs.BaseValidationError, KeyError, TypeError, ValueError) as exc:
        message = _invalid_message(exc, data)
        raise InvalidAction(message) from None


def _invalid_message(exc: BaseException, data: dict[str, Any]) -> str:
    text = str(exc)
    if isinstance(exc, cattrs.BaseValidationError):
        details = []
        for sub in exc.exceptions:
            notes = getattr(sub, "__notes__", [])
            note = f" ({notes[0]})" if notes else ""
            if isinstance(sub, KeyError):
                details.append(f"missing field {sub.args[0]!r}")
            else:
                details.append(f"{str(sub).splitlines()[0]}{note}")
        text = "; ".join(details) or text
    elif isinstance(exc, KeyError):
        text = f"missing field {exc.args[0]!r}"
    if "tag" in text.lower() or ("unknown" in text.lower() and "type" in text.lower()):
        return f"unknown action type {data.get('type')!r}"
    return f"malformed {data.get('type')!r} action: {text}"


def event_to_data(event: Event) -> dict[str, Any]:
    return converter.unstructure(event, unstructure_as=DiceRoll | Happened)


def state_to_data(state: GameState) -> dict[str, Any]:
    return converter.unstructure(state)


def canonical_json(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def state_hash(state: GameState) -> str:
    """A stable digest of everything in a state."""
    text = canonical_json(state_to_data(state)).encode()
    return hashlib.blake2b(text, digest_size=12).hexdigest()
