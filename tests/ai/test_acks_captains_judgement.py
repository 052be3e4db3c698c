"""The computer captains' judgement (issue 36, item 14): no volley at the crew of a vessel
already going down; no ram by a vessel without a naval ram that costs her more than it deals;
a volley's worth counts the hit points an arrow must get through."""

from __future__ import annotations

from ahoy_tui.ai.acks import deck, odds
from ahoy_tui.ai.acks.judge import Judge
from ahoy_tui.engine.dice import Rng
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.hexgrid import FACINGS, Body, Hex
from ahoy_tui.rules.acks.actions import Volley
from ahoy_tui.rules.acks.model import AcksState, Captain, Status, Vessel, Wind
from ahoy_tui.rules.acks.tables import tables


def at(column: int, row: int) -> Hex:
    return Hex(column, row - (column - (column & 1)) // 2)


def vessel(vid: str, side: str, kind: str, column: int, row: int, facing: str = "N",
           **fields) -> Vessel:
    t = tables().vessel(kind)
    v = Vessel(vid, side, vid.capitalize(), kind, Body(at(column, row),
                                                        FACINGS.index(facing), t.hexes),
               t.shp, t.shp, Captain(f"captain of {vid}", 5, 3, 0, 1, 20),
               sailors=t.sailors, rowers=t.rowers, marines=t.marines, sails=t.rowers == 0)
    return replace(v, **fields)


def battle(*vessels: Vessel) -> AcksState:
    return AcksState(ruleset="acks", scenario="test", rng=Rng(1, 0), vessels=vessels,
                     to_act="p1", wind=Wind("moderate", 0))


def test_no_volley_at_the_crew_of_a_vessel_already_going_down():
    a = vessel("a", "p1", "galley_3", 15, 20, missile="short_bow")
    b = vessel("b", "p2", "galley_2", 15, 18, facing="S")
    view = battle(a, b)
    assert deck.worth(view, Volley("p1", "a", "b"), True) > 0
    sinking = battle(a, replace(b, status=Status.SINKING, sinks_in=3))
    assert deck.worth(sinking, Volley("p1", "a", "b"), True) == 0.0
    assert deck.worth(sinking, Volley("p1", "a", "b"), False) == 0.0


def test_a_volley_is_worth_less_at_a_captain_with_hit_points_to_spare():
    a = vessel("a", "p1", "galley_3", 15, 20, missile="short_bow")
    b = vessel("b", "p2", "galley_2", 15, 18, facing="S")
    fresh = odds.volley_worth(battle(a, b), a, b)
    worn = replace(b, captain_hurt=18)                   # 2 of his 20 hp left
    assert odds.volley_worth(battle(a, worn), a, worn) > fresh


def test_a_ramless_vessel_never_rams_when_it_costs_her_more_than_it_deals():
    # a longship (no naval ram, 30 shp) at a huge sailing ship (400 shp): half her own blow
    # takes far more of her hull than the rest takes of the ship's
    a = vessel("a", "p1", "longship", 15, 20)
    b = vessel("b", "p2", "sailing_ship_huge", 15, 18, facing="SE")
    view = battle(a, b)
    assert odds.ram_costs_her_more(a, b)
    assert not odds.ram_costs_her_more(b, a)             # the other way: her own 400 shp
    judge = Judge(view, a)
    worth = judge.ram(a.body, a.body.ahead(), b, False)
    assert worth < -odds.LAST / 2


def test_no_shot_at_a_hull_already_going_down():
    """Issue 42: the Basileia's catapults (fire_pots) are worth nothing at a galley already
    sinking, to every level, and the deck's choice is then to do nothing."""
    from ahoy_tui.ai.acks.deck import deck as choose
    from ahoy_tui.engine import Game
    from ahoy_tui.rules.acks.actions import Done, Shoot

    state = Game.new("acks", "fire_pots", seed=1).state
    assert isinstance(state, AcksState)
    shot = Shoot("p2", "basileia", "a1", "nike")
    assert deck.worth(state, shot, True) > 0 and deck.worth(state, shot, False) > 0
    sinking = replace(state, vessels=tuple(
        replace(v, status=Status.SINKING, sinks_in=3) if v.id == "nike" else v
        for v in state.vessels))
    for careful in (True, False):
        assert deck.worth(sinking, shot, careful) == 0.0
        done = Done("p2", "basileia:a1")
        assert choose(sinking, [shot, done], "p2", careful).action == done
