"""A ruleset from outside the project, as small as a ruleset can be: the captains of two ships
take turns to haul 1 to 3 barrels of powder from a floating pile; whoever hauls the last one
wins. Declared by an entry point of its own (see test_registry.py), never imported by name."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from attrs import frozen

from ahoy_tui.engine.dice import Dice, Rng
from ahoy_tui.engine.events import Event
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.legal import LegalActions
from ahoy_tui.engine.ruleset import ScenarioInfo
from ahoy_tui.engine.state import GameState

HAUL = "Hauling Powder"


@frozen
class Haul:
    kind: ClassVar[str] = "haul"  # the action's name in saves and the protocol
    barrels: int


@frozen
class Concede:
    """Sheer off and leave the pile to the enemy."""

    kind: ClassVar[str] = "concede"


@frozen(kw_only=True)
class NimState(GameState):
    pile: int
    active: str = "p1"


@frozen
class NimScenario:
    name: str = "pile"
    title: str = "The floating pile"
    description: str = "Twelve barrels adrift between two ships."
    barrels: int = 12

    def to_data(self) -> dict[str, Any]:
        return {"name": self.name, "barrels": self.barrels}


class TinyNim:
    id = "tiny-nim"
    title = "Tiny Nim at Sea"
    sides = ("p1", "p2")
    state_type = NimState
    action_union = Haul | Concede

    def scenarios(self) -> tuple[ScenarioInfo, ...]:
        return (ScenarioInfo("pile", "The floating pile", "Twelve barrels.", ("P1", "P2")),)

    def load_scenario(self, name: str | None = None, path: Path | None = None,
                      data: Mapping[str, Any] | None = None) -> NimScenario:
        if data is not None:
            return NimScenario(barrels=int(data.get("barrels", 12)))
        return NimScenario()

    def setup(self, scenario: Any, seed: int,
              options: Mapping[str, Any]) -> tuple[GameState, list[Event]]:
        events: list[Event] = []
        dice = Dice(Rng(seed, 0), events)
        first = "p1" if dice.d6("who hauls first", HAUL) <= 3 else "p2"
        state = NimState(ruleset=self.id, scenario=scenario.name, rng=dice.rng,
                         pile=scenario.barrels, active=first, to_act=first)
        return state, events

    def legal_actions(self, state: GameState) -> LegalActions:
        assert isinstance(state, NimState)
        return LegalActions([*(Haul(n) for n in (1, 2, 3) if n <= state.pile), Concede()])

    def apply(self, state: GameState, action: Any) -> tuple[GameState, list[Event]]:
        assert isinstance(state, NimState)
        other = "p2" if state.active == "p1" else "p1"
        if isinstance(action, Concede):
            return replace(state, over=True, winner=other, to_act=None,
                           result=f"{state.active} sheers off"), []
        pile = state.pile - action.barrels
        if pile == 0:
            return replace(state, pile=0, over=True, winner=state.active, to_act=None,
                           result=f"{state.active} hauls the last barrel"), []
        return replace(state, pile=pile, active=other, to_act=other), []

    def explain_illegal(self, state: GameState, action: Any) -> tuple[str, str]:
        return HAUL, "haul 1, 2 or 3 barrels, and no more than are left"

    def view(self, state: GameState, side: str) -> GameState:
        return replace(state, rng=Rng(0, state.rng.counter))

    def prompt(self, state: GameState) -> str:
        return f"{state.to_act}: haul 1 to 3 barrels"

    def describe_action(self, state: GameState, action: Any) -> str:
        return f"haul {action.barrels}" if isinstance(action, Haul) else "sheer off"

    def describe_state(self, state: GameState) -> str:
        assert isinstance(state, NimState)
        return f"{state.pile} barrels left"


RULESET = TinyNim()
