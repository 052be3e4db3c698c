"""Boarding Actions: coming alongside, the gunwales, close combat, drift, disengaging,
surrender and capture.

Close combat follows ../shared/core-mechanics.md: to hit by WS, to wound by S v T, armour saves.
Every test forces every die the actions roll (``play`` checks the count).
"""

from __future__ import annotations

import pytest
from kit import happened, new_game, play, rolls, ship, state, to_movement

from ahoy_tui.engine import IllegalAction
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.boarding import DISENGAGE, SURRENDER
from ahoy_tui.rules.ahoy.combat import cc_to_hit
from ahoy_tui.rules.ahoy.flow import BOARDED_DRIFT
from ahoy_tui.rules.ahoy.model import Phase, Task


def men(game, **where):
    return [c for c in state(game).crew
            if all(getattr(c, k) == v for k, v in where.items())]


def boarding_game(harpy=None, charger=None, *extra, wind="S"):
    """The Harpy (Medium, p1) sails east at (10,20); the Charger (Small, p2) lies at (28,23.5)
    heading east, so that after 10" the Harpy is alongside her, 0.5" apart. A p2 reserve lies
    at anchor far away, so that losing the Charger does not end the battle."""
    return new_game(
        ship("harpy", "p1", **{"x": 10, "y": 20, "heading": "E", "speed": 8,
                               "crew": {"sailor": 6, "marine": 2}, **(harpy or {})}),
        ship("charger", "p2", **{"size": "small", "x": 28, "y": 23.5, "heading": "E",
                                 "speed": 6, "crew": {"sailor": 3}, "captain": False,
                                 **(charger or {})}),
        ship("reserve", "p2", size="small", x=62, y=44, heading="W", speed=0, anchored=True),
        *extra, wind=wind)


def come_alongside(game, roll=4, mover="harpy"):
    """End orders and sail the whole move straight ahead (reaching, D6+6 for the Harpy)."""
    to_movement(game)
    play(game, a.StartMove(mover, "full"), roll)
    play(game, a.Advance(state(game).move.allowance))
    play(game, a.EndMove())


def boarded(harpy=None, charger=None):
    """The Harpy has sent one marine across; round one: he misses, and the Charger's three
    sailors all miss him. It is now the Charger's turn (orders)."""
    game = boarding_game(harpy, charger)
    come_alongside(game)
    play(game, a.Board("harpy", "charger", 1))
    play(game, a.EndMovement(), 1, 1, 1, 1)
    assert state(game).active == "p2" and state(game).phase == Phase.ORDERS
    return game


# --- coming alongside -----------------------------------------------------------------------


@pytest.mark.parametrize(("wind", "roll", "charger", "offered"), [
    ("S", 4, {}, True),               # 10" reaching, alongside 0.5" off
    ("S", 4, {"y": 25}, False),       # 2" off: not alongside
    ("S", 4, {"speed": 12}, True),    # she moved 12" last turn
    ("S", 4, {"speed": 13}, False),   # she moved more than 12": may not be boarded
    ("E", 4, {}, True),               # running, D6+8: 12"
    ("E", 5, {}, False),              # 13": too fast to board
])
def test_boarding_needs_the_ship_alongside_after_moving_twelve_inches_or_less(
        wind, roll, charger, offered):
    consort = ship("consort", "p1", size="small", x=60, y=8, heading="W", speed=0)
    game = boarding_game(None, charger, consort, wind=wind)
    come_alongside(game, roll)
    assert state(game).ship("harpy").moved_last == roll + (6 if wind == "S" else 8)
    boards = [x for x in game.legal_actions() if isinstance(x, a.Board)]
    assert bool(boards) == offered
    if offered:
        # Anyone aboard may go: the marines, the sailors, the captain.
        assert {x.count for x in boards} == set(range(1, 10))
    else:
        with pytest.raises(IllegalAction, match="alongside") as err:
            game.play(a.Board("harpy", "charger", 1))
        assert err.value.rule == "Boarding Actions"


