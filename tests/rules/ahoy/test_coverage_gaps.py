"""Basic rules that had no test of their own, played with forced dice.

Found while writing docs/rules/ahoy.md: proper crew and landing parties, the propulsions a ship
may have, the lasting critical hits (Rudder Damaged, Dismasted, losing all masts), what a struck
ship may still do, and two readings of the ramming rules (a ram that fails to wound still
entangles; ramming never causes a critical hit).

The shooting positions follow test_damage.py: the Frigate (p1, anchored at (20, 24) heading
north) fires her starboard guns due east along y = 24; a guess of 14" and an artillery 4 land
18" out, on the Prize's hull (p2, Medium, at (40, 24) heading north). Here the wind blows toward
the west (from the east), so the Prize, heading north, is reaching (D6+6).
"""

from __future__ import annotations

import pytest
from kit import (
    act,
    happened,
    new_game,
    rolls,
    scenario,
    ship,
    state,
    to_movement,
    until_turn_of,
)

from ahoy_tui.engine import Game, IllegalAction
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.crew import in_control
from ahoy_tui.rules.ahoy.model import Phase, Task
from ahoy_tui.rules.ahoy.scenario import ScenarioError
from ahoy_tui.rules.ahoy.shooting import ship_may_shoot

N, NE, E, SE, S, SW, W, NW = range(8)
# Artillery 4 (lands on the Prize), a natural 6 to damage (S9 v T8 needs 3+), the D3 (a 1: 1).
CRIT = (14, 4, 6, 1)


def hulk():
    return ship("hulk", "p2", x=62, y=44, heading="W", speed=0, anchored=True)


def men(game, ship_id):
    return [c for c in state(game).crew if c.aboard == ship_id]


# --- Movement: proper ship's crew and landing parties ----------------------------------------


def test_only_proper_crew_sail_and_man_the_guns_anyone_may_fight_fires():
    # A Medium ship (minimum crew 5) with four sailors, three marines and her captain: eight
    # men aboard, but only the four sailors may sail her or serve her gun.
    game = new_game(ship("brig", "p1", x=30, y=24, heading="E", fires=1,
                         crew={"sailor": 4, "marine": 3},
                         guns=[("naval_cannon", "port")]),
                    hulk(), wind="S")
    crew = men(game, "brig")
    assert {c.task for c in crew if c.profile == "sailor"} == {Task.SAILING}
    assert {c.task for c in crew if c.profile != "sailor"} == {Task.IDLE}
    assert not in_control(state(game), state(game).ship("brig")), "4 sailors < 5"
    plans = [x for x in game.legal_actions() if isinstance(x, a.AssignCrew)]
    assert max(p.sailing for p in plans) == 4, "marines and the captain may not sail her"
    with pytest.raises(IllegalAction) as refused:
        game.play(a.AssignCrew("brig", sailing=5, fires=0, guns_first="port"))
    assert refused.value.rule == "Gun Crews"
    # Anyone aboard may tackle fires: the landing party goes first, the sailors left over
    # man the gun (fully), the captain stays unoccupied.
    act(game, a.AssignCrew("brig", sailing=2, fires=3, guns_first="port"))
    crew = men(game, "brig")
    assert {c.profile for c in crew if c.task == Task.FIRES} == {"marine"}
    assert sum(c.task == Task.FIRES for c in crew) == 3
    assert [c.profile for c in crew if c.task == Task.GUN] == ["sailor", "sailor"]
    assert [c.profile for c in crew if c.task == Task.SAILING] == ["sailor", "sailor"]
    assert state(game).crewman("brig.captain").task == Task.IDLE


# --- Movement: propulsion ---------------------------------------------------------------------


def test_a_ship_must_be_driven_by_sail_oars_or_steam():
    # Oar and steam ships are the Advanced rules (test_oars_and_steam.py); nothing else is.
    data = scenario(ship("galley", "p1", x=10, y=10, propulsion="paddle"),
                    ship("b", "p2", x=60, y=40))
    with pytest.raises(ScenarioError, match=r"movement\.toml has no \[paddle\]"):
        Game.new("ahoy", scenario_data=data, seed=1)


# --- Ships Adrift: drifting against another hull ----------------------------------------------


