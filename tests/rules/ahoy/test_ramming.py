"""Ramming, Avoiding Rammers, Rammed Ships, The Rammer, Rams, entanglement and Collision.

Every test forces every die the action rolls (``play`` checks the count), so nothing comes
from the seeded generator. Wind blows toward the south: a ship heading east is reaching.
"""

from __future__ import annotations

import attrs
import pytest
from kit import happened, new_game, pass_turn, play, rolls, ship, state, to_movement

from ahoy_tui.engine import Game, IllegalAction
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.model import Phase
from ahoy_tui.rules.ahoy.shooting import ship_may_shoot


def harpy_game(target_size="small", *, rammer=None, target=None, extra=()):
    """The Harpy (Medium, heading east at 10,20) and an enemy broadside on, heading north at
    x=27: a Small ship's side is 9.25" from the Harpy's bow."""
    harpy = ship("harpy", "p1", **{"x": 10, "y": 20, "heading": "E", "speed": 8,
                                   "crew": {"sailor": 12}, **(rammer or {})})
    enemy = ship("enemy", "p2", **{"size": target_size, "x": 27, "y": 20, "heading": "N",
                                   "speed": 6, "crew": {"sailor": 8}, **(target or {})})
    return new_game(harpy, enemy, *extra, wind="S")


def ram_run(game, roll=4, ram=True):
    """Declare the ram (or not), end orders and start a full-speed run (reaching: D6+6)."""
    if ram:
        play(game, a.DeclareRam("harpy", "enemy"))
    to_movement(game)
    play(game, a.StartMove("harpy", "full"), roll)


# --- declaring a ram ------------------------------------------------------------------------


def test_ram_is_declared_in_the_orders_and_the_crew_brace_for_impact():
    game = new_game(
        ship("harpy", "p1", x=10, y=20, heading="E", speed=0, crew={"sailor": 12},
             missiles={"sailor": "bow"}),
        ship("consort", "p1", size="small", x=10, y=34, heading="E", speed=0, anchored=True,
             missiles={"sailor": "bow"}),
        ship("enemy", "p2", size="small", x=27, y=20, heading="N", speed=6),
        wind="S",
    )
    assert a.DeclareRam("harpy", "enemy") in game.legal_actions()
    events = play(game, a.DeclareRam("harpy", "enemy"))
    assert happened(events, "brace")
    harpy = state(game).ship("harpy")
    assert harpy.ram_target == "enemy" and harpy.no_shooting
    assert a.DeclareRam("harpy", "enemy") not in game.legal_actions(), "declared once"
    to_movement(game)
    with pytest.raises(IllegalAction, match="orders phase"):
        game.play(a.DeclareRam("consort", "enemy"))
    # From a standstill she gets under way at half her fixed 6": too slow to ram.
    play(game, a.StartMove("harpy", "under_way"))
    play(game, a.Advance(3))
    play(game, a.EndMove())
    play(game, a.EndMovement())
    assert state(game).phase == Phase.SHOOTING
    legal = game.legal_actions()
    # The consort's bows may shoot; the braced Harpy, nearer the enemy, may not.
    assert a.FireMissiles("consort", "enemy") in legal
    assert a.FireMissiles("harpy", "enemy") not in legal
    with pytest.raises(IllegalAction, match="braced for impact"):
        game.play(a.FireMissiles("harpy", "enemy"))


def test_jolly_boats_may_not_ram():
    game = new_game(
        ship("boat", "p1", size="jolly_boat", x=10, y=10, heading="E", speed=4,
             crew={"sailor": 3}),
        ship("harpy", "p1", x=10, y=30, heading="E", speed=8),
        ship("enemy", "p2", size="small", x=40, y=20, heading="N", speed=6),
        wind="S",
    )
    legal = game.legal_actions()
    assert a.DeclareRam("harpy", "enemy") in legal
    assert not any(isinstance(x, a.DeclareRam) and x.ship == "boat" for x in legal)
    with pytest.raises(IllegalAction, match="Jolly Boats may not make ram attacks"):
        game.play(a.DeclareRam("boat", "enemy"))


