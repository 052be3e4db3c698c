"""Attaching Grappling Lines: the throw (-2 sharing a hex, -5 adjacent), vessels held together
(the lighter stays, the heavier drags), cutting (AC 0, 5+ slashing) and dislodging."""

from __future__ import annotations

from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.acks.actions import CutLine, Step, ThrowGrapple
from ahoy_tui.rules.acks.legal import choices
from ahoy_tui.rules.acks.model import Actor, Grapple, Phase
from ahoy_tui.rules.acks.movement import gap

from .helpers import battle, declared, on_count, play, rolls, said, vessel


def crew_count(state, vid):
    v = state.vessel(vid)
    return replace(state, phase=Phase.COUNTS, count=3, to_act=v.side,
                   actors=(Actor(f"{vid}:crew", vid, v.side, "crew", 3, 3),))


def side_by_side(**b):
    a = vessel("a", kind="longship", column=15, row=20)
    other = vessel("b", "p2", kind="sailing_ship_small", column=16, row=20, **b)
    return battle(a, other)


def test_a_line_is_thrown_at_a_vessel_alongside_at_minus_five():
    state = crew_count(side_by_side(), "a")
    assert gap(state.vessel("a"), state.vessel("b")) == 1
    assert ThrowGrapple("p1", "a", "b") in choices(state)
    after, events = play(state, ThrowGrapple("p1", "a", "b"), 16)    # needs 17
    assert after.grapples == () and rolls(events)[0].need.startswith("17+")
    after, events = play(state, ThrowGrapple("p1", "a", "b"), 17)
    assert after.grapples == (Grapple("a", "b"),)
    assert any("grapples" in t for t in said(events))


def test_sharing_a_hex_the_throw_is_at_minus_two():
    a = vessel("a", kind="longship", column=15, row=20)
    b = vessel("b", "p2", kind="sailing_ship_small", column=15, row=21)   # her stern hex
    state = crew_count(battle(a, b), "a")
    _, events = play(state, ThrowGrapple("p1", "a", "b"), 14)
    assert rolls(events)[0].need.startswith("14+")


def test_the_lighter_vessel_held_stays_in_place():
    a = declared(vessel("a", kind="longship", column=15, row=20), "oar", 150, due=2)
    b = vessel("b", "p2", kind="sailing_ship_small", column=15, row=22)   # astern of her
    state = on_count(battle(a, b, grapples=(Grapple("b", "a"),)), "a")
    bow = a.body.bow
    after, events = play(state, Step("p1", "a", "ahead"))        # away from her captor
    assert after.vessel("a").body.bow == bow
    assert any("stays in place" in t for t in said(events))


def test_the_heavier_vessel_drags_the_lighter_after_her():
    a = declared(vessel("a", kind="sailing_ship_large", column=15, row=20, sails=True),
                 "sail", 180, due=2)
    b = vessel("b", "p2", kind="longship", column=15, row=22, facing="N")  # astern
    state = on_count(battle(a, b, grapples=(Grapple("b", "a"),)), "a")
    after, events = play(state, Step("p1", "a", "ahead"))
    assert after.vessel("a").body.bow != a.body.bow
    assert gap(after.vessel("a"), after.vessel("b")) <= 1
    assert after.vessel("b").body.facing == b.body.facing
    assert any("drags" in t for t in said(events))


def test_cutting_needs_a_hit_on_ac_0_that_deals_five_and_dislodging_a_dungeonbashing_throw():
    state = crew_count(side_by_side(), "b")
    state = replace(state, grapples=(Grapple("a", "b"),))
    assert CutLine("p2", "b", "a") in choices(state)
    after, _ = play(state, CutLine("p2", "b", "a"), 10, 4)      # hit, but 4 slashing
    assert after.grapples
    after, events = play(state, CutLine("p2", "b", "a"), 10, 5)
    assert after.grapples == () and any("is free" in t for t in said(events))
    after, _ = play(state, CutLine("p2", "b", "a", dislodge=True), 17)
    assert after.grapples
    after, _ = play(state, CutLine("p2", "b", "a", dislodge=True), 18)
    assert after.grapples == ()


def test_a_winch_never_draws_a_vessel_off_the_map_or_into_an_allys_hexes():
    from ahoy_tui.rules.acks.movement import closer

    a = vessel("a", kind="galley_8", column=15, row=6)          # heavy, to the south of b
    b = vessel("b", "p2", kind="galley_2", column=15, row=0)     # on the north edge
    friend = vessel("f", "p2", kind="galley_2", column=15, row=1)
    state = battle(a, b, friend)
    body = closer(state, state.vessel("b"), state.vessel("a"))
    assert body == b.body      # the one nearer hex is her ally's: she stays where she is
    alone = battle(a, b)
    assert closer(alone, alone.vessel("b"), alone.vessel("a")).bow == friend.body.bow
    # drawn north-west, a five-hex body facing south would lie off the top edge: not taken
    long_one = vessel("l", "p2", kind="galley_8", column=15, row=4, facing="S")
    puller = vessel("p", kind="galley_8", column=13, row=3, facing="S")
    moved = closer(battle(puller, long_one), long_one, puller)
    assert all(0 <= h.r + (h.q - (h.q & 1)) // 2 < 30 for h in moved.hexes)
