"""The headless engine protocol (``ahoy engine``): JSON lines on stdin and stdout.

Each line read is one request, a JSON object with a ``"cmd"``; each request gets exactly one
reply, a JSON object on one line with ``"ok"`` (true or false), flushed at once. A refused or
failed request answers ``{"ok": false, "error": "...", "code": "..."}`` with a one-line message
in plain words, and the engine carries on: nothing a client sends can end the loop except
``quit`` or the end of the input. docs/protocol.md documents every command.

The engine reads and writes UTF-8 whatever the locale: when the streams given to :func:`serve`
have a binary ``buffer`` (as ``sys.stdin`` and ``sys.stdout`` do), it reads and writes that
directly, so a line that is not UTF-8 is one error reply rather than the end of the engine.

A request is bounded: a line longer than :data:`MAX_LINE` (its rest is read and dropped) or
nested deeper than :data:`MAX_DEPTH` is one error reply, so no line can exhaust the engine's
memory or stack.
"""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, AnyStr, TextIO

from ahoy_tui import __version__
from ahoy_tui.engine import (
    Game,
    IllegalAction,
    InvalidAction,
    SaveError,
    get_ruleset,
    load_game,
    rulesets,
)
from ahoy_tui.engine.orders import unrevealed_steps
from ahoy_tui.engine.serialize import event_to_data, state_to_data, too_deep
from ahoy_tui.session import decision_after, decision_before

PROTOCOL_VERSION = 1
NO_GAME = "no game: send new or load first"
SEALED = "sealed"  # in a side's history: a sheet another side sealed, not yet revealed
MAX_LINE = 1 << 20  # bytes in one request line, its newline not counted (1 MiB)
MAX_DEPTH = 64  # lists and objects inside one another in one request
TOO_LONG = f"the line is longer than {MAX_LINE} bytes: it was skipped"
TOO_DEEP = f"the request is nested more than {MAX_DEPTH} lists or objects deep"

JSON = dict[str, Any]


class RequestError(Exception):
    """A request refused: ``message`` is the one-line error, ``code`` its machine name."""

    def __init__(self, message: str, code: str = "bad_request", **extra: Any) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.extra = extra


# --- reading fields ------------------------------------------------------------------------------

_KINDS: dict[str, tuple[str, Callable[[Any], bool]]] = {
    "string": ("a string", lambda v: isinstance(v, str)),
    "integer": ("a whole number",
                lambda v: isinstance(v, int) and not isinstance(v, bool)),
    "boolean": ("true or false", lambda v: isinstance(v, bool)),
    "object": ("a JSON object", lambda v: isinstance(v, dict)),
}


def _get(request: JSON, name: str, kind: str, *, required: bool = False,
         default: Any = None) -> Any:
    """The field ``name`` of the request, checked to be of ``kind``; null counts as absent."""
    value = request.get(name)
    if value is None:
        if required:
            raise RequestError(f"missing field {name!r} ({_kind_words(kind)})", "missing_field")
        return default
    words, test = _KINDS[kind]
    if not test(value):
        raise RequestError(f"field {name!r} must be {words}, not {_json_type(value)}",
                           "bad_field")
    if kind == "string" and not value:
        raise RequestError(f"field {name!r} must not be empty", "bad_field")
    return value


def _kind_words(kind: str) -> str:
    return _KINDS[kind][0]


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number with a fraction"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "a JSON object"


def one_line(text: str) -> str:
    """Squash a message onto one line."""
    return " ".join(part.strip() for part in str(text).splitlines() if part.strip())


# --- the session ---------------------------------------------------------------------------------


def status(game: Game) -> JSON:
    """Where the battle stands: the fields every game reply carries."""
    out: JSON = {"step": game.step, "last_step": game.last_step, "to_act": game.to_act,
                 "over": game.over}
    if game.over:
        out["winner"] = game.state.winner
        out["result"] = game.state.result
    return out


def events_data(events: Any) -> list[JSON]:
    return [event_to_data(e) for e in events]


