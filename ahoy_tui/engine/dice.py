"""Dice that replay, and that an undo never shows.

The random number generator lives inside the game state as a seed and a counter. Each die is
``splitmix64(seed ^ salt, counter)`` reduced to its faces, so the same state always rolls the same
dice, on any Python version. The salt is the action's own (:func:`action_dice`, set by the
engine around each action from the step and the action itself): redoing an undone action rolls
exactly what it rolled before, and a *different* action rolls dice nobody has seen. Without a
salt (saves of format 1, before this was so) the dice run on from the counter alone.

Every die rolled is reported as a :class:`~ahoy_tui.engine.events.DiceRoll` event that says what
was rolled, each face, the result, what it was for and which rule asked for it.

Tests force dice with :func:`forced`: the listed faces are used, in order, instead of the
generator's, and the block fails if any were left unused.
"""

from __future__ import annotations

import contextvars
import re
from collections.abc import Iterator
from contextlib import contextmanager

from attrs import frozen

from ahoy_tui.engine.events import DiceRoll, Event

_MASK = (1 << 64) - 1
_EXPR = re.compile(r"(?P<plain>\d+)|(?P<count>\d*)D(?P<sides>[36])(?:\+(?P<bonus>\d+))?")
MISFIRE = "misfire"
ARTILLERY_FACES: tuple[int | str, ...] = (2, 4, 6, 8, 10, MISFIRE)
AVERAGE_FACES: tuple[int, ...] = (2, 3, 3, 4, 4, 5)


def parse_expr(expression: str) -> tuple[int, int, int]:
    """``"2D6+1"`` → (2, 6, 1); ``"4"`` → (0, 0, 4). Only D3 and D6 are rules dice here."""
    text = expression.replace(" ", "").upper()
    match = _EXPR.fullmatch(text)
    if not match:
        raise ValueError(f"not a dice expression: {expression!r}")
    if match.group("plain") is not None:
        return 0, 0, int(match.group("plain"))
    count = int(match.group("count") or 1)
    return count, int(match.group("sides")), int(match.group("bonus") or 0)