def test_a_drifting_ship_comes_to_rest_against_another_hull():
    # The Sloop (Medium) halts 2.5" upwind of an anchored enemy and drifts D6" (a 5) toward her.
    game = new_game(ship("sloop", "p1", x=36, y=24, heading="E", speed=4),
                    ship("hulk", "p2", x=36, y=30, heading="E", speed=0, anchored=True),
                    wind="S")
    to_movement(game)
    events = act(game, a.StartMove("sloop", "halt"), 5)
    assert [r.rule for r in rolls(events)] == ["Ships Adrift"], "no collision dice"
    assert happened(events, "aground") and not happened(events, "collision")
    s = state(game)
    assert s.ship("sloop").y == pytest.approx(26.5), "stopped against her side"
    assert s.pending is None and s.locks == ()
    assert s.ship("sloop").sp == 20 and s.ship("hulk").sp == 20


# --- Critical Hits that last: Rudder Damaged, Dismasted, losing all masts ---------------------


def crit_game():
    return new_game(
        ship("frigate", "p1", x=20, y=24, heading="N", speed=0, anchored=True,
             crew={"sailor": 12}, guns=[("naval_cannon", "starboard")] * 2),
        ship("prize", "p2", x=40, y=24, heading="N", speed=8, crew={"sailor": 8}),
        ship("decoy", "p2", size="small", x=6, y=24, heading="N", speed=0, anchored=True),
        wind="W",
    )


def fire(game, *dice, gun="g1"):
    return act(game, a.FireGun("frigate", gun, dice[0]), *dice[1:])


def prizes_turn(game):
    """Pass the rest of p1's turn; end p2's orders (nothing rolls: no fires, no drift)."""
    until_turn_of(game, "p2")
    to_movement(game)
    assert state(game).phase == Phase.MOVEMENT


def test_rudder_damaged_forces_a_port_turn_at_the_start_of_a_later_move():
    game = crit_game()
    to_movement(game)
    fire(game, *CRIT, 3, 4)  # 3: Rudder Damaged; D3 (a 4: 2) markers
    assert state(game).ship("prize").rudder_damaged
    prizes_turn(game)
    # "the controlling player may still determine the vessel's speed": she rolls her D6 (6:
    # 12"), then the rudder's D6: 1, she must turn 45° to port.
    events = act(game, a.StartMove("prize", "full"), 6, 1)
    rudder = rolls(events)[1]
    assert rudder.rule == "Critical Hits (Rudder Damaged)" and rudder.outcome == "must turn to port"
    assert state(game).move.allowance == 12
    act(game, a.Advance(12))
    legal = game.legal_actions()
    assert a.Turn("port") in legal and a.Turn("starboard") not in legal
    assert a.EndMove() not in legal, "she must make the turn her rudder forces"
    with pytest.raises(IllegalAction, match="swings her to port") as refused:
        game.play(a.Turn("starboard"))
    assert refused.value.rule == "Critical Hits (Rudder Damaged)"
    act(game, a.Turn("port"))
    assert state(game).ship("prize").heading == NW
    assert state(game).move is None, "one turn only: her move is over"


@pytest.mark.parametrize(("face", "outcome", "turns"), [
    (2, "sails straight ahead", 0), (3, "must turn to starboard", 1),
    (4, "moves normally", 2), (6, "moves normally", 2)])
def test_rudder_damaged_straight_ahead_or_normal(face, outcome, turns):
    game = crit_game()
    to_movement(game)
    fire(game, *CRIT, 3, 1)
    prizes_turn(game)
    events = act(game, a.StartMove("prize", "full"), 6, face)
    assert rolls(events)[1].outcome == outcome
    assert state(game).move.turns_left == turns
    act(game, a.Advance(3))
    if turns == 0:
        with pytest.raises(IllegalAction, match="holds her straight"):
            game.play(a.Turn("port"))
    elif turns == 1:
        assert a.Turn("port") not in game.legal_actions()
        act(game, a.Turn("starboard"))
        assert state(game).ship("prize").heading == NE
    else:
        act(game, a.Turn("port"))
        act(game, a.Advance(3))
        act(game, a.Turn("port"))
        assert state(game).ship("prize").heading == W


@pytest.mark.parametrize(("pace", "dice", "allowance"), [
    ("full", (4, 3), 3),   # D6+6: 10", cut to the D6 (3)
    ("slow", (2,), 2),     # the fixed 6", cut to the D6 (2)
    ("slow", (6,), 6),     # the fixed 6": a 6 leaves it as it is
])
def test_dismasted_she_moves_at_most_d6_inches(pace, dice, allowance):
    game = crit_game()
    to_movement(game)
    # 4: Dismasted. D6 (a 1) crew hit: a natural 1 does not wound; D3+1 (a 1: 2) markers.
    fire(game, *CRIT, 4, 1, 1, 1)
    prize = state(game).ship("prize")
    assert prize.dismasted and not prize.immobilised and prize.sp == 20 - 1 - 2
    prizes_turn(game)
    # Her speed (rolled or not), then the D6 that is the most a dismasted ship may move.
    events = act(game, a.StartMove("prize", pace), *dice)
    assert rolls(events)[-1].rule == "Critical Hits (Dismasted)"
    assert state(game).move.allowance == allowance
    assert bool(happened(events, "dismasted")) == (allowance < (10 if pace == "full" else 6))


