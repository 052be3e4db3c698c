"""The normal captain: weighs each galley's orders by the track they lead to.

**Orders.** He expects every enemy to hold her course and band (her orders are sealed), and
each friend to keep the orders already written for her (or to hold on). For each galley he
tries a few dozen orders (``helmsman.candidates``), follows each track against those expected
(``sim.follow``: the rules' phased contacts) and weighs it (``judge.weigh``): a ram by the
odds of the ramming table, best at ramming speed and 60-90°; a ram taken; the rams she could
make next turn and those she lays herself open to (never her side to an enemy's bow); energy
kept for the strike; the shore, wreckage, the edge and her friends; an oar rake announced when
her bow would meet an enemy at 30° or less. A runner (the merchantman) runs for her edge, and
her pursuer heads her off; her side's last galley never rows off the table.

**The rest** (``deck``): archers at the target whose loss hurts most; lines or the corvus only
when her boarders outmatch the defenders; boarding unless clearly the weaker, the officers
staying aboard when the rank and file outmatch the defenders without them; oars evened; the
sail raised to flee when crippled; lines cut when she would lose a boarding or to a sinking
galley; a galley abandoned only when she will surely sink.
"""

from __future__ import annotations

import math

from ahoy_tui.ai.ramming_speed import sight
from ahoy_tui.ai.ramming_speed.bridge import Bridge
from ahoy_tui.ai.ramming_speed.helmsman import Plan, World, best_plan, expected
from ahoy_tui.ai.ramming_speed.sim import Mover
from ahoy_tui.rules.ramming_speed.actions import WriteOrders
from ahoy_tui.rules.ramming_speed.helm import default_orders, radius
from ahoy_tui.rules.ramming_speed.model import Band, Galley, RSState


class NormalCaptain(Bridge):
    level = "normal"
    careful = True

    def __init__(self, seed: int = 0, think: float = 1.0) -> None:
        super().__init__(seed, think)
        self._worlds: tuple[object, list[World]] | None = None

    # --- the enemy, as far as he can tell -------------------------------------------------
    def guess(self, view: RSState, side: str) -> list[World]:
        """His guesses at the enemy's tracks, weighted: here one, each holding her course."""
        return [(1.0, [expected(view, e) for e in sight.enemies(view, side)])]

    def worlds(self, view: RSState, side: str) -> list[World]:
        """The guesses, worked out once a turn (the table does not change while he writes)."""
        key = (view.turn, side, tuple((s.id, s.x, s.y, s.heading, s.band, s.status)
                                      for s in view.ships))
        if self._worlds is None or self._worlds[0] != key:
            self._worlds = (key, self.guess(view, side))
        return self._worlds[1]

    def friends(self, view: RSState, ship: Galley) -> list[Mover]:
        drafts = {d.ship: d for d in view.drafts}
        return [expected(view, f, drafts.get(f.id)) for f in sight.friends(view, ship)]

    # --- orders ---------------------------------------------------------------------------
    def write(self, view: RSState, side: str, ship: Galley) -> tuple[WriteOrders, str]:
        plan = best_plan(view, ship, self.worlds(view, side), self.friends(view, ship))
        if plan is None:
            plain = default_orders(view, ship)
            return (WriteOrders(side, ship.id, plain.band.words, plain.moves),
                    f"{ship.name} holds her course")
        return (WriteOrders(side, ship.id, plan.band.words, plan.moves, plan.rake),
                plan_words(view, ship, plan))


def plan_words(view: RSState, ship: Galley, plan: Plan) -> str:
    """One line: her band, her turn, and what it is for."""
    out = plan.outcome
    speed = {Band.HOVE_TO: "lies hove-to", Band.BACKING: "backs water",
             Band.SAIL: "sails"}.get(plan.band, f"at {plan.band.words} speed")
    turn = turn_words(view, ship, plan)
    rake = ", oar rake announced" if plan.rake else ""
    if out.kind == "ram" and out.other is not None:
        aim = f"to ram {out.other.name} at {out.angle:.0f}°"
    elif out.kind == "rammed" and out.other is not None:
        aim = f"braced for {out.other.name}'s ram (the least bad course)"
    elif out.kind == "touch" and out.other is not None:
        aim = f"to come alongside {out.other.name}"
    elif out.kind == "left":
        edge = sight.escape_edge(view, ship.side)
        aim = f"off the {edge} edge to escape" if edge else "though it takes her off the table"
    elif sight.escape_edge(view, ship.side):
        aim = f"running for the {sight.escape_edge(view, ship.side)} edge"
    else:
        aim = station_words(view, ship, out.pose)
    return f"{ship.name} {speed}{turn} {aim}{rake} (worth {plan.score:+.1f})"


def station_words(view: RSState, ship: Galley, pose: tuple[float, float, float]) -> str:
    """What a course that meets nobody is for, by the nearest enemy as she lies now: closing
    on her, waiting for her (a galley that stays put closes on nobody: "lies hove-to to close
    on" read oddly), or drawing off."""
    foes = sight.enemies(view, ship.side)
    x, y, _ = pose
    near = min(foes, key=lambda e: math.hypot(e.x - x, e.y - y), default=None)
    if near is None:
        return "holding her station"
    now = math.hypot(near.x - ship.x, near.y - ship.y)
    then = math.hypot(near.x - x, near.y - y)
    if then < now - 0.5:
        return f"to close on {near.name} ({then:.0f}\" off)"
    if then > now + 0.5:
        return f"drawing off from {near.name} ({then:.0f}\" off)"
    return f"waiting for {near.name} ({then:.0f}\" off)"


def turn_words(view: RSState, ship: Galley, plan: Plan) -> str:
    left, right = plan.moves.count("L"), plan.moves.count("R")
    if not (left or right) or plan.band is Band.HOVE_TO:
        return ""
    per = math.degrees(1 / radius(view, ship, plan.band))
    parts = []
    if left:
        parts.append(f"{left * per:.0f}° to port")
    if right:
        parts.append(f"{right * per:.0f}° to starboard")
    return ", turning " + " and ".join(parts) + ","
