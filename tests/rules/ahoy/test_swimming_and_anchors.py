"""Swimming (men in the water: armour, drowning, swimming, being picked up) and Anchors.

Men are put into the water by building a game on a state where they already swim (``afloat``),
or by sinking their ship. Every test forces every die the actions roll (``play`` checks).
Wind blows toward the south: a ship heading east is reaching.
"""

from __future__ import annotations

import attrs
import pytest
from kit import happened, new_game, play, rolls, ship, state, to_movement

from ahoy_tui.engine import Game, IllegalAction
from ahoy_tui.engine.dice import Dice, Rng, forced
from ahoy_tui.engine.geometry import point_distance
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.crew import apply_plan
from ahoy_tui.rules.ahoy.hulls import ship_hull
from ahoy_tui.rules.ahoy.model import Phase, Task, replace_crew
from ahoy_tui.rules.ahoy.swimming import into_the_water, swimmers


def afloat(game, where):
    """A new game from the present state with these men (id → (x, y)) in the water."""
    s = state(game)
    men = {cid: attrs.evolve(s.crewman(cid), aboard=None, task=Task.SWIMMING, gun=None, x=x,
                             y=y) for cid, (x, y) in where.items()}
    s = replace_crew(s, men)
    for each in s.ships:  # the crews told off again, as at the start of a turn
        s = apply_plan(s, each.id)
    return Game(game.ruleset, game.scenario, game.seed, game.options, s, ())


def gap(game, man_id, ship_id):
    man = state(game).crewman(man_id)
    return point_distance((man.x, man.y), ship_hull(state(game).ship(ship_id)))


# --- into the water -------------------------------------------------------------------------


def test_a_sinking_ships_crew_swim_losing_shields_and_missile_weapons():
    game = new_game(
        ship("harpy", "p1", x=10, y=20, heading="E", speed=8, crew={"sailor": 6}),
        ship("wreck", "p2", size="small", x=27, y=20, heading="N", anchored=True, speed=0,
             damage=15, crew={"sailor": 2, "marine": 1}, missiles={"sailor": "bow"}),
        ship("reserve", "p2", size="small", x=62, y=44, heading="W", speed=0, anchored=True),
        wind="S",
    )
    play(game, a.DeclareRam("harpy", "wreck"))
    to_movement(game)
    play(game, a.StartMove("harpy", "full"), 4)
    # At anchor she cannot avoid: 3 wounds, 1+1 damage leaves her at 0 SP; her captain passes
    # his test to strike (4); the Harpy's own roll 6. At the start of her turn she goes down
    # on a 1. Nobody aboard wears armour better than 6+: no Initiative tests.
    events = play(game, a.Advance(10), 3, 1, 1, 2, 2, 6, 1)
    assert happened(events, "sunk") and happened(events, "swimming")
    s = state(game)
    assert s.ship("wreck").sunk and s.locks == ()
    wet = swimmers(s, "p2")
    assert len(wet) == 4 and all(m.task == Task.SWIMMING and m.aboard is None for m in wet)
    assert all((m.x, m.y) == (27, 20) for m in wet)
    assert all(m.missile is None and not m.shield for m in wet)
    marine = next(m for m in wet if m.profile == "marine")
    assert marine.armour == "light", "a 6+ save: he swims in it"
    # Their ship gone, they may swim for the Harpy, lying stopped (an enemy) or their reserve.
    to_movement(game, 5, 5, 5, 5)  # none drowns
    lead = wet[0].id
    legal = game.legal_actions()
    assert {x.toward for x in legal if isinstance(x, a.Swim)} == {"", "harpy", "reserve"}
    assert all(x.swimmer == lead for x in legal if isinstance(x, a.Swim))


@pytest.mark.parametrize(("roll", "swims"), [(1, True), (3, True), (4, False), (6, False)])
def test_armour_better_than_6_must_be_shed_with_an_initiative_test(roll, swims):
    game = new_game(ship("harpy", "p1", x=20, y=20, heading="E", speed=8,
                         crew={"sailor": 1, "marine": 1}))
    s = state(game)
    heavy = attrs.evolve(s.crewman("harpy.2"), armour="heavy", missile="crossbow")
    s = replace_crew(s, {heavy.id: heavy})
    men = [s.crewman("harpy.1"), heavy, s.crewman("harpy.captain")]
    events = []
    with forced(roll):  # only the man in heavy armour tests (I3)
        s = into_the_water(s, Dice(Rng(1), events), men, 40.0, 30.0)
    test = rolls(events)[0]
    assert test.need == "≤ I 3" and test.outcome == ("passed" if swims else "failed")
    wet = {m.id: m for m in swimmers(s)}
    assert "harpy.1" in wet and "harpy.captain" in wet
    assert wet["harpy.captain"].armour == "light"
    if swims:
        marine = wet["harpy.2"]
        assert marine.armour == "none" and not marine.shield and marine.missile is None
    else:
        assert "harpy.2" not in wet and all(c.id != "harpy.2" for c in s.crew)


