"""A game session: what a user interface talks to.

The UI shows a session's state and sends it actions; it holds no rules and no game truth of its
own. :class:`Session` is the narrow interface: the present state (as this client may see it),
the legal actions, playing, undo and redo under the session's policy, the events, who may act,
saving. :class:`LocalSession` keeps the game in this process (solo and hot-seat play); the SSH
server will put the same interface on a game held by the server.

Undo takes back a decision of the player's own, not a step: against a computer captain, ``undo``
goes back to just before the last action taken at one of the session's seats, taking back every
captain's answer after it, so the player chooses again among the same choices (a captain given
the battle back at its own decision would only play again at once). ``redo`` gives it all back,
the captains' answers as they were recorded, with the same dice, up to the player's next
decision. Strict undo holds the same rule up to the first die rolled: nothing is taken back if a
die was rolled (or sealed orders revealed) since that decision. See :func:`decision_before` and
:func:`decision_after`.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from ahoy_tui.ai import Captain, Decision
from ahoy_tui.ai.captain import checked_decision
from ahoy_tui.engine import Game, GameState, LegalActions, load_game
from ahoy_tui.engine.events import Event
from ahoy_tui.engine.orders import is_secret, reveals
from ahoy_tui.paths import default_saves_dir

CASUAL = "casual"  # undo anything
STRICT = "strict"  # no undo past a revealed die roll
POLICIES = (CASUAL, STRICT)
HUMAN = "human"


def who_plays(players: Mapping[str, Mapping[str, Any]], side: str) -> str:
    """Who a save says played ``side``: ``human``, or ``ai:LEVEL`` for a computer captain."""
    who = players.get(side, {})
    if who.get("player") == "ai" and who.get("level"):
        return f"ai:{who['level']}"
    return HUMAN


def player_data(who: str, think: float = 1.0) -> dict[str, Any]:
    """``human`` or ``ai:LEVEL`` as a save keeps it (with the captain's think time)."""
    if who == HUMAN:
        return {"player": HUMAN}
    return {"player": "ai", "level": who.removeprefix("ai:"), "think": think}


def captain_data(captain: Captain) -> dict[str, Any]:
    return player_data(f"ai:{captain.level}", float(getattr(captain, "think", 1.0)))


def decision_before(game: Game, seats: Collection[str]) -> int | None:
    """Where an undo takes the battle back to: the step just before the last decision taken at
    one of ``seats`` (None when none was, as when captains have played every step so far)."""
    for step in range(game.step, 0, -1):
        if game.state_at(step - 1).to_act in seats:
            return step - 1
    return None


def decision_after(game: Game, seats: Collection[str]) -> int:
    """Where a redo takes the battle: the next undone action played again, and every captain's
    answer recorded after it, up to the next decision at one of ``seats`` or the end of the
    record (the present step when nothing is undone)."""
    step = game.step
    if step >= game.last_step:
        return step
    step += 1
    while step < game.last_step:
        state = game.state_at(step)
        if state.over or state.to_act in seats:
            break
        step += 1
    return step


def undo_refusal(game: Game, seats: Collection[str], policy: str) -> str:
    """Why ``undo`` takes nothing back now ("" when it may): nothing of the player's own to
    take back, or (strict) a die rolled or sealed orders revealed since."""
    target = decision_before(game, seats)
    if target is None:
        if not seats:
            return "the computer captains play every side: nothing of yours to take back"
        return "nothing to undo" if game.step == 0 else "nothing of yours to take back yet"
    if policy == STRICT and any(reveals(game.events_at(step))
                                for step in range(target + 1, game.step + 1)):
        return "strict undo: a die has been rolled (or orders revealed) since your last decision"
    return ""


class Session(Protocol):
    """A battle as one client sees and plays it."""

    title: str
    policy: str
    seats: frozenset[str]  # the sides this client may act for

    @property
    def state(self) -> GameState: ...

    @property
    def step(self) -> int: ...

    @property
    def last_step(self) -> int: ...

    @property
    def to_act(self) -> str | None: ...

    @property
    def over(self) -> bool: ...

    def may_act(self) -> bool:
        """Whether it is one of this client's sides to decide now."""
        ...

    def legal_actions(self) -> LegalActions: ...

    def play(self, action: Any) -> tuple[Event, ...]: ...

    def can_undo(self) -> bool: ...

    def undo(self) -> bool: ...

    def can_redo(self) -> bool: ...

    def redo(self) -> bool: ...

    def events_at(self, step: int) -> tuple[Event, ...]: ...

    def prompt(self) -> str: ...

    def describe_action(self, action: Any) -> str: ...

    def save(self, path: Path | None = None) -> Path: ...


class LocalSession:
    """A battle held in this process: solo, hot-seat, or against a computer captain."""

    def __init__(self, game: Game, *, policy: str = CASUAL,
                 seats: Sequence[str] = ("p1", "p2"), path: Path | None = None,
                 autosave: bool = True, captains: Mapping[str, Captain] | None = None,
                 learning: bool = False) -> None:
        if policy not in POLICIES:
            raise ValueError(f"undo policy {policy!r} is not one of {', '.join(POLICIES)}")
        self.game = game
        self.policy = policy
        self.captains = dict(captains or {})
        self.seats = frozenset(seats) - set(self.captains)
        self.title = game.scenario.title
        self.path = path or new_save_path(game)
        self.dirty = False
        self.remembered = True  # False: a save from before saves said who played each side
        # Learn to play: the ruleset's guide speaks at every decision (see guide())
        self.learning = learning
        self._guide_first: dict[str, int] = {}  # each guide topic: the step it was first shown
        # the save remembers who plays each side and the undo policy, so a resumed battle is
        # played as it was (strict stays strict, a captain stays a captain)
        game.policy = policy
        game.players = {side: captain_data(self.captains[side]) if side in self.captains
                        else player_data(HUMAN) for side in game.ruleset.sides}
        if learning:  # the save remembers the lesson: a resumed learn battle keeps its guide
            for side in self.seats:
                game.players[side]["learning"] = True
        if autosave:
            game.autosave = self.path
            if game.last_step:  # a resumed battle: the file says who plays it now
                self.save()
            # a new battle is written with its first action: a launch that plays none
            # leaves no save behind (nothing to resume on the title screen)

    @classmethod
    def new(cls, ruleset: str, scenario: str | None = None, *,
            scenario_file: str | None = None,
            scenario_data: Mapping[str, Any] | None = None, seed: int | None = None,
            options: dict[str, Any] | None = None, policy: str = CASUAL,
            seats: Sequence[str] = ("p1", "p2"), folder: Path | None = None,
            autosave: bool = True, captains: Mapping[str, Captain] | None = None,
            learning: bool = False) -> LocalSession:
        game = Game.new(ruleset, scenario, scenario_file=scenario_file,
                        scenario_data=scenario_data, seed=seed, options=options)
        path = new_save_path(game, folder)
        return cls(game, policy=policy, seats=seats, path=path, autosave=autosave,
                   captains=captains, learning=learning)

    @classmethod
    def load(cls, path: Path | str, *, policy: str | None = None,
             players: Mapping[str, str] | None = None, think: float | None = None,
             captains: Mapping[str, Captain] | None = None) -> LocalSession:
        """Continue a saved battle as it was played: the same captains (level and think time)
        and the same undo policy, unless ``policy``, ``players`` (side → ``human`` or
        ``ai:LEVEL``) or ``captains`` say otherwise. A save from before these were kept is
        played by people on every side, casually. Raises SaveError with a one-line message."""
        game = load_game(path)
        return cls.resume(game, Path(path), policy=policy, players=players, think=think,
                          captains=captains)

    @classmethod
    def resume(cls, game: Game, path: Path, *, policy: str | None = None,
               players: Mapping[str, str] | None = None, think: float | None = None,
               captains: Mapping[str, Captain] | None = None) -> LocalSession:
        """Play ``game`` on (a loaded save, or a replay taken over), as its record says it was
        played but for what is given here."""
        from ahoy_tui.ai import make_captain

        if captains is None:
            captains = {}
            for index, side in enumerate(game.ruleset.sides):
                who = (players or {}).get(side) or who_plays(game.players, side)
                if who == HUMAN:
                    continue
                kept = game.players.get(side, {})
                seconds = think if think is not None else float(kept.get("think", 1.0))
                captains[side] = make_captain(who, game.seed + index, think=seconds)
        remembered = bool(game.players)
        learning = any(who.get("learning") for who in game.players.values())
        session = cls(game, policy=policy or game.policy or CASUAL, seats=game.ruleset.sides,
                      path=path, captains=captains, learning=learning)
        session.remembered = remembered
        return session

    # --- what the client sees --------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.game.state

    @property
    def ruleset(self) -> Any:
        return self.game.ruleset

    @property
    def step(self) -> int:
        return self.game.step

    @property
    def last_step(self) -> int:
        return self.game.last_step

    @property
    def to_act(self) -> str | None:
        return self.game.to_act

    @property
    def over(self) -> bool:
        return self.game.over

    def may_act(self) -> bool:
        return self.to_act is not None and self.to_act in self.seats

    def captain_to_act(self) -> Captain | None:
        """The computer captain who must decide now, if it is one of theirs."""
        if self.over or self.to_act is None:
            return None
        return self.captains.get(self.to_act)

    def captain_decides(self) -> tuple[GameState, Decision]:
        """The computer captain to act decides (safe to call from a worker thread: it reads an
        immutable state). Returns the state it decided at, to check it is still current. The
        decision is checked against the legal actions before anything reads it (an action
        outside them is a captain's bug, named in the decision's reason, not a crash)."""
        captain = self.captain_to_act()
        if captain is None:
            raise ValueError("no computer captain is to act")
        state = self.game.state
        side = state.to_act or ""
        view = self.game.ruleset.view(state, side)
        return state, checked_decision(captain, view, self.game.ruleset.legal_actions(state))

    def play_decision(self, at: GameState, decision: Decision) -> tuple[str, tuple[Event, ...]]:
        """Play a captain's decision made at the state ``at``: (what it means, events). The
        very state, not only its step: after an undo and another choice the step may be the
        same again and the battle another."""
        if at is not self.game.state:
            raise ValueError("the battle has moved on since the captain decided")
        what = self.describe_action(decision.action)
        return what, self.game.play(decision.action)

    def legal_actions(self) -> LegalActions:
        if not self.may_act():
            return LegalActions()
        return self.game.legal_actions()

    def events_at(self, step: int) -> tuple[Event, ...]:
        return self.game.events_at(step)

    def prompt(self) -> str:
        return self.game.prompt()

    def describe_action(self, action: Any) -> str:
        return self.game.ruleset.describe_action(self.game.state, action)

    def guide(self) -> Any:
        """In a Learn to play battle, what the ruleset's guide says at this decision of the
        player's (its ``guide(state, side, seen)`` hook, a ``rules.guide.Guidance``), else None.
        Each topic is given in full at the step it is first shown (however often the screen
        asks there), and in short after it."""
        hook = getattr(self.game.ruleset, "guide", None)
        if not self.learning or hook is None or not self.may_act():
            return None
        step = self.game.step
        seen = frozenset(t for t, first in self._guide_first.items() if first < step)
        said = hook(self.game.state, self.to_act, seen)
        if said is not None and said.topic not in seen:
            self._guide_first[said.topic] = step
        return said

    # --- acting ----------------------------------------------------------------------------
    def play(self, action: Any) -> tuple[Event, ...]:
        if not self.may_act():
            from ahoy_tui.engine import IllegalAction

            raise IllegalAction("Turns and phases", f"it is {self.to_act}'s decision")
        events = self.game.play(action)
        self.dirty = self.game.autosave is None
        return events

    def undo_refusal(self) -> str:
        """Why an undo takes nothing back now, in a few words ("" when it may)."""
        return undo_refusal(self.game, self.seats, self.policy)

    def can_undo(self) -> bool:
        """Whether there is a decision of the player's own to take back: casual, any; strict,
        none with a die rolled or sealed orders revealed since (see :func:`undo_refusal`)."""
        return not self.undo_refusal()

    def undo(self) -> bool:
        """Take back the player's own last decision and every captain's answer after it."""
        if not self.can_undo():
            return False
        target = decision_before(self.game, self.seats)
        assert target is not None
        self.game.goto(target)
        return True

    def can_redo(self) -> bool:
        return self.game.step < self.game.last_step

    def history_words(self, low: int, high: int) -> str:
        """The actions from step ``low`` to step ``high`` (an undo's or a redo's), in words:
        the player's decision (a secret one only as that: at a shared terminal the other
        side may be reading), and how many captains' answers came with it."""
        if high <= low:
            return ""
        action = self.game.action_at(low + 1)
        first = ("a secret decision" if is_secret(self.game.ruleset, action)
                 else self.describe_at(low, action))
        answers = sum(1 for step in range(low + 1, high)
                      if self.game.state_at(step).to_act in self.captains)
        if not answers:
            return first
        return f"{first}, and the captain's {'answer' if answers == 1 else f'{answers} answers'}"

    def describe_at(self, step: int, action: Any) -> str:
        return str(self.game.ruleset.describe_action(self.game.state_at(step), action))

    def redo(self) -> bool:
        """Give back what the last undo took: the decision and the captains' answers as they
        were recorded (the same dice), up to the player's next decision."""
        if not self.can_redo():
            return False
        self.game.goto(decision_after(self.game, self.seats))
        return True

    def save(self, path: Path | None = None) -> Path:
        target = Path(path) if path else self.path
        saved = self.game.save(target)
        if path is not None:
            self.path = saved
            if self.game.autosave is not None:
                self.game.autosave = saved
        self.dirty = False
        return saved


LEARN_THINK = 0.5  # seconds the easy captain of a Learn to play battle thinks


def learnable() -> list[Any]:
    """The rule systems with a Learn to play battle (``learn`` in their ``about.toml``: the
    scenario), as catalogue entries, read without importing the rules."""
    from ahoy_tui.engine.catalogue import catalogue

    return [entry for entry in catalogue() if entry.learn]


def learn_session(ruleset: str, *, seed: int | None = None, think: float = LEARN_THINK,
                  folder: Path | None = None, autosave: bool = True) -> LocalSession:
    """Learn to play: the rule system's learn scenario, you as its first side against the easy
    captain, the guide speaking at every decision. Raises ValueError for a rule system with no
    learn battle."""
    import random

    from ahoy_tui.ai import make_captain

    entry = next((e for e in learnable() if e.id == ruleset), None)
    if entry is None:
        names = ", ".join(e.id for e in learnable())
        raise ValueError(f"no Learn to play battle for {ruleset!r} (there is one for {names})")
    seed = random.randrange(1_000_000) if seed is None else seed
    game = Game.new(ruleset, entry.learn, seed=seed)
    sides = game.ruleset.sides
    captains = {side: make_captain("ai:easy", seed + index, think=think)
                for index, side in enumerate(sides) if index > 0}
    return LocalSession(game, seats=sides, path=new_save_path(game, folder), autosave=autosave,
                        captains=captains, learning=True)


def new_save_path(game: Game, folder: Path | None = None) -> Path:
    folder = folder or default_saves_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{game.scenario.name}-{game.seed}-{stamp}.json"
    number = 2
    while path.exists():
        path = folder / f"{game.scenario.name}-{game.seed}-{stamp}-{number}.json"
        number += 1
    return path
