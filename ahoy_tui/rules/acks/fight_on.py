"""A fight with nothing to decide, played on by itself (the ``fight_on`` hook): the one choice
a side would make anyway while a boarding fight grinds on. Anything more to decide (a step to
steer, a volley, a boarding, a bridge, a fire) stops it."""

from __future__ import annotations

from typing import Any

from ahoy_tui.rules.acks.actions import Declare, Done, Fight, Halt, HoldCourse
from ahoy_tui.rules.acks.legal import choices
from ahoy_tui.rules.acks.model import AcksState, Phase


def fight_on(state: AcksState) -> Any | None:
    """The action that carries the fight on now, or None when there is something to decide.

    Declaring: every vessel of the side to declare may only hold still (a speed of 0, held
    by a fastened bridge or at rest), so she holds her course. On the counts: a vessel with
    no hex to move halts; a deck crew whose only choices are the fight on the decks and
    being done fights (and a crew or crew of a piece with nothing at all is done); a fight
    offered to several crews at once is a decision."""
    if state.over or state.to_act is None:
        return None
    offered = choices(state)
    if not offered:
        return None
    if state.phase is Phase.DECLARE:
        declares = [a for a in offered if isinstance(a, Declare)]
        hold = next((a for a in offered if isinstance(a, HoldCourse)), None)
        if declares and all(a.speed == 0 for a in declares):
            return hold or declares[0]
        return None
    if state.head_on is not None:
        return None
    if all(isinstance(a, Halt) for a in offered) and len(offered) == 1:
        return offered[0]
    fights = [a for a in offered if isinstance(a, Fight)]
    rest = [a for a in offered if not isinstance(a, (Fight, Done))]
    if rest:
        return None
    if len(fights) == 1:
        return fights[0]
    if not fights:
        return next(a for a in offered if isinstance(a, Done))
    return None
