"""The sequence of play (1.0-1.1): sealed orders revealed together, then movement, fire,
ramming, grappling, boarding and melee, morale and maintenance, each phase finished by every
side before the next; phases without a choice pass by themselves; the battle's end."""

from __future__ import annotations

from ahoy_tui.engine.dice import forced
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.ramming_speed import RULESET
from ahoy_tui.rules.ramming_speed.actions import (
    Board,
    PhaseDone,
    SealOrders,
    Shoot,
    ThrowLines,
    WriteOrders,
)
from ahoy_tui.rules.ramming_speed.flow import fate
from ahoy_tui.rules.ramming_speed.model import Band, Contact, Phase, RSState, Status

from .crews import battle, crew, galley, play, rolls

MEN = (("captain", "stern"), ("marine", "bow"), ("archer", "middle"), ("sailor", "stern"))


def apart(**kw: object) -> RSState:
    """Two galleys 40" apart, no sail to raise: nothing to decide but orders."""
    a = galley("a", "p1", x=10, y=24, heading=0, has_sail=False)
    b = galley("b", "p2", x=60, y=24, heading=0, has_sail=False)
    return battle(a, b, men=crew("a", *MEN) + crew("b", *MEN), phase=Phase.ORDERS, **kw)


def first_index(events: list[Event], prefix: str) -> int:
    return next(i for i, e in enumerate(events) if e.rule.startswith(prefix))


def test_orders_are_sealed_by_both_then_revealed_together():
    state = apart()
    state, events = play(state, WriteOrders("p1", "a", "slow", "S" * 9), SealOrders("p1"))
    assert state.phase is Phase.ORDERS and state.to_act == "p2"
    assert state.ship("a").y == 24                       # nobody moves yet
    assert state.orders.has_sealed("p1")
    seen = RULESET.view(state, "p2")
    assert isinstance(seen, RSState) and seen.drafts == ()
    assert not any(e.kind == "revealed" for e in events if isinstance(e, Happened))
    state, events = play(state, SealOrders("p2"))
    assert any(getattr(e, "kind", "") == "revealed" for e in events)
    assert state.ship("a").y == 15 and state.ship("a").band is Band.SLOW   # 9" north
    assert state.ship("b").y == 24                        # hove-to, unwritten: stays


def test_a_phase_with_no_choice_is_passed_by():
    state = apart()
    state, _ = play(state, SealOrders("p1"), SealOrders("p2"))
    # fire (out of range), grappling (too far), boarding, maintenance (nothing to do): turn 2
    assert state.turn == 2 and state.phase is Phase.ORDERS and state.to_act == "p1"


def close(phase: Phase = Phase.FIRE, **kw: object) -> RSState:
    """a and b alongside, 1" between their sides, archers in reach of each other."""
    a = galley("a", "p1", x=20, y=20, has_sail=False)
    b = galley("b", "p2", x=22.25, y=20, has_sail=False)
    return battle(a, b, men=crew("a", *MEN) + crew("b", *MEN), phase=phase, **kw)


def test_every_side_finishes_the_fire_phase_before_any_arrow_flies():
    state = close()
    state, events = play(state, Shoot("p1", "a", "b", "bow"))
    assert rolls(events) == [] and state.phase is Phase.FIRE
    state, events = play(state, PhaseDone("p1"))
    assert state.to_act == "p2" and state.phase is Phase.FIRE and rolls(events) == []
    state, _ = play(state, Shoot("p2", "b", "a", "bow"))
    with forced(1, 1):   # both miss: the arrows fly together once the last side is done
        state, events = play(state, PhaseDone("p2"))
    assert [r.rule for r in rolls(events)] == ["18.1 Archery", "18.1 Archery"]
    assert state.phase is Phase.GRAPPLE


def test_the_phases_come_in_the_order_of_1_1():
    # a's ram struck b in the movement phase; then fire, the ram, grappling, boarding and
    # two melee rounds, combat morale, maintenance
    state = close(contacts=(Contact("a", "b", 90.0, Band.SLOW, "oars", 0),))
    dice = (
        1, 1,          # fire: both archers miss (18.1)
        3, 3,          # the ram: 3 + 3 - 1 (slow) = 5, no effect (10.2)
        3, 4,          # grappling: two lines hold (14.0)
        3, 3,          # melee round 1 in b's bow: a's marine, b's marine: a draw
        3, 3,          # round 2: b's archer has stepped up from amidships (13.1): one
    )                  # fight, a's marine against the two, a draw
    with forced(*dice):
        state, events = play(
            state,
            Shoot("p1", "a", "b", "bow"), PhaseDone("p1"),
            Shoot("p2", "b", "a", "bow"), PhaseDone("p2"),
            ThrowLines("p1", "a", "b", 2), PhaseDone("p1"), PhaseDone("p2"),
            Board("p1", "a", "b", section="bow"), PhaseDone("p1"))
    assert state.phase is Phase.MAINTENANCE
    assert sum(len(r.faces) for r in rolls(events)) == len(dice)   # all forced, no more
    order = [first_index(events, rule) for rule in
             ("18.1", "10.2", "14.0", "15.0", "16.", "17.0")]
    assert order == sorted(order), order
    assert state.ship("b").oars == (4, 5)   # the ram among her oars (10.1)
    # maintenance: both done, the turn ends and the next begins with orders
    state, events = play(state, *(PhaseDone(s) for s in _maintainers(state)))
    assert state.turn == 2 and state.phase is Phase.ORDERS
    assert any(isinstance(e, Happened) and e.kind == "turn" for e in events)