def test_boarders_are_moved_across_and_charge_striking_first():
    game = boarding_game()
    come_alongside(game)
    events = play(game, a.Board("harpy", "charger", 2))
    assert happened(events, "boarded")
    s = state(game)
    party = men(game, aboard="charger", side="p1")
    assert sorted(c.profile for c in party) == ["marine", "marine"], "the marines go first"
    assert all(c.task == Task.BOARDING and c.footing for c in party)
    assert s.lock_of("harpy").kind == "grappled"
    assert s.ship("harpy").speed == 0 and s.ship("charger").speed == 0
    # The fight at the end of the turn. The marines charge: they strike first, each killing
    # his man (4 to hit, 4 to wound: sailors have no armour). The one sailor left strikes back
    # (4, 4) and the marine saves on a 5 (light armour and shield). At the start of her turn
    # the Charger has 2 boarders on deck against 1 man: he tests Ld 7 and passes on 6.
    events = play(game, a.EndMovement(), 4, 4, 4, 4, 4, 4, 5, 3, 3)
    dice = rolls(events)
    assert [r.side for r in dice[:4]] == ["p1"] * 4, "the chargers strike first"
    strikes = [r for r in dice if "strikes at" in r.purpose]
    assert [r.side for r in strikes] == ["p1", "p1", "p2"], "the slain do not strike back"
    assert dice[6].need == "5+" and dice[6].outcome == "saved"
    assert dice[7].rule == SURRENDER and "Sailor's Ld 7" in dice[7].purpose
    assert dice[7].outcome == "passed"
    assert len(men(game, aboard="charger", side="p2")) == 1
    assert len(men(game, aboard="charger", side="p1")) == 2
    assert state(game).ship("charger").captured_by is None


def test_boarders_climbing_higher_gunwales_need_sixes_until_they_win_a_footing():
    # The sloop (Small, gunwale 2) boards the brig (Medium, gunwale 3).
    game = new_game(
        ship("sloop", "p1", size="small", x=10, y=20, heading="E", speed=6,
             crew={"sailor": 5}, captain=False),
        ship("brig", "p2", x=28, y=23.5, heading="E", speed=6, crew={"sailor": 2},
             captain=False),
        ship("reserve", "p2", size="small", x=62, y=44, heading="W", speed=0, anchored=True),
        wind="S",
    )
    come_alongside(game, roll=6, mover="sloop")  # D6+4: 10"
    # Sloop's first boarder: a 6 hits, a 4 wounds and he wins his footing. The second misses
    # on a 5. The brig's survivor misses (1). Her crew, 1 against 2, pass Ld (4).
    events = play(game, a.Board("sloop", "brig", 2), 6, 4, 5, 1, 2, 2)
    assert happened(events, "footing")
    dice = rolls(events)
    assert dice[0].need == "6+" and "climbing a higher side" in dice[0].purpose
    assert dice[2].need == "6+" and dice[2].outcome == "misses"
    assert dice[3].need == "4+", "the defenders strike as usual"
    first, second = (state(game).crewman(x) for x in ("sloop.4", "sloop.5"))
    assert first.footing and not second.footing
    # Round two, in the brig's turn (the pair drift a 1 first; the brig, the larger, could
    # drop anchor): the man aboard fights as usual, the one still climbing needs 6s.
    play(game, a.EndOrders(), 1)
    assert a.DropAnchor("brig") in game.legal_actions()
    events = play(game, a.EndMovement(), 1, 1, 1)
    strikes = [r for r in rolls(events) if "strikes at" in r.purpose]
    assert [(r.side, r.need) for r in strikes] == [("p2", "4+"), ("p1", "4+"), ("p1", "6+")]


def test_close_combat_to_hit_by_weapon_skill():
    assert cc_to_hit(4, 3) == 3  # higher WS: 3+
    assert cc_to_hit(3, 3) == 4
    assert cc_to_hit(3, 4) == 4  # higher, but not more than twice: 4+
    assert cc_to_hit(3, 6) == 4
    assert cc_to_hit(3, 7) == 5  # more than twice: 5+
    assert cc_to_hit(1, 3) == 5