def test_a_ram_needs_six_inches_a_slower_roll_calls_it_off():
    # Heading north into the wind the Harpy is beating: D3+2, at most 5".
    game = new_game(
        ship("harpy", "p1", x=20, y=30, heading="N", speed=8, crew={"sailor": 12}),
        ship("enemy", "p2", size="small", x=20, y=20, heading="E", speed=6),
        wind="S",
    )
    play(game, a.DeclareRam("harpy", "enemy"))
    to_movement(game)
    events = play(game, a.StartMove("harpy", "full"), 1)  # D3 face 1: 1 + 2 = 3"
    assert rolls(events)[0].dice == "D3"
    assert happened(events, "ram_off")
    move = state(game).move
    assert move.allowance == 3 and not move.ram
    assert move.turns_left == 2, "no ramming run: she may turn as a Medium ship does"
    # Her bow meets the enemy's side after 2.25": not a ram, a collision.
    events = play(game, a.Advance(3))
    assert happened(events, "collision") and not happened(events, "ram")
    pending = state(game).pending
    assert pending.kind == "avoid" and pending.impact == "collision"


def test_a_ramming_ship_makes_one_turn_to_align_then_sails_straight():
    far = {"x": 60, "y": 42}
    game = harpy_game(target=far)
    ram_run(game, roll=6)  # 12"
    assert state(game).move.ram and state(game).move.turns_left == 1
    play(game, a.Advance(3))
    play(game, a.Turn("starboard"))
    play(game, a.Advance(3))
    assert a.Turn("starboard") not in game.legal_actions()
    with pytest.raises(IllegalAction, match="one turn to align, then sails straight") as err:
        game.play(a.Turn("starboard"))
    assert err.value.rule == "Ramming"
    # Without a ram declared, a Medium ship may make her second turn.
    game = harpy_game(target=far)
    ram_run(game, roll=6, ram=False)
    play(game, a.Advance(3))
    play(game, a.Turn("starboard"))
    play(game, a.Advance(3))
    assert a.Turn("starboard") in game.legal_actions()


# --- avoiding rammers -----------------------------------------------------------------------


@pytest.mark.parametrize("size", ["small", "jolly_boat"])
def test_a_small_ship_or_jolly_boat_that_passes_slips_aside_and_the_rammer_sails_on(size):
    game = harpy_game(size)
    ram_run(game, roll=6)  # 12"
    play(game, a.Advance(12))
    pending = state(game).pending
    assert pending.kind == "avoid" and pending.impact == "ram" and game.to_act == "p2"
    before = state(game).ship("enemy")
    events = play(game, a.Avoid(True), 3, 4)  # 7 against the captain's Ld 8
    assert rolls(events)[0].outcome == "passed"
    assert "Captain's Ld 8" in rolls(events)[0].purpose
    assert happened(events, "dodged") and not happened(events, "entangled")
    s = state(game)
    enemy, harpy = s.ship("enemy"), s.ship("harpy")
    assert (enemy.x, enemy.y) != (before.x, before.y), "moved out of the rammer's way"
    assert enemy.sp == enemy.sp_max and harpy.sp == harpy.sp_max
    assert s.locks == ()
    # The Harpy missed: she carries on with the rest of her move.
    assert game.to_act == "p1" and s.move is not None and s.move.ship == "harpy"
    assert s.move.remaining > 0 and harpy.ram_spent and harpy.speed == 12
    play(game, a.Advance(int(s.move.remaining + 0.99)))
    assert state(game).ship("enemy").sp == enemy.sp_max


@pytest.mark.parametrize("ram", [True, False])
def test_a_braced_rammer_that_misses_may_not_board(ram):
    consort = ship("consort", "p1", size="small", x=60, y=8, heading="W", speed=0)
    game = harpy_game(extra=(consort,))
    ram_run(game, roll=4, ram=ram)  # 10"
    play(game, a.Advance(10))
    play(game, a.Avoid(True), 3, 4)  # the Charger slips aside (from a ram or a collision)
    play(game, a.Advance(1))
    play(game, a.EndMove())
    # She ends her move alongside, having moved 10"; the Charger moved 6" last turn.
    s = state(game)
    assert s.locks == () and s.ship("harpy").moved_last == pytest.approx(10, abs=1e-3)
    boards = [x for x in game.legal_actions() if isinstance(x, a.Board)]
    if not ram:
        assert boards, "alongside: she may board"
        return
    # Her crew braced for impact: they may only sail her this turn.
    assert not boards
    with pytest.raises(IllegalAction, match="braced for impact") as err:
        game.play(a.Board("harpy", "enemy", 1))
    assert err.value.rule == "Ramming"


