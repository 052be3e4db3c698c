"""A battle and its history.

:func:`apply` and :func:`legal_actions` are the whole rules interface: a state and an action in,
a new state and its events out. :class:`Game` is the one obvious object for playing: it holds the
record (ruleset, scenario, seed, options and the ordered actions) and every state the battle has
passed through, so undo, redo and stepping to any point are O(1), and a saved record replays to
exactly the same states.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from attrs import define

from ahoy_tui.engine.dice import action_dice
from ahoy_tui.engine.errors import IllegalAction, InvalidAction
from ahoy_tui.engine.events import Event
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.legal import LegalActions
from ahoy_tui.engine.memo import StateMemo
from ahoy_tui.engine.record import (
    PER_ACTION_DICE,
    SETUP_IN_RULES_ORDER,
    VERSION,
    GameRecord,
)
from ahoy_tui.engine.registry import get_ruleset
from ahoy_tui.engine.replay import replaying, setting_up_as_written
from ahoy_tui.engine.ruleset import Ruleset, Scenario
from ahoy_tui.engine.serialize import (
    _digest,
    action_from_data,
    action_to_data,
    configure_actions,
    state_hash,
)
from ahoy_tui.engine.state import GameState


def ruleset_of(state: GameState) -> Ruleset:
    return get_ruleset(state.ruleset)


def _list_legal(state: GameState) -> LegalActions:
    return ruleset_of(state).legal_actions(state)


# The legal actions of the last few states: listed once whether a player (or a screen) asks
# and the engine then checks the chosen action against them.
_LEGAL: StateMemo[LegalActions] = StateMemo(_list_legal)


def legal_actions(state: GameState) -> LegalActions:
    """Every action the side to act may take now (nothing once the battle is over)."""
    if state.over:
        return LegalActions()
    return _LEGAL(state)


def check(state: GameState, action: Any, legal: LegalActions | None = None) -> None:
    """Raise :class:`InvalidAction` or :class:`IllegalAction` unless ``action`` is legal now."""
    ruleset = ruleset_of(state)
    if not isinstance(action, ruleset.action_union.__args__):
        raise InvalidAction(f"{type(action).__name__} is not an action of {ruleset.title}")
    if state.over:
        raise IllegalAction("Victory", "the battle is over")
    if legal is None:
        legal = _LEGAL(state)
    if action not in legal:
        rule, reason = ruleset.explain_illegal(state, action)
        raise IllegalAction(rule, reason)


def action_salt(step: int, action: Any) -> int:
    """What this action's dice are salted with: a stable digest of the step and the action, so
    that the same action at the same step rolls the same dice and any other action, others."""
    digest = hashlib.blake2b(_digest(action), digest_size=8, key=b"%d" % step).digest()
    return int.from_bytes(digest, "big")


def apply(state: GameState, action: Any, *, legal: LegalActions | None = None,
          fresh_dice: bool = True) -> tuple[GameState, tuple[Event, ...]]:
    """Apply ``action`` to ``state``: the new state and the events it caused.

    ``state`` itself is never changed. A refused action raises and changes nothing. Pass
    ``legal`` when the caller already has this state's legal actions, to save listing them again.
    The action's dice are its own (``fresh_dice``): what an undone action rolled says nothing of
    what another will roll. Only saves begun before that (format 1) replay without.
    """
    check(state, action, legal)
    with action_dice(action_salt(state.step, action) if fresh_dice else 0):
        new, events = ruleset_of(state).apply(state, action)
    return replace(new, step=state.step + 1), tuple(events)


@define(eq=False)
class Move:
    """An action worked out on a game's present state but not yet made (:meth:`Game.preview`):
    the state and the events it makes, for :meth:`Game.take`."""

    action: Any
    before: GameState  # the state it was worked out on
    state: GameState
    events: tuple[Event, ...]
    digest: str | None = None  # the new state's hash, once asked (then kept with the step)

    def state_hash(self) -> str:
        if self.digest is None:
            self.digest = state_hash(self.state)
        return self.digest


def random_seed() -> int:
    return int.from_bytes(os.urandom(4), "big")


class Game:
    """A battle: its record and every state it has passed through.

    ``state`` is the present; ``undo``/``redo`` walk the history, ``goto`` jumps to any step.
    Playing an action after an undo discards the undone future. With ``autosave`` set, the
    record is written (atomically) after every change, and a change whose save fails (a full
    disk) raises :class:`~ahoy_tui.engine.saves.SaveError` and is not made.
    """

    def __init__(self, ruleset: Ruleset, scenario: Scenario, seed: int,
                 options: Mapping[str, Any], initial: GameState,
                 initial_events: Sequence[Event]) -> None:
        self.ruleset = ruleset
        self.scenario = scenario
        self.seed = seed
        self.options = dict(options)
        self._states: list[GameState] = [initial]
        self._events: list[tuple[Event, ...]] = [tuple(initial_events)]
        self._actions: list[Any] = []
        self._hashes: list[str | None] = [None]
        self._cursor = 0
        self.autosave: Path | None = None
        # the save format the battle was begun in, and keeps: its dice (per action from
        # PER_ACTION_DICE) and its set-up (in the rules' order from SETUP_IN_RULES_ORDER)
        self.save_format = VERSION
        # who plays each side and the undo policy: kept with the record for whoever plays it
        # (a session), never read by the engine
        self.players: dict[str, dict[str, Any]] = {}
        self.policy = ""
        configure_actions(ruleset.action_union)

    # --- making games -------------------------------------------------------------------------
    @classmethod
    def new(cls, ruleset: str, scenario: str | None = None, *,
            scenario_file: str | os.PathLike[str] | None = None,
            scenario_data: Mapping[str, Any] | None = None, seed: int | None = None,
            options: Mapping[str, Any] | None = None) -> Game:
        """Set up a new battle of the rules ``ruleset`` (its id) from a built-in scenario (the
        ruleset's first when none is named), a scenario file, or scenario data."""
        rules = get_ruleset(ruleset)
        if scenario_data is not None:
            loaded = rules.load_scenario(data=scenario_data)
        elif scenario_file is not None:
            loaded = rules.load_scenario(path=Path(scenario_file))
        else:
            loaded = rules.load_scenario(name=scenario or rules.scenarios()[0].name)
        seed = random_seed() if seed is None else seed
        options = dict(options or {})
        initial, events = rules.setup(loaded, seed, options)
        return cls(rules, loaded, seed, options, initial, events)

    @classmethod
    def from_record(cls, record: GameRecord, *, verify: bool = True,
                    trust: bool = False) -> Game:
        """Rebuild a battle by replaying its record.

        Checked (the default; ``ahoy replay --verify``): every action is checked against the
        legal actions before it is applied and, with ``verify``, every state against its
        recorded hash. Raises ``ValueError`` naming the step if an action is malformed or
        illegal (and the rule that forbids it), or a state does not hash to the recorded value.
        Hashes a forger worked out afresh for an edited log match; the legal actions do not.

        Trusted (``trust``): the record is taken as the engine wrote it, and its hashes are
        checked instead of the legal actions listed. Each action is applied as it stands, and
        the last state's hash is checked: the states follow from the actions and the seed
        alone, so if the last one is the one that was saved, so is the battle. Anything amiss
        (a state that does not match, an action that cannot be applied) replays the record
        checked, to name the step.
        """
        if trust and record.hashes and len(record.hashes) == len(record.actions) + 1:
            try:
                return cls._trusted(record)
            except Exception:  # an illegal action may break the rules anywhere
                pass  # the checked replay below finds and names what is wrong
        return cls._checked(record, verify)

    @classmethod
    def _begin(cls, record: GameRecord) -> Game:
        with setting_up_as_written(record.version < SETUP_IN_RULES_ORDER):
            game = cls.new(record.ruleset, scenario_data=record.scenario_data,
                           seed=record.seed, options=record.options)
        game.save_format = record.version
        game.players = {side: dict(who) for side, who in record.players.items()}
        game.policy = record.policy
        return game

    @classmethod
    def _trusted(cls, record: GameRecord) -> Game:
        game = cls._begin(record)
        fresh = game.save_format >= PER_ACTION_DICE
        ruleset = game.ruleset
        union = ruleset.action_union
        state = game._states[0]
        states, events_at, actions = game._states, game._events, game._actions
        parsed = [action_from_data(data, union) for data in record.actions]
        for index, action in enumerate(parsed):
            after = parsed[index + 1] if index + 1 < len(parsed) else None
            with action_dice(action_salt(state.step, action) if fresh else 0), \
                    replaying(after):
                new, events = ruleset.apply(state, action)
            state = replace(new, step=state.step + 1)
            states.append(state)
            events_at.append(tuple(events))
            actions.append(action)
        game._hashes += [None] * len(record.actions)
        last = len(record.actions)
        if game.state_hash(last) != record.hashes[-1] or game.state_hash(0) != record.hashes[0]:
            raise ValueError("the last state is not the one saved")
        # The steps between are the states these actions make. Their recorded hashes are not
        # taken on trust (each is worked out when a save needs it, so an edited one is simply
        # written right next time); a checked replay checks each one.
        game._set_cursor(record)
        return game

    @classmethod
    def _checked(cls, record: GameRecord, verify: bool) -> Game:
        game = cls._begin(record)
        fresh = game.save_format >= PER_ACTION_DICE
        hashes = record.hashes
        if verify and hashes and game.state_hash(0) != hashes[0]:
            raise ValueError("the set-up does not match the saved game (scenario or seed edited?)")
        union = game.ruleset.action_union
        state = game._states[0]
        for index, data in enumerate(record.actions, start=1):
            kind = data.get("type", "?") if isinstance(data, Mapping) else "?"
            try:
                action = action_from_data(data, union)
                state, events = apply(state, action, fresh_dice=fresh)
            except IllegalAction as exc:  # the rule that forbids it, from explain_illegal
                raise ValueError(f"step {index}: {kind} is not a legal action then: "
                                 f"{exc}") from None
            except InvalidAction as exc:
                raise ValueError(f"step {index}: not an action of {game.ruleset.title}: "
                                 f"{exc}") from None
            game._states.append(state)
            game._events.append(events)
            game._actions.append(action)
            game._hashes.append(None)
            if verify and index < len(hashes) and game.state_hash(index) != hashes[index]:
                raise ValueError(f"step {index} does not replay to the saved state "
                                 "(the file was edited, or saved by other rules)")
        game._set_cursor(record)
        return game

    def _set_cursor(self, record: GameRecord) -> None:
        if not 0 <= record.cursor <= len(record.actions):
            raise ValueError(f"cursor {record.cursor} is outside the {len(record.actions)} actions")
        self._cursor = record.cursor

    # --- the present ----------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self._states[self._cursor]

    @property
    def step(self) -> int:
        """How many actions have been applied to reach the present state."""
        return self._cursor

    @property
    def last_step(self) -> int:
        """The furthest step recorded (beyond ``step`` when actions have been undone)."""
        return len(self._actions)

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def to_act(self) -> str | None:
        return None if self.state.over else self.state.to_act

    def legal_actions(self) -> LegalActions:
        return legal_actions(self.state)

    def prompt(self) -> str:
        return self.ruleset.prompt(self.state)

    def view(self, side: str) -> GameState:
        return self.ruleset.view(self.state, side)

    # --- acting ---------------------------------------------------------------------------------
    def parse_action(self, data: Mapping[str, Any]) -> Any:
        return action_from_data(dict(data), self.ruleset.action_union)

    def action_data(self, action: Any) -> dict[str, Any]:
        return action_to_data(action, self.ruleset.action_union)

    def play(self, action: Any) -> tuple[Event, ...]:
        """Apply an action (a value, or its JSON data) to the present state."""
        return self.take(self.preview(action))

    def preview(self, action: Any) -> Move:
        """What playing ``action`` (a value, or its JSON data) now would make, the game left as
        it is: for a caller that must keep the step somewhere before the game shows it (the
        shared store commits it first), then gives it to :meth:`take`."""
        if isinstance(action, Mapping):
            action = self.parse_action(action)
        new, events = apply(self.state, action, fresh_dice=self.save_format >= PER_ACTION_DICE)
        return Move(action, self.state, new, events)

    def take(self, move: Move) -> tuple[Event, ...]:
        """Make ``move`` (from :meth:`preview`) the next step; its events. The game must still
        stand where the move was worked out (``ValueError`` otherwise)."""
        if move.before is not self.state:
            raise ValueError("the game moved on since this move was worked out")
        cursor = self._cursor
        future = (self._states[cursor + 1:], self._events[cursor + 1:],
                  self._actions[cursor:], self._hashes[cursor + 1:])
        del self._states[cursor + 1:]
        del self._events[cursor + 1:]
        del self._actions[cursor:]
        del self._hashes[cursor + 1:]
        self._states.append(move.state)
        self._events.append(move.events)
        self._actions.append(move.action)
        self._hashes.append(move.digest)
        self._cursor += 1
        try:
            self._autosave()
        except BaseException:
            # not on disk, so not played: the battle stays where its file says it stands
            del self._states[cursor + 1:]
            del self._events[cursor + 1:]
            del self._actions[cursor:]
            del self._hashes[cursor + 1:]
            self._states += future[0]
            self._events += future[1]
            self._actions += future[2]
            self._hashes += future[3]
            self._cursor = cursor
            raise
        return move.events

    def undo(self) -> bool:
        if self._cursor == 0:
            return False
        self._move_to(self._cursor - 1)
        return True

    def redo(self) -> bool:
        """Re-apply the next undone action. It rolls the same dice it rolled before."""
        if self._cursor >= len(self._actions):
            return False
        self._move_to(self._cursor + 1)
        return True

    def goto(self, step: int) -> None:
        if not 0 <= step <= len(self._actions):
            raise ValueError(f"step {step} is outside 0..{len(self._actions)}")
        self._move_to(step)

    def _move_to(self, step: int) -> None:
        """Walk the history to ``step``; with an autosave that fails, stay where the file is."""
        cursor = self._cursor
        self._cursor = step
        try:
            self._autosave()
        except BaseException:
            self._cursor = cursor
            raise

    # --- history --------------------------------------------------------------------------------
    @property
    def actions(self) -> tuple[Any, ...]:
        """The actions that led to the present state, in order (the move stack)."""
        return tuple(self._actions[:self._cursor])

    def action_at(self, step: int) -> Any:
        """The action that made step ``step`` (1 for the first action)."""
        if not 1 <= step <= len(self._actions):
            raise IndexError(f"no action {step} (1..{len(self._actions)})")
        return self._actions[step - 1]

    def state_at(self, step: int) -> GameState:
        return self._states[step]

    def events_at(self, step: int) -> tuple[Event, ...]:
        """The events caused by action number ``step`` (step 0: the set-up)."""
        return self._events[step]

    def events_since(self, step: int) -> list[tuple[int, Event]]:
        """Every event from action ``step + 1`` up to the present, each with its step."""
        return [(i, e) for i in range(max(0, step + 1), self._cursor + 1) for e in self._events[i]]

    def state_hash(self, step: int | None = None) -> str:
        index = self._cursor if step is None else step
        cached = self._hashes[index]
        if cached is None:
            cached = self._hashes[index] = state_hash(self._states[index])
        return cached

    # --- records --------------------------------------------------------------------------------
    def record(self) -> GameRecord:
        union = self.ruleset.action_union
        return GameRecord(
            ruleset=self.ruleset.id,
            scenario=self.scenario.name,
            scenario_data=self.scenario.to_data(),
            seed=self.seed,
            options=dict(self.options),
            actions=tuple(action_to_data(a, union) for a in self._actions),
            hashes=tuple(self.state_hash(i) for i in range(len(self._states))),
            cursor=self._cursor,
            meta={"title": self.scenario.title, "turn": getattr(self.state, "turn", None),
                  "to_act": self.state.to_act, "over": self.state.over,
                  "result": self.state.result},
            players={side: dict(who) for side, who in self.players.items()},
            policy=self.policy,
            version=self.save_format,  # the format it was begun in: its dice, its set-up
        )

    def save(self, path: str | os.PathLike[str]) -> Path:
        from ahoy_tui.engine.saves import save_record

        return save_record(self.record(), Path(path))

    def _autosave(self) -> None:
        if self.autosave is not None:
            self.save(self.autosave)
