"""ACKS II sea combat (../shared/seeds/003_3cf731ec76126644.txt): ruleset ``acks``.

Played on a hex sea battlemap (``engine.hexgrid``, 1 hex = 60') in one-minute rounds by
initiative counts. Modules are named for the seed's sections: ``helm`` (Pre-Initiative
Declarations, Sailing Movement, Oar Sprinting, Steering), ``movement`` (Oared Movement,
Backwatering, Stacking), ``ramming`` (Ramming, Head-On Ramming, Collisions), ``fire``
(Artillery, the Heavy Harpoon Ballista, Missile Attacks), ``grappling`` (Attaching Grappling
Lines), ``monsters`` (Monster Movement), ``damage`` (structural damage and sinking), ``flow``
(Round Sequence, Initiative Rolls, victory), ``legal``, ``scenario``. Tables are data:
``data/*.toml`` read by ``tables``. The deck battlemaps (part 2): ``deck`` (5' squares, the
crews laid as figures), ``boarding`` (Boarding Bridge and Ramp), ``crossing`` (a boarding
party across), ``jumping``, ``lines`` (Traversing Grapple Lines), ``melee`` (the fight on
deck), ``overboard`` (Falling Overboard), ``pitch`` (Fire Pot Poles and Pitch),
``underwater``.
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
from ahoy_tui.engine.ruleset import ScenarioInfo
from ahoy_tui.engine.state import GameState
from ahoy_tui.rules.acks import scenario as _scenario
from ahoy_tui.rules.acks.actions import Action
from ahoy_tui.rules.acks.model import AcksState
from ahoy_tui.rules.guide import Guidance, GuideHook

_ABOUT = about(__file__)  # the title and place the lists read without importing this
_GUIDE = GuideHook(Path(__file__).parent)  # guide.toml: Learn to play's guide


class AcksRuleset:
    """ACKS II sea combat as the engine sees it."""

    id = "acks"
    order: int = _ABOUT["order"]  # its place in the lists of rule systems (about.toml)
    turn_word = "round"  # a turn of this game is a one-minute round
    title: str = _ABOUT["title"]
    sides = ("p1", "p2")
    state_type = AcksState
    action_union = Action

    def scenarios(self) -> tuple[ScenarioInfo, ...]:
        return _scenario.infos()

    def load_scenario(self, name: str | None = None, path: Path | None = None,
                      data: Mapping[str, Any] | None = None) -> Any:
        return _scenario.load(name, path, data)

    def setup(self, scenario: Any, seed: int,
              options: Mapping[str, Any]) -> tuple[GameState, list[Event]]:
        state, events = _scenario.setup(scenario, seed, options)
        return state, list(events)

    def legal_actions(self, state: GameState) -> LegalActions:
        from ahoy_tui.rules.acks.legal import legal

        assert isinstance(state, AcksState)
        return legal(state)

    def apply(self, state: GameState, action: Any) -> tuple[GameState, list[Event]]:
        from ahoy_tui.rules.acks.flow import apply_action

        assert isinstance(state, AcksState)
        return apply_action(state, action)

    def explain_illegal(self, state: GameState, action: Any) -> tuple[str, str]:
        from ahoy_tui.rules.acks.legal import explain

        assert isinstance(state, AcksState)
        return explain(state, action)

    def view(self, state: GameState, side: str) -> GameState:
        """Everything on the battlemap is in plain sight and declarations are public: a side
        sees the whole state but the dice to come."""
        return replace(state, rng=Rng(0, state.rng.counter))

    def standing(self, state: GameState) -> str:
        from ahoy_tui.rules.acks.flow import standing

        assert isinstance(state, AcksState)
        return standing(state)

    def victory_words(self, state: GameState) -> str:
        """How this battle is won: sinking, taking (no defender left standing on her deck)
        or driving off the enemy, and the scenario's own conditions."""
        assert isinstance(state, AcksState)
        words = ["Sink, take or drive off every enemy vessel and monster: a vessel is taken "
                 "when no defender stands on her deck and boarders do."]
        for side in ("p1", "p2"):
            edge = state.condition(f"escape_{side}")
            if edge:
                words.append(f"{state.side_name(side)} win by getting a vessel off the {edge} "
                             "edge.")
        holder = state.condition("limit_winner")
        if holder:
            words.append(f"{state.side_name(holder)} win if the {state.round_limit} rounds "
                         "run out.")
        else:
            words.append(f"After {state.round_limit} rounds, the structural damage dealt "
                         "decides (a vessel's shp, a monster's hp; not the men struck down).")
        return " ".join(words)

    def wind_words(self, state: GameState) -> str:
        from ahoy_tui.engine.hexgrid import FACINGS

        assert isinstance(state, AcksState)
        return f"wind {state.wind.strength} from {FACINGS[state.wind.source]}"

    def prompt(self, state: GameState) -> str:
        from ahoy_tui.rules.acks.prompt import prompt

        assert isinstance(state, AcksState)
        return prompt(state)

    def describe_action(self, state: GameState, action: Any) -> str:
        from ahoy_tui.rules.acks.prompt import describe

        assert isinstance(state, AcksState)
        return describe(state, action)

    def describe_state(self, state: GameState) -> str:
        from ahoy_tui.rules.acks.prompt import table_text

        assert isinstance(state, AcksState)
        return table_text(state)

    # --- what the screens draw (view.py) -------------------------------------------------------
    def hex_scene(self, state: GameState, selected: str | None = None, **options: Any) -> Any:
        """The sea battlemap as the hex map draws it (``ui.widgets.hex_map.HexScene``)."""
        from ahoy_tui.rules.acks import view

        assert isinstance(state, AcksState)
        return view.hex_scene(state, selected, **options)

    def deck_scene(self, state: GameState, focus: str | None = None,
                   selected: str | None = None) -> Any:
        """The deck battlemaps of a boarding (``engine.deckscene.DeckScene``): the deck of
        ``focus`` (else of the first vessel in a boarding) and the enemy decks beside her, the
        ``selected`` man's sheet; None while no deck is laid."""
        from ahoy_tui.rules.acks import view

        assert isinstance(state, AcksState)
        return view.deck_scene(state, focus, selected)

    def cards(self, state: GameState) -> tuple[Any, ...]:
        """Each vessel's sheet (and each monster's)."""
        from ahoy_tui.rules.acks import view

        assert isinstance(state, AcksState)
        return view.cards(state)

    def track(self, state: GameState) -> Any:
        """The initiative track: the declarations to make, then the counts and who acts."""
        from ahoy_tui.rules.acks import view

        assert isinstance(state, AcksState)
        return view.track(state)

    def speed_hexes(self, state: GameState, action: Any) -> tuple[int, int] | None:
        """The hexes a declared speed moves her on a natural 1-3 and on a 4-6, or None when
        ``action`` declares no speed."""
        from ahoy_tui.rules.acks import view
        from ahoy_tui.rules.acks.actions import Declare

        assert isinstance(state, AcksState)
        return view.speed_hexes(state, action) if isinstance(action, Declare) else None

    def bearings(self, state: GameState, ship: str) -> dict[str, str]:
        """From ``ship``: a line for each enemy's card, how far she is and which weapons of
        hers reach her, in which band and arc (``ranges.py``)."""
        from ahoy_tui.rules.acks.ranges import bearings

        assert isinstance(state, AcksState)
        return bearings(state, ship)

    # the tape's o lays it from each artillery piece aboard in turn (Artillery)
    tape_from = "an artillery piece"

    def tape_origins(self, state: GameState, ship: str) -> tuple[tuple[str | None, str], ...]:
        """Where the tape starts: her hull, or one of her artillery pieces."""
        from ahoy_tui.rules.acks.ranges import tape_origins

        assert isinstance(state, AcksState)
        return tape_origins(state, ship)

    def measure(self, state: GameState, ship: str, piece: str | None, point: Any) -> Any:
        """The tape to a hex: hexes and feet, the engines reaching it, in which band and arc,
        the marines' volley's band (``ranges.HexTape``)."""
        from ahoy_tui.rules.acks.ranges import measure

        assert isinstance(state, AcksState)
        return measure(state, ship, piece, point)

    def odds(self, state: GameState, action: Any) -> Any:
        """The odds of a choice that rolls (``engine.odds.Odds``), or None: a shot, a volley,
        a ram or a head-on meeting, a grappling line, cutting a line, a monster's attack, the
        winch, a fight on deck (``odds.py``); a bridge or ramp, a boarding party across,
        fire pots (``boarding_odds.py``)."""
        from ahoy_tui.rules.acks import odds

        assert isinstance(state, AcksState)
        return odds.odds(state, action)

    def caution(self, state: GameState, action: Any) -> str:
        """Words to confirm before a step that takes a vessel off the battlemap (out of the
        battle), unless that edge is her side's way to win."""
        from ahoy_tui.rules.acks.actions import Step
        from ahoy_tui.rules.acks.flow import edge_of
        from ahoy_tui.rules.acks.movement import plan_step

        assert isinstance(state, AcksState)
        if not isinstance(action, Step):
            return ""
        vessel = state.vessel(action.vessel)
        plan = plan_step(state, vessel, action.how)
        if not plan.leaves:
            return ""
        edge = edge_of(state, plan.body)
        if state.condition(f"escape_{vessel.side}") == edge:
            return ""
        return (f"{vessel.name} would leave the battlemap by the {edge} edge: she is out of "
                "the battle. Go on?")

    def guide(self, state: GameState, side: str,
              seen: frozenset[str] = frozenset()) -> Guidance | None:
        """What the rules ask of ``side`` now, for a first battle (guide.toml)."""
        return _GUIDE(self, state, side, seen)

    @property
    def fleet_book(self) -> Any:
        """Buy your fleet (``fleet_book.py``): vessels, crews, captains, artillery by mount."""
        from ahoy_tui.rules.acks.fleet_book import FLEET_BOOK

        return FLEET_BOOK

    def fight_on(self, state: GameState) -> Any | None:
        """The choice that carries a boarding fight on while there is nothing to decide (the
        screen's "fight on" key plays it, round after round), or None at a decision."""
        from ahoy_tui.rules.acks.fight_on import fight_on

        assert isinstance(state, AcksState)
        return fight_on(state)

    def rule_topics(self) -> tuple[Any, ...]:
        """The project's own summary of each rule (``rules_summary.md``), for a Rules screen."""
        from ahoy_tui.rules.summaries import read_summaries

        return read_summaries("ahoy_tui.rules.acks")

    def report_facts(self, state: GameState) -> Any:
        """What an after-action report tells of this state (``report.py``)."""
        from ahoy_tui.rules.acks.report import report_facts

        assert isinstance(state, AcksState)
        return report_facts(state)


RULESET = AcksRuleset()  # found by its entry point (pyproject.toml)
