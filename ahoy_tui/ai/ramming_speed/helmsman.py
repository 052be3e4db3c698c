"""Orders for one galley: a few dozen ways to write them (each band she may take, turning a
few inches to either hand first or last, or steering at an enemy), each followed against the
expected tracks (``sim``) and weighed (``judge``); the best is written, with an oar rake
announced when her bow would meet an enemy at a shallow angle (9.1)."""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from ahoy_tui.ai.ramming_speed import sight
from ahoy_tui.ai.ramming_speed.judge import Foe, foe, me_of, weigh
from ahoy_tui.ai.ramming_speed.sim import Mover, Outcome, follow, mover, still
from ahoy_tui.rules.ramming_speed.helm import (
    bands_allowed,
    default_orders,
    energy_cost,
    full_distance,
    problem,
    radius,
    steer_toward,
)
from ahoy_tui.rules.ramming_speed.model import Band, Galley, RSState, ShipOrders

TURNS = (1, 2, 3, 4, 6, 8, 11, 15, 20)
World = tuple[float, list[Mover]]  # a weight and the enemies' expected tracks


@frozen
class Plan:
    band: Band
    moves: str
    rake: bool
    score: float
    outcome: Outcome


def expected(view: RSState, ship: Galley, orders: ShipOrders | None = None) -> Mover:
    """Where a galley goes on these orders, or (none given) holding her course and band."""
    if orders is None:
        if sight.is_held(view, ship) and not ship.embedded:
            return still(ship)
        orders = default_orders(view, ship)
    if not orders.moves or full_distance(view, ship, orders.band) <= 0:
        return Mover(ship, orders.band, ((ship.x, ship.y, ship.heading),))
    return mover(ship, orders.band, orders.moves, radius(view, ship, orders.band))


def candidates(view: RSState, ship: Galley,
               goals: Sequence[tuple[float, float]]) -> list[tuple[Band, str]]:
    """Orders worth weighing: straight on, turns first or last, steering at each goal."""
    out: list[tuple[Band, str]] = []
    for band in bands_allowed(view, ship):
        n = full_distance(view, ship, band)
        if n == 0:
            out.append((band, ""))
            continue
        options = ["S" * n]
        for k in TURNS:
            if k > n:
                break
            for c in "LR":
                options += [c * k + "S" * (n - k), "S" * (n - k) + c * k]
        r = radius(view, ship, band)
        for gx, gy in goals:
            goal = sight.bearing((ship.x, ship.y), (gx, gy))
            if band is Band.BACKING:
                goal = (goal + 180) % 360
            options.append(steer_toward(ship, band, n, r, goal))
        for moves in dict.fromkeys(options):
            if not problem(view, ship, band, moves)[0]:
                out.append((band, moves))
    fallback = default_orders(view, ship)
    if not out and not problem(view, ship, fallback.band, fallback.moves)[0]:
        out.append((fallback.band, fallback.moves))
    return out


def best_plan(view: RSState, ship: Galley, worlds: Sequence[World],
              friends: Sequence[Mover]) -> Plan | None:
    """The best orders for her against the weighted guesses at the enemy's tracks that ram
    no friend (:func:`friendly_ram`)."""
    plans = ranked_plans(view, ship, worlds, friends, KEEP)
    return next((p for p in plans if not friendly_ram(view, ship, p.band, p.moves, p.rake)),
                plans[0] if plans else None)


KEEP = 8   # the plans looked at for one that rams no friend


def friendly_ram(view: RSState, ship: Galley, band: Band, moves: str, rake: bool) -> bool:
    """Whether these orders make a ram between two of her side's galleys, by the rules' own
    phased move (8.0) with her friends on the orders already written and the enemy holding
    his course (``rules/ramming_speed/odds.foreseen_rams``): she into a friend, or a friend
    into her across his course (played at 80x24: Arados rammed Halicarnassus, Sidon Tyre, in
    one turn; 23.3 a ram is a ram)."""
    from ahoy_tui.rules.ramming_speed.odds import foreseen_rams

    order = ShipOrders(ship.id, band, moves, rake)
    return any(c.victim is not None and view.ship(c.victim).side == ship.side
               and ship.id in (c.rammer, c.victim)
               for c in foreseen_rams(view, ship.side, order))


def clear_of_friends(view: RSState, ship: Galley, plans: list[Plan]) -> list[Plan]:
    """The plans that ram no friend, best first; all of them if every one does."""
    clear = [p for p in plans if not friendly_ram(view, ship, p.band, p.moves, p.rake)]
    return clear or plans


def ranked_plans(view: RSState, ship: Galley, worlds: Sequence[World],
                 friends: Sequence[Mover], keep: int) -> list[Plan]:
    """Her ``keep`` best orders, best first."""
    me = me_of(view, ship)
    foes_by_world: list[tuple[float, list[Mover], list[Foe]]] = [
        (w, movers, [foe(view, m) for m in movers]) for w, movers in worlds]
    friend_ends = [m.end for m in friends]
    goals: list[tuple[float, float]] = []
    for _, movers, _ in foes_by_world:
        for m in movers:
            goals.append((m.end[0], m.end[1]))
            mid = m.poses[len(m.poses) // 2]
            goals.append((mid[0], mid[1]))
    reach_of: dict[Band, tuple[float, float, Band]] = {}
    plans: list[Plan] = []
    for band, moves in candidates(view, ship, goals):
        if band not in reach_of:
            energy = ship.energy - energy_cost(band)
            nb = sight.next_band(view, ship, band, energy)
            reach_of[band] = (sight.reach(view, ship, band, energy),
                              sight.circle(view, ship, nb), nb)
        m = mover(ship, band, moves, radius(view, ship, band)) if moves else Mover(
            ship, band, ((ship.x, ship.y, ship.heading),))
        # an oar rake announced turns a shallow ram (-2 on the table, 10.3) into smashed oars
        # (9.1): announced only where an enemy with oars may be met this turn, never by a
        # sailing or sail-only ship (a rake of a sailing ship smashes nothing and carries her
        # past, 9.0)
        rake = moves != "" and band not in (Band.BACKING, Band.SAIL) and not ship.sail_only \
            and any(max(o.ship.oars) > 0 and _may_meet(m, o)
                    for _, movers, _ in foes_by_world for o in movers)
        outs = [(w, follow(view, m, [*movers, *friends], rake=rake), foes)
                for w, movers, foes in foes_by_world]
        score = sum(w * weigh(view, me, band, o, foes, friend_ends, reach_of[band])
                    for w, o, foes in outs)
        plans.append(Plan(band, moves, rake, score, outs[0][1]))
    plans.sort(key=lambda p: -p.score)
    return plans[:keep]


def _may_meet(me: Mover, other: Mover) -> bool:
    """Whether two galleys' moves come near enough to touch (their bounding boxes)."""
    pad = (me.ship.length + other.ship.length) / 2
    xs = [p[0] for p in me.poses[::8]] + [me.end[0]]
    ys = [p[1] for p in me.poses[::8]] + [me.end[1]]
    oxs = [p[0] for p in other.poses[::8]] + [other.end[0]]
    oys = [p[1] for p in other.poses[::8]] + [other.end[1]]
    return (min(xs) - pad <= max(oxs) and min(oxs) - pad <= max(xs)
            and min(ys) - pad <= max(oys) and min(oys) - pad <= max(ys))