def _splitmix64(value: int) -> int:
    z = (value + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


@frozen
class Rng:
    """The dice's state: a seed and how many dice have been rolled from it."""

    seed: int
    counter: int = 0

    def face(self, index: int, sides: int, salt: int = 0) -> int:
        """The face (1..sides) of die number ``counter + index`` of the action salted ``salt``;
        a pure function of the state and the action."""
        mixed = _splitmix64(_splitmix64((self.seed ^ salt) & _MASK) ^ (self.counter + index))
        return mixed % sides + 1  # bias below 1e-18 for a d10: negligible


_forced: contextvars.ContextVar[list[int | str] | None] = contextvars.ContextVar(
    "forced_dice", default=None
)
_salt: contextvars.ContextVar[int] = contextvars.ContextVar("action_salt", default=0)


@contextmanager
def action_dice(salt: int) -> Iterator[None]:
    """Roll this action's dice salted with ``salt`` (the engine's, around each action)."""
    token = _salt.set(salt)
    try:
        yield
    finally:
        _salt.reset(token)


@contextmanager
def forced(*faces: int | str) -> Iterator[list[int | str]]:
    """Use these faces, in order, for the next dice rolled in this context (tests only).

    Give a D6 (or the D6 behind a D3) as 1-6, an artillery die as 2/4/6/8/10 or ``"misfire"``.
    Raises ``AssertionError`` at the end of the block if some faces were never rolled.
    """
    queue: list[int | str] = list(faces)
    token = _forced.set(queue)
    try:
        yield queue
    finally:
        _forced.reset(token)
    if queue:
        raise AssertionError(f"forced dice never rolled: {queue}")


class Dice:
    """The dice cup for one action: rolls from the state's :class:`Rng`, records every roll.

    Built by a ruleset at the start of ``apply``; ``rng`` afterwards is the state's next RNG.
    """

    __slots__ = ("_forced", "_rng", "_salt", "_used", "events")

    def __init__(self, rng: Rng, events: list[Event]) -> None:
        self._rng = rng
        self._used = 0
        self.events = events
        self._forced = _forced.get()
        self._salt = _salt.get()

    @property
    def last_roll(self) -> DiceRoll:
        """The most recent roll of this action."""
        for event in reversed(self.events):
            if isinstance(event, DiceRoll):
                return event
        raise LookupError("nothing rolled yet")

    @property
    def rng(self) -> Rng:
        return Rng(self._rng.seed, self._rng.counter + self._used)

    def _d(self, sides: int) -> int:
        if self._forced:
            value = self._forced.pop(0)
            if not isinstance(value, int) or not 1 <= value <= sides:
                raise AssertionError(f"forced die {value!r} is not a face of a d{sides}")
            self._used += 1
            return value
        face = self._rng.face(self._used, sides, self._salt)
        self._used += 1
        return face

    def _emit(self, roll: DiceRoll) -> None:
        self.events.append(roll)

    # --- plain dice -------------------------------------------------------------------------
    def d6(self, purpose: str, rule: str, *, side: str | None = None, ship: str | None = None,
           need: str = "", outcome: str = "") -> int:
        face = self._d(6)
        self._emit(DiceRoll("D6", (face,), face, purpose, rule, side, ship, need, outcome))
        return face

    def die(self, sides: int, purpose: str, rule: str, *, side: str | None = None,
            ship: str | None = None, need: str = "", outcome: str = "") -> int:
        """One die of any number of sides (a D4 of Naval Battle Rules' guns chart)."""
        face = self._d(sides)
        self._emit(DiceRoll(f"D{sides}", (face,), face, purpose, rule, side, ship, need,
                            outcome))
        return face

    def d3(self, purpose: str, rule: str, *, side: str | None = None,
           ship: str | None = None) -> int:
        """A D3: a D6 halved, rounded up. The event keeps the D6's face."""
        face = self._d(6)
        result = (face + 1) // 2
        self._emit(DiceRoll("D3", (face,), result, purpose, rule, side, ship))
        return result

    def nd6(self, count: int, purpose: str, rule: str, *, side: str | None = None,
            ship: str | None = None) -> tuple[int, ...]:
        """``count`` D6 rolled together (2D6, 3D6): one event, every face kept."""
        faces = tuple(self._d(6) for _ in range(count))
        self._emit(DiceRoll(f"{count}D6", faces, sum(faces), purpose, rule, side, ship))
        return faces

    def nd(self, count: int, sides: int, purpose: str, rule: str, *, side: str | None = None,
           ship: str | None = None, need: str = "", outcome: str = "") -> tuple[int, ...]:
        """``count`` dice of ``sides`` sides thrown together (3D10, 11D6): one event."""
        faces = tuple(self._d(sides) for _ in range(count))
        self._emit(DiceRoll(f"{count}D{sides}", faces, sum(faces), purpose, rule, side, ship,
                            need, outcome))
        return faces

    def artillery(self, purpose: str, rule: str, *, side: str | None = None,
                  ship: str | None = None) -> int | str:
        """The artillery die: 2, 4, 6, 8, 10 or ``"misfire"``."""
        if self._forced:
            value = self._forced.pop(0)
            if value not in ARTILLERY_FACES:
                raise AssertionError(f"forced die {value!r} is not an artillery die face")
            self._used += 1
            result: int | str = value
        else:
            result = ARTILLERY_FACES[self._d(6) - 1]
        self._emit(DiceRoll("artillery", (result,), result, purpose, rule, side, ship,
                            "", "misfire" if result == MISFIRE else ""))
        return result

    def average(self, count: int, purpose: str, rule: str, *, side: str | None = None,
                ship: str | None = None) -> tuple[int, ...]:
        """``count`` averaging dice (faces 2, 3, 3, 4, 4, 5) thrown together. Tests force an
        averaging die by the face it shows (2-5)."""
        faces: list[int] = []
        for _ in range(count):
            if self._forced:
                value = self._forced.pop(0)
                if value not in AVERAGE_FACES:
                    raise AssertionError(f"forced die {value!r} is not an averaging die face")
                self._used += 1
                faces.append(int(value))
            else:
                faces.append(AVERAGE_FACES[self._d(6) - 1])
        name = f"{count}AvD" if count > 1 else "AvD"
        self._emit(DiceRoll(name, tuple(faces), sum(faces), purpose, rule, side, ship))
        return tuple(faces)

    def expr(self, expression: str, purpose: str, rule: str, *, side: str | None = None,
             ship: str | None = None) -> int:
        """Roll a dice expression from a rules table: ``"3"``, ``"D3"``, ``"D6"``, ``"2D6"``,
        ``"D3+1"``. A plain number rolls nothing."""
        count, sides, bonus = parse_expr(expression)
        if count == 0:
            return bonus
        if sides == 3:
            total = sum(self.d3(purpose, rule, side=side, ship=ship) for _ in range(count))
        elif count == 1:
            total = self.d6(purpose, rule, side=side, ship=ship)
        else:
            total = sum(self.nd6(count, purpose, rule, side=side, ship=ship))
        return total + bonus

    def judge(self, outcome: str, need: str = "") -> None:
        """Write how the roll just made turned out ("hit", "saved"…) into its event."""
        for index in range(len(self.events) - 1, -1, -1):
            last = self.events[index]
            if isinstance(last, DiceRoll):
                self.events[index] = DiceRoll(last.dice, last.faces, last.result, last.purpose,
                                              last.rule, last.side, last.ship,
                                              need or last.need, outcome)
                return
        raise ValueError("no roll to judge")

    # --- tests ------------------------------------------------------------------------------
    def ld_test(self, ld: int, modifier: int, purpose: str, rule: str, *,
                side: str | None = None, ship: str | None = None, success: str = "passed",
                failure: str = "failed") -> bool:
        """A Leadership test: 2D6, pass when the total is at most Ld plus modifiers."""
        faces = (self._d(6), self._d(6))
        total = sum(faces)
        target = ld + modifier
        passed = total <= target
        mod = f" {'+' if modifier >= 0 else '−'} {abs(modifier)} = {target}" if modifier else ""
        self._emit(DiceRoll("2D6", faces, total, purpose, rule, side, ship,
                            f"Ld {ld}{mod}", success if passed else failure))
        return passed

    def i_test(self, initiative: int, purpose: str, rule: str, *, side: str | None = None,
               ship: str | None = None) -> bool:
        """An Initiative test: D6 at most I; a 1 always passes, a 6 always fails."""
        face = self._d(6)
        passed = face == 1 or (face != 6 and face <= initiative)
        self._emit(DiceRoll("D6", (face,), face, purpose, rule, side, ship,
                            f"≤ I {initiative}", "passed" if passed else "failed"))
        return passed

    def need(self, target: int, purpose: str, rule: str, *, side: str | None = None,
             ship: str | None = None, modifier: int = 0, success: str = "success",
             failure: str = "failure") -> tuple[bool, int]:
        """Roll a D6 needing ``target``+ after ``modifier``; returns (succeeded, natural face)."""
        face = self._d(6)
        ok = face + modifier >= target
        mod = f" ({'+' if modifier >= 0 else '−'}{abs(modifier)})" if modifier else ""
        self._emit(DiceRoll("D6", (face,), face + modifier, purpose, rule, side, ship,
                            f"{target}+{mod}", success if ok else failure))
        return ok, face