def _maintainers(state: RSState) -> list[str]:
    out = []
    while state.phase is Phase.MAINTENANCE and state.to_act is not None:
        out.append(state.to_act)
        state, _ = play(state, PhaseDone(state.to_act))
    return out


def test_the_battle_ends_when_a_side_has_no_galley_in_the_action():
    state = apart()
    state = state.with_ship(replace(state.ship("b"), withdrawing=True))
    state, _ = play(state, SealOrders("p1"))   # b's orders are written for her
    assert state.over and state.winner == "p1" and state.phase is Phase.OVER
    assert "no enemy galley is left in the action" in state.result


def test_a_galley_with_none_of_her_crew_aboard_is_out_of_the_action():
    """The project's reading: a hulk whose every man is dead, taken or gone drifts, out of
    the action, and counts as driven off (half her value)."""
    state = apart()
    state = replace(state, men=tuple(m for m in state.men if m.ship != "b"))
    state, _ = play(state, SealOrders("p1"), SealOrders("p2"))
    assert state.over and state.winner == "p1"
    assert "(p1 5, p2 0)" in state.result


def test_the_battle_ends_at_the_turn_limit():
    state, _ = play(apart(turn_limit=1), SealOrders("p1"), SealOrders("p2"))
    assert state.over and state.winner is None
    assert "the 1 turns are played" in state.result


def test_the_merchantman_wins_by_escaping_off_the_east_edge():
    state, _ = RULESET.setup(RULESET.load_scenario("merchantman"), 5, {})
    assert isinstance(state, RSState)
    merchant = state.side_ships("p2")[0]
    state = state.with_ship(replace(merchant, x=92.0))
    state, events = play(state, SealOrders("p1"), SealOrders("p2"))
    assert state.ship(merchant.id).status is Status.GONE
    assert state.over and state.winner == "p2" and "escape" in state.result
    summary = next(e.text for e in events if isinstance(e, Happened) and e.kind == "summary")
    assert "Golden Amphora (Merchantman): escaped off the E edge" in summary


def test_the_merchantman_caught_at_the_turn_limit_loses():
    state, _ = RULESET.setup(RULESET.load_scenario("merchantman"), 5, {})
    assert isinstance(state, RSState)
    state = replace(state, turn_limit=1)
    seals = [SealOrders("p1"), SealOrders("p2")]
    state, _ = play(state, *seals)
    while not state.over:
        assert state.to_act is not None
        state, _ = play(state, PhaseDone(state.to_act))
    assert state.winner == "p1"


def test_the_game_over_summary_gives_each_sides_points_and_every_galleys_fate():
    state = apart()
    state = state.with_ship(replace(state.ship("b"), withdrawing=True, holed=True, loads=2))
    wounded = tuple(m for m in state.men if m.ship == "a")[1:]   # a has lost a man
    state = replace(state, men=wounded + tuple(m for m in state.men if m.ship == "b"))
    state = state.with_ship(replace(state.ship("a"), start_men=len(MEN)))
    state, events = play(state, SealOrders("p1"))
    summary = next(e.text for e in events if isinstance(e, Happened) and e.kind == "summary")
    assert summary.splitlines() == [
        "Turn 1/12, over",
        "p1: 5 points",
        f"  A (Trireme): afloat, {len(MEN) - 1} of her {len(MEN)} men",
        "p2: 0 points",
        f"  B (Trireme): withdrawing, {len(MEN)} of her {len(MEN)} men, 2 loads of water",
    ]


def test_swimmers_picked_up_are_told_apart_from_her_own_men_in_her_fate():
    # a card read "Delphinia: afloat, 15 of 10 men": the five swimmers she picked up (12.1)
    # were counted among her own
    state = apart()
    swimmers = tuple(replace(m, id=f"z-{m.id}", ship="a", rescued=True)
                     for m in crew("b", *MEN)[:3])
    state = replace(state, men=(*state.men, *swimmers))
    state = state.with_ship(replace(state.ship("a"), start_men=len(MEN)))
    assert fate(state, state.ship("a")) == (f"afloat, {len(MEN)} of her {len(MEN)} men, "
                                            "3 picked up from the water")
    sheet = next(s for s in RULESET.cards(state) if s.ship == "a")
    assert (sheet.men, sheet.start_men) == (len(MEN), len(MEN))
    assert "3 picked up from the water" in sheet.flags
    one = state.with_ship(replace(state.ship("a"), loads=1))
    assert fate(one, one.ship("a")).endswith("picked up from the water, 1 load of water")
