"""The last move seen by sixths (8.0 Phased moves, ``phased.py``): each galley's pose at the end
of every sixth, worked out from the state after the move, as ``movement.move_all`` moved her."""

from __future__ import annotations

from ahoy_tui.engine import Game
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.ramming_speed import RULESET, helm, phased
from ahoy_tui.rules.ramming_speed.actions import SealOrders, WriteOrders
from ahoy_tui.rules.ramming_speed.model import RSState


def test_each_sixth_is_a_sixth_of_her_plan_and_the_last_where_she_ended() -> None:
    game = Game.new("ramming-speed", "corvus", seed=1)
    before = game.state
    assert isinstance(before, RSState)
    game.play(WriteOrders("p1", "p1-1", "cruising", "SSSSSSSSRRRRSSS"))
    game.play(SealOrders("p1"))
    game.play(SealOrders("p2"))   # the Greeks carry on, slow 9S, unwritten
    state = game.state
    assert isinstance(state, RSState) and state.last_track
    seen = phased.poses(state)
    victoria = before.ship("p1-1")
    plan = helm.track(victoria, helm.Band.CRUISING, "SSSSSSSSRRRRSSS",
                      helm.radius(before, victoria, helm.Band.CRUISING))
    n = len(plan) - 1
    assert n == 15 * 4
    for k in range(7):
        (x, y, h), rowed = seen["p1-1"][k]
        px, py, ph = plan[n * k // 6]
        assert rowed == n * k // 6
        assert abs(x - px) < 1e-3 and abs(y - py) < 1e-3
        assert abs((h - ph + 180) % 360 - 180) < 4.0  # along her course
    nike = before.ship("p2-4")
    (x0, y0, _), _ = seen["p2-4"][0]
    (x3, y3, _), rowed = seen["p2-4"][3]
    assert (x0, y0) == (nike.x, nike.y)
    assert rowed == 9 * 4 // 2  # carried on slow 9": half way at the third sixth
    assert abs(((x3 - x0) ** 2 + (y3 - y0) ** 2) ** 0.5 - 4.5) < 1e-2
    final = state.ship("p2-4")
    assert seen["p2-4"][6][0] == (final.x, final.y, final.heading)
    assert RULESET.sixths(state) == 6


def test_a_galley_stopped_by_a_contact_stays_where_it_stopped_her() -> None:
    """Victoria rams Nike laid across her bow: from the sixth of the contact on she stands
    where the ram stopped her, though her orders ran on."""
    game = Game.new("ramming-speed", "corvus", seed=1)
    state = game.state
    vic = state.ship("p1-1")
    game._states[-1] = state.with_ship(replace(state.ship("p2-4"), x=vic.x,
                                               y=vic.y - 8.0, heading=90.0))
    game.play(WriteOrders("p1", "p1-1", "cruising", "S" * 15))
    game.play(SealOrders("p1"))
    game.play(SealOrders("p2"))
    after = game.state
    assert isinstance(after, RSState)
    points = dict(after.last_track)["p1-1"]
    assert len(points) - 1 < 15 * 4  # she was stopped
    seen = phased.poses(after)["p1-1"]
    stop = len(points) - 1
    first = next(k for k in range(7) if seen[k][1] == stop)
    assert 0 < first < 6
    assert all(seen[k][1] == 60 * k // 6 for k in range(first))
    assert all(seen[k][1] == stop for k in range(first, 7))


def test_the_scene_at_a_sixth_draws_her_there_and_her_course_so_far() -> None:
    game = Game.new("ramming-speed", "corvus", seed=1)
    game.play(WriteOrders("p1", "p1-1", "cruising", "S" * 15))
    game.play(SealOrders("p1"))
    game.play(SealOrders("p2"))
    state = game.state
    assert isinstance(state, RSState)
    scene = RULESET.phased_scene(state, None, 2)
    hull = next(h for h in scene.hulls if h.ship == "p1-1" and not h.ghost)
    (x, y, _), rowed = phased.poses(state)["p1-1"][2]
    assert hull.centre == (x, y) and rowed == 20
    track = next(line for line in scene.lines if line.kind == "track" and line.ship == "p1-1")
    assert len(track.path) == rowed + 1
    assert {h.ship for h in scene.hulls if not h.ghost} == {s.id for s in state.ships
                                                           if s.afloat}