def test_close_combat_by_ws_strength_toughness_and_armour():
    # Two marines board a Charger held by a marine and her captain.
    game = boarding_game(None, {"crew": {"marine": 1}, "captain": True})
    come_alongside(game)
    play(game, a.Board("harpy", "charger", 2))
    events = play(game, a.EndMovement(), 4, 4, 5, 4, 4, 1, 3, 3, 6, 2, 1)
    assert [r.need for r in rolls(events)] == [
        "4+", "4+", "5+",        # marine v marine: WS3 v WS3, S3 v T3, light armour + shield
        "4+", "4+", "6+",        # marine v captain: WS3 v WS4, S3 v T3, light armour
        "3+", "3+", "6+", "3+",  # captain (A2) v marine: WS4 v 3, S4 v T3, save 5+ worsened
        "4+",                    # the defending marine
    ]
    assert rolls(events)[6].purpose.startswith("Charger's captain strikes")
    captain = state(game).crewman("charger.captain")
    assert captain.wounds == 1, "wounded once: he has 2 wounds"
    assert len(men(game, aboard="charger")) == 4


# --- drifting -------------------------------------------------------------------------------


def test_boarding_ships_drift_d6_in_each_players_turn():
    game = boarded()
    y = {s: state(game).ship(s).y for s in ("harpy", "charger")}
    events = play(game, a.EndOrders(), 3, 1, 1, 1, 1)
    drift = rolls(events)[0]
    assert drift.dice == "D6" and drift.rule == BOARDED_DRIFT
    assert {s: state(game).ship(s).y for s in y} == {s: y[s] + 3 for s in y}, "downwind"
    assert state(game).active == "p1"
    events = play(game, a.EndOrders(), 2)
    assert rolls(events)[0].rule == BOARDED_DRIFT
    assert {s: state(game).ship(s).y for s in y} == {s: y[s] + 5 for s in y}


def test_the_largest_ship_may_drop_anchor_and_stop_the_drift():
    game = boarding_game()
    come_alongside(game)
    play(game, a.Board("harpy", "charger", 1))
    assert a.DropAnchor("harpy") in game.legal_actions()
    # Her crew are in control: no roll. The fight follows at the end of her turn.
    events = play(game, a.DropAnchor("harpy"), 1, 1, 1, 1)
    assert happened(events, "anchored") and rolls(events)[0].rule == "Boarding Actions"
    assert state(game).ship("harpy").anchored
    y = {s: state(game).ship(s).y for s in ("harpy", "charger")}
    assert a.DropAnchor("charger") not in game.legal_actions()
    events = play(game, a.EndOrders(), 1, 1, 1, 1)  # no drift: only the fight's dice
    assert not any(r.rule == BOARDED_DRIFT for r in rolls(events))
    assert {s: state(game).ship(s).y for s in y} == y


def test_a_smaller_ship_at_anchor_does_not_stop_the_drift():
    game = boarding_game(None, {"anchored": True, "speed": 0})
    come_alongside(game)
    play(game, a.Board("harpy", "charger", 1))
    play(game, a.EndMovement(), 1, 1, 1, 1)
    y = state(game).ship("charger").y
    events = play(game, a.EndOrders(), 2, 1, 1, 1, 1)
    assert rolls(events)[0].rule == BOARDED_DRIFT
    assert state(game).ship("charger").y == y + 2


# --- disengaging ----------------------------------------------------------------------------


