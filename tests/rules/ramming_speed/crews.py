"""Small Ramming Speed! battles for the archery, grappling, melee, morale, scenario and flow
tests: galleys placed by hand, men standing where a test needs them.

Positions are in inches, headings in degrees (0 = north, clockwise; y grows southward). A
trireme is 7" long and 1.25" in the beam (``data/galleys.toml``). Men are named by their
ids; ``man("a-mar1", "marine", "a", section="bow")`` is a marine of galley ``a`` standing on
her own bow.
"""

from __future__ import annotations

from typing import Any

from ahoy_tui.engine.dice import Dice, Rng
from ahoy_tui.engine.events import DiceRoll, Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.game import apply
from ahoy_tui.rules.ramming_speed.model import (
    Engine,
    Galley,
    Grapple,
    Man,
    Phase,
    RSState,
)
from ahoy_tui.rules.ramming_speed.tables import tables


def galley(gid: str, side: str = "p1", *, kind: str = "trireme", x: float = 20.0,
           y: float = 20.0, heading: float = 0.0, **changes: Any) -> Galley:
    """A galley of ``kind`` (her size and oars from the tables), hove-to, fresh."""
    k = tables().galley(kind)
    ship = Galley(id=gid, side=side, name=gid.title(), kind=k.id, x=x, y=y, heading=heading,
                  length=k.length, beam=k.beam, oars=(k.oars, k.oars), full_oars=k.oars,
                  energy=12, towers=k.towers, sail_only=k.sail_only, value=k.value,
                  home=180.0 if side == "p1" else 0.0)
    return replace(ship, **changes) if changes else ship


def man(mid: str, rank: str, ship: str, *, aboard: str | None = None,
        section: str = "middle", wounded_until: int = 0) -> Man:
    return Man(mid, rank, ship, aboard if aboard is not None else ship, section,
               wounded_until=wounded_until)


def crew(ship: str, *ranks_at: tuple[str, str], aboard: str | None = None) -> tuple[Man, ...]:
    """Men of ``ship`` given as (rank, section) pairs, numbered in order: ``ship-rank1``..."""
    seen: dict[str, int] = {}
    out = []
    for rank, section in ranks_at:
        seen[rank] = seen.get(rank, 0) + 1
        out.append(man(f"{ship}-{rank[:3]}{seen[rank]}", rank, ship, aboard=aboard,
                       section=section))
    return tuple(out)


def bolt(ship: str, n: int = 1, ready: int = 1, kind: str = "bolt") -> Engine:
    return Engine(f"{ship}-e{n}", kind, "middle" if kind == "bolt" else "bow", ready)


def battle(*ships: Galley, men: tuple[Man, ...] = (), grapples: tuple[Grapple, ...] = (),
           phase: Phase = Phase.FIRE, turn: int = 1, to_act: str | None = "p1",
           **changes: Any) -> RSState:
    """A battle between p1 and p2 on a 72" x 48" table, with a start count of men set for
    each galley (22.4 counts from it)."""
    ships = tuple(s if s.start_men else replace(s, start_men=sum(1 for m in men
                                                                 if m.ship == s.id))
                  for s in ships)
    return RSState(ruleset="ramming-speed", scenario="test", rng=Rng(11), ships=ships,
                   men=men, grapples=grapples, phase=phase, turn=turn, to_act=to_act,
                   **changes)


def cup() -> tuple[Dice, list[Event]]:
    """A dice cup and its events. Make it inside ``with forced(...)``: a cup takes the
    forced faces when it is made."""
    events: list[Event] = []
    return Dice(Rng(11), events), events


def play(state: RSState, *actions: Any) -> tuple[RSState, list[Event]]:
    """Each action checked against the legal list and applied, as the engine does."""
    events: list[Event] = []
    for action in actions:
        new, evs = apply(state, action)
        assert isinstance(new, RSState)
        state = new
        events.extend(evs)
    return state, events


def rolls(events: list[Event]) -> list[DiceRoll]:
    return [e for e in events if isinstance(e, DiceRoll)]


def said(events: list[Event]) -> str:
    return "\n".join(e.text for e in events if isinstance(e, Happened))


def ids(men: tuple[Man, ...] | list[Man]) -> set[str]:
    return {m.id for m in men}