def test_a_failed_avoid_test_means_the_ram_strikes_home():
    game = harpy_game()
    ram_run(game)
    play(game, a.Advance(10))
    # 5+6 fails; 3 to wound (S8 v T7); 2D6 1+2; the Harpy's own roll 5: unharmed.
    events = play(game, a.Avoid(True), 5, 6, 3, 1, 2, 5)
    assert rolls(events)[0].outcome == "failed"
    s = state(game)
    assert s.ship("enemy").sp == 16 - 3 and s.ship("harpy").sp == 20
    assert s.lock_of("harpy").kind == "entangled"


def test_a_medium_ship_that_passes_takes_a_glancing_blow_half_damage_and_no_ram_bonus():
    # The Harpy has a ram (D6+4 reaching); the enemy is a Medium ship, 8.75" from her bow.
    game = harpy_game("medium", rammer={"ram": True})
    ram_run(game, roll=5)  # 5 + 4 = 9"
    play(game, a.Advance(9))
    assert state(game).pending.kind == "avoid"
    before = state(game).ship("enemy")
    # Ld 3+3 passes; to wound 4 (S8 v T8 needs 4+); 2D6 5+4 = 9; the Harpy's own roll: 1.
    events = play(game, a.Avoid(True), 3, 3, 4, 5, 4, 1)
    assert happened(events, "glancing")
    assert rolls(events)[1].need == "4+"
    s = state(game)
    assert s.pending is None, "no ram re-roll on a glancing blow"
    enemy = s.ship("enemy")
    assert (enemy.x, enemy.y) == (before.x, before.y), "no need to move the rammed vessel"
    assert enemy.sp == 20 - 5, "9 halved, rounded up: no +1 a die for the ram"
    assert s.ship("harpy").sp == 20 - 3, "the Harpy takes half of the 5 she did"
    assert s.lock_of("harpy").kind == "entangled"


def boxed_in():
    """A Small ship with Medium ships hard against her bow and stern: nowhere to dodge to."""
    return (ship("north", "p2", x=27, y=9, heading="N", anchored=True, speed=0),
            ship("south", "p2", x=27, y=31, heading="N", anchored=True, speed=0))


@pytest.mark.parametrize("why", ["anchored", "out_of_control", "boxed_in"])
def test_anchored_out_of_control_or_boxed_in_ships_cannot_avoid(why):
    target = {"anchored": {"anchored": True, "speed": 0},
              "out_of_control": {"crew": {"sailor": 2}, "captain": False},
              "boxed_in": {}}[why]
    game = harpy_game(target=target, extra=boxed_in() if why == "boxed_in" else ())
    ram_run(game)
    # No avoid decision: the blow lands at once. 3 to wound, 1+2 damage, own roll 6.
    events = play(game, a.Advance(10), 3, 1, 2, 6)
    assert not happened(events, "dodged") and not happened(events, "glancing")
    s = state(game)
    assert s.pending is None
    assert s.ship("enemy").sp == 16 - 3
    assert s.lock_of("enemy").kind == "entangled"


# --- the blow -------------------------------------------------------------------------------


@pytest.mark.parametrize(("size", "ironclad", "target", "strength", "need", "dice"), [
    ("small", False, "large", 7, "6+", "1D6"),
    ("medium", False, "small", 8, "3+", "2D6"),
    ("medium", True, "medium", 9, "3+", "2D6"),
    ("large", False, "small", 9, "2+", "3D6"),
])
def test_the_rammer_strikes_with_her_toughness_and_rolls_damage_dice_by_her_size(
        size, ironclad, target, strength, need, dice):
    lengths = {"small": 8, "medium": 13, "large": 18}
    beams = {"small": 2.5, "medium": 3.5, "large": 4.5}
    x = 40 - beams[target] / 2 - 3.5 - lengths[size] / 2  # bow 3.5" from the target's side
    game = new_game(
        ship("rammer", "p1", size=size, x=x, y=24, heading="E", speed=8, ironclad=ironclad),
        ship("target", "p2", size=target, x=40, y=24, heading="N", anchored=True, speed=0),
        wind="S",
    )
    play(game, a.DeclareRam("rammer", "target"))
    to_movement(game)
    play(game, a.StartMove("rammer", "full"), 2)  # reaching: at least 2 + 4 = 6"
    assert state(game).move.ram
    count = int(dice[0])
    events = play(game, a.Advance(4), 6, *([1] * count), 6)
    wound, damage = rolls(events)[0], rolls(events)[1]
    assert f"(S{strength})" in wound.purpose and wound.need == need
    assert damage.dice == dice and len(damage.faces) == count
    s = state(game)
    assert s.ship("target").sp == s.ship("target").sp_max - count
    assert s.ship("rammer").sp == s.ship("rammer").sp_max, "a 6: no damage to herself"


