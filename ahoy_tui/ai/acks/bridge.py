"""What every level shares: each decision sorted by what the rules ask now (a declaration, the
head-on choice, who moves first, a vessel's next hex, a monster's swim or bite, the artillery
and deck crews on the count) and handed to the level's own judgement."""

from __future__ import annotations

from typing import Any

from ahoy_tui.ai.acks import deck
from ahoy_tui.ai.captain import Decision
from ahoy_tui.engine import GameState, LegalActions
from ahoy_tui.rules.acks.actions import (
    Attack,
    Declare,
    Done,
    Halt,
    HoldCourse,
    MoveFirst,
    Ram,
    ShiftBow,
    Step,
    Swim,
)
from ahoy_tui.rules.acks.legal import moving
from ahoy_tui.rules.acks.model import AcksState, Phase, Vessel

HELM = (Step, Ram, ShiftBow)


class Bridge:
    """A captain's dispatch; the level supplies :meth:`declare`, :meth:`steer`, :meth:`swim`
    and ``careful`` (the deck's judgement)."""

    level = "base"
    careful = False

    def __init__(self, seed: int = 0, think: float = 1.0) -> None:
        self.seed = seed
        self.think = think

    def decide(self, view: GameState, legal: LegalActions) -> Decision:
        assert isinstance(view, AcksState)
        # the captains send their whole boarding party: the player's choice of how many (a
        # range of ``Board.men``) is not theirs to weigh
        acts = list(legal.fixed) or list(legal)
        side = view.to_act
        if side is None or not acts:
            return Decision(acts[0] if acts else None, "nothing to decide")
        if view.phase is Phase.DECLARE:
            declares = [a for a in acts if isinstance(a, Declare)]
            if not declares:
                return Decision(next(a for a in acts if isinstance(a, HoldCourse)),
                                "every vessel holds her course")
            vessel = view.vessel(declares[0].vessel)
            return self.declare(view, vessel, [a for a in declares if a.vessel == vessel.id])
        if view.head_on is not None:
            return deck.head_on(view, acts, side, self.careful)
        if any(isinstance(a, MoveFirst) for a in acts):
            return self.move_first(view, acts, side)
        mover = moving(view)
        if mover is not None and not mover.creature:
            return self.steer(view, mover, [a for a in acts if _of(a, mover.id)])
        helmed = [view.vessel(a.vessel) for a in acts if isinstance(a, HELM)
                  or (isinstance(a, Halt) and not view.vessel(a.vessel).creature)]
        if helmed:
            vessel = self.who_moves(view, list(dict.fromkeys(helmed)))
            return self.steer(view, vessel, [a for a in acts if _of(a, vessel.id)])
        monsters = [a for a in acts if isinstance(a, (Swim, Attack))
                    or (isinstance(a, Halt) and view.vessel(a.vessel).creature)]
        on_deck = [a for a in acts if isinstance(a, deck.DECK)]
        if on_deck:
            choice = deck.deck(view, [*on_deck, *(a for a in acts if isinstance(a, Done))],
                               side, self.careful)
            if not isinstance(choice.action, Done) or not monsters:
                return choice
        if monsters:
            monster = view.vessel(monsters[0].vessel)
            return self.swim(view, monster, [a for a in monsters if a.vessel == monster.id])
        return deck.deck(view, acts, side, self.careful)

    # --- the level's judgement -------------------------------------------------------------
    def move_first(self, view: AcksState, acts: list[Any], side: str) -> Decision:
        return deck.move_first(view, acts, side)

    def who_moves(self, view: AcksState, vessels: list[Vessel]) -> Vessel:
        return vessels[0]

    def declare(self, view: AcksState, vessel: Vessel, acts: list[Declare]) -> Decision:
        raise NotImplementedError

    def steer(self, view: AcksState, vessel: Vessel, acts: list[Any]) -> Decision:
        raise NotImplementedError

    def swim(self, view: AcksState, monster: Vessel, acts: list[Any]) -> Decision:
        raise NotImplementedError


def _of(action: Any, vessel_id: str) -> bool:
    return getattr(action, "vessel", None) == vessel_id and isinstance(
        action, (Step, Ram, ShiftBow, Halt))