@pytest.mark.parametrize(("save", "home"), [(6, 1), (1, 0)])
def test_recalled_boarders_take_a_free_hit_and_the_ship_casts_off(save, home):
    game = boarded()
    play(game, a.EndOrders(), 1, 1, 1, 1, 1)
    legal = game.legal_actions()
    assert a.RecallBoarders("harpy") in legal
    assert a.CastOff("harpy") not in legal, "her man is still aboard the enemy"
    # The free hit: no roll to hit; 4 wounds (S3 v T3); the marine's save (5+).
    events = play(game, a.RecallBoarders("harpy"), 4, save)
    dice = rolls(events)
    assert dice[0].rule == DISENGAGE and dice[0].need == "4+"
    assert dice[1].need == "5+"
    s = state(game)
    assert len(men(game, ship="harpy", task=Task.BOARDING)) == 0
    assert len(men(game, ship="harpy", aboard="harpy", profile="marine")) == 2 - 1 + home
    assert s.locks == ()
    harpy = s.ship("harpy")
    assert harpy.cast_off and harpy.speed == 0
    to_movement(game)
    assert a.StartMove("harpy", "cast_off") in game.legal_actions()
    assert a.StartMove("harpy", "full") not in game.legal_actions()
    events = play(game, a.StartMove("harpy", "cast_off"), 3)
    assert state(game).move.allowance == 3, "the variable dice only"


@pytest.mark.parametrize(("ld", "task"), [((6, 6), Task.CAPTIVE), ((3, 3), Task.BOARDING)])
def test_men_stranded_when_the_ships_part_test_leadership_or_surrender(ld, task):
    game = boarded({"crew": {"sailor": 5, "marine": 1}, "captain": False})
    # The Charger boards back: one sailor climbs the Harpy's higher side.
    play(game, a.Board("charger", "harpy", 1))
    # Drift 1; aboard the Harpy the climber misses (6s needed) and her 5 sailors miss; aboard
    # the Charger all three miss.
    play(game, a.EndOrders(), *([1] * 10))
    assert men(game, aboard="harpy", side="p2")[0].task == Task.BOARDING
    # The Harpy recalls her marine (the free hit fails to wound) and casts off: the Charger's
    # sailor is left on the Harpy's deck.
    events = play(game, a.RecallBoarders("harpy"), 1, *ld)
    stranded = rolls(events)[-1]
    assert stranded.rule == DISENGAGE and "stranded" in stranded.purpose
    sailor = state(game).crewman("charger.1")
    assert sailor.aboard == "harpy" and sailor.task == task
    assert state(game).locks == ()


def test_when_all_boarders_are_slain_the_boarded_ship_may_cast_off():
    game = boarding_game()
    come_alongside(game)
    play(game, a.Board("harpy", "charger", 1))
    assert a.CastOff("charger") not in game.legal_actions()
    # The marine misses; the first sailor hits, wounds, and the marine fails his save.
    events = play(game, a.EndMovement(), 1, 4, 4, 1)
    assert happened(events, "repelled")
    assert state(game).active == "p2"
    assert a.CastOff("charger") in game.legal_actions()
    events = play(game, a.CastOff("charger"))
    assert happened(events, "cast_off")
    s = state(game)
    assert s.locks == () and s.ship("charger").cast_off and s.ship("charger").speed == 0
    to_movement(game)
    play(game, a.StartMove("charger", "cast_off"), 5)
    assert state(game).move.allowance == 5, "a Small ship reaching: the D6 only, no +4"


def test_recalling_boarders_does_not_free_a_ship_entangled_by_a_ram():
    game = new_game(
        ship("harpy", "p1", x=10, y=20, heading="E", speed=8, crew={"sailor": 6}),
        ship("charger", "p2", size="small", x=27, y=20, heading="N", speed=6,
             crew={"sailor": 3}, captain=False),
        wind="S",
    )
    play(game, a.DeclareRam("harpy", "charger"))
    to_movement(game)
    play(game, a.StartMove("harpy", "full"), 4)
    play(game, a.Advance(10))
    play(game, a.Avoid(False), 3, 1, 1, 6)
    play(game, a.EndOrders(), 1)  # the Charger's turn: the entangled pair drift D3"
    # The Harpy's turn: she boards from her orders; the boarding pair now drift D6".
    play(game, a.Board("harpy", "charger", 1))
    play(game, a.EndOrders(), 1)
    play(game, a.EndMovement(), 1, 1, 1, 1)
    play(game, a.EndOrders(), 1, 1, 1, 1, 1)
    assert a.RecallBoarders("harpy") in game.legal_actions()
    play(game, a.RecallBoarders("harpy"), 1)
    s = state(game)
    assert not men(game, ship="harpy", task=Task.BOARDING)
    assert s.lock_of("harpy").kind == "entangled", "only cutting loose frees her"
    assert not s.ship("harpy").cast_off
    assert a.CutLoose("harpy") in game.legal_actions()