def test_a_failed_wound_roll_does_no_damage():
    game = harpy_game(target={"anchored": True, "speed": 0})
    ram_run(game)
    events = play(game, a.Advance(10), 2)  # S8 v T7 needs 3+
    assert rolls(events)[0].outcome == "no damage" and len(rolls(events)) == 1
    s = state(game)
    assert s.ship("enemy").sp == 16 and s.ship("harpy").sp == 20


@pytest.mark.parametrize(("roll", "hurt"), [(1, 4), (2, 4), (3, 4), (4, 0), (5, 0), (6, 0)])
def test_the_rammer_takes_half_the_damage_she_did_on_one_to_three(roll, hurt):
    game = harpy_game(target={"anchored": True, "speed": 0})
    ram_run(game)
    events = play(game, a.Advance(10), 3, 3, 4, roll)  # 7 damage
    own = rolls(events)[-1]
    assert own.rule == "The Rammer" and own.outcome == ("damaged" if hurt else "unharmed")
    s = state(game)
    assert s.ship("enemy").sp == 16 - 7
    assert s.ship("harpy").sp == 20 - hurt, "half of 7, rounded up"


# --- rams -----------------------------------------------------------------------------------


def test_a_ram_takes_two_off_her_fixed_movement_rates():
    plain = harpy_game(rammer={"speed": 0})
    fitted = harpy_game(rammer={"speed": 0, "ram": True})
    for game, first in ((plain, 3), (fitted, 2)):  # half the fixed 6" (or 6 - 2), rounded up
        to_movement(game)
        assert a.StartMove("harpy", "under_way") in game.legal_actions()
        play(game, a.StartMove("harpy", "under_way"))
        assert state(game).move.allowance == first
    game = harpy_game(rammer={"ram": True})
    ram_run(game, roll=4)
    assert state(game).move.allowance == 4 + 4, "reaching: D6 + (6 - 2)"


@pytest.mark.parametrize(("die", "new", "damage"), [(-1, None, 1 + 2 + 2), (0, 3, 3 + 2 + 2)])
def test_a_ram_rerolls_one_damage_die_and_adds_one_to_each(die, new, damage):
    game = harpy_game(rammer={"ram": True}, target={"anchored": True, "speed": 0})
    ram_run(game, roll=6)  # 10"
    play(game, a.Advance(10), 3, 1, 2)  # wounds; 2D6 1 and 2
    pending = state(game).pending
    assert pending.kind == "reroll" and pending.faces == (1, 2) and game.to_act == "p1"
    assert set(game.legal_actions()) == {a.RerollRamDie(-1), a.RerollRamDie(0),
                                         a.RerollRamDie(1)}
    dice = (new,) if new is not None else ()
    events = play(game, a.RerollRamDie(die), *dice, 2)  # her own roll: 2, unharmed with a ram
    assert rolls(events)[-1].rule == "Rams" and rolls(events)[-1].outcome == "unharmed"
    s = state(game)
    assert s.ship("enemy").sp == 16 - damage
    assert s.ship("harpy").sp == 20


def test_a_ship_with_a_ram_is_hurt_only_on_a_one():
    game = harpy_game(rammer={"ram": True}, target={"anchored": True, "speed": 0})
    ram_run(game, roll=6)
    play(game, a.Advance(10), 3, 1, 2)
    play(game, a.RerollRamDie(-1), 1)  # 5 damage; a 1: she takes 3
    s = state(game)
    assert s.ship("enemy").sp == 16 - 5 and s.ship("harpy").sp == 20 - 3


# --- entangled ------------------------------------------------------------------------------


def rammed_and_entangled():
    game = harpy_game(target={"anchored": False})
    ram_run(game)
    play(game, a.Advance(10))
    play(game, a.Avoid(False), 3, 1, 2, 6)
    return game


