"""``ahoy replay --verify`` is the check on someone else's file (issue 34: it accepted an illegal
action whose hashes were worked out afresh, 25 of 25 in each rule system): it lists the legal
actions at every step and refuses, naming the step and the rule, an action not among them."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from ahoy_tui.cli import main
from ahoy_tui.engine import Game, SaveError, load_game
from ahoy_tui.engine.dice import action_dice
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.game import action_salt, legal_actions
from ahoy_tui.engine.record import GameRecord
from ahoy_tui.engine.registry import rulesets
from ahoy_tui.engine.saves import save_record
from ahoy_tui.engine.serialize import action_from_data, state_hash

RULESETS = [r.id for r in rulesets()]


def played(ruleset: str, steps: int = 40) -> Game:
    rules = next(r for r in rulesets() if r.id == ruleset)
    game = Game.new(ruleset, rules.scenarios()[0].name, seed=4)
    chooser = random.Random(1)
    while game.step < steps and not game.over:
        legal = list(game.legal_actions())
        game.play(legal[chooser.randrange(len(legal))])
    return game


def forged(record: GameRecord) -> GameRecord | None:
    """What a forger does: replay the edited log through the rules without asking whether each
    action is legal, and write down the hashes it makes (None: the rules cannot apply it)."""
    game = Game.new(record.ruleset, scenario_data=record.scenario_data, seed=record.seed,
                    options=record.options)
    rules, state = game.ruleset, game.state
    hashes = [state_hash(state)]
    try:
        for data in record.actions:
            action = action_from_data(data, rules.action_union)
            with action_dice(action_salt(state.step, action)):
                new, _ = rules.apply(state, action)
            state = replace(new, step=state.step + 1)
            hashes.append(state_hash(state))
    except Exception:  # the edit breaks the rules themselves: no hashes to forge
        return None
    return attrs.evolve(record, hashes=tuple(hashes))


def edits(game: Game) -> Iterator[tuple[str, int, dict[str, Any]]]:
    """(what, the step, the edited action): a side that is no side, a number far out of range,
    and an action of another step (well formed, but not one of this step's choices)."""
    record = game.record()
    numbers = [(n, key) for n, data in enumerate(record.actions) for key, value in data.items()
               if isinstance(value, int) and not isinstance(value, bool)]
    numbers.sort(key=lambda found: found[1] != "inches")  # a move's inches first, if any
    if numbers:
        index, key = numbers[0]
        yield f"{key} 99999", index + 1, {**record.actions[index], key: 99999}
    found: set[str] = set()
    for index, data in enumerate(record.actions):
        if "side" in data and "side" not in found:
            found.add("side")
            yield "side", index + 1, {**data, "side": "no_such_thing"}
        if "another step's" not in found and index > 2:
            union, legal = game.ruleset.action_union, legal_actions(game.state_at(index))
            other = next((a for a in record.actions[:index] if a["type"] != data["type"]
                          and action_from_data(a, union) not in legal), None)
            if other is not None:
                found.add("another step's")
                yield "another step's", index + 1, dict(other)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_verify_refuses_an_edited_action_naming_the_step_and_the_rule(tmp_path: Path,
                                                                      capsys: Any,
                                                                      ruleset: str) -> None:
    game = played(ruleset)
    record = game.record()
    tried = forged_ones = 0
    for what, step, action in edits(game):
        edited = attrs.evolve(record, actions=(*record.actions[:step - 1], action,
                                               *record.actions[step:]))
        made = forged(edited)
        forged_ones += made is not None
        path = save_record(made or edited, tmp_path / f"{ruleset}-{step}.json")
        before = path.read_bytes()
        # the rule that forbids it, as the rules themselves explain it
        rules = game.ruleset
        rule, _ = rules.explain_illegal(game.state_at(step - 1),
                                        action_from_data(action, rules.action_union))
        with pytest.raises(SaveError) as refused:
            load_game(path, check=True)
        message = str(refused.value)
        assert re.search(rf"step {step}\b", message) and f"({rule})" in message, (what, message)
        assert main(["replay", str(path), "--verify"]) == 1
        printed = capsys.readouterr()
        line = (printed.out + printed.err).strip()
        assert "\n" not in line and f"step {step}" in line and "Traceback" not in line, line
        assert path.read_bytes() == before
        tried += 1
    assert tried >= 2, "too few kinds of edit found in the log"
    assert forged_ones, "no edit whose hashes a forger could work out"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_verify_passes_an_honest_save_saying_each_action_was_legal(tmp_path: Path,
                                                                   capsys: Any,
                                                                   ruleset: str) -> None:
    path = played(ruleset, 25).save(tmp_path / "honest.json")
    assert main(["replay", str(path), "--verify"]) == 0
    out = capsys.readouterr().out
    assert "each one legal at its step" in out and "state hashes match" in out
    assert json.loads(path.read_text())["actions"]