# --- surrender and capture ------------------------------------------------------------------


@pytest.mark.parametrize("fate", ["slaughter", "lock_below"])
def test_outnumbered_on_her_own_deck_a_ship_tests_her_captains_ld_and_surrenders(fate):
    game = boarding_game({"crew": {"sailor": 6, "marine": 4}},
                         {"crew": {"sailor": 2}, "captain": True})
    come_alongside(game)
    play(game, a.Board("harpy", "charger", 4))
    # Every blow misses (four marines, the captain's two attacks, two sailors). At the start of
    # her turn the Charger has 4 boarders aboard against 3: 5+6 fails her captain's Ld 8.
    events = play(game, a.EndMovement(), *([1] * 8), 5, 6)
    test = rolls(events)[-1]
    assert test.rule == SURRENDER and "Captain's Ld 8" in test.purpose
    assert test.need == "Ld 8" and test.outcome == "failed"
    assert happened(events, "surrendered") and happened(events, "captured")
    s = state(game)
    assert s.ship("charger").captured_by == "p1" and s.locks == ()
    assert s.pending.kind == "surrendered" and game.to_act == "p1"
    assert set(game.legal_actions()) == {a.DecideFate("lock_below"), a.DecideFate("slaughter")}
    assert all(c.task == Task.CAPTIVE for c in men(game, side="p2", aboard="charger"))
    assert all(c.task == Task.IDLE for c in men(game, side="p1", aboard="charger"))
    play(game, a.DecideFate(fate))
    beaten = men(game, side="p2", aboard="charger")
    tally = next(t for t in state(game).tallies if t.side == "p1")
    if fate == "slaughter":
        assert beaten == [] and tally.crew_slain == 3
    else:
        assert len(beaten) == 3 and all(c.task == Task.CAPTIVE for c in beaten)
        assert tally.crew_slain == 0
    assert state(game).pending is None and game.to_act == "p2"


def test_a_ship_whose_defenders_are_all_slain_is_captured():
    game = boarding_game(None, {"crew": {"sailor": 1}})
    come_alongside(game)
    play(game, a.Board("harpy", "charger", 1))
    events = play(game, a.EndMovement(), 4, 4)
    assert happened(events, "captured")
    s = state(game)
    assert s.ship("charger").captured_by == "p1" and s.locks == ()
    assert s.pending is None, "nobody left to decide the fate of"
    marine = men(game, side="p1", aboard="charger")
    assert len(marine) == 1 and marine[0].task == Task.IDLE
    assert next(t for t in s.tallies if t.side == "p1").crew_slain == 1


def test_a_struck_ship_is_boarded_unopposed_and_captured():
    game = new_game(
        ship("harpy", "p1", x=10, y=20, heading="E", speed=8, crew={"sailor": 6}),
        ship("charger", "p2", size="small", x=27, y=20, heading="N", speed=6,
             crew={"sailor": 6}),
        ship("reserve", "p2", size="small", x=62, y=44, heading="W", speed=0, anchored=True),
        wind="S",
    )
    play(game, a.DeclareRam("harpy", "charger"))
    to_movement(game)
    play(game, a.StartMove("harpy", "full"), 4)
    play(game, a.Advance(10))
    # 3 wounds; 4+4 = 8 damage: half her 16 SP. Her captain's Ld 8 fails on 12: she strikes.
    play(game, a.Avoid(False), 3, 4, 4, 6, 6, 6)
    assert state(game).ship("charger").struck
    play(game, a.EndOrders(), 1)
    assert state(game).active == "p1"
    events = play(game, a.Board("harpy", "charger", 1))
    assert happened(events, "unopposed") and happened(events, "captured")
    s = state(game)
    assert s.ship("charger").captured_by == "p1"
    assert s.pending.kind == "surrendered" and len(s.pending.crew) == 7