# --- in the water ---------------------------------------------------------------------------


def swim_game():
    """The Harpy lies at anchor at (30,24) heading east; the Pirates' hulk, at anchor, at
    (30,40); the Pirates' runner is under way. A few of each side's men are in the water."""
    return new_game(
        ship("harpy", "p1", x=30, y=24, heading="E", speed=0, anchored=True,
             crew={"sailor": 12}),
        ship("hulk", "p2", x=30, y=40, heading="E", speed=0, anchored=True,
             crew={"sailor": 2}, captain=False),
        ship("runner", "p2", size="small", x=60, y=8, heading="W", speed=6),
        wind="S",
    )


def test_each_swimmer_drowns_on_a_1_at_the_start_of_his_sides_movement_phase():
    game = afloat(swim_game(), {"harpy.7": (10, 10), "harpy.8": (10, 10),
                                "harpy.9": (12, 10), "hulk.1": (12, 30)})
    events = to_movement(game, 1, 4, 2)  # the Empire's three roll; the Pirate does not
    assert [r.rule for r in rolls(events)] == ["Swimming"] * 3
    assert [r.outcome for r in rolls(events)] == ["drowns", "swims on", "swims on"]
    assert {m.id for m in swimmers(state(game))} == {"harpy.8", "harpy.9", "hulk.1"}
    assert state(game).phase == Phase.MOVEMENT


def test_swimmers_swim_4_inches_toward_a_ship_and_are_hauled_aboard_a_friend():
    game = afloat(swim_game(), {"harpy.7": (30, 15), "harpy.8": (30, 15),
                                "harpy.9": (30, 28)})
    to_movement(game, 6, 6, 6)
    legal = game.legal_actions()
    assert a.Swim("harpy.7", "harpy") in legal and a.Swim("harpy.9", "") in legal
    assert a.Swim("harpy.7", "hulk") in legal, "an enemy lying at anchor"
    assert a.Swim("harpy.7", "runner") not in legal, "an enemy under way"
    with pytest.raises(IllegalAction):
        game.play(a.Swim("harpy.8", "harpy"))  # one group: named by its first man
    before = gap(game, "harpy.7", "harpy")
    events = play(game, a.Swim("harpy.7", "harpy"))
    assert happened(events, "swim")
    assert gap(game, "harpy.7", "harpy") == pytest.approx(before - 4)
    assert gap(game, "harpy.8", "harpy") == pytest.approx(before - 4), "they swim together"
    assert not any(isinstance(x, a.Swim) and x.swimmer == "harpy.7"
                   for x in game.legal_actions()), "4\" a turn"
    # The other man is 2.25" off: he reaches her, and his remaining 1.75" is lost.
    events = play(game, a.Swim("harpy.9", "harpy"))
    assert happened(events, "aboard")
    man = state(game).crewman("harpy.9")
    assert man.aboard == "harpy" and man.task != Task.SWIMMING


def test_swimmers_reaching_a_stationary_enemy_climb_aboard_exhausted():
    game = afloat(swim_game(), {"harpy.captain": (30, 36)})
    to_movement(game, 6)
    # 1.75" from the hulk: he climbs aboard. At the end of the turn he fights: exhausted, he
    # strikes after her two sailors (though his Initiative is higher) and needs 6s.
    events = play(game, a.Swim("harpy.captain", "hulk"), 1, 1, 5, 5)
    captain = state(game).crewman("harpy.captain")
    assert captain.aboard == "hulk" and captain.task == Task.BOARDING and captain.exhausted
    strikes = [r for r in rolls(events) if "strikes at" in r.purpose]
    assert [r.side for r in strikes] == ["p2", "p2", "p1", "p1"]
    assert all(r.need == "6+" and "exhausted" in r.purpose for r in strikes[2:])


def pickup_game(where, speed=8):
    game = new_game(
        ship("harpy", "p1", x=10, y=20, heading="E", speed=speed, crew={"sailor": 12}),
        ship("hulk", "p2", x=50, y=40, heading="E", speed=0, anchored=True,
             crew={"sailor": 4}),
        wind="S",
    )
    return afloat(game, where)


SWIMMERS = {"harpy.9": (20, 22.5), "hulk.1": (21, 17.5)}  # each 0.75" from her path


