"""Saved games: exact round trips, atomic writes, and one clear line for every bad file."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from ahoy_tui.engine import Game, SaveError, load_game, load_record
from ahoy_tui.engine import saves as saves_module
from ahoy_tui.engine.record import FORMAT, VERSION
from ahoy_tui.engine.saves import record_to_json
from ahoy_tui.paths import default_saves_dir


def play_random(game: Game, seed: int, limit: int) -> None:
    chooser = random.Random(seed)
    while not game.over and game.step < limit:
        legal = game.legal_actions()
        game.play(legal[chooser.randrange(len(legal))])


@pytest.fixture(scope="module")
def played() -> Game:
    """A squadron battle 40 actions in, with the last 6 undone."""
    game = Game.new("ahoy", "squadron", seed=21)
    play_random(game, 21, 40)
    assert game.step == 40
    for _ in range(6):
        game.undo()
    return game


@pytest.fixture
def saved(played: Game, tmp_path: Path) -> Path:
    return played.save(tmp_path / "battle.json")


# --- round trips -------------------------------------------------------------------------------


def test_save_and_load_is_the_identity(played, saved):
    loaded = load_game(saved)
    assert loaded.step == played.step == 34
    assert loaded.last_step == played.last_step == 40
    for i in range(41):
        assert loaded.state_hash(i) == played.state_hash(i)
    assert loaded.record() == played.record()
    assert loaded.redo()  # the undone future came back with it
    assert loaded.state_hash() == played.state_hash(35)


def test_a_new_game_saves_and_loads(tmp_path):
    game = Game.new("ahoy", "harbour", seed=0)
    loaded = load_game(game.save(tmp_path / "fresh.json"))
    assert loaded.step == 0 and loaded.last_step == 0
    assert loaded.state_hash() == game.state_hash()


def test_saves_are_readable_indented_json(saved):
    text = saved.read_text(encoding="utf-8")
    data = json.loads(text)
    assert list(data)[:2] == ["format", "version"]
    assert data["format"] == FORMAT and data["version"] == VERSION
    assert text.startswith("{\n ")
    assert text.endswith("}\n")
    lines = text.splitlines()
    assert len(lines) > 50  # one value a line, not one long line
    assert all(len(line) < 200 for line in lines)
    assert data["cursor"] == 34
    assert len(data["actions"]) == 40 and len(data["hashes"]) == 41
    assert all(isinstance(a, dict) and "type" in a for a in data["actions"])


def test_saving_again_overwrites(played, saved):
    first = saved.read_bytes()
    played.save(saved)
    assert saved.read_bytes() == first  # the same record writes the same bytes
    other = Game.new("ahoy", "duel", seed=1)
    other.save(saved)
    assert load_record(saved).scenario == "duel"


def test_autosave_writes_after_every_change(tmp_path):
    game = Game.new("ahoy", "duel", seed=5)
    game.autosave = tmp_path / "auto.json"
    game.play(game.legal_actions()[0])
    assert load_record(game.autosave).cursor == 1
    game.undo()
    assert load_record(game.autosave).cursor == 0
    assert load_record(game.autosave).actions == game.record().actions


# --- atomic writes -----------------------------------------------------------------------------


def test_writing_leaves_no_temporary_files(played, tmp_path):
    played.save(tmp_path / "a.json")
    played.save(tmp_path / "a.json")
    played.save(tmp_path / "sub" / "b.json")  # the folder is made
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json", "sub"]
    assert [p.name for p in (tmp_path / "sub").iterdir()] == ["b.json"]


def test_a_failed_replace_keeps_the_old_file(played, saved, monkeypatch):
    before = saved.read_bytes()
    other = Game.new("ahoy", "duel", seed=1)

    def broken(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(SaveError) as info:
        other.save(saved)
    monkeypatch.undo()
    message = str(info.value)
    assert "\n" not in message
    assert "battle.json" in message and "No space left" in message
    assert saved.read_bytes() == before
    assert [p.name for p in saved.parent.iterdir()] == ["battle.json"]


def test_writing_where_a_folder_cannot_be_made(played, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(SaveError) as info:
        played.save(blocker / "battle.json")
    assert "\n" not in str(info.value)
    assert blocker.read_text() == "x"


# --- bad files ---------------------------------------------------------------------------------


def _edited(saved: Path, edit) -> None:
    data = json.loads(saved.read_text(encoding="utf-8"))
    edit(data)
    saved.write_text(json.dumps(data, indent=1), encoding="utf-8")


def _set(key, value):
    return lambda data: data.__setitem__(key, value)


def _drop(key):
    return lambda data: data.pop(key)


def _set_action(index, value):
    return lambda data: data["actions"].__setitem__(index, value)


def _set_hash(index, value):
    return lambda data: data["hashes"].__setitem__(index, value)


ILLEGAL_MOVE = {"type": "advance", "inches": 30}

BAD_EDITS = {
    # name: (edit, words the message must contain)
    "wrong format": (_set("format", "zip-archive"), ["not a saved game", "zip-archive"]),
    "future version": (_set("version", 99), ["newer version", "99"]),
    "string version": (_set("version", "1"), ["version", "not a whole number"]),
    "float version": (_set("version", 1.5), ["version", "not a whole number"]),
    "bool version": (_set("version", True), ["version", "not a whole number"]),
    "zero version": (_set("version", 0), ["version", "0"]),
    "unknown ruleset": (_set("ruleset", "chess"), ["unknown ruleset", "chess"]),
    "no ruleset": (_drop("ruleset"), ["ruleset"]),
    "illegal action": (_set_action(5, ILLEGAL_MOVE), ["step 6", "not a legal action"]),
    "unknown action": (_set_action(2, {"type": "teleport"}), ["step 3", "not an action of"]),
    "action not an object": (_set_action(2, "advance"), ["actions"]),
    "edited first hash": (_set_hash(0, "0" * 24), ["set-up"]),
    "missing seed": (_drop("seed"), ["missing", "seed"]),
    "missing scenario": (_drop("scenario"), ["missing", "scenario"]),
    "seed not a number": (_set("seed", "lucky"), ["seed"]),
    "cursor too far": (_set("cursor", 41), ["cursor 41"]),
    "negative cursor": (_set("cursor", -1), ["cursor -1"]),
    "too few hashes": (lambda d: d["hashes"].pop(), ["hashes"]),
    "extra field": (_set("cheat", True), ["cheat"]),
    "actions not a list": (_set("actions", {"type": "end_orders"}), ["actions"]),
    "scenario data not an object": (_set("scenario_data", [1, 2]), ["scenario_data"]),
    "scenario data emptied": (_set("scenario_data", {}), ["scenario"]),
    "unknown option": (_set("options", {"cheat": 1}), ["cheat"]),
}


def _expect_clean_error(path: Path, words=()) -> SaveError:
    existed = path.exists()
    stat = path.stat() if existed else None
    content = path.read_bytes() if path.is_file() else None
    with pytest.raises(SaveError) as info:
        load_game(path)
    message = str(info.value)
    assert "\n" not in message.strip(), message
    assert "Traceback" not in message
    assert path.name in message
    assert message.startswith(str(path))
    problem = info.value.problem
    assert message == f"{path}: {problem}"
    assert len(problem) > 8  # a description follows the name
    lowered = problem.lower()  # not the path: tmp_path holds the test's name
    for word in words:
        assert word.lower() in lowered, message
    assert info.value.path == path
    # reading never writes: the file is exactly as it was
    assert path.exists() == existed
    if stat is not None:
        after = path.stat()
        assert after.st_mtime_ns == stat.st_mtime_ns
        assert after.st_size == stat.st_size
    if content is not None:
        assert path.read_bytes() == content
    return info.value


@pytest.mark.parametrize("name", sorted(BAD_EDITS))
def test_edited_save_gives_one_clear_line(saved, name):
    edit, words = BAD_EDITS[name]
    _edited(saved, edit)
    _expect_clean_error(saved, words)


def test_an_edited_step_hash_is_reported_by_a_checked_load_and_never_taken_on_trust(saved,
                                                                                 played):
    # A load trusts the record's actions and checks the last state; a hash in between that
    # was edited does not change the battle, so the battle loads, with the true hash.
    _edited(saved, _set_hash(12, "0" * 24))
    loaded = load_game(saved)
    assert loaded.state_hash(12) == played.state_hash(12) != "0" * 24
    assert loaded.state_hash() == played.state_hash()
    # ``ahoy replay --verify`` checks every step, and names the edited one
    with pytest.raises(SaveError, match="step 12"):
        load_game(saved, check=True)


def test_a_trusted_load_is_the_checked_replay(tmp_path):
    for seed in (3, 8):
        game = Game.new("ahoy", "squadron", seed=seed)
        play_random(game, seed, 250)
        path = game.save(tmp_path / f"g{seed}.json")
        trusted, checked = load_game(path), load_game(path, check=True)
        assert trusted.last_step == checked.last_step == game.last_step
        for step in range(game.last_step + 1):
            assert trusted.state_at(step) == checked.state_at(step) == game.state_at(step)
            assert trusted.events_at(step) == checked.events_at(step)


def test_missing_file(tmp_path):
    _expect_clean_error(tmp_path / "nowhere.json", ["no such file"])


def test_a_folder(tmp_path):
    folder = tmp_path / "folder.json"
    folder.mkdir()
    _expect_clean_error(folder, ["folder"])
    assert list(folder.iterdir()) == []


def test_empty_file(tmp_path):
    path = tmp_path / "empty.json"
    path.write_bytes(b"")
    _expect_clean_error(path, ["empty"])
    blank = tmp_path / "blank.json"
    blank.write_bytes(b"  \n\n")
    _expect_clean_error(blank, ["empty"])


def test_truncated_save(saved):
    text = saved.read_text(encoding="utf-8")
    saved.write_text(text[: len(text) // 2], encoding="utf-8")
    _expect_clean_error(saved, ["json"])


def test_truncated_between_values_says_truncated(saved):
    text = saved.read_text(encoding="utf-8")
    cut = text.index('"seed"')  # just after a comma and a newline
    saved.write_text(text[:cut], encoding="utf-8")
    _expect_clean_error(saved, ["truncated"])


def test_truncated_inside_a_string_says_truncated(saved):
    text = saved.read_text(encoding="utf-8")
    cut = text.index('"scenario": "') + len('"scenario": "sq')
    saved.write_text(text[:cut], encoding="utf-8")
    _expect_clean_error(saved, ["truncated"])


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"hello, world\n", ["not a saved game", "json"]),
        (b"<html></html>", ["not a saved game"]),
        (b"{\"format\": \"ahoy-tui-game\",}", ["json"]),
        (b"[1, 2, 3]", ["not an object"]),
        (b"\"a string\"", ["not an object"]),
        (b"null", ["not an object"]),
        (b"42", ["not an object"]),
        (b"\xff\xfe\x00b\x00a\x00d", ["utf-8"]),
        (b"{}", ["format"]),
    ],
)
def test_not_a_save(tmp_path, content, words):
    path = tmp_path / "odd.json"
    path.write_bytes(content)
    _expect_clean_error(path, words)


def test_deeply_nested_json(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    _expect_clean_error(path, ["json"])


def test_fractional_seed_is_refused(saved):
    _edited(saved, _set("seed", 21.9))
    _expect_clean_error(saved, ["seed"])


def test_load_record_reads_without_replaying(saved, played):
    record = load_record(saved)
    assert record == played.record()


# --- where saves go ----------------------------------------------------------------------------


def test_default_saves_dir_honours_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path / "my saves"))
    assert default_saves_dir() == tmp_path / "my saves"
    monkeypatch.delenv("AHOY_SAVES")
    fallback = default_saves_dir()
    assert fallback != tmp_path / "my saves"
    assert fallback.name == "saves"


def test_record_json_round_trips(played):
    record = played.record()
    text = record_to_json(record)
    assert saves_module.parse_record(Path("x.json"), text) == record


def test_a_save_from_before_the_advanced_rules_still_verifies():
    """Saved by the code before the Advanced rules (commit ec67568): every field added since is
    left out of the state hash at its default, so each of its 28 steps hashes as it did."""
    from pathlib import Path

    from ahoy_tui.engine.saves import load_game

    path = Path(__file__).parent / "data" / "duel_saved_before_the_advanced_rules.json"
    game = load_game(path, verify=True)
    assert game.step == 28
    assert game.state.turn == 3
    assert not game.state.terrain
    game.play(next(iter(game.legal_actions())))  # and play goes on from it


@pytest.mark.parametrize("ruleset,scenario,seed", [
    ("ahoy", "squadron", 3), ("ahoy", "harbour", 5), ("ahoy", "river", 2),
    ("ahoy", "fireships", 4), ("ahoy", "harbour_raid", 6), ("naval-battle", "dragon", 1)])
def test_a_good_save_loads_on_trust_without_a_checked_replay(tmp_path, monkeypatch, ruleset,
                                                             scenario, seed):
    """The trusted replay (and the log's next action, where the rules ask it whether a phase
    offered a choice) rebuilds every state of a real battle: no fallback was needed."""
    game = Game.new(ruleset, scenario, seed=seed)
    play_random(game, seed, 300)
    path = game.save(tmp_path / "battle.json")

    def refused(*args, **kwargs):
        raise AssertionError("the trusted replay fell back to the checked one")

    monkeypatch.setattr(Game, "_checked", classmethod(refused))
    loaded = load_game(path)
    assert loaded.last_step == game.last_step
    assert [loaded.state_hash(i) for i in range(game.last_step + 1)] == \
        [game.state_hash(i) for i in range(game.last_step + 1)]