class Session:
    """One client's conversation with the engine: at most one battle at a time."""

    def __init__(self) -> None:
        self.game: Game | None = None

    # --- the commands --------------------------------------------------------------------------
    def cmd_info(self, request: JSON) -> JSON:
        return {"protocol": PROTOCOL_VERSION, "version": __version__,
                "rulesets": [{"id": r.id, "title": r.title, "sides": list(r.sides)}
                             for r in rulesets()],
                "commands": sorted(COMMANDS)}

    def cmd_scenarios(self, request: JSON) -> JSON:
        ruleset = get_ruleset(_get(request, "ruleset", "string", default="ahoy"))
        return {"ruleset": ruleset.id,
                "scenarios": [{"name": s.name, "title": s.title, "description": s.description,
                               "side_names": list(s.sides)} for s in ruleset.scenarios()]}

    def cmd_new(self, request: JSON) -> JSON:
        ruleset = _get(request, "ruleset", "string", default="ahoy")
        scenario = _get(request, "scenario", "string")
        scenario_file = _get(request, "scenario_file", "string")
        scenario_data = _get(request, "scenario_data", "object")
        given = [n for n, v in (("scenario", scenario), ("scenario_file", scenario_file),
                                ("scenario_data", scenario_data)) if v is not None]
        if len(given) > 1:
            raise RequestError(f"give only one of {', '.join(given)}", "bad_field")
        seed = _get(request, "seed", "integer")
        options = _get(request, "options", "object", default={})
        game = Game.new(ruleset, scenario or ("duel" if not given else None),
                        scenario_file=scenario_file, scenario_data=scenario_data, seed=seed,
                        options=options)
        self.game = game
        return {**status(game), "ruleset": game.ruleset.id, "scenario": game.scenario.name,
                "title": game.scenario.title, "seed": game.seed,
                "sides": list(game.ruleset.sides), "events": events_data(game.events_at(0))}

    def cmd_legal(self, game: Game, request: JSON) -> JSON:
        describe = _get(request, "describe", "boolean", default=False)
        actions = list(game.legal_actions())
        out: JSON = {**status(game), "count": len(actions),
                     "actions": [game.action_data(a) for a in actions]}
        forms = game.legal_actions().forms
        if forms:  # sheets too rich to list: any filled-in form the rules accept is legal
            out["forms"] = [{"type": f.kind.kind, "side": f.side, "what": f.what}
                            for f in forms]
        if describe:
            out["descriptions"] = [game.ruleset.describe_action(game.state, a) for a in actions]
        return out

    def cmd_act(self, game: Game, request: JSON) -> JSON:
        data = request.get("action")
        if data is None:
            raise RequestError("missing field 'action' (a JSON object)", "missing_field")
        side = _get(request, "side", "string")
        if side is not None and side != game.to_act:
            waiting = f"it is {game.to_act}'s decision" if game.to_act else "the battle is over"
            raise RequestError(f"{waiting}, not {side}'s", "not_your_turn", to_act=game.to_act)
        try:
            if not isinstance(data, dict):
                raise InvalidAction(f"an action must be a JSON object, not {_json_type(data)}")
            events = game.play(game.parse_action(data))
        except InvalidAction as exc:
            raise RequestError(one_line(str(exc)), "invalid_action") from None
        except IllegalAction as exc:
            raise RequestError(one_line(str(exc)), "illegal_action", rule=exc.rule,
                               reason=exc.reason) from None
        return {**status(game), "events": events_data(events)}

    def cmd_undo(self, game: Game, request: JSON) -> JSON:
        side = _get(request, "side", "string")
        if side is None:
            undone = game.undo()
            return {"undone": undone, **status(game)}
        # A harness playing one side against a bot on the other takes back its own last
        # decision and every answer after it, as a player's undo does in the game.
        _check_side(game, side)
        target = decision_before(game, {side})
        if target is not None:
            game.goto(target)
        return {"undone": target is not None, **status(game)}

    def cmd_redo(self, game: Game, request: JSON) -> JSON:
        side = _get(request, "side", "string")
        start = game.step
        if side is None:
            redone = game.redo()
        else:
            _check_side(game, side)
            game.goto(decision_after(game, {side}))
            redone = game.step > start
        out: JSON = {"redone": redone, **status(game)}
        if redone:
            out["events"] = [event for step in range(start + 1, game.step + 1)
                             for event in events_data(game.events_at(step))]
        return out

    def cmd_goto(self, game: Game, request: JSON) -> JSON:
        step = _get(request, "step", "integer", required=True)
        try:
            game.goto(step)
        except ValueError as exc:
            raise RequestError(one_line(str(exc)), "bad_field") from None
        return status(game)

    def cmd_state(self, game: Game, request: JSON) -> JSON:
        side = _get(request, "side", "string")
        out = status(game)
        if side is None:
            out["state"] = state_to_data(game.state)
            return out
        _check_side(game, side)
        out["side"] = side
        out["state"] = state_to_data(game.ruleset.view(game.state, side))
        return out

    def cmd_events(self, game: Game, request: JSON) -> JSON:
        since = _get(request, "since", "integer", default=-1)
        return {**status(game), "since": since,
                "events": [{"step": step, **event_to_data(event)}
                           for step, event in game.events_since(since)]}

    def cmd_prompt(self, game: Game, request: JSON) -> JSON:
        return {**status(game), "prompt": game.prompt()}

    def cmd_history(self, game: Game, request: JSON) -> JSON:
        side = _get(request, "side", "string")
        out = status(game)
        if side is None:  # the referee's view, as state without a side: every sheet shown
            out["actions"] = [game.action_data(a) for a in game.actions]
            return out
        _check_side(game, side)
        hidden = unrevealed_steps(game, side)
        out["side"] = side
        out["actions"] = [{"type": SEALED, "side": hidden[step]} if step in hidden
                          else game.action_data(action)
                          for step, action in enumerate(game.actions, start=1)]
        return out

    def cmd_save(self, game: Game, request: JSON) -> JSON:
        path = _get(request, "path", "string", required=True)
        try:
            written = game.save(path)
        except SaveError as exc:
            raise RequestError(one_line(str(exc)), "save_error") from None
        except (OSError, ValueError) as exc:
            raise RequestError(one_line(f"{path}: cannot write: {exc}"), "save_error") from None
        return {"path": str(written), "step": game.step, "last_step": game.last_step}

    def cmd_load(self, request: JSON) -> JSON:
        path = _get(request, "path", "string", required=True)
        try:
            game = load_game(Path(path))
        except SaveError as exc:
            raise RequestError(one_line(str(exc)), "save_error") from None
        except Exception as exc:  # an engine bug met while replaying: still name the file
            raise RequestError(one_line(f"{path}: cannot load: {_describe_exception(exc)}"),
                               "internal") from None
        self.game = game
        return {**status(game), "path": path, "ruleset": game.ruleset.id,
                "scenario": game.scenario.name, "seed": game.seed}

    # --- dispatch ------------------------------------------------------------------------------
    def handle(self, request: Any) -> JSON:
        """The reply to one request (already parsed from JSON); never raises ``Exception``."""
        try:
            reply = self._dispatch(request)
            reply = {"ok": True, **reply}
        except RequestError as exc:
            reply = {"ok": False, "error": exc.message, "code": exc.code, **exc.extra}
        except (IllegalAction, InvalidAction) as exc:
            reply = {"ok": False, "error": one_line(str(exc)), "code": "bad_request"}
        except ValueError as exc:  # unknown ruleset, a bad scenario or options: one line each
            reply = {"ok": False, "error": one_line(str(exc)) or type(exc).__name__,
                     "code": "bad_request"}
        except Exception as exc:
            reply = {"ok": False, "error": f"internal error: {_describe_exception(exc)}",
                     "code": "internal"}
        if isinstance(request, dict) and "id" in request:
            reply = {"ok": reply.pop("ok"), "id": request["id"], **reply}
        return reply

    def _dispatch(self, request: Any) -> JSON:
        if not isinstance(request, dict):
            raise RequestError(f"a request must be a JSON object, not {_json_type(request)}",
                               "bad_request")
        name = request.get("cmd")
        if name is None:
            raise RequestError("missing field 'cmd' (the command's name)", "missing_field")
        if not isinstance(name, str):
            raise RequestError(f"field 'cmd' must be a string, not {_json_type(name)}",
                               "bad_field")
        command = COMMANDS.get(name)
        if command is None:
            raise RequestError(f"unknown command {name!r} (commands: {', '.join(COMMANDS)})",
                               "unknown_command")
        handler, fields, needs_game = command
        extra = sorted(set(request) - fields - {"cmd", "id"})
        if extra:
            allowed = ", ".join(sorted(fields)) or "none"
            raise RequestError(f"unknown field {extra[0]!r} for {name} (its fields: {allowed})",
                               "unknown_field")
        if needs_game:
            if self.game is None:
                raise RequestError(NO_GAME, "no_game")
            return handler(self, self.game, request)
        return handler(self, request)


