"""A hostile set-up sent to the game host (issue 34: an uncaught AttributeError dropped the
connection): refused, saying which field is wrong, and the player stays connected."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from ahoy_tui.engine import get_ruleset
from ahoy_tui.server import messages as m

from .conftest import Client

HOSTILE: list[tuple[str, str, Callable[[dict[str, Any]], None], str]] = [
    ("man-o-war", "empire_bretonnia", lambda d: d.update(sides=None), "sides"),
    ("man-o-war", "empire_bretonnia", lambda d: d.update(options="x"), "options"),
    ("man-o-war", "empire_bretonnia", lambda d: d.update(table="x"), "table"),
    ("man-o-war", "empire_bretonnia", lambda d: d["ships"].__setitem__(0, -1), "ships[0]"),
    ("ramming-speed", "corvus", lambda d: d["ships"][0].update(side=[]), "ships[0].side"),
    ("acks", "quinquereme", lambda d: d.update(vessels=3.5), "vessels"),
    ("acks", "sea_serpent", lambda d: d.update(monsters=None), "monsters"),
    ("naval-battle", "dragon", lambda d: d.update(options=[]), "options"),
    ("ahoy", "duel", lambda d: d["ships"][0].update(crew=[]), "crew"),
]


@pytest.mark.parametrize(("ruleset", "scenario", "spoil", "field"), HOSTILE,
                         ids=[f"{r}-{f}" for r, _, _, f in HOSTILE])
async def test_a_hostile_set_up_is_refused_naming_the_field_and_the_player_stays(
        host, short_dir, ruleset, scenario, spoil, field) -> None:
    alice = await Client.connect(short_dir / "host.sock", "key:alice", "Alice")
    data = copy.deepcopy(get_ruleset(ruleset).load_scenario(name=scenario).to_data())
    spoil(data)
    alice.send(m.CreateGame(ruleset=ruleset, scenario=scenario, seats={"p1": "me"},
                            scenario_data=data))
    refusal = (await alice.expect(m.Refused)).reason
    assert refusal.startswith("cannot set up that game: scenario") and "\n" not in refusal
    assert f"{field}:" in refusal, refusal
    assert host.games == {}
    # the same connection sets up a good game at once
    alice.send(m.CreateGame(ruleset=ruleset, scenario=scenario, seats={"p1": "me"}, seed=2))
    opened = await alice.expect(m.Opened)
    assert opened.game.ruleset == ruleset and len(host.games) == 1
    await alice.close()