@pytest.mark.parametrize(("choice", "dice", "task"), [
    ("slay", (4,), None),
    ("slay", (3,), Task.SWIMMING),
    ("captive", (), Task.CAPTIVE),
    ("ignore", (), Task.SWIMMING),
])
def test_a_ship_at_6_inches_or_less_picks_up_swimmers_she_passes(choice, dice, task):
    game = pickup_game(SWIMMERS)
    to_movement(game, 6)  # the Empire's swimmer keeps afloat
    play(game, a.StartMove("harpy", "slow"))  # the fixed 6" reaching
    assert state(game).move.pickup
    events = play(game, a.Advance(6))
    friend = state(game).crewman("harpy.9")
    assert friend.aboard == "harpy" and friend.task == Task.IDLE, "hauled aboard"
    assert happened(events, "aboard")
    pending = state(game).pending
    assert pending.kind == "swimmers" and pending.crew == ("hulk.1",) and game.to_act == "p1"
    assert set(game.legal_actions()) == {a.DealWithSwimmers(c)
                                         for c in ("slay", "captive", "ignore")}
    events = play(game, a.DealWithSwimmers(choice), *dice)
    pirate = [c for c in state(game).crew if c.id == "hulk.1"]
    if task is None:
        assert not pirate and rolls(events)[0].need == "4+"
        assert next(t for t in state(game).tallies if t.side == "p1").crew_slain == 1
    else:
        assert pirate[0].task == task
        assert pirate[0].aboard == ("harpy" if task == Task.CAPTIVE else None)
    assert state(game).pending is None and state(game).move is not None


def test_enemy_swimmers_are_dealt_with_once_as_the_ship_passes():
    game = pickup_game({"hulk.1": (16, 17.5)})  # beside her bow as she starts
    to_movement(game)
    play(game, a.StartMove("harpy", "slow"))
    play(game, a.Advance(2))
    assert state(game).pending.kind == "swimmers"
    play(game, a.DealWithSwimmers("slay"), 3)  # he escapes
    # Still within 1" of her hull as she sails on: no second try at him on this move.
    events = play(game, a.Advance(2))
    assert state(game).pending is None and not rolls(events)
    assert state(game).crewman("hulk.1").task == Task.SWIMMING


def test_a_ship_faster_than_6_inches_does_not_pick_up_swimmers():
    game = pickup_game(SWIMMERS)
    to_movement(game, 6)  # the Empire's swimmer keeps afloat
    play(game, a.StartMove("harpy", "full"), 4)  # 10"
    assert not state(game).move.pickup
    play(game, a.Advance(10))
    assert state(game).pending is None
    assert {m.id for m in swimmers(state(game))} == {"harpy.9", "hulk.1"}


# --- anchors --------------------------------------------------------------------------------


def test_raising_the_anchor_needs_the_crew_in_control_and_she_starts_from_0():
    game = new_game(
        ship("harpy", "p1", x=10, y=20, heading="E", speed=0, anchored=True),
        ship("consort", "p1", size="small", x=10, y=40, heading="E", speed=0),
        ship("hulk", "p2", x=50, y=40, heading="E", speed=0, anchored=True),
        wind="S",
    )
    legal = game.legal_actions()
    assert a.RaiseAnchor("harpy") in legal and a.CutAnchor("harpy") not in legal
    # Still at anchor, she cannot move.
    to_movement(game)
    assert not any(isinstance(x, a.StartMove) and x.ship == "harpy"
                   for x in game.legal_actions())
    with pytest.raises(IllegalAction, match="at anchor") as err:
        game.play(a.StartMove("harpy", "under_way"))
    assert err.value.rule == "Anchors"
    game = new_game(
        ship("harpy", "p1", x=10, y=20, heading="E", speed=0, anchored=True),
        ship("hulk", "p2", x=50, y=40, heading="E", speed=0, anchored=True),
        wind="S",
    )
    events = play(game, a.RaiseAnchor("harpy"))
    assert happened(events, "anchor_raised")
    harpy = state(game).ship("harpy")
    assert not harpy.anchored and harpy.has_anchor and harpy.speed == 0
    assert a.RaiseAnchor("harpy") not in game.legal_actions()
    to_movement(game)
    paces = {x.pace for x in game.legal_actions() if isinstance(x, a.StartMove)}
    assert "under_way" in paces and "full" not in paces
    play(game, a.StartMove("harpy", "under_way"))
    assert state(game).move.allowance == 3, "from a standstill: half the fixed 6\""