def test_a_ship_that_loses_all_her_masts_is_immobilised_and_drifts_d6():
    game = crit_game()
    to_movement(game)
    fire(game, *CRIT, 4, 1, 1, 1)
    events = fire(game, *CRIT, 4, 1, 1, 1, gun="g2")  # a second Dismasted result
    assert happened(events, "immobilised")
    assert state(game).ship("prize").immobilised
    # The Frigate has fired both guns: her turn has passed; the Prize's orders.
    assert state(game).active == "p2" and state(game).phase == Phase.ORDERS
    # Ships Adrift: at the start of her movement she drifts D6" (a 3) downwind, to the west.
    events = to_movement(game, 3)
    (drift,) = rolls(events)
    assert drift.rule == "Ships Adrift" and drift.dice == "D6"
    prize = state(game).ship("prize")
    assert (prize.x, prize.y, prize.heading) == (37, 24, N)
    assert prize.moved and prize.speed == 0
    assert not any(isinstance(x, a.StartMove) for x in game.legal_actions())
    assert a.DropAnchor("prize") in game.legal_actions(), "only an anchored ship stays put"


# --- Strike Yer Colours: what a struck ship may do ---------------------------------------------


def test_a_struck_ship_may_limp_away_but_no_longer_fights():
    game = new_game(
        ship("sloop", "p1", size="small", x=20, y=24, heading="E", speed=8, damage=8,
             guns=[("naval_cannon", "port")]),
        ship("consort", "p1", size="small", x=10, y=42, heading="E", speed=0, anchored=True),
        ship("enemy", "p2", x=20, y=8, heading="E", speed=0, anchored=True),
        wind="S",
    )
    assert a.DeclareRam("sloop", "enemy") in game.legal_actions()
    events = act(game, a.StrikeColours("sloop"))
    assert happened(events, "struck") and state(game).ship("sloop").struck
    assert not any(isinstance(x, (a.DeclareRam, a.StrikeColours)) and x.ship == "sloop"
                   for x in game.legal_actions())
    to_movement(game)
    # "...or allow the battered ship to limp away from the fight": she still sails.
    act(game, a.StartMove("sloop", "full"), 2)  # reaching, D6+4: 6"
    act(game, a.Advance(6))
    act(game, a.EndMove())
    assert state(game).ship("sloop").x == 26
    # Her gun has the enemy on its line, but her crew have given up the fight.
    assert ship_may_shoot(state(game), state(game).ship("sloop")) == "she has struck her colours"
    assert not game.over, "the consort fights on"


# --- Ramming: two readings -----------------------------------------------------------------


def ram_at_anchored_target(*dice):
    """The Harpy (Medium) rams a Small ship lying at anchor (she cannot avoid) 9.25" off."""
    game = new_game(
        ship("harpy", "p1", x=10, y=20, heading="E", speed=8, crew={"sailor": 12}),
        ship("enemy", "p2", size="small", x=27, y=20, heading="N", speed=0, anchored=True,
             crew={"sailor": 8}),
        wind="S",
    )
    act(game, a.DeclareRam("harpy", "enemy"))
    to_movement(game)
    act(game, a.StartMove("harpy", "full"), 4)  # reaching, D6+6: 10"
    return game, act(game, a.Advance(10), *dice)


def test_a_ram_that_fails_to_wound_still_entangles():
    game, events = ram_at_anchored_target(2)  # S8 v T7 needs 3+
    assert rolls(events)[0].outcome == "no damage"
    s = state(game)
    assert s.ship("enemy").sp == 16 and s.ship("harpy").sp == 20
    assert s.lock_of("harpy").kind == "entangled"
    assert s.ship("harpy").speed == 0 and s.ship("enemy").speed == 0


def test_ramming_damage_never_causes_a_critical_hit():
    # A natural 6 to wound, 2D6 (1 and 1), the Harpy's own roll 6: no critical hit roll.
    game, events = ram_at_anchored_target(6, 1, 1, 6)
    assert not happened(events, "critical")
    assert not any(r.rule == "Critical Hits" for r in rolls(events))
    assert state(game).ship("enemy").sp == 16 - 2
