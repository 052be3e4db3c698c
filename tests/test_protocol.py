"""The JSON-lines engine protocol (``ahoy engine``), driven in-process and once as a process."""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any

import pytest

from ahoy_tui.engine import Game
from ahoy_tui.engine.serialize import state_to_data
from ahoy_tui.protocol import MAX_DEPTH, MAX_LINE, NO_GAME, serve

Reply = dict[str, Any]
Script = Generator[Any, Reply, None]


def run(*requests: Any) -> tuple[list[Reply], int]:
    """Feed these request lines (objects are JSON-encoded) to serve(); its replies and code."""
    lines = "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in requests)
    out = io.StringIO()
    code = serve(io.StringIO(lines), out)
    text = out.getvalue()
    assert text == "" or text.endswith("\n")
    return [json.loads(line) for line in text.splitlines()], code


class _ScriptedInput:
    """A stdin that asks a generator for each next request, showing it the last reply."""

    def __init__(self, script: Script, out: io.StringIO) -> None:
        self.script = script
        self.out = out
        self.sent = 0

    def readline(self, size: int = -1) -> str:  # requests here are short: size is not needed
        lines = self.out.getvalue().splitlines()
        assert len(lines) == self.sent, "every request gets exactly one reply line"
        try:
            if self.sent == 0:
                request = next(self.script)
            else:
                request = self.script.send(json.loads(lines[-1]))
        except StopIteration:
            return ""
        self.sent += 1
        return (request if isinstance(request, str) else json.dumps(request)) + "\n"


def converse(script: Callable[[], Script]) -> int:
    """Run serve() against a script that yields requests and receives each reply."""
    out = io.StringIO()
    return serve(_ScriptedInput(script(), out), out)  # type: ignore[arg-type]


def ok(reply: Reply) -> Reply:
    assert reply["ok"] is True, reply
    return reply


def refused(reply: Reply, code: str | None = None) -> Reply:
    assert reply["ok"] is False, reply
    error = reply["error"]
    assert isinstance(error, str) and error
    assert "\n" not in error and "Traceback" not in error
    if code is not None:
        assert reply["code"] == code, reply
    return reply


