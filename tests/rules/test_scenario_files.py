"""A battle's set-up never depends on the order a scenario's keys were written in (a store may
keep a table's keys in its own order: issue 34), and a save begun before that still replays."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ahoy_tui.engine import Game, load_game, load_record
from ahoy_tui.engine.record import SETUP_IN_RULES_ORDER, VERSION
from ahoy_tui.engine.registry import rulesets
from ahoy_tui.engine.replay import setting_up_as_written
from ahoy_tui.rules.scenario_files import in_rules_order

DATA = Path(__file__).parent.parent / "engine" / "data"
BUILT_IN = [(r.id, info.name) for r in rulesets() for info in r.scenarios()]


def shuffled(value: Any, chooser: random.Random) -> Any:
    """The same data with the keys of every table, at every level, in another order."""
    if isinstance(value, dict):
        items = list(value.items())
        chooser.shuffle(items)
        return {key: shuffled(item, chooser) for key, item in items}
    if isinstance(value, list):
        return [shuffled(item, chooser) for item in value]
    return value


def first_hash(ruleset: str, data: dict[str, Any], seed: int = 7) -> str:
    return Game.new(ruleset, scenario_data=data, seed=seed).state_hash(0)


@pytest.mark.parametrize(("ruleset", "name"), BUILT_IN, ids=[f"{r}-{n}" for r, n in BUILT_IN])
@settings(max_examples=12, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(chooser=st.randoms(use_true_random=False))
def test_keys_shuffled_at_every_level_set_up_the_same_battle(ruleset: str, name: str,
                                                             chooser: random.Random) -> None:
    rules = next(r for r in rulesets() if r.id == ruleset)
    data = rules.load_scenario(name=name).to_data()
    assert first_hash(ruleset, shuffled(data, chooser)) == first_hash(ruleset, data)


def test_harpy_1_is_a_sailor_whichever_comes_first_in_her_crew() -> None:
    """The issue's case: Ahoy!'s crew ids followed the crew table's key order."""
    rules = next(r for r in rulesets() if r.id == "ahoy")
    data = rules.load_scenario(name="duel").to_data()
    harpy = next(s for s in data["ships"] if s["id"] == "harpy")
    assert list(harpy["crew"]) == ["sailor", "marine"]
    harpy["crew"] = {"marine": harpy["crew"]["marine"], "sailor": harpy["crew"]["sailor"]}
    state = Game.new("ahoy", scenario_data=data, seed=1).state
    men = {m.id: m.profile for m in state.crew}  # type: ignore[attr-defined]
    assert men["harpy.1"] == "sailor"
    assert men[f"harpy.{sum(harpy['crew'].values())}"] == "marine"


def test_in_rules_order_follows_the_rules_table_then_names() -> None:
    crew = {"zombie": 1, "marine": 2, "sailor": 3, "auk": 4}
    assert in_rules_order(crew, ("sailor", "marine")) == [
        ("sailor", 3), ("marine", 2), ("auk", 4), ("zombie", 1)]
    with setting_up_as_written():  # an old save's set-up: as written
        assert in_rules_order(crew, ("sailor", "marine")) == list(crew.items())


OLD_SAVES = sorted(DATA.glob("*_format_2.json"))


def test_there_are_old_saves_of_each_rule_system_whose_order_mattered() -> None:
    assert {load_record(p).ruleset for p in OLD_SAVES} == {"ahoy", "naval-battle", "acks"}


@pytest.mark.parametrize("path", OLD_SAVES, ids=[p.stem for p in OLD_SAVES])
def test_a_save_begun_before_sets_up_as_written_and_verifies_every_step(path: Path) -> None:
    """Saved by the code before the fix (format 2): its data in the order that code read it.
    Its battle replays to every recorded hash, and is kept in its own format; the same data set
    up as a new battle now reads the keys in the rules' order, another first state."""
    record = load_record(path)
    assert record.version < SETUP_IN_RULES_ORDER
    game = load_game(path, check=True)
    assert game.step == len(record.actions) and game.record().hashes == record.hashes
    assert game.record().version == record.version
    new = Game.new(record.ruleset, scenario_data=record.scenario_data, seed=record.seed)
    assert new.save_format == VERSION
    assert new.state_hash(0) != record.hashes[0]


def test_a_new_battle_saved_and_loaded_again_is_set_up_in_the_rules_order(tmp_path) -> None:
    record = load_record(DATA / "ahoy_marines_first_format_2.json")
    game = Game.new("ahoy", scenario_data=record.scenario_data, seed=3)
    path = game.save(tmp_path / "new.json")
    assert load_record(path).version == VERSION
    again = load_game(path, check=True)
    assert again.state_hash(0) == game.state_hash(0)
    assert again.state.crew[0].profile == "sailor"  # type: ignore[attr-defined]
