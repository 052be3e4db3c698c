"""Man O' War (Games Workshop, 1993), from its rules summary: ruleset ``man-o-war``.

Modules are named for the rules' sections: ``flow`` (Turn Sequence, Squadrons, Stragglers, End
Phase, Victory), ``movement`` (Movement under sail and with oars, Ramming, Obstructions,
Collisions), ``shooting`` and ``damage`` (Combat & Damage, Critical hits, Sinking), ``fire``
(the End Phase's Fire), ``boarding`` (Boarding Actions, Captured ships), ``scenario`` (Setup),
``legal`` (what may be done now), ``magic`` (the Magic Phase, Magic cards) and ``wizards``
(where a Wizard is, what becomes of him, the spells in play), ``fleet_cards`` (Man O' War
cards). The ship templates and tables are data: ``data/*.toml`` read by ``tables``,
``spellbook`` and ``fleet_cards``; ``monsters`` and ``creatures`` (Sea Monsters), with the
monsters in ``data/creatures.toml`` read by ``bestiary``. Flyers (still to come) slot into the
Battle Phase and the templates.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ahoy_tui.engine.catalogue import about
from ahoy_tui.engine.dice import Rng
from ahoy_tui.engine.events import Event
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.legal import LegalActions
from ahoy_tui.engine.ruleset import ScenarioInfo, SetupChoice
from ahoy_tui.engine.state import GameState
from ahoy_tui.rules.guide import Guidance, GuideHook
from ahoy_tui.rules.man_o_war import scenario as _scenario
from ahoy_tui.rules.man_o_war.actions import MowAction
from ahoy_tui.rules.man_o_war.model import MowState
from ahoy_tui.rules.summaries import Topic, read_summaries

_ABOUT = about(__file__)  # the title and place the lists read without importing this
_GUIDE = GuideHook(Path(__file__).parent)  # guide.toml: Learn to play's guide


class ManOWarRuleset:
    """Man O' War as the engine sees it."""

    id = "man-o-war"
    order: int = _ABOUT["order"]  # its place in the lists of rule systems (about.toml)
    title: str = _ABOUT["title"]
    sides = ("p1", "p2")
    state_type = MowState
    action_union = MowAction
    setup_choices = (
        SetupChoice("placement", "Set-up", (
            ("As the scenario places the fleets", ""),
            ("By the rules: terrain rolled, fleets placed in turn", "rules"))),
        SetupChoice("wind", "Wind", (
            ("As the scenario says", ""), ("Rolled (2, 4, 6 north; else south)", "roll"),
            ("Toward the north", "N"), ("Toward the east", "E"), ("Toward the south", "S"),
            ("Toward the west", "W"))),
        SetupChoice("wind_double_two", "House rule: double 5s or 6s turn the wind two points", (
            ("As the scenario says", ""), ("Played", "yes"), ("Not played", "no"))),
        SetupChoice("prize_double", "House rule: a prize held a full turn is worth double", (
            ("As the scenario says", ""), ("Played", "yes"), ("Not played", "no"))),
        SetupChoice("no_spell_first_turn", "House rule: no spell on the first turn", (
            ("As the scenario says", ""), ("Played", "yes"), ("Not played", "no"))),
        SetupChoice("flyer_first", "House rule: a flyer attacks before the defensive fire", (
            ("As the scenario says", ""), ("Played", "yes"), ("Not played", "no"))),
        SetupChoice("mow_cards", "Man O' War cards", (
            ("As the scenario says", ""), ("Dealt", "yes"), ("Not dealt", "no"))),
    )

    def scenarios(self) -> tuple[ScenarioInfo, ...]:
        return _scenario.infos()

    def load_scenario(self, name: str | None = None, path: Path | None = None,
                      data: Mapping[str, Any] | None = None) -> _scenario.Scenario:
        return _scenario.load(name, path, data)

    def setup(self, scenario: Any, seed: int,
              options: Mapping[str, Any]) -> tuple[GameState, list[Event]]:
        return _scenario.setup(scenario, seed, options)

    def legal_actions(self, state: GameState) -> LegalActions:
        from ahoy_tui.rules.man_o_war.legal import legal

        assert isinstance(state, MowState)
        return legal(state)

    def apply(self, state: GameState, action: Any) -> tuple[GameState, list[Event]]:
        from ahoy_tui.rules.man_o_war.apply import apply_action

        assert isinstance(state, MowState)
        return apply_action(state, action)

    def explain_illegal(self, state: GameState, action: Any) -> tuple[str, str]:
        from ahoy_tui.rules.man_o_war.legal import explain

        assert isinstance(state, MowState)
        return explain(state, action)

    def view(self, state: GameState, side: str) -> GameState:
        """What ``side`` may see: everything on the table, but of another side's Wizard only
        how many cards he holds and has spent, never which, and of its sea monsters' templates
        face down only where they lie, never which monster; no dice to come."""
        assert isinstance(state, MowState)
        wizards = tuple(w if w.side == side else
                        replace(w, hand=tuple("" for _ in w.hand),
                                spent=tuple("" for _ in w.spent))
                        for w in state.wizards)
        creatures = tuple(c if c.side == side or c.where != "template" else
                          replace(c, kind="", wounds=0) for c in state.creatures)
        return replace(state, rng=Rng(0, state.rng.counter), wizards=wizards,
                       creatures=creatures)

    def hand_over(self, state: GameState, side: str) -> str:
        """At one terminal, why the other player looks away before ``side``'s view is shown
        ("" when it shows nothing the other may not see): his Wizard's hand of Magic cards,
        or which sea monster lies in his face-down template."""
        assert isinstance(state, MowState)
        wizard = state.wizard(side)
        if wizard is not None and (wizard.hand or wizard.spent):
            return ("Their Wizard's hand of Magic cards is shown next: the other captain "
                    "looks away.")
        if any(c.side == side and c.where == "template" and c.kind for c in state.creatures):
            return ("Which sea monster lies in their face-down template is shown next: the "
                    "other captain looks away.")
        return ""

    def event_visible(self, event: Any, side: str) -> bool:
        """The cards a Wizard draws are told to his own side only."""
        from ahoy_tui.rules.man_o_war.magic import secret

        return not secret(event, side)

    def secret_action(self, action: Any) -> bool:
        """A card discarded in the End Phase is discarded face down: nobody else may read
        which (nor the captain's reasons)."""
        from ahoy_tui.rules.man_o_war.actions import DiscardSpell

        return isinstance(action, DiscardSpell)

    def prompt(self, state: GameState) -> str:
        from ahoy_tui.rules.man_o_war.prompt import prompt

        assert isinstance(state, MowState)
        return prompt(state)

    def describe_action(self, state: GameState, action: Any) -> str:
        from ahoy_tui.rules.man_o_war.prompt import describe

        assert isinstance(state, MowState)
        return describe(state, action)

    def describe_choice(self, state: GameState, template: Any, field: str,
                        values: tuple[int, ...]) -> str:
        from ahoy_tui.rules.man_o_war.prompt import describe_choice

        assert isinstance(state, MowState)
        return describe_choice(state, template, field, values)

    def describe_state(self, state: GameState) -> str:
        from ahoy_tui.rules.man_o_war.prompt import table_text

        assert isinstance(state, MowState)
        return table_text(state)

    # the map draws the highlighted choice before it is taken (a turn's Turning Template)
    preview_highlighted = True
    # a ship's advance (Ahead 1-5") heads her list of moves, above the seven ways to turn: at
    # 80x24 it was the eighth row, out of sight below the turns
    ranges_first = True

    def scene(self, state: GameState, selected: str | None = None, **shown: Any) -> Any:
        from ahoy_tui.rules.man_o_war.view import scene

        assert isinstance(state, MowState)
        return scene(state, selected, **shown)

    def cards(self, state: GameState) -> tuple[Any, ...]:
        from ahoy_tui.rules.man_o_war.view import cards

        assert isinstance(state, MowState)
        return cards(state)

    def wind_words(self, state: GameState) -> str:
        from ahoy_tui.rules.man_o_war.view import wind_words

        assert isinstance(state, MowState)
        return wind_words(state)

    def bearings(self, state: GameState, ship: str) -> dict[str, str]:
        """From ``ship``: a line for each enemy's card, how far she is and which weapons of
        hers reach her, in which band and arc (``ranges.py``)."""
        from ahoy_tui.rules.man_o_war.ranges import bearings

        assert isinstance(state, MowState)
        return bearings(state, ship)

    def odds(self, state: GameState, action: Any) -> Any:
        """The odds of a choice that rolls (``engine.odds.Odds``), or None: a battery's volley
        at a ship or a sea monster, a ram, a boarding round, a spell cast or dispelled
        (``odds.py``)."""
        from ahoy_tui.rules.man_o_war.odds import odds

        assert isinstance(state, MowState)
        return odds(state, action)

    # the range template is laid from "the front or side of the firing ship" (Shooting), in
    # the tape's own words for her fore, port, starboard and aft (aft the project's fourth)
    tape_from = "her fore, a side or aft"

    def tape_origins(self, state: GameState, ship: str) -> tuple[tuple[str | None, str], ...]:
        """Where the range template may be laid from: her centre, bow, sides and stern."""
        from ahoy_tui.rules.man_o_war.view import tape_origins

        assert isinstance(state, MowState)
        return tape_origins(state, ship)

    def measure(self, state: GameState, ship: str, side: str | None,
                point: tuple[float, float]) -> Any:
        """The range template from her to a point, or to the ship there (a ``Measure``)."""
        from ahoy_tui.rules.man_o_war.view import measure

        assert isinstance(state, MowState)
        return measure(state, ship, side, point)

    def caution(self, state: GameState, action: Any) -> str:
        """Words to confirm before a move that sails a ship off the table, or ""."""
        from ahoy_tui.rules.man_o_war.caution import caution

        assert isinstance(state, MowState)
        return caution(state, action)

    def guide(self, state: GameState, side: str,
              seen: frozenset[str] = frozenset()) -> Guidance | None:
        """What the rules ask of ``side`` now, for a first battle (guide.toml)."""
        return _GUIDE(self, state, side, seen)

    def rule_topics(self) -> tuple[Topic, ...]:
        """The project's own summary of each rule (``rules_summary.md``), for a Rules screen."""
        return read_summaries("ahoy_tui.rules.man_o_war")

    def victory_words(self, state: GameState) -> str:
        """How this battle is won, in plain words."""
        from ahoy_tui.rules.man_o_war.prompt import victory_words

        assert isinstance(state, MowState)
        return victory_words(state)

    def standing(self, state: GameState) -> str:
        from ahoy_tui.rules.man_o_war.prompt import standing

        assert isinstance(state, MowState)
        return standing(state)

    def report_facts(self, state: GameState) -> Any:
        """What an after-action report tells of this state (``report.py``)."""
        from ahoy_tui.rules.man_o_war.report import report_facts

        assert isinstance(state, MowState)
        return report_facts(state)

    @property
    def fleet_book(self) -> Any:
        """Buy your fleet (``fleet_book.py``): the race's catalogue, the costs, the checks."""
        from ahoy_tui.rules.man_o_war.fleet_book import FLEET_BOOK

        return FLEET_BOOK


RULESET = ManOWarRuleset()  # found by its entry point (pyproject.toml)