def dumps(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


def random_game(seed: int, *, until: Callable[[Game], bool], limit: int = 500) -> Game:
    """A duel played by seeded random choices until ``until`` holds (the first of the seeds
    from ``seed`` on whose battle it comes about)."""
    for tried in range(seed, seed + 20):
        game = Game.new("ahoy", "duel", seed=tried)
        chooser = random.Random(tried)
        for _ in range(limit):
            if until(game):
                return game
            if game.over:
                break
            game.play(chooser.choice(list(game.legal_actions())))
    raise AssertionError("the condition never came about")


NEW = {"cmd": "new", "ruleset": "ahoy", "scenario": "duel", "seed": 7}


# --- the basic round trip ---------------------------------------------------------------------


def test_new_legal_act_round_trip() -> None:
    def script() -> Script:
        new = ok((yield NEW))
        assert (new["step"], new["to_act"], new["over"], new["seed"]) == (0, "p1", False, 7)
        assert new["sides"] == ["p1", "p2"]
        assert any(e["event"] == "roll" and e["purpose"] == "wind direction"
                   for e in new["events"])
        legal = ok((yield {"cmd": "legal"}))
        assert legal["count"] == len(legal["actions"]) > 0
        assert all(isinstance(a, dict) and isinstance(a.get("type"), str)
                   for a in legal["actions"])
        acted = ok((yield {"cmd": "act", "action": legal["actions"][0]}))
        assert acted["step"] == 1 and acted["over"] is False
        assert isinstance(acted["events"], list)
        history = ok((yield {"cmd": "history"}))
        assert history["actions"] == [legal["actions"][0]]

    assert converse(script) == 0


def test_every_legal_action_is_accepted_by_act() -> None:
    chooser = random.Random(3)
    seen: set[str] = set()

    def script() -> Script:
        ok((yield NEW))
        for step in range(12):
            legal = ok((yield {"cmd": "legal"}))
            assert legal["step"] == step
            for action in legal["actions"]:
                acted = ok((yield {"cmd": "act", "action": action}))
                assert acted["step"] == step + 1
                seen.add(action["type"])
                assert ok((yield {"cmd": "undo"}))["undone"] is True
            ok((yield {"cmd": "act", "action": chooser.choice(legal["actions"])}))

    assert converse(script) == 0
    assert len(seen) >= 3  # more than one phase's actions were tried


def test_legal_expands_ranges(tmp_path: Path) -> None:
    game = random_game(5, until=lambda g: bool(g.legal_actions().ranges))
    legal = game.legal_actions()
    expected = sorted(dumps(game.action_data(a)) for a in legal)
    assert len(expected) > len(legal.fixed) + len(legal.ranges)  # a range holds several
    path = game.save(tmp_path / "ranges.json")
    listed: list[Reply] = []

    def script() -> Script:
        ok((yield {"cmd": "load", "path": str(path)}))
        listed.append(ok((yield {"cmd": "legal"})))
        for action in listed[0]["actions"]:  # the expanded ones are accepted too
            assert ok((yield {"cmd": "act", "action": action}))["step"] == game.step + 1
            ok((yield {"cmd": "undo"}))

    assert converse(script) == 0
    assert listed[0]["count"] == len(legal)
    assert sorted(dumps(a) for a in listed[0]["actions"]) == expected


def test_legal_can_describe_each_action() -> None:
    (_, plain, described), _ = run(NEW, {"cmd": "legal"}, {"cmd": "legal", "describe": True})
    assert "descriptions" not in ok(plain)
    assert ok(described)["actions"] == plain["actions"]
    descriptions = described["descriptions"]
    assert len(descriptions) == len(plain["actions"])
    assert all(isinstance(d, str) and d for d in descriptions)
    assert "end orders" in descriptions


def test_status_fields_on_every_game_reply(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    replies, _ = run(NEW, {"cmd": "act", "action": {"type": "end_orders"}}, {"cmd": "undo"},
                     {"cmd": "redo"}, {"cmd": "goto", "step": 0}, {"cmd": "state"},
                     {"cmd": "save", "path": str(path)}, {"cmd": "load", "path": str(path)})
    for reply in replies:
        ok(reply)
    for reply in replies[:6] + replies[7:]:
        assert isinstance(reply["step"], int)
        assert reply["to_act"] in ("p1", "p2")
        assert reply["over"] is False
        assert "winner" not in reply and "result" not in reply
    assert [r["step"] for r in replies if "step" in r] == [0, 1, 0, 1, 0, 0, 0, 0]


def test_a_finished_battle_reports_winner_and_result(tmp_path: Path) -> None:
    game = random_game(4, until=lambda g: g.over)
    path = game.save(tmp_path / "over.json")
    loaded, state, legal, act = run(
        {"cmd": "load", "path": str(path)}, {"cmd": "state"}, {"cmd": "legal"},
        {"cmd": "act", "action": {"type": "end_orders"}})[0]
    for reply in (ok(loaded), ok(state)):
        assert reply["over"] is True and reply["to_act"] is None
        assert reply["winner"] == game.state.winner and reply["winner"] in ("p1", "p2", None)
        assert reply["result"] == game.state.result != ""
    assert ok(legal)["actions"] == []
    assert refused(act, "illegal_action")["rule"] == "Victory"


# --- dice, undo and redo -----------------------------------------------------------------------


def _play_until_dice(chooser: random.Random) -> Generator[Any, Reply, tuple[Any, Reply]]:
    """Act by seeded random choice until an action rolls dice; that action and its reply."""
    for _ in range(60):
        legal = ok((yield {"cmd": "legal"}))
        action = chooser.choice(legal["actions"])
        acted = ok((yield {"cmd": "act", "action": action}))
        if any(e["event"] == "roll" for e in acted["events"]):
            return action, acted
    raise AssertionError("no action rolled dice")


def test_act_events_include_dice_with_purpose_and_rule() -> None:
    def script() -> Script:
        ok((yield NEW))
        _, acted = yield from _play_until_dice(random.Random(1))
        rolls = [e for e in acted["events"] if e["event"] == "roll"]
        for roll in rolls:
            assert roll["purpose"] and roll["rule"]
            assert roll["dice"] and roll["faces"]
            assert all(isinstance(f, int | str) for f in roll["faces"])
        since = ok((yield {"cmd": "events", "since": acted["step"] - 1}))
        assert [{k: v for k, v in e.items() if k != "step"} for e in since["events"]] \
            == acted["events"]
        assert {e["step"] for e in since["events"]} == {acted["step"]}

    assert converse(script) == 0


def test_undo_redo_restore_state_and_replay_the_same_dice() -> None:
    def script() -> Script:
        ok((yield NEW))
        assert ok((yield {"cmd": "undo"}))["undone"] is False  # nothing to undo at step 0
        action, acted = yield from _play_until_dice(random.Random(2))
        after = ok((yield {"cmd": "state"}))["state"]
        undone = ok((yield {"cmd": "undo"}))
        assert undone["undone"] is True and undone["step"] == acted["step"] - 1
        before = ok((yield {"cmd": "state"}))["state"]
        assert before != after and before["step"] == acted["step"] - 1
        redone = ok((yield {"cmd": "redo"}))
        assert redone["redone"] is True and redone["step"] == acted["step"]
        assert redone["events"] == acted["events"]
        assert ok((yield {"cmd": "state"}))["state"] == after
        assert ok((yield {"cmd": "redo"}))["redone"] is False  # nothing left to redo
        ok((yield {"cmd": "undo"}))
        again = ok((yield {"cmd": "act", "action": action}))  # a fresh roll from the same state
        assert again["events"] == acted["events"]
        assert ok((yield {"cmd": "state"}))["state"] == after

    assert converse(script) == 0


def test_undo_for_a_side_takes_back_its_last_decision_and_every_answer_after() -> None:
    """A harness playing p1 against a bot: undo with its side returns to p1's own last choice,
    the bot's answers with it; redo with its side gives them all back with the same dice."""
    def script() -> Script:
        ok((yield NEW))
        chooser = random.Random(4)
        assert ok((yield {"cmd": "undo", "side": "p1"}))["undone"] is False  # nothing of p1's
        # play until p1 has decided and p2 has answered at least once since
        answered = False
        decided_at = None
        for _ in range(200):
            status = ok((yield {"cmd": "state"}))
            if status["over"]:
                break
            if status["to_act"] == "p1":
                if answered:
                    break
                decided_at = status["step"]
            elif decided_at is not None:
                answered = True
            legal = ok((yield {"cmd": "legal"}))
            ok((yield {"cmd": "act", "action": chooser.choice(legal["actions"])}))
        assert decided_at is not None and answered
        present = ok((yield {"cmd": "state"}))
        undone = ok((yield {"cmd": "undo", "side": "p1"}))
        assert undone["undone"] is True and undone["step"] == decided_at
        assert undone["to_act"] == "p1" and undone["last_step"] == present["step"]
        redone = ok((yield {"cmd": "redo", "side": "p1"}))
        assert redone["redone"] is True and redone["step"] == present["step"]
        assert ok((yield {"cmd": "state"}))["state"] == present["state"]
        wanted = ok((yield {"cmd": "events", "since": decided_at}))["events"]
        assert redone["events"] == [{k: v for k, v in e.items() if k != "step"} for e in wanted]
        refused = yield {"cmd": "undo", "side": "nobody"}
        assert refused["ok"] is False and refused["code"] == "bad_field"

    assert converse(script) == 0


def _seeded_session(seed: int) -> list[str]:
    """The raw reply lines of a short seeded session, choosing actions by index."""
    chooser = random.Random(99)
    out = io.StringIO()

    def script() -> Script:
        ok((yield {**NEW, "seed": seed}))
        for _ in range(15):
            legal = ok((yield {"cmd": "legal"}))
            if legal["over"]:
                break
            ok((yield {"cmd": "act", "action": legal["actions"][
                chooser.randrange(len(legal["actions"]))]}))
            yield {"cmd": "state"}

    serve(_ScriptedInput(script(), out), out)  # type: ignore[arg-type]
    return out.getvalue().splitlines()


def test_same_seed_gives_identical_state_json() -> None:
    first, second = _seeded_session(7), _seeded_session(7)
    assert len(first) > 20
    assert all(json.loads(line)["ok"] for line in first)
    assert first == second
    assert _seeded_session(8) != first


def test_side_view_hides_the_dice_seed() -> None:
    _, full, view, bad = run(NEW, {"cmd": "state"}, {"cmd": "state", "side": "p2"},
                             {"cmd": "state", "side": "p3"})[0]
    assert ok(full)["state"]["rng"]["seed"] == 7
    assert ok(view)["side"] == "p2"
    assert view["state"]["rng"]["seed"] != 7
    assert view["state"]["rng"]["counter"] == full["state"]["rng"]["counter"]
    assert {k: v for k, v in view["state"].items() if k != "rng"} == \
        {k: v for k, v in full["state"].items() if k != "rng"}
    assert "p3" in refused(bad, "bad_field")["error"]


# --- saves -------------------------------------------------------------------------------------


def test_save_then_load_gives_the_same_state(tmp_path: Path) -> None:
    path = tmp_path / "battle.json"

    def script() -> Script:
        ok((yield NEW))
        chooser = random.Random(6)
        for _ in range(8):
            legal = ok((yield {"cmd": "legal"}))
            ok((yield {"cmd": "act", "action": chooser.choice(legal["actions"])}))
        ok((yield {"cmd": "undo"}))
        saved_state = ok((yield {"cmd": "state"}))
        saved = ok((yield {"cmd": "save", "path": str(path)}))
        assert saved["path"] == str(path)
        assert sorted(os.listdir(tmp_path)) == ["battle.json"]  # no temporary file left
        written = (path.read_bytes(), path.stat().st_mtime_ns)
        ok((yield {**NEW, "seed": 8}))
        assert ok((yield {"cmd": "state"}))["state"] != saved_state["state"]
        loaded = ok((yield {"cmd": "load", "path": str(path)}))
        assert (loaded["step"], loaded["last_step"]) == (7, 8)
        assert (path.read_bytes(), path.stat().st_mtime_ns) == written  # loading wrote nothing
        assert loaded["seed"] == 7
        assert ok((yield {"cmd": "state"}))["state"] == saved_state["state"]
        redone = ok((yield {"cmd": "redo"}))  # the undone action was saved too
        assert redone["redone"] is True and redone["step"] == 8

    assert converse(script) == 0


@pytest.mark.parametrize("content", [b"{\"format\": \"ahoy-tui-game\", \"vers",
                                     b"\x00\xffnot a save", b"[1, 2, 3]\n"])
def test_loading_a_corrupt_file_is_one_line_and_changes_nothing(
        tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "corrupt.json"
    path.write_bytes(content)
    _, load, state = run(NEW, {"cmd": "load", "path": str(path)}, {"cmd": "state"})[0]
    assert str(path) in refused(load, "save_error")["error"]
    assert path.read_bytes() == content
    assert sorted(os.listdir(tmp_path)) == ["corrupt.json"]
    assert ok(state)["state"]["rng"]["seed"] == 7  # the game in hand is still there


def test_loading_a_missing_file_names_it(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.json"
    (load,), _ = run({"cmd": "load", "path": str(path)})
    assert str(path) in refused(load, "save_error")["error"]
    assert not path.exists()


# --- refusals never stop the engine ------------------------------------------------------------


def test_bad_requests_are_refused_and_the_loop_goes_on() -> None:
    requests = [
        ("{not json", "bad_json"),
        ("", "bad_json"),
        ("[1, 2]", "bad_request"),
        ({"seed": 7}, "missing_field"),
        ({"cmd": "fly"}, "unknown_command"),
        ({"cmd": "legal"}, "no_game"),
        ({"cmd": "act", "action": {"type": "end_orders"}}, "no_game"),
        (NEW, None),
        ({"cmd": "act"}, "missing_field"),
        ({"cmd": "goto"}, "missing_field"),
        ({"cmd": "save"}, "missing_field"),
        ({"cmd": "goto", "step": "one"}, "bad_field"),
        ({"cmd": "new", "seed": "seven"}, "bad_field"),
        ({"cmd": "new", "sead": 7}, "unknown_field"),
        ({"cmd": "new", "scenario": "atlantis"}, "bad_request"),
        ({"cmd": "act", "action": {"inches": 3}}, "invalid_action"),
        ({"cmd": "act", "action": {"type": "advance"}}, "invalid_action"),
        ({"cmd": "act", "action": {"type": "end_orders", "now": True}}, "invalid_action"),
        ({"cmd": "act", "action": "end_orders"}, "invalid_action"),
        ({"cmd": "act", "action": {"type": "advance", "inches": 3}}, "illegal_action"),
        ({"cmd": "act", "side": "p2", "action": {"type": "end_orders"}}, "not_your_turn"),
        ({"cmd": "legal", "id": "last"}, None),
    ]
    replies, code = run(*(request for request, _ in requests))
    assert code == 0
    assert len(replies) == len(requests)
    for reply, (_request, expected) in zip(replies, requests, strict=True):
        if expected is None:
            ok(reply)
        else:
            refused(reply, expected)
    assert replies[5]["error"] == NO_GAME
    assert "atlantis" in replies[14]["error"]
    illegal = replies[19]
    assert illegal["rule"] and illegal["rule"] in illegal["error"] and illegal["reason"]
    assert replies[-1]["id"] == "last" and replies[-1]["step"] == 0  # nothing was applied


def nested(depth: int) -> str:
    """A request line of lists ``depth`` deep."""
    return "[" * depth + "]" * depth


def test_a_line_nested_far_too_deep_is_one_error_and_the_next_line_is_read() -> None:
    (deep, new), code = run("[" * 200_000, NEW)
    assert code == 0
    assert f"more than {MAX_DEPTH}" in refused(deep, "too_deep")["error"]
    assert ok(new)["seed"] == 7


def test_nesting_is_bounded_at_the_documented_depth() -> None:
    request = {"cmd": "info", "id": json.loads(nested(MAX_DEPTH - 1))}  # exactly MAX_DEPTH
    (over, under, at_limit, beyond), code = run(
        nested(MAX_DEPTH + 1), nested(60), request,
        {"cmd": "info", "id": json.loads(nested(MAX_DEPTH))})
    assert code == 0
    assert f"more than {MAX_DEPTH}" in refused(over, "too_deep")["error"]
    # deep enough to pass the bound, then refused for what it is: not an object
    assert refused(under, "bad_request")["error"] == "a request must be a JSON object, not a list"
    assert ok(at_limit)["id"] == request["id"]
    refused(beyond, "too_deep")


def _binary_stdin(data: bytes) -> io.TextIOWrapper:
    """A stdin with a binary buffer, as ``sys.stdin`` has: serve() reads its bytes."""
    return io.TextIOWrapper(io.BytesIO(data), encoding="ascii")


@pytest.mark.parametrize("binary", [True, False], ids=["bytes", "text"])
def test_an_overlong_line_is_one_error_and_the_next_line_is_read(binary: bool) -> None:
    longest = json.dumps({"cmd": "info", "id": "x" * (MAX_LINE - 40)})
    longest += " " * (MAX_LINE - len(longest))  # exactly the limit: still read
    lines = [json.dumps(NEW), "[" + "1," * MAX_LINE + "1]", longest, '{"cmd": "prompt"}',
             "x" * (MAX_LINE + 1), '{"cmd": "quit"}']
    text = "\n".join(lines) + "\n"
    out = io.StringIO()
    stdin = _binary_stdin(text.encode()) if binary else io.StringIO(text)
    assert serve(stdin, out) == 0
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(replies) == 6
    new, long_, at_limit, prompt, long_again, quit_ = replies
    assert ok(new)["seed"] == 7
    assert str(MAX_LINE) in refused(long_, "too_long")["error"]
    assert ok(at_limit)["id"].startswith("xxx")
    assert ok(prompt)["prompt"].startswith("Turn 1")  # the long line's rest was skipped
    refused(long_again, "too_long")
    assert quit_ == {"ok": True}


def test_an_unexpected_exception_becomes_an_error_reply(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: Game) -> Any:
        raise RuntimeError("the rudder fell off\nsecond line")

    monkeypatch.setattr(Game, "legal_actions", broken)
    (_, legal, state), code = run(NEW, {"cmd": "legal"}, {"cmd": "state"})
    assert code == 0
    assert "the rudder fell off" in refused(legal, "internal")["error"]
    assert ok(state)["step"] == 0


def test_utf8_lines_and_unicode_replies() -> None:
    out = io.StringIO()
    code = serve(io.StringIO(json.dumps(NEW) + "\n" + '{"cmd": "prompt", "id": "å"}\n'), out)
    assert code == 0
    reply = json.loads(out.getvalue().splitlines()[1])
    assert ok(reply)["id"] == "å"
    assert "—" in out.getvalue()  # ensure_ascii=False: the prompt's dash is written as is


# --- moving through history --------------------------------------------------------------------


def test_goto_moves_to_any_recorded_step() -> None:
    def script() -> Script:
        ok((yield NEW))
        states = [ok((yield {"cmd": "state"}))["state"]]
        chooser = random.Random(4)
        for _ in range(4):
            legal = ok((yield {"cmd": "legal"}))
            ok((yield {"cmd": "act", "action": chooser.choice(legal["actions"])}))
            states.append(ok((yield {"cmd": "state"}))["state"])
        gone = ok((yield {"cmd": "goto", "step": 1}))
        assert (gone["step"], gone["last_step"]) == (1, 4)
        assert ok((yield {"cmd": "state"}))["state"] == states[1]
        assert ok((yield {"cmd": "goto", "step": 4}))["step"] == 4
        assert ok((yield {"cmd": "state"}))["state"] == states[4]
        assert "99" in refused((yield {"cmd": "goto", "step": 99}), "bad_field")["error"]
        assert ok((yield {"cmd": "state"}))["step"] == 4

    assert converse(script) == 0


def test_events_since_counts_from_the_set_up() -> None:
    (new, first, second, every, later), _ = run(
        NEW, {"cmd": "act", "action": {"type": "end_orders"}},
        {"cmd": "legal"}, {"cmd": "events", "since": -1}, {"cmd": "events", "since": 1})
    setup = [e for e in ok(every)["events"] if e["step"] == 0]
    assert [{k: v for k, v in e.items() if k != "step"} for e in setup] == ok(new)["events"]
    assert {e["step"] for e in every["events"]} <= {0, 1}
    assert ok(later)["events"] == []
    assert ok(first)["step"] == ok(second)["step"] == 1


def test_prompt_scenarios_and_info() -> None:
    (scenarios, info, new, prompt), _ = run({"cmd": "scenarios"}, {"cmd": "info"}, NEW,
                                            {"cmd": "prompt"})
    names = [s["name"] for s in ok(scenarios)["scenarios"]]
    assert {"duel", "harbour", "squadron"} <= set(names)
    assert ok(info)["protocol"] == 1 and "act" in info["commands"]
    assert ok(prompt)["prompt"].startswith("Turn 1")
    assert ok(new)["to_act"] == prompt["to_act"]


# --- ending -------------------------------------------------------------------------------------


def test_quit_replies_then_stops() -> None:
    replies, code = run(NEW, {"cmd": "quit"}, {"cmd": "legal"})
    assert code == 0
    assert len(replies) == 2
    assert replies[1] == {"ok": True}


def test_end_of_input_ends_with_zero() -> None:
    assert run() == ([], 0)
    replies, code = run(NEW, "{broken")
    assert code == 0 and len(replies) == 2


def test_the_engine_command_as_a_process() -> None:
    requests = [NEW, {"cmd": "act", "action": {"type": "end_orders"}}, {"cmd": "prompt"},
                {"cmd": "state"}]
    lines = [json.dumps(r).encode() for r in requests]
    lines.insert(2, b"\xff\xfe not utf-8")
    lines.append(b'{"cmd": "quit"}')
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}  # the protocol speaks UTF-8 regardless
    done = subprocess.run([sys.executable, "-m", "ahoy_tui", "engine"],
                          input=b"\n".join(lines) + b"\n", capture_output=True,
                          timeout=30, env=env, check=False)
    assert done.returncode == 0, done.stderr.decode()
    replies = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]
    assert len(replies) == len(lines)
    new, act, bad, prompt, state, quit_ = replies
    assert ok(new)["seed"] == 7 and ok(act)["step"] == 1
    assert "UTF-8" in refused(bad, "bad_json")["error"]
    assert "—" in ok(prompt)["prompt"]
    assert quit_ == {"ok": True}
    # a different process, a different hash seed: the same state as in this process
    here = Game.new("ahoy", "duel", seed=7)
    here.play({"type": "end_orders"})
    assert ok(state)["state"] == json.loads(json.dumps(state_to_data(here.state)))


# --- engine bugs found while writing the protocol (see the report) ------------------------------


def test_unknown_action_type_is_named_as_such() -> None:
    (_, act), _ = run(NEW, {"cmd": "act", "action": {"type": "fly"}})
    assert "unknown action type 'fly'" in refused(act, "invalid_action")["error"]


def test_a_fractional_inch_is_malformed() -> None:
    (_, act), _ = run(NEW, {"cmd": "act", "action": {"type": "advance", "inches": 3.7}})
    refused(act, "invalid_action")


def test_a_secret_sheet_is_a_form_a_bot_fills_in_and_its_opponent_cannot_read() -> None:
    def script() -> Script:
        ok((yield {"cmd": "new", "ruleset": "naval-battle", "scenario": "duel", "seed": 4}))
        for _ in range(2):  # both sides declare: listed as plain actions
            legal = ok((yield {"cmd": "legal"}))
            assert "forms" not in legal and legal["actions"][0]["type"] == "declare_speed"
            ok((yield {"cmd": "act", "action": legal["actions"][0]}))
        legal = ok((yield {"cmd": "legal"}))
        assert legal["forms"] == [{"type": "give_orders", "side": "p1",
                                   "what": "every ship's crew assignments and maneuver tokens"}]
        sheet = legal["actions"][1]  # an example sheet: a turn to port first
        assert sheet["ships"][0]["maneuvers"][0] == "port"
        sheet["ships"][0]["casualties"] = ["guns", "speed", "maneuvers", "snipers", "fire",
                                           "boarding"]  # filled in by the bot: still legal
        ok((yield {"cmd": "act", "action": sheet}))
        seen = ok((yield {"cmd": "state", "side": "p2"}))["state"]
        assert seen["orders"] == {"entries": [], "hidden": ["p1"]}
        mine = ok((yield {"cmd": "state", "side": "p1"}))["state"]
        assert mine["orders"]["entries"][0][1]["ships"][0]["casualties"][0] == "guns"
        bad = dict(sheet, side="p2")
        bad["ships"] = [dict(sheet["ships"][0], ship="grudgebearer")]
        refused = (yield {"cmd": "act", "action": bad})
        assert refused["ok"] is False and refused["code"] == "illegal_action"

    assert converse(script) == 0


def test_a_sides_history_hides_a_sheet_sealed_by_the_other_until_the_reveal() -> None:
    def history(side: str | None = None) -> dict[str, Any]:
        return {"cmd": "history"} if side is None else {"cmd": "history", "side": side}

    def script() -> Script:
        ok((yield {"cmd": "new", "ruleset": "naval-battle", "scenario": "duel", "seed": 4}))
        declared = []
        for side in ("p1", "p2"):  # both sides declare their speeds: revealed together
            declaration = ok((yield {"cmd": "legal"}))["actions"][0]
            ok((yield {"cmd": "act", "side": side, "action": declaration}))
            declared.append(declaration)
        sheet = ok((yield {"cmd": "legal"}))["actions"][1]
        sheet["ships"][0]["casualties"] = ["guns", "speed", "maneuvers", "snipers", "fire",
                                           "boarding"]  # p1's sheet, unlike any example
        ok((yield {"cmd": "act", "side": "p1", "action": sheet}))
        # p1 has sealed: p2 learns that, and nothing of the sheet
        theirs = ok((yield history("p2")))
        assert theirs["side"] == "p2"
        assert theirs["actions"] == [*declared, {"type": "sealed", "side": "p1"}]
        assert "casualties" not in dumps(theirs)
        assert ok((yield history("p1")))["actions"] == [*declared, sheet]
        assert ok((yield history()))["actions"] == [*declared, sheet]  # the referee's view
        refused((yield history("p3")), "bad_field")
        answer = ok((yield {"cmd": "legal"}))["actions"][0]
        ok((yield {"cmd": "act", "side": "p2", "action": answer}))
        # both sealed: revealed together, so each side reads both sheets
        for side in ("p1", "p2", None):
            assert ok((yield history(side)))["actions"] == [*declared, sheet, answer]
        ok((yield {"cmd": "goto", "step": 3}))  # back before the reveal: sealed again
        assert ok((yield history("p2")))["actions"][2] == {"type": "sealed", "side": "p1"}

    assert converse(script) == 0


def test_a_bot_plays_a_man_o_war_battle_and_undo_restores_it() -> None:
    chooser = random.Random(5)
    seen: set[str] = set()

    def script() -> Script:
        new = ok((yield {"cmd": "new", "ruleset": "man-o-war", "scenario": "elves", "seed": 3}))
        assert new["sides"] == ["p1", "p2"] and new["step"] == 0
        for step in range(150):
            legal = ok((yield {"cmd": "legal"}))
            if legal["over"]:
                break
            before = ok((yield {"cmd": "state"}))
            action = chooser.choice(legal["actions"])
            acted = ok((yield {"cmd": "act", "action": action}))
            assert acted["step"] == step + 1
            seen.add(action["type"])
            if step % 25 == 0:  # an undo gives back the very state, and redo the same dice
                after = ok((yield {"cmd": "state"}))
                ok((yield {"cmd": "undo"}))
                assert ok((yield {"cmd": "state"}))["state"] == before["state"]
                ok((yield {"cmd": "redo"}))
                assert ok((yield {"cmd": "state"}))["state"] == after["state"]
        refused = (yield {"cmd": "act", "action": {"type": "ram", "target": "nobody"}})
        assert refused["ok"] is False and "\n" not in refused["error"]

    assert converse(script) == 0
    assert {"activate", "set_course", "advance"} <= seen


def test_a_wizards_hand_and_his_discards_are_his_own_sides() -> None:
    """Man O' War over the protocol: a side's view shows the other Wizard's cards face down,
    and a card he discards is sealed in that side's history."""
    chooser = random.Random(2)

    def script() -> Script:
        ok((yield {"cmd": "new", "ruleset": "man-o-war", "scenario": "sorcery", "seed": 4}))
        referee = ok((yield {"cmd": "state"}))["state"]
        mine, theirs = (w["hand"] for w in referee["wizards"])
        seen_by_p2 = ok((yield {"cmd": "state", "side": "p2"}))["state"]
        assert seen_by_p2["wizards"][0]["hand"] == [""] * len(mine)
        assert seen_by_p2["wizards"][1]["hand"] == theirs
        for _ in range(3000):  # on until a Wizard may discard in the End Phase
            legal = ok((yield {"cmd": "legal"}))
            discards = [a for a in legal["actions"] if a["type"] == "discard_spell"]
            if discards:
                break
            ok((yield {"cmd": "act", "action": chooser.choice(legal["actions"])}))
        else:
            raise AssertionError("no discard in three thousand actions")
        side = legal["to_act"]
        other = "p2" if side == "p1" else "p1"
        acted = ok((yield {"cmd": "act", "action": discards[0]}))
        step = acted["step"]
        hidden = ok((yield {"cmd": "history", "side": other}))["actions"]
        assert hidden[step - 1] == {"type": "sealed", "side": side}
        assert ok((yield {"cmd": "history", "side": side}))["actions"][step - 1] == discards[0]

    assert converse(script) == 0


def test_a_bot_writes_ramming_speed_orders_and_the_other_side_reads_them_only_when_revealed(
        ) -> None:
    """Ramming Speed! over the protocol: a galley's written orders are sealed in the other
    side's history until both sides have sealed; a bot plays on to the end, undo restoring."""
    chooser = random.Random(7)
    seen: set[str] = set()

    def script() -> Script:
        ok((yield {"cmd": "new", "ruleset": "ramming-speed", "scenario": "corvus", "seed": 3}))
        order = {"type": "write_orders", "side": "p1", "ship": "p1-1", "band": "slow",
                 "moves": "SSSLLSSSS", "rake": False}
        ok((yield {"cmd": "act", "action": order}))
        assert ok((yield {"cmd": "history", "side": "p2"}))["actions"] == [
            {"type": "sealed", "side": "p1"}]
        assert "SSSLLSSSS" not in dumps(ok((yield {"cmd": "state", "side": "p2"}))["state"])
        refused = (yield {"cmd": "act", "action": {**order, "moves": "SS"}})
        assert refused["ok"] is False and "full" in refused["error"]  # 6.3: the full 9"
        ok((yield {"cmd": "act", "action": {"type": "seal_orders", "side": "p1"}}))
        ok((yield {"cmd": "act", "action": {"type": "seal_orders", "side": "p2"}}))
        assert ok((yield {"cmd": "history", "side": "p2"}))["actions"][0] == order
        for step in range(400):
            legal = ok((yield {"cmd": "legal"}))
            if legal["over"]:
                break
            before = ok((yield {"cmd": "state"}))
            action = chooser.choice(legal["actions"])
            acted = ok((yield {"cmd": "act", "action": action}))
            seen.add(action["type"])
            if step % 40 == 0:
                after = ok((yield {"cmd": "state"}))
                ok((yield {"cmd": "undo"}))
                assert ok((yield {"cmd": "state"}))["state"] == before["state"]
                ok((yield {"cmd": "redo"}))
                assert ok((yield {"cmd": "state"}))["state"] == after["state"]
            assert acted["ok"]

    assert converse(script) == 0
    assert {"write_orders", "seal_orders"} <= seen


def test_a_bot_plays_acks_on_the_hex_battlemap_to_the_end() -> None:
    """ACKS II sea combat over the protocol: a declaration refused names its rule and changes
    nothing; a bot plays a whole battle of declarations, steps and shots to the end."""
    chooser = random.Random(11)
    seen: set[str] = set()

    def script() -> Script:
        ok((yield {"cmd": "new", "ruleset": "acks", "scenario": "quinquereme", "seed": 5}))
        before = ok((yield {"cmd": "state"}))["state"]
        refused = (yield {"cmd": "act", "action": {
            "type": "declare", "side": "p1", "vessel": "pride", "mode": "oar", "speed": 300,
            "steer_full": True, "submerged": False}})
        assert refused["ok"] is False and "Pre-Initiative Declarations" in refused["error"]
        assert ok((yield {"cmd": "state"}))["state"] == before
        for _ in range(20_000):
            legal = ok((yield {"cmd": "legal"}))
            if legal["over"]:
                break
            action = chooser.choice(legal["actions"])
            seen.add(action["type"])
            ok((yield {"cmd": "act", "action": action}))
        else:
            raise AssertionError("the battle did not end")

    assert converse(script) == 0
    assert {"declare", "step"} <= seen