def _check_side(game: Game, side: str) -> None:
    if side not in game.ruleset.sides:
        raise RequestError(f"unknown side {side!r} (sides: {', '.join(game.ruleset.sides)})",
                           "bad_field")


def _describe_exception(exc: BaseException) -> str:
    """``KeyError: 'x' (at apply.py:12)``: the exception and where it was raised, one line."""
    message = one_line(str(exc))
    text = f"{type(exc).__name__}: {message}" if message else type(exc).__name__
    frames = traceback.extract_tb(exc.__traceback__)
    if frames:
        last = frames[-1]
        text += f" (at {Path(last.filename).name}:{last.lineno})"
    return text


Command = tuple[Callable[..., JSON], frozenset[str], bool]

COMMANDS: dict[str, Command] = {
    "new": (Session.cmd_new, frozenset({"ruleset", "scenario", "scenario_file",
                                        "scenario_data", "seed", "options"}), False),
    "load": (Session.cmd_load, frozenset({"path"}), False),
    "legal": (Session.cmd_legal, frozenset({"describe"}), True),
    "act": (Session.cmd_act, frozenset({"action", "side"}), True),
    "undo": (Session.cmd_undo, frozenset({"side"}), True),
    "redo": (Session.cmd_redo, frozenset({"side"}), True),
    "goto": (Session.cmd_goto, frozenset({"step"}), True),
    "state": (Session.cmd_state, frozenset({"side"}), True),
    "events": (Session.cmd_events, frozenset({"since"}), True),
    "prompt": (Session.cmd_prompt, frozenset(), True),
    "history": (Session.cmd_history, frozenset({"side"}), True),
    "save": (Session.cmd_save, frozenset({"path"}), True),
    "scenarios": (Session.cmd_scenarios, frozenset({"ruleset"}), False),
    "info": (Session.cmd_info, frozenset(), False),
    "quit": (lambda session, request: {}, frozenset(), False),
}


