"""The hard captain's deeper look: each of a galley's best few orders is followed by the best
orders she could write next turn from where it leaves her, the enemy and her friends moved on
as expected; a course that leads nowhere next turn loses to one that sets up a ram."""

from __future__ import annotations

from collections.abc import Sequence

from ahoy_tui.ai.ramming_speed.helmsman import Plan, World, expected, ranked_plans
from ahoy_tui.ai.ramming_speed.sim import Mover
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.ramming_speed.helm import energy_cost
from ahoy_tui.rules.ramming_speed.model import Band, Galley, RSState

NEXT = 0.5    # the next turn's best, against this turn's worth
KEEP = 6      # orders looked at twice


def moved(ship: Galley, m: Mover) -> Galley:
    x, y, h = m.end
    return replace(ship, x=x, y=y, heading=h, band=m.band,
                   energy=max(0, ship.energy - energy_cost(m.band)))


def deeper_plan(view: RSState, ship: Galley, worlds: Sequence[World],
                friends: Sequence[Mover], fine: bool) -> Plan | None:
    plans = ranked_plans(view, ship, worlds, friends, fine, KEEP)
    if len(plans) <= 1:
        return plans[0] if plans else None
    _, foes = max(worlds, key=lambda w: w[0])
    others = {m.ship.id: moved(m.ship, m) for m in (*foes, *friends)}
    best: tuple[float, Plan] | None = None
    for plan in plans:
        out = plan.outcome
        x, y, h = out.pose
        stopped = out.kind in ("ram", "rammed", "accident", "touch")
        me = replace(ship, x=x, y=y, heading=h,
                     band=Band.HOVE_TO if stopped else plan.band,
                     energy=max(0, ship.energy - energy_cost(plan.band)),
                     embedded=out.other.id if out.kind == "ram" and out.other else
                     ship.embedded)
        ships = tuple(me if s.id == ship.id else others.get(s.id, s) for s in view.ships)
        later = replace(view, ships=ships, turn=view.turn + 1)
        enemy_next = [expected(later, later.ship(m.ship.id)) for m in foes]
        mates = [expected(later, later.ship(m.ship.id)) for m in friends]
        follow_up = ranked_plans(later, me, [(1.0, enemy_next)], mates, False, 1)
        total = plan.score + NEXT * (follow_up[0].score if follow_up else 0.0)
        if best is None or total > best[0]:
            best = (total, plan)
    assert best is not None
    return best[1]
