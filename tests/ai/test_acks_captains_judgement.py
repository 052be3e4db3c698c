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


# --- issue 42: fire pot poles, boarders across, a runner's heading ---------------------------

def _fire_pots(nike: tuple[int, int, str], pole: bool = True) -> AcksState:
    """fire_pots with the Basileia (a 5-rower with three catapults) on her count at column
    15, row 15, facing north, due four hexes; the Nike placed as given, the Eudoxia far off;
    the Rhodians have moved this round (``pole``: they carry their fire pot poles)."""
    from ahoy_tui.engine import Game, get_ruleset
    from ahoy_tui.rules.acks.model import Actor, Declared, Phase

    state = Game.new("acks", "fire_pots", seed=1).state
    assert isinstance(state, AcksState)
    where = {"basileia": (15, 15, "N"), "nike": nike, "eudoxia": (2, 28, "N")}
    vessels = []
    for v in state.vessels:
        column, row, facing = where[v.id]
        v = replace(v, body=Body(at(column, row), FACINGS.index(facing), v.body.length))
        if v.id == "basileia":
            v = replace(v, declared=Declared("oar", 240, True), hexes_due=4)
        else:
            v = replace(v, declared=Declared("oar", 180, True), moved_this_round=True,
                        gear=v.gear if pole else ())
        vessels.append(v)
    state = replace(state, vessels=tuple(vessels), phase=Phase.COUNTS, count=4, first="",
                    actors=(Actor("basileia:captain", "basileia", "p2", "captain", 4, 4),),
                    to_act="p2")
    view = get_ruleset("acks").view(state, "p2")
    assert isinstance(view, AcksState)
    return view


def test_a_five_rower_with_catapults_keeps_off_a_fire_pot_pole():
    """Issue 42: the Nike seven hexes off the Basileia's bow, coming at her. With the pole
    she turns away to lie beyond the pole's reach next round (the Nike sprints five hexes);
    without it she closes for her ram, as before."""
    from ahoy_tui.ai.acks.helmsman import paths
    from ahoy_tui.ai.acks.sight import gap, next_reach

    for pole in (True, False):
        view = _fire_pots((15, 8, "S"), pole)
        me, nike = view.vessel("basileia"), view.vessel("nike")
        judge = Judge(view, me)
        best = paths(view, me, judge)[0]
        ring = judge._ring(best.end, best.end.hexes)
        from ahoy_tui.ai.acks.sight import steps_to_hit

        reach = steps_to_hit(nike.body, 99, ring, nike.straight)
        if pole:
            assert reach > next_reach(view, nike), best
            assert gap(best.end.hexes, nike.hexes) >= 6
        else:
            assert gap(best.end.hexes, nike.hexes) <= 3, best


def test_a_fire_pot_pole_beside_her_hull_costs_what_the_pots_burn():
    """The pole's pitch (4d6, no throw, burning on) against the same place with no pole: the
    Nike a hex off the Basileia's side costs her at least the pots' dice."""
    view = _fire_pots((16, 15, "NW"))
    bare = _fire_pots((16, 15, "NW"), pole=False)
    me = view.vessel("basileia")
    pots = odds.pots_worth(view, view.vessel("nike"), me)
    assert pots >= 14.0
    assert odds.pots_worth(bare, bare.vessel("nike"), me) == 0.0
    here = Judge(view, me).pose(me.body)
    assert Judge(bare, me).pose(me.body) - here >= pots


def test_a_sinking_vessel_s_pole_still_counts_beside_her():
    """Holed to 0 a galley stays in action until she goes down, pole and all (she is no longer
    afloat, so not among the foes the judge reckons rams from): lying beside her bow costs."""
    view = _fire_pots((16, 15, "NW"))
    sinking = replace(view, vessels=tuple(
        replace(v, shp=0, status=Status.SINKING, sinks_in=4) if v.id == "nike" else v
        for v in view.vessels))
    me = sinking.vessel("basileia")
    beside = Judge(sinking, me)
    assert beside.wrecks
    away = me.body.ahead().ahead().ahead().ahead().ahead()     # clear of her bow
    gone = replace(sinking, vessels=tuple(v for v in sinking.vessels if v.id != "nike"))
    cost = Judge(gone, me).pose(me.body) - beside.pose(me.body)
    assert cost >= odds.pots_worth(sinking, sinking.vessel("nike"), me)
    assert Judge(gone, me).pose(away) == beside.pose(away)


def _men(side: str, crew_of: str, on: str, n: int, first: int = 0) -> list:
    from ahoy_tui.rules.acks.model import Figure

    return [Figure(f"{crew_of}:{i}", side, f"marine {i}", crew_of, "marine", on, x=i % 10,
                   y=i // 10, hp=4, hp_max=4) for i in range(first, first + n)]


def test_boarders_go_over_to_their_shipmates_already_fighting_on_her_deck():
    """Issue 42: the Harpe's sixty were cut down piecemeal on the Golden Fleece while the
    rest stayed home, the odds short for a fresh party. With none across, a party of 10
    against 40 stays; with 5 of hers fighting over there, the 10 go over to them."""
    from ahoy_tui.rules.acks.actions import Board

    a = vessel("a", "p1", "galley_3", 15, 20)
    b = vessel("b", "p2", "sailing_ship_large", 15, 18, facing="SE")
    home = _men("p1", "a", "a", 10)
    defenders = _men("p2", "b", "b", 40)
    alone = replace(battle(a, b), figures=(*home, *defenders))
    board = Board("p1", "a", "b", "line")
    assert not deck.outnumbers(alone, a, b)
    assert deck.worth(alone, board, True) == 0.0
    across = _men("p1", "a", "b", 5, first=10)
    joined = replace(alone, figures=(*home, *across, *defenders))
    assert deck.outnumbers(joined, a, b)
    assert deck.worth(joined, board, True) > 0


def test_a_runner_holds_the_heading_that_keeps_her_speed():
    """Issue 42: the Swan (running for the west edge, the wind from the north) turned
    close-hauled to the north-west, where she makes two thirds of her speed, for a hex no
    nearer her edge than the south-west's broad reach: her next round's headway counts."""
    swan = vessel("swan", "p2", "sailing_ship_small", 20, 12, facing="SW", sails=True)
    wolf = vessel("wolf", "p1", "longship", 2, 2, facing="S")
    view = replace(battle(wolf, swan), victory=(("escape_p2", "W"),), to_act="p2")
    judge = Judge(view, swan)
    sw = Body(swan.body.bow, FACINGS.index("SW"), 1)
    nw = Body(swan.body.bow, FACINGS.index("NW"), 1)
    assert judge._headway(sw) > judge._headway(nw) > 0
    assert judge.pose(sw) > judge.pose(nw)