# --- the loop ------------------------------------------------------------------------------------


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


def parse_line(line: str) -> Any:
    """The request on one line, or raise :class:`RequestError` saying why it is not JSON."""
    text = line.strip().lstrip("\ufeff")
    if not text:
        raise RequestError("empty line: send one JSON object per line", "bad_json")
    try:
        request = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise RequestError(f"not valid JSON: {exc.msg} at column {exc.colno}",
                           "bad_json") from None
    except RecursionError:  # far deeper than MAX_DEPTH: the decoder gave up first
        raise RequestError(TOO_DEEP, "too_deep") from None
    except ValueError as exc:
        raise RequestError(f"not valid JSON: {one_line(str(exc))}", "bad_json") from None
    if too_deep(request, MAX_DEPTH):
        raise RequestError(TOO_DEEP, "too_deep")
    return request


def encode(reply: JSON) -> str:
    """One reply as one line of JSON (with its newline); an unencodable reply becomes an error."""
    try:
        text = json.dumps(reply, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as exc:
        fallback: JSON = {"ok": False, "error": f"internal error: the reply is not JSON "
                                                f"({one_line(str(exc))})", "code": "internal"}
        if "id" in reply:
            fallback["id"] = reply["id"]
        text = json.dumps(fallback, ensure_ascii=False, separators=(",", ":"), default=str)
    return text + "\n"


def _read_lines(stdin: TextIO) -> Iterator[str | RequestError]:
    """Each input line as text, or the refusal of a line that cannot be read: not UTF-8, or
    longer than :data:`MAX_LINE` (counted in bytes, or in characters on a text-only stream).
    An overlong line is never held whole: it is read in pieces of the limit and dropped."""
    buffer = getattr(stdin, "buffer", None)
    if buffer is not None and hasattr(buffer, "readline"):
        while raw := buffer.readline(MAX_LINE + 1):
            if _overlong(raw, b"\n"):
                while (rest := buffer.readline(MAX_LINE + 1)) and not rest.endswith(b"\n"):
                    pass
                yield RequestError(TOO_LONG, "too_long")
                continue
            try:
                yield raw.decode("utf-8")
            except UnicodeDecodeError:
                yield RequestError("the line is not UTF-8 text", "bad_json")
        return
    while line := stdin.readline(MAX_LINE + 1):
        if _overlong(line, "\n"):
            while (more := stdin.readline(MAX_LINE + 1)) and not more.endswith("\n"):
                pass
            yield RequestError(TOO_LONG, "too_long")
            continue
        yield line


def _overlong(piece: AnyStr, newline: AnyStr) -> bool:
    """Whether a piece read with a size of ``MAX_LINE + 1`` is only the start of its line."""
    return len(piece) > MAX_LINE and not piece.endswith(newline)


def _write(stdout: TextIO, text: str) -> None:
    buffer = getattr(stdout, "buffer", None)
    if buffer is not None and hasattr(buffer, "write"):
        stdout.flush()
        buffer.write(text.encode("utf-8"))
        buffer.flush()
    else:
        stdout.write(text)
        stdout.flush()


def serve(stdin: TextIO, stdout: TextIO) -> int:
    """Answer requests from ``stdin`` on ``stdout`` until ``quit`` or end of input.

    Returns the exit code: 0 after ``quit`` or at the end of the input, 1 if ``stdout`` is
    closed under us, 130 on Ctrl-C.
    """
    session = Session()
    try:
        for line in _read_lines(stdin):
            request: Any = None
            try:
                if isinstance(line, RequestError):
                    raise line
                request = parse_line(line)
                reply = session.handle(request)
            except RequestError as exc:
                reply = {"ok": False, "error": exc.message, "code": exc.code}
            except Exception as exc:  # belt and braces: the loop never dies
                reply = {"ok": False, "error": f"internal error: {_describe_exception(exc)}",
                         "code": "internal"}
            try:
                _write(stdout, encode(reply))
            except (BrokenPipeError, ValueError):  # the client hung up (or closed stdout)
                return 1
            if reply.get("ok") and isinstance(request, dict) and request.get("cmd") == "quit":
                return 0
    except KeyboardInterrupt:
        return 130
    return 0
