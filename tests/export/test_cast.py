"""A recording of a battle (asciicast v2) and pictures of its screen, made headless."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import attrs
import pyte
import pytest

from ahoy_tui.cli import main
from ahoy_tui.engine import Game, load_game, save_record


def cut(log: Path, steps: int, out: Path) -> Path:
    """The log's first ``steps`` actions as a log of their own (a short battle to record)."""
    record = load_game(log).record()
    record = attrs.evolve(record, actions=record.actions[:steps],
                          hashes=record.hashes[:steps + 1], cursor=steps)
    return save_record(record, out)


def played(cast: Path) -> tuple[dict[str, object], list[list[object]], pyte.Screen]:
    """The header, the events, and the terminal screen after playing them all (pyte)."""
    lines = cast.read_text("utf-8").splitlines()
    header = json.loads(lines[0])
    events = [json.loads(line) for line in lines[1:]]
    screen = pyte.Screen(int(header["width"]), int(header["height"]))
    stream = pyte.Stream(screen)
    for _, _, data in events:
        stream.feed(str(data))
    return header, events, screen


def test_a_cast_is_asciicast_v2_and_ends_on_the_last_step(
        saved_battle: Callable[..., Path], tmp_path: Path) -> None:
    short = cut(saved_battle("naval-battle"), 6, tmp_path / "short.json")
    game = load_game(short)
    out = tmp_path / "short.cast"
    assert main(["replay", str(short), "--export", "cast", "--size", "80x24", "--speed", "0.5",
                 "-o", str(out)]) == 0
    header, events, screen = played(out)
    # the header the spec asks for, and [time, "o", text] events in time order
    assert header["version"] == 2 and (header["width"], header["height"]) == (80, 24)
    assert isinstance(header["timestamp"], int) and game.scenario.title in str(header["title"])
    assert all(len(e) == 3 and e[1] == "o" and isinstance(e[2], str) for e in events)
    times = [float(e[0]) for e in events]  # type: ignore[arg-type]
    assert times == sorted(times) and times[-1] == pytest.approx(0.5 * 7)
    # one frame a step, the last one the battle's last step as the replay viewer draws it
    shown = "\n".join(screen.display)
    assert "Step 6 of 6" in shown
    last = game.ruleset.describe_action(game.state_at(5), game.action_at(6))
    assert f"p{1 if game.state_at(5).to_act == 'p1' else 2}: {last[:30]}" in shown.replace(
        "\n ", " ")


def test_the_screen_at_a_step_and_each_turn_as_svg(
        saved_battle: Callable[..., Path], tmp_path: Path) -> None:
    short = cut(saved_battle("naval-battle"), 8, tmp_path / "short.json")
    game: Game = load_game(short)
    out = tmp_path / "pic.svg"
    assert main(["replay", str(short), "--export", "svg", "--turns", "-o", str(out)]) == 0
    turns = [game.state_at(s).turn for s in range(9)]  # type: ignore[attr-defined]
    assert len(set(turns)) > 1
    for turn in set(turns):
        last = max(s for s in range(9) if turns[s] == turn)  # each turn as it stood at its end
        picture = (tmp_path / f"pic-turn-{turn}.svg").read_text("utf-8")
        assert picture.startswith("<svg") and f"Step {last} of 8" in picture.replace(
            "&#160;", " ")
    if Path("/usr/bin/rsvg-convert").exists():
        assert (tmp_path / f"pic-turn-{turns[0]}.png").read_bytes()[:4] == b"\x89PNG"
    assert main(["replay", str(short), "--export", "svg", "--step", "99"]) == 2  # no step 99