def test_after_a_ram_both_ships_are_at_0_and_entangled():
    game = rammed_and_entangled()
    s = state(game)
    assert s.ship("harpy").speed == 0 and s.ship("enemy").speed == 0
    assert s.ship("harpy").under_way == 0 and s.ship("enemy").under_way == 0
    assert s.lock_of("harpy").kind == "entangled"
    # The rammer's crew braced: her turn is over, the rammed ship's turn begins.
    assert s.active == "p2" and s.phase == Phase.ORDERS


def test_the_rammed_ship_cuts_loose_on_a_four_and_starts_from_0():
    game = rammed_and_entangled()
    legal = game.legal_actions()
    assert a.CutLoose("enemy") in legal
    assert any(isinstance(x, a.Board) and x.ship == "enemy" for x in legal)
    events = play(game, a.CutLoose("enemy"), 4)
    assert happened(events, "cut_loose")
    s = state(game)
    assert s.locks == ()
    enemy = s.ship("enemy")
    assert enemy.no_shooting and ship_may_shoot(s, enemy) == "her crew are busy cutting her loose"
    assert s.ship("harpy").speed == 0 and s.ship("harpy").under_way == 0
    to_movement(game)  # no drift: the ships are apart
    paces = {x.pace for x in game.legal_actions() if isinstance(x, a.StartMove)}
    assert "under_way" in paces and "full" not in paces, "she begins at a speed of 0"


def test_either_ship_may_try_to_cut_loose_in_her_own_turn():
    game = rammed_and_entangled()
    play(game, a.CutLoose("enemy"), 3)
    assert state(game).lock_of("enemy") is not None, "a 3: still entangled"
    assert a.CutLoose("enemy") not in game.legal_actions(), "once a turn"
    y = state(game).ship("enemy").y
    events = play(game, a.EndOrders(), 1)  # the entangled pair drift D3" (a 1: 1")
    assert rolls(events)[0].dice == "D3" and rolls(events)[0].rule == "Ships Adrift"
    assert state(game).ship("enemy").y == y + 1 and state(game).ship("harpy").y == 20 + 1
    assert state(game).active == "p1"
    assert a.CutLoose("harpy") in game.legal_actions()
    play(game, a.CutLoose("harpy"), 6)
    s = state(game)
    assert s.locks == () and s.ship("harpy").no_shooting


def test_a_rammed_jolly_boat_is_pushed_aside_and_the_rammer_sails_on():
    game = harpy_game("jolly_boat", target={"crew": {"sailor": 3}})
    ram_run(game, roll=6)  # 12": the boat's side is 9.75" away
    play(game, a.Advance(12))
    before = state(game).ship("enemy")
    # She does not try to avoid: 2 to wound (S8 v T6), 2D6 1+1, the Harpy's own roll 6.
    events = play(game, a.Avoid(False), 2, 1, 1, 6)
    assert happened(events, "pushed_aside") and not happened(events, "entangled")
    s = state(game)
    boat, harpy = s.ship("enemy"), s.ship("harpy")
    assert boat.sp == 5 - 2 and (boat.x, boat.y) != (before.x, before.y)
    assert s.locks == ()
    assert harpy.speed == 12 and s.move is not None and s.move.ship == "harpy"
    assert s.move.remaining == pytest.approx(12 - 9.75, abs=1e-3)


# --- collision ------------------------------------------------------------------------------


def test_a_collision_does_half_damage_to_both_and_both_lose_d6_speed():
    game = harpy_game()
    ram_run(game, ram=False)  # 10", no ram declared
    events = play(game, a.Advance(10))
    assert happened(events, "collision")
    assert state(game).pending.impact == "collision", "the other ship may try to avoid"
    # Not trying: 3 to wound; 2D6 4+5 = 9, halved: 5; own roll 2: half of 5, 3;
    # speed lost: the Harpy 2, the enemy 3.
    events = play(game, a.Avoid(False), 3, 4, 5, 2, 2, 3)
    assert [r.rule for r in rolls(events)] == ["Collision"] * 2 + ["The Rammer"] + \
        ["Collision"] * 2
    s = state(game)
    harpy, enemy = s.ship("harpy"), s.ship("enemy")
    assert enemy.sp == 16 - 5 and harpy.sp == 20 - 3
    assert harpy.speed == 10 - 2 and enemy.speed == 6 - 3
    assert s.locks == (), "no entanglement after a collision"
    assert s.move is None and harpy.moved


