"""Orders written in secret and revealed together.

Some rule systems have every captain write orders at once, then show them together (Naval
Battle Rules, Ramming Speed!). The engine plays such a phase as one action per side, each
*sealing* that side's orders, in a fixed order of sides; nobody sees a sealed order but its
writer until the last side has sealed, when all are revealed at once. Because the next side to
seal cannot see what was sealed before, writing one after the other is as fair as writing at
the same moment, and the record stays one ordered list of actions that replays exactly.

:class:`Sealed` is the envelope a state keeps the orders in. A ruleset's ``view`` passes it
through :meth:`Sealed.hidden_from`, so a side (or a spectator) sees *that* the others have
sealed, never *what*. Events said while sealing must say no more than that: see
:func:`sealed_event` and :func:`revealed_event`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from attrs import frozen

from ahoy_tui.engine.events import Happened

if TYPE_CHECKING:
    from ahoy_tui.engine.game import Game

T = TypeVar("T")

SPECTATOR = "spectator"  # the view of someone who plays no side: every sealed order is hidden


@frozen
class Sealed(Generic[T]):
    """Each side's sealed orders for one secret phase, in the order they were sealed.

    ``hidden`` lists the sides whose orders this copy does not show (a per-side view): they
    have sealed, but their orders are not here.
    """

    entries: tuple[tuple[str, T], ...] = ()
    hidden: tuple[str, ...] = ()

    @property
    def sealed_by(self) -> tuple[str, ...]:
        """Every side that has sealed, shown or hidden."""
        return tuple(side for side, _ in self.entries) + self.hidden

    def has_sealed(self, side: str) -> bool:
        return side in self.sealed_by

    def get(self, side: str) -> T | None:
        """``side``'s orders, or None if they are not sealed or not shown to this viewer."""
        for owner, orders in self.entries:
            if owner == side:
                return orders
        return None

    def seal(self, side: str, orders: T) -> Sealed[T]:
        if self.has_sealed(side):
            raise ValueError(f"{side} has already sealed orders")
        return Sealed((*self.entries, (side, orders)), self.hidden)

    def complete(self, sides: Iterable[str]) -> bool:
        """Whether every one of ``sides`` has sealed: the moment to reveal."""
        return all(self.has_sealed(side) for side in sides)

    def hidden_from(self, viewer: str) -> Sealed[T]:
        """This envelope as ``viewer`` may see it: only the viewer's own orders shown."""
        kept = tuple((side, orders) for side, orders in self.entries if side == viewer)
        gone = tuple(side for side, _ in self.entries if side != viewer)
        if not gone:
            return self
        return Sealed(kept, self.hidden + gone)


def sealed_event(side: str, who: str, what: str, rule: str) -> Happened:
    """The only thing the table learns when a side seals: that it has. ``who`` is the side's
    name ("The Asur"), ``what`` the sheet ("orders")."""
    return Happened("sealed", f"{who}: {what} sealed", rule, side=side)


def revealed_event(what: str, rule: str) -> Happened:
    """Every side has sealed: the orders are turned over together."""
    return Happened("revealed", f"{what.capitalize()} revealed", rule, big=True)


def is_secret(ruleset: Any, action: Any) -> bool:
    """Whether ``action`` seals secret orders under ``ruleset`` (its ``secret_action``): a
    server or screen must then say only that it was sealed, not what it says or why."""
    test = getattr(ruleset, "secret_action", None)
    return bool(test(action)) if test is not None else False


def reveals(events: Iterable[Any]) -> bool:
    """Whether these events show something that cannot be unseen: a die rolled, or sealed
    orders revealed. A strict undo never goes back past either (the opponent's sheet, once
    read, must not be answered by rewriting one's own)."""
    from ahoy_tui.engine.events import DiceRoll

    return any(isinstance(e, DiceRoll) or orders_revealed((e,)) for e in events)


def orders_revealed(events: Iterable[Any]) -> bool:
    """Whether these events turn the sealed orders over (:func:`revealed_event`): from then on
    every side may read them. A die rolled reveals no orders."""
    return any(getattr(e, "kind", "") == "revealed" for e in events)


def unrevealed_steps(game: Game, viewer: str) -> dict[int, str]:
    """The steps, up to the present, whose actions ``viewer`` may not read yet, each with the
    side that took it (the side to act before it): secret orders another side sealed that no
    step since, that one included, has revealed."""
    hidden: dict[int, str] = {}
    for step in range(game.step, 0, -1):
        if orders_revealed(game.events_at(step)):
            break  # this reveal turned over every sheet sealed up to it
        sealer = game.state_at(step - 1).to_act
        if sealer != viewer and is_secret(game.ruleset, game.action_at(step)):
            hidden[step] = sealer or ""
    return hidden