@pytest.mark.parametrize(("roll", "cut"), [(4, True), (3, False)])
def test_without_enough_crew_the_anchor_is_cut_loose_on_4_and_she_drifts(roll, cut):
    game = new_game(
        ship("sloop", "p1", size="small", x=20, y=20, heading="E", speed=0, anchored=True,
             crew={"sailor": 2}, captain=False),
        ship("hulk", "p2", x=50, y=40, heading="E", speed=0, anchored=True),
        wind="S",
    )
    legal = game.legal_actions()
    assert a.CutAnchor("sloop") in legal and a.RaiseAnchor("sloop") not in legal
    with pytest.raises(IllegalAction):
        game.play(a.RaiseAnchor("sloop"))
    events = play(game, a.CutAnchor("sloop"), roll, *((5,) if cut else ()))
    sloop = state(game).ship("sloop")
    assert rolls(events)[0].need == "4+"
    assert a.CutAnchor("sloop") not in game.legal_actions(), "once a turn"
    if cut:
        assert happened(events, "anchor_cut") and rolls(events)[1].dice == "D6"
        assert not sloop.anchored and not sloop.has_anchor
        assert (sloop.x, sloop.y) == (20, 25), "5\" downwind"
    else:
        assert sloop.anchored and (sloop.x, sloop.y) == (20, 20)
    # Either way she does not move again this turn (at anchor, or cast adrift already).
    to_movement(game)
    assert not any(isinstance(x, (a.StartMove, a.DropAnchor)) for x in game.legal_actions())
    assert state(game).ship("sloop").y == (25 if cut else 20)


@pytest.mark.parametrize(("pace", "dice", "offered"), [("slow", (), True),
                                                       ("full", (4,), False)])
def test_a_ship_may_drop_anchor_after_moving_6_inches_or_less(pace, dice, offered):
    game = new_game(
        ship("harpy", "p1", x=10, y=20, heading="E", speed=8),
        ship("consort", "p1", size="small", x=10, y=40, heading="E", speed=8),
        ship("hulk", "p2", x=50, y=10, heading="E", speed=0, anchored=True),
        wind="S",
    )
    to_movement(game)
    play(game, a.StartMove("harpy", pace), *dice)
    play(game, a.Advance(state(game).move.allowance))
    play(game, a.EndMove())
    assert (a.DropAnchor("harpy") in game.legal_actions()) == offered
    if not offered:
        with pytest.raises(IllegalAction):
            game.play(a.DropAnchor("harpy"))
        return
    events = play(game, a.DropAnchor("harpy"))  # her crew are in control: no roll
    assert happened(events, "anchored")
    harpy = state(game).ship("harpy")
    assert harpy.anchored and harpy.speed == 0
    assert a.RaiseAnchor("harpy") not in game.legal_actions()


@pytest.mark.parametrize(("roll", "anchored"), [(4, True), (3, False)])
def test_without_the_crew_in_control_lowering_the_anchor_needs_a_4(roll, anchored):
    game = new_game(
        ship("sloop", "p1", size="small", x=20, y=20, heading="E", speed=4,
             crew={"sailor": 2}, captain=False),
        ship("hulk", "p2", x=50, y=40, heading="E", speed=0, anchored=True),
        wind="S",
    )
    # Out of control she runs by herself: a 3 holds her heading; her fixed 4" reaching.
    events = to_movement(game, 3)
    assert happened(events, "moved") and state(game).ship("sloop").x == 24
    assert a.DropAnchor("sloop") in game.legal_actions()
    events = play(game, a.DropAnchor("sloop"), roll)
    assert rolls(events)[0].need == "4+" and rolls(events)[0].rule == "Anchors"
    assert state(game).ship("sloop").anchored == anchored
    if not anchored:
        assert a.DropAnchor("sloop") not in game.legal_actions(), "one try a turn"


def test_an_anchored_ship_neither_drifts_nor_runs_out_of_control():
    game = new_game(
        ship("sloop", "p1", size="small", x=20, y=20, heading="E", speed=0, anchored=True,
             crew={"sailor": 2}, captain=False),
        ship("drifter", "p1", size="small", x=20, y=34, heading="E", speed=4),
        ship("hulk", "p2", x=50, y=40, heading="E", speed=0, anchored=True),
        wind="S",
    )
    to_movement(game)
    # The drifter halts (4" or less) and drifts D6" downwind; the anchored sloop, out of
    # control though she is, stays where she is.
    events = play(game, a.StartMove("drifter", "halt"), 2)
    assert rolls(events)[0].rule == "Ships Adrift"
    s = state(game)
    assert s.ship("drifter").y == 36
    assert (s.ship("sloop").x, s.ship("sloop").y) == (20, 20) and s.ship("sloop").anchored
