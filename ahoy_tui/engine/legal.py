"""The legal choices at a moment of the game.

Most choices are a finite list of actions. Where the rules ask for a number (a guessed range in
inches), a ruleset gives an :class:`ActionRange`: one action with one whole-number field that may
take any value from ``low`` to ``high``. Where a choice is too rich to list at all (a whole sheet
of orders: chits on six stations, tokens on three boxes), a ruleset gives an :class:`OrderForm`:
a kind of action, a test of whether one is acceptable, and a few ready-made examples.
:class:`LegalActions` holds all three and expands them on demand, so listing sixty guessable
ranges costs one object, not sixty.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from attrs import field, frozen

from ahoy_tui.engine.fast import replace


@frozen
class ActionRange:
    """Every action equal to ``template`` except ``field``, which runs from ``low`` to ``high``."""

    template: Any
    field: str
    low: int
    high: int

    def __len__(self) -> int:
        return max(0, self.high - self.low + 1)

    def at(self, value: int) -> Any:
        return replace(self.template, **{self.field: value})

    def __iter__(self) -> Iterator[Any]:
        for value in range(self.low, self.high + 1):
            yield self.at(value)

    def __contains__(self, action: object) -> bool:
        if type(action) is not type(self.template):
            return False
        value = getattr(action, self.field)
        if not isinstance(value, int) or isinstance(value, bool):
            return False
        if not self.low <= value <= self.high:
            return False
        return replace(action, **{self.field: getattr(self.template, self.field)}) \
            == self.template


@frozen
class OrderForm:
    """Any action of type ``kind`` that ``accepts`` passes: a form to fill in, not a list.

    ``examples`` are a few filled-in forms (each one accepted) for those who pick from a list:
    a random captain, a bot asking for the legal actions. Iterating :class:`LegalActions` yields
    them; membership asks ``accepts``.
    """

    kind: type
    side: str
    accepts: Callable[[Any], bool] = field(eq=False, repr=False)
    examples: tuple[Any, ...] = ()
    what: str = ""  # what the form is, in the rules' words ("the orders for the turn")

    def __contains__(self, action: object) -> bool:
        return type(action) is self.kind and self.accepts(action)


class LegalActions:
    """The legal actions now: fixed actions, ranges of numbered ones, and order forms."""

    __slots__ = ("_set", "fixed", "forms", "ranges")

    def __init__(self, fixed: Sequence[Any] = (), ranges: Sequence[ActionRange] = (),
                 forms: Sequence[OrderForm] = ()) -> None:
        # an example is listed only if its form accepts it: a list never offers a refused sheet
        self.fixed = tuple(fixed) + tuple(e for f in forms for e in f.examples if e in f)
        self.ranges = tuple(r for r in ranges if len(r))
        self.forms = tuple(forms)
        self._set: frozenset[Any] | None = None

    def __len__(self) -> int:
        return len(self.fixed) + sum(len(r) for r in self.ranges)

    def __bool__(self) -> bool:
        return bool(self.fixed) or bool(self.ranges) or bool(self.forms)

    def __iter__(self) -> Iterator[Any]:
        yield from self.fixed
        for r in self.ranges:
            yield from r

    def form(self, kind: type) -> OrderForm | None:
        """The form for actions of ``kind``, if one is open now."""
        return next((f for f in self.forms if f.kind is kind), None)

    def __contains__(self, action: object) -> bool:
        # Most often the action checked is one of these very objects (a player or a captain
        # picked it from this list): found by identity, without hashing every action listed.
        for listed in self.fixed:
            if listed is action:
                return True
        if self._set is None:
            self._set = frozenset(self.fixed)
        try:
            if action in self._set:
                return True
        except TypeError:
            return False
        return any(action in r for r in self.ranges) or any(action in f for f in self.forms)

    def __getitem__(self, index: int) -> Any:
        """The ``index``-th action of the expanded list, without expanding it."""
        if index < 0:
            index += len(self)
            if index < 0:
                raise IndexError(index - len(self))
        if index < len(self.fixed):
            return self.fixed[index]
        index -= len(self.fixed)
        for r in self.ranges:
            if index < len(r):
                return r.at(r.low + index)
            index -= len(r)
        raise IndexError(index)

    def __repr__(self) -> str:
        return (f"LegalActions({len(self.fixed)} fixed, {len(self.ranges)} ranges, "
                f"{len(self.forms)} forms)")