def test_a_collision_gives_no_ram_bonus():
    game = harpy_game(rammer={"ram": True})
    ram_run(game, roll=6, ram=False)  # 6 + 4 = 10"
    play(game, a.Advance(10))
    events = play(game, a.Avoid(False), 3, 4, 5, 5, 1, 1)
    s = state(game)
    assert s.pending is None, "no re-roll"
    assert not any(r.rule == "Rams" for r in rolls(events))
    assert s.ship("enemy").sp == 16 - 5, "9 halved: no +1 a die"


def test_a_small_ship_under_control_may_dodge_a_collision():
    game = harpy_game()
    ram_run(game, ram=False)
    play(game, a.Advance(10))
    events = play(game, a.Avoid(True), 2, 2)
    assert happened(events, "dodged")
    s = state(game)
    assert s.ship("enemy").sp == 16 and s.ship("enemy").speed == 6
    assert s.move is not None and s.move.ship == "harpy"


def test_a_ship_out_of_control_cannot_avoid_a_collision():
    game = harpy_game(target={"crew": {"sailor": 2}, "captain": False})
    ram_run(game, ram=False)
    events = play(game, a.Advance(10), 3, 1, 1, 6, 1, 1)
    assert happened(events, "collision")
    s = state(game)
    assert s.ship("enemy").sp == 16 - 1 and s.ship("harpy").sp == 20
    assert s.ship("enemy").speed == 5 and s.locks == ()


def test_a_ship_lying_against_another_after_a_collision_may_sail_off_along_her():
    # The Harpy's collision leaves her bow hard against the enemy's side (the hulls touch
    # to a hair). In her own turn the enemy sails on north, sliding past the Harpy's bow:
    # no new collision. Driving back into the ship she lies against would be one.
    game = harpy_game()
    ram_run(game, ram=False)
    play(game, a.Advance(10))
    play(game, a.Avoid(False), 3, 4, 5, 2, 2, 3)  # as above: the enemy keeps 3" of speed
    pass_turn(game)
    assert state(game).active == "p2"
    game.play(a.EndOrders())
    # Where she stopped, rounded to the table's 4 decimals, the hulls may overlap by a hair
    # (1e-5", as a diagonal collision in play left them): press the Harpy that far in.
    s = state(game)
    ships = tuple(attrs.evolve(x, x=x.x + 2e-5) if x.id == "harpy" else x for x in s.ships)
    game = Game(game.ruleset, game.scenario, game.seed, game.options,
                attrs.evolve(s, ships=ships), ())
    pace = next(x for x in game.legal_actions()
                if isinstance(x, a.StartMove) and x.ship == "enemy" and x.pace != "halt")
    game.play(pace)
    y = state(game).ship("enemy").y
    events = game.play(a.Advance(1))
    assert not happened(events, "collision")
    assert state(game).ship("enemy").y == pytest.approx(y - 1)


def test_a_ship_against_another_that_drives_into_her_collides():
    from ahoy_tui.rules.ahoy.hulls import parting, ship_hull

    game = harpy_game()
    ram_run(game, ram=False)
    play(game, a.Advance(10))
    play(game, a.Avoid(False), 3, 4, 5, 2, 2, 3)
    s = state(game)
    harpy, enemy = ship_hull(s.ship("harpy")), ship_hull(s.ship("enemy"))
    assert not parting(harpy, (1.0, 0.0), enemy), "on east, into her side"
    assert parting(harpy, (-1.0, 0.0), enemy), "astern, away from her"
    assert parting(enemy, (0.0, -1.0), harpy), "north, along the Harpy's bow"


def test_a_ship_lying_against_another_drifts_off_along_her():
    # Ships Adrift: the wind (toward the south) takes the Harpy along the enemy's side, not
    # "to rest against" the ship she already touches.
    from ahoy_tui.engine.dice import Dice, Rng
    from ahoy_tui.rules.ahoy.movement import ADRIFT, drift

    game = harpy_game()
    ram_run(game, ram=False)
    play(game, a.Advance(10))
    play(game, a.Avoid(False), 3, 4, 5, 2, 2, 3)
    s = state(game)
    ships = tuple(attrs.evolve(x, x=x.x + 2e-5) if x.id == "harpy" else x for x in s.ships)
    s = attrs.evolve(s, ships=ships)
    after = drift(s, Dice(Rng(0), []), ("harpy",), 3, ADRIFT)
    assert after.ship("harpy").y == pytest.approx(s.ship("harpy").y + 3)
