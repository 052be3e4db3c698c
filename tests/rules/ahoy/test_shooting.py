"""Shooting at Ships, Ordnance (Naval Cannons, Point Blank, Rake the decks, Gun Crews) and
Missile Weapons, played with forced dice.

The usual position: the Frigate (p1, Medium, anchored at (20, 24) heading north) fires her
starboard guns due east along y = 24 from the muzzle at x = 21.75. The Prize (p2) lies on that
line. Distances are from the muzzle to the Prize's hull.
"""

from __future__ import annotations

from types import MappingProxyType

import pytest
from attrs import evolve
from kit import act, happened, new_game, rolls, ship, state, to_movement, until_turn_of

from ahoy_tui.engine import IllegalAction
from ahoy_tui.engine.legal import ActionRange
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.combat import bs_to_hit, follow_up_needed
from ahoy_tui.rules.ahoy.crew import gun_crew, in_control, sailing_crew
from ahoy_tui.rules.ahoy.model import GunState, Phase, Task
from ahoy_tui.rules.ahoy.ramming import toughness
from ahoy_tui.rules.ahoy.shooting import ship_may_shoot
from ahoy_tui.rules.ahoy.tables import tables

MUZZLE = 21.75  # the Frigate's starboard muzzle: x 20 + half her 3.5" beam


def frigate(guns=(("naval_cannon", "starboard"),), **extra):
    data = {"size": "medium", "x": 20, "y": 24, "heading": "N", "speed": 0, "anchored": True,
            "crew": {"sailor": 12}, **extra}
    return ship("frigate", "p1", guns=list(guns), **data)


def prize(**extra):
    data = {"size": "medium", "x": 40, "y": 24, "heading": "N", "speed": 0, "anchored": True,
            **extra}
    return ship("prize", "p2", **data)


def decoy():
    """An enemy off the Frigate's port side (west), so her shooting phase always has a shot."""
    return ship("decoy", "p2", size="small", x=6, y=24, heading="N", speed=0, anchored=True)


def shooting(*ships, **options):
    game = new_game(*ships, **options)
    to_movement(game)
    assert state(game).phase == Phase.SHOOTING
    return game


def fire(game, guess, *dice, gun="g1", shooter="frigate"):
    return act(game, a.FireGun(shooter, gun, guess), *dice)


def gun_of(game, gun="g1", shooter="frigate"):
    return next(g for g in state(game).ship(shooter).guns if g.id == gun)


def legal_guns(game):
    out = set()
    for action in game.legal_actions().fixed:
        if isinstance(action, a.FireGun):
            out.add((action.ship, action.gun, action.guess))
    for r in game.legal_actions().ranges:
        if isinstance(r.template, a.FireGun):
            out.add((r.template.ship, r.template.gun, "guess"))
    return out


def damage_roll(events):
    return next(r for r in rolls(events) if r.purpose.startswith("to damage"))


# --- Ship Toughness and Structure Points ---------------------------------------------------


@pytest.mark.parametrize(("size", "t", "sp"), [
    ("jolly_boat", 6, 5), ("small", 7, 16), ("medium", 8, 20), ("large", 9, 24)])
def test_ship_toughness_and_structure_points_by_size(size, t, sp):
    game = new_game(ship("a", "p1", size=size, x=20, y=24, heading="N", speed=0, anchored=True),
                    ship("b", "p2", size=size, x=50, y=24, heading="N", speed=0, anchored=True,
                         ironclad=True))
    plain, iron = state(game).ship("a"), state(game).ship("b")
    assert tables().size(size).toughness == t
    assert (plain.sp, plain.sp_max) == (sp, sp)
    assert toughness(plain) == t
    assert toughness(iron) == t + 1, "Ironclad ships gain +1 Toughness"
    assert iron.sp_max == sp


@pytest.mark.parametrize(("size", "ironclad", "need"), [
    ("small", False, 2), ("medium", False, 3), ("large", False, 4),
    ("medium", True, 4), ("large", True, 5)])
def test_the_to_damage_roll_uses_s_v_t_and_ironclads_are_tougher(size, ironclad, need):
    # A naval cannon is S9: against T7 2+, T8 3+, T9 4+, T10 5+.
    game = shooting(frigate(guns=[("naval_cannon", "starboard")] * 2),
                    prize(size=size, ironclad=ironclad))
    sp = state(game).ship("prize").sp
    # Two guns spread along her side: both lines cross the Prize; both shots land at 18".
    events = fire(game, 14, 4, need - 1, gun="g1")
    assert damage_roll(events).need == f"{need}+"
    assert damage_roll(events).outcome == "no damage"
    assert state(game).ship("prize").sp == sp
    events = fire(game, 14, 4, need, 2, gun="g2")
    assert damage_roll(events).outcome == "damages"
    assert state(game).ship("prize").sp == sp - 1


# --- Naval Cannons --------------------------------------------------------------------------


@pytest.mark.parametrize(("weapon", "reach", "strength", "wounds", "crew"), [
    ("heavy_naval_cannon", 60, 10, "D6", 3), ("naval_cannon", 48, 9, "D3", 2),
    ("carronade", 36, 7, "D3", 2)])
def test_ordnance_table(weapon, reach, strength, wounds, crew):
    gun = tables().gun(weapon)
    assert (gun.range, gun.strength, gun.wounds, gun.crew) == (reach, strength, wounds, crew)
    assert not gun.armour_save
    # The guess offered runs from 1" to the weapon's range.
    game = shooting(frigate(guns=[(weapon, "starboard")]), prize())
    # (a chainshot guess is offered too, where the gun may load it: test_ordnance.py)
    (offered,) = [r for r in game.legal_actions().ranges if r.template.shot == "ball"]
    assert isinstance(offered, ActionRange)
    assert (offered.template, offered.field, offered.low, offered.high) == (
        a.FireGun("frigate", "g1", 1), "guess", 1, reach)


@pytest.mark.parametrize(("guess", "die", "lands"), [(12, 4, 16), (14, 4, 18), (10, 8, 18)])
def test_guess_plus_artillery_die_hits_only_on_the_hull(guess, die, lands):
    # The Prize's hull spans 16.5" to 20" from the muzzle: 16" falls short, 18" hits.
    game = shooting(frigate(), prize())
    if lands < 16.5:
        events = fire(game, guess, die)
        assert happened(events, "miss") and not happened(events, "hit")
        assert rolls(events)[0].outcome == f"lands at {lands}\": a miss"
        assert len(rolls(events)) == 1, "a miss rolls nothing more"
        assert state(game).ship("prize").sp == 20
    else:
        events = fire(game, guess, die, 3, 2)
        assert rolls(events)[0].outcome == f"lands at {lands}\": hits the Prize"
        assert happened(events, "hit")
        assert state(game).ship("prize").sp == 19
    assert gun_of(game).fired


def test_a_long_shot_is_a_miss_cannon_balls_do_not_bounce():
    game = shooting(frigate(), prize())
    events = fire(game, 18, 4)  # 22": beyond her far side (20")
    assert happened(events, "miss")
    assert rolls(events)[0].outcome == "lands at 22\": a miss"
    assert state(game).ship("prize").sp == 20


def test_the_landing_point_decides_which_ship_is_hit():
    # A second enemy further along the same line: hull 32.5" to 36" from the muzzle.
    consort = ship("consort", "p2", x=56, y=24, heading="N", speed=0, anchored=True)
    game = shooting(frigate(guns=[("heavy_naval_cannon", "starboard")] * 2), prize(), consort)
    # The nearest enemy decides the range offered, but the ball lands where it lands.
    events = fire(game, 30, 4, 4, 1, gun="g1")
    assert rolls(events)[0].outcome == "lands at 34\": hits the Consort"
    assert state(game).ship("consort").sp == 19
    assert state(game).ship("prize").sp == 20
    # Between the two hulls: into the sea.
    events = fire(game, 24, 4, gun="g2")
    assert happened(events, "miss")
    assert state(game).ship("prize").sp == 20 and state(game).ship("consort").sp == 19


def test_guns_have_no_arc_only_a_target_on_the_fixed_line_can_be_shot():
    # The Prize lies east, but north of the starboard line (her hull y 1.5 to 14.5); the decoy
    # lies on the port line. Bow and stern guns fire north and south: nothing there.
    game = shooting(frigate(guns=[("naval_cannon", "starboard"), ("naval_cannon", "port"),
                                  ("naval_cannon", "bow"), ("naval_cannon", "stern")]),
                    prize(y=8), decoy())
    guns = {g.id: g.mount for g in state(game).ship("frigate").guns}
    assert legal_guns(game) == {("frigate", next(i for i, m in guns.items() if m == "port"),
                                 "guess")}
    starboard = next(i for i, m in guns.items() if m == "starboard")
    with pytest.raises(IllegalAction, match="no enemy ship lies on that gun's line"):
        game.play(a.FireGun("frigate", starboard, 16))


def test_a_bow_gun_fires_along_the_heading_and_a_stern_gun_astern():
    game = shooting(frigate(guns=[("naval_cannon", "bow"), ("naval_cannon", "stern")],
                            heading="E"),
                    prize(x=50), ship("chaser", "p2", size="small", x=4, y=24, heading="N",
                                      speed=0, anchored=True))
    # Bow muzzle at x 26.5: the Prize's hull is 21.75" to 25.25" ahead. Stern muzzle at 13.5:
    # the chaser's hull is 8.25" to 10.75" astern — point blank.
    assert legal_guns(game) == {("frigate", "g1", "guess"), ("frigate", "g2", 0)}
    events = fire(game, 20, 4, 3, 1, gun="g1")  # 24"
    assert happened(events, "hit") and state(game).ship("prize").sp == 19
    events = fire(game, 0, 2, 2, 1, gun="g2")
    assert happened(events, "hit") and state(game).ship("chaser").sp == 16 - 2


def test_a_target_beyond_the_guns_range_cannot_be_shot():
    # The Prize is 51.5" away: out of a naval cannon's 48", inside a heavy's 60".
    game = shooting(frigate(guns=[("naval_cannon", "starboard"), ("heavy_naval_cannon",
                                                                  "starboard")], x=5),
                    prize(x=60))
    assert legal_guns(game) == {("frigate", "g2", "guess")}
    with pytest.raises(IllegalAction, match="beyond the gun's 48\" range"):
        game.play(a.FireGun("frigate", "g1", 48))


def test_friendly_and_struck_ships_are_not_targets():
    friend = ship("friend", "p1", size="small", x=40, y=24, heading="N", speed=0, anchored=True)
    game = new_game(frigate(), friend, prize(x=56, damage=10), decoy())
    game.play(a.EndOrders())
    # Past the friend the nearest enemy is the Prize (32.5").
    assert ("frigate", "g1", "guess") in legal_guns(game)
    # Once she has struck her colours she is no target (g2, the port gun, has the decoy).
    game = new_game(frigate(guns=[("naval_cannon", "starboard"), ("naval_cannon", "port")]),
                    prize(damage=10), decoy())
    act(game, a.EndOrders())
    assert ("frigate", "g2", "guess") in legal_guns(game)
    until_turn_of(game, "p2")
    act(game, a.StrikeColours("prize"))
    assert state(game).ship("prize").struck
    until_turn_of(game, "p1")
    act(game, a.EndOrders())
    assert legal_guns(game) == {("frigate", "g1", "guess")}
    with pytest.raises(IllegalAction, match="no enemy ship lies on that gun's line"):
        game.play(a.FireGun("frigate", "g2", 14))


# --- Misfires ------------------------------------------------------------------------------


@pytest.mark.parametrize("roll", [1, 2])
def test_misfire_1_2_destroys_the_gun_and_kills_its_crew(roll):
    game = shooting(frigate(), prize(), decoy())
    gunners = [c.id for c in state(game).crew if c.task == Task.GUN and c.gun == "g1"]
    assert len(gunners) == 2
    events = fire(game, 14, "misfire", roll)
    assert rolls(events)[0].result == "misfire"
    assert rolls(events)[1].outcome == "destroyed"
    assert happened(events, "gun_destroyed")
    assert gun_of(game).state == GunState.DESTROYED
    alive = {c.id for c in state(game).crew}
    assert not alive & set(gunners)
    assert state(game).ship("prize").sp == 20


@pytest.mark.parametrize("roll", [3, 4])
def test_misfire_3_4_malfunction_silences_the_gun_this_turn_and_next(roll):
    # g1 is the port gun (at the decoy, 11" off), g2 the starboard gun (at the Prize).
    game = shooting(frigate(guns=[("naval_cannon", "starboard"), ("naval_cannon", "port")]),
                    prize(), decoy())
    events = fire(game, 14, "misfire", roll)
    assert rolls(events)[1].outcome == "malfunction"
    assert happened(events, "malfunction")
    assert gun_of(game).state == GunState.MALFUNCTION
    gunners = [c for c in state(game).crew if c.task == Task.GUN and c.gun == "g1"]
    assert len(gunners) == 2, "the crew are unharmed"
    assert ("frigate", "g1", "guess") not in legal_guns(game)
    # Her next turn: the gun may not fire (the starboard gun may).
    until_turn_of(game, "p1")
    act(game, a.EndOrders())
    assert state(game).phase == Phase.SHOOTING
    assert legal_guns(game) == {("frigate", "g2", "guess")}
    with pytest.raises(IllegalAction, match="malfunctioned"):
        game.play(a.FireGun("frigate", "g1", 14))
    # The turn after that she fires again.
    until_turn_of(game, "p1")
    act(game, a.EndOrders())
    assert gun_of(game).state == GunState.READY
    assert legal_guns(game) == {("frigate", "g1", "guess"), ("frigate", "g2", "guess")}


@pytest.mark.parametrize("roll", [5, 6])
def test_misfire_5_6_damp_powder_loses_only_this_turns_shot(roll):
    game = shooting(frigate(guns=[("naval_cannon", "starboard"), ("naval_cannon", "port")]),
                    prize(), decoy())
    events = fire(game, 14, "misfire", roll)
    assert rolls(events)[1].outcome == "damp powder"
    assert happened(events, "damp")
    assert gun_of(game).state == GunState.READY
    assert legal_guns(game) == {("frigate", "g2", "guess")}
    until_turn_of(game, "p1")
    act(game, a.EndOrders())
    assert ("frigate", "g1", "guess") in legal_guns(game)


# --- Point Blank and Rake the decks --------------------------------------------------------


def test_point_blank_needs_no_guess_and_any_number_hits():
    game = shooting(frigate(), prize(x=30), decoy())  # 6.5" away
    assert ("frigate", "g1", 0) in legal_guns(game)
    assert ("frigate", "g1", "guess") not in legal_guns(game)
    with pytest.raises(IllegalAction, match="no guess"):
        game.play(a.FireGun("frigate", "g1", 6))
    # An artillery 2 (short of her hull by a guess-less measure) still hits. S9 v T8 needs 3+:
    # a 2 with +1 damages, and the D3 (1) is +1.
    events = fire(game, 0, 2, 2, 1)
    assert happened(events, "hit")
    roll = damage_roll(events)
    assert roll.need == "3+" and roll.outcome == "damages"
    assert "+1: point blank" in roll.purpose
    assert state(game).ship("prize").sp == 20 - 2


def test_point_blank_reaches_exactly_ten_inches():
    game = shooting(frigate(), prize(x=MUZZLE + 10 + 1.75))
    assert legal_guns(game) == {("frigate", "g1", 0)}
    game = shooting(frigate(), prize(x=MUZZLE + 10.5 + 1.75))
    assert legal_guns(game) == {("frigate", "g1", "guess")}
    with pytest.raises(IllegalAction, match="more than 10\" away: guess the range"):
        game.play(a.FireGun("frigate", "g1", 0))


def test_point_blank_misfires_still_misfire():
    game = shooting(frigate(), prize(x=30))
    events = fire(game, 0, "misfire", 6)
    assert rolls(events)[1].outcome == "damp powder"
    assert not happened(events, "hit")
    assert state(game).ship("prize").sp == 20


@pytest.mark.parametrize(("heading", "edge"), [("E", "stern"), ("W", "bow")])
def test_raking_through_bow_or_stern_gives_plus_one_and_plus_one(heading, edge):
    # Her hull runs end-on along the line: 11.75" to 24.75" from the muzzle (not point blank).
    game = shooting(frigate(), prize(heading=heading, size="large", x=40 + 2.5))
    events = fire(game, 12, 2, 3, 3)  # lands at 14"
    assert happened(events, "rake"), f"through her {edge}"
    roll = damage_roll(events)
    assert roll.need == "4+" and roll.outcome == "damages"  # S9 v T9: a 3, +1
    assert "+1: raking" in roll.purpose
    assert state(game).ship("prize").sp == 24 - 3  # D3 2, +1


def test_raking_along_a_diagonal_line():
    # The Frigate heads north-east: her starboard gun fires south-east. The Prize, heading
    # south-east too, lies end-on along the line, her stern 11.55" off.
    game = shooting(frigate(heading="NE", y=10), prize(heading="SE", x=34, y=24))
    events = fire(game, 10, 4, 2, 1)
    assert happened(events, "rake") and happened(events, "hit")
    assert damage_roll(events).outcome == "damages"  # a 2, +1, against 3+
    assert state(game).ship("prize").sp == 20 - 2


def test_a_broadside_on_her_side_does_not_rake():
    game = shooting(frigate(), prize(size="large"))
    events = fire(game, 14, 4, 3)
    assert not happened(events, "rake")
    assert damage_roll(events).outcome == "no damage"
    assert state(game).ship("prize").sp == 24


def test_point_blank_and_raking_are_cumulative():
    # A Large ship end-on, her stern 9.25" from the muzzle.
    game = shooting(frigate(), prize(size="large", heading="E"))
    assert legal_guns(game) == {("frigate", "g1", 0)}
    events = fire(game, 0, 4, 2, 1)
    assert happened(events, "rake")
    roll = damage_roll(events)
    assert "+2: point blank, raking" in roll.purpose
    assert roll.outcome == "damages"  # a 2 +2 against 4+
    assert state(game).ship("prize").sp == 24 - 3  # D3 1, +2


def test_a_natural_one_never_damages():
    # Heavy cannon S10 v Small T7 needs 2+; point blank and raking add +2; a 1 still fails.
    game = shooting(frigate(guns=[("heavy_naval_cannon", "starboard")]),
                    prize(size="small", heading="E", x=30))
    events = fire(game, 0, 4, 1)
    roll = damage_roll(events)
    assert roll.need == "2+" and roll.outcome == "no damage"
    assert state(game).ship("prize").sp == 16


def test_heavy_cannon_damage_is_d6():
    game = shooting(frigate(guns=[("heavy_naval_cannon", "starboard")]), prize())
    events = fire(game, 14, 4, 2, 5)
    assert rolls(events)[2].dice == "D6"
    assert state(game).ship("prize").sp == 20 - 5


def test_only_a_natural_six_is_a_critical_hit():
    # A 5 at point blank is a 6 with the bonus, but not a natural 6: no critical.
    game = shooting(frigate(guns=[("naval_cannon", "starboard")] * 2), prize(x=30))
    events = fire(game, 0, 4, 5, 1, gun="g1")
    assert not happened(events, "critical")
    # A natural 6: then a critical hit (6: Fire in the Hold, D3+1 fire markers).
    events = fire(game, 0, 4, 6, 1, 6, 1, gun="g2")
    assert rolls(events)[3].rule == "Critical Hits"
    assert happened(events, "critical")
    assert state(game).ship("prize").fires == 2


def test_artillery_hitting_a_jolly_boat_also_hits_d3_crew():
    game = shooting(frigate(), prize(size="jolly_boat", crew={"sailor": 3}, captain=False))
    # Hull 17.5" to 19" away: lands at 18". The D3 (a 3: 2 crew) hit at S9, no armour save;
    # to wound T3 needs 2+: a 4 slays, a natural 1 fails. S9 v T6 needs 2+: a 3, D3 (2) 1.
    events = fire(game, 14, 4, 3, 4, 1, 3, 2)
    dice = rolls(events)
    assert dice[1].dice == "D3" and dice[1].result == 2 and dice[1].rule == "Jolly Boats"
    assert [d.need for d in dice[2:4]] == ["2+", "2+"]
    assert damage_roll(events).need == "2+"
    assert len([c for c in state(game).crew if c.aboard == "prize"]) == 2
    assert state(game).ship("prize").sp == 5 - 1


# --- Gun Crews ------------------------------------------------------------------------------


def test_gun_crews_a_naval_cannon_needs_two_a_heavy_three():
    game = new_game(frigate(guns=[("heavy_naval_cannon", "starboard"),
                                  ("naval_cannon", "port")]), prize())
    s = state(game)
    frig = s.ship("frigate")
    heavy = next(g for g in frig.guns if g.weapon == "heavy_naval_cannon")
    naval = next(g for g in frig.guns if g.weapon == "naval_cannon")
    # 12 sailors: 5 sail her (a Medium ship's minimum), 3 + 2 man the guns, 2 unoccupied.
    assert sailing_crew(s, frig) == 5
    assert gun_crew(s, frig, heavy.id) == 3
    assert gun_crew(s, frig, naval.id) == 2
    assert sum(c.task == Task.IDLE and c.profile == "sailor" for c in s.crew
               if c.aboard == "frigate") == 2


def test_gun_crews_do_not_count_toward_sailing_crew():
    # Seven proper crew are more than a Medium ship's five, but with three at the heavy gun
    # only four are left to sail her.
    game = new_game(frigate(guns=[("heavy_naval_cannon", "starboard")],
                            crew={"sailor": 7}), prize())
    act(game, a.AssignCrew("frigate", sailing=4, fires=0, guns_first="starboard"))
    s = state(game)
    frig = s.ship("frigate")
    assert gun_crew(s, frig, "g1") == 3
    assert sailing_crew(s, frig) == 4
    assert not in_control(s, frig)


def test_guns_must_be_fully_manned_when_there_are_enough_hands():
    game = new_game(frigate(guns=[("naval_cannon", "starboard"), ("naval_cannon", "port")],
                            crew={"sailor": 8}), prize())
    guns = {g.mount: g.id for g in state(game).ship("frigate").guns}
    # 5 sail, 3 left: the first gun fully manned, the other with the last man.
    s = state(game)
    frig = s.ship("frigate")
    assert gun_crew(s, frig, guns["port"]) == 2 and gun_crew(s, frig, guns["starboard"]) == 1
    act(game, a.AssignCrew("frigate", sailing=5, fires=0, guns_first="starboard"))
    s = state(game)
    assert gun_crew(s, frig, guns["starboard"]) == 2 and gun_crew(s, frig, guns["port"]) == 1
    assert not [c for c in s.crew if c.aboard == "frigate" and c.task == Task.IDLE
                and c.profile == "sailor"], "no hand is left idle while a gun is short"


@pytest.mark.parametrize(("weapon", "sailors", "need"), [
    ("naval_cannon", 6, 4), ("heavy_naval_cannon", 7, 3), ("heavy_naval_cannon", 6, 5)])
def test_an_undermanned_gun_must_roll_to_fire(weapon, sailors, need):
    # Five sailors sail the Frigate; the rest man her one gun.
    game = shooting(frigate(guns=[(weapon, "starboard")], crew={"sailor": sailors}), prize())
    assert gun_crew(state(game), state(game).ship("frigate"), "g1") == sailors - 5
    events = fire(game, 14, need - 1)
    assert rolls(events)[0].need == f"{need}+" and rolls(events)[0].outcome == "not ready"
    assert happened(events, "no_fire") and len(rolls(events)) == 1
    assert gun_of(game).fired and ("frigate", "g1", "guess") not in legal_guns(game)
    game = shooting(frigate(guns=[(weapon, "starboard")], crew={"sailor": sailors}), prize())
    events = fire(game, 14, need, 4, 1)
    assert rolls(events)[0].outcome == "fires"
    assert rolls(events)[1].dice == "artillery"
    assert happened(events, "hit")


def test_a_gun_without_crew_cannot_fire():
    game = new_game(frigate(guns=[("heavy_naval_cannon", "starboard"),
                                  ("naval_cannon", "port")], crew={"sailor": 7}),
                    prize(), decoy())
    # Port first (her plan from the start): the naval cannon takes both spare hands.
    act(game, a.EndOrders())
    heavy = next(g.id for g in state(game).ship("frigate").guns if g.mount == "starboard")
    assert gun_crew(state(game), state(game).ship("frigate"), heavy) == 0
    assert ("frigate", heavy, "guess") not in legal_guns(game)
    with pytest.raises(IllegalAction, match="0 crew and cannot be fired"):
        game.play(a.FireGun("frigate", heavy, 14))


# --- Missile Weapons ------------------------------------------------------------------------


def archers(**extra):
    """The Sloop (p1, Small): three sailors with bows, who also sail her."""
    data = {"size": "small", "x": 20, "y": 24, "heading": "N", "speed": 0, "anchored": True,
            "crew": {"sailor": 3}, "captain": False, "missiles": {"sailor": "bow"}, **extra}
    return ship("sloop", "p1", **data)


def crew_of(game, ship_id):
    return [c for c in state(game).crew if c.aboard == ship_id]


def test_missiles_always_minus_one_for_cover():
    # The Prize's hull is 9.5" from the Sloop's (a bow reaches 24": short range).
    game = shooting(archers(), prize(x=32.5, crew={"sailor": 6}, captain=False))
    assert a.FireMissiles("sloop", "prize") in game.legal_actions()
    # BS3 needs 4+, in cover 5+: a 5 and a 6 hit, a 4 misses. Two S3 hits on T3 sailors (4+,
    # no armour): a 4 slays, a 3 does not.
    events = act(game, a.FireMissiles("sloop", "prize"), 5, 4, 6, 4, 3)
    dice = rolls(events)
    assert [d.need for d in dice[:3]] == ["5+"] * 3
    assert [d.outcome for d in dice[:3]] == ["hits", "misses", "hits"]
    assert all("cover" in d.purpose and "long range" not in d.purpose for d in dice[:3])
    assert [d.outcome for d in dice[3:]] == ["wounds", "no wound"]
    assert len(crew_of(game, "prize")) == 5
    assert state(game).ship("sloop").missiles_fired
    assert a.FireMissiles("sloop", "prize") not in game.legal_actions()


def test_missiles_at_long_range_minus_one_more():
    # 17.5" apart: over half a bow's 24".
    game = shooting(archers(), prize(x=40.5, crew={"sailor": 6}, captain=False))
    events = act(game, a.FireMissiles("sloop", "prize"), 5, 6, 6, 1, 4)
    dice = rolls(events)
    assert [d.need for d in dice[:3]] == ["6+"] * 3
    assert all("long range" in d.purpose for d in dice[:3])
    assert [d.outcome for d in dice[:3]] == ["misses", "hits", "hits"]
    assert len(crew_of(game, "prize")) == 5


def test_missiles_beyond_range_are_not_offered():
    game = shooting(archers(), prize(x=48, crew={"sailor": 6}), decoy())
    assert a.FireMissiles("sloop", "prize") not in game.legal_actions()
    assert a.FireMissiles("sloop", "decoy") in game.legal_actions()


@pytest.fixture
def sailors_with_bs1():
    """The tables are read-only: swap in a view where sailors have BS1, and put it back."""
    table = tables()
    original = table.profiles
    object.__setattr__(table, "profiles", MappingProxyType(
        {**original, "sailor": evolve(original["sailor"], BS=1)}))
    yield
    object.__setattr__(table, "profiles", original)


def test_a_needed_seven_is_a_six_then_four_plus(sailors_with_bs1):
    assert bs_to_hit(1, 1) == 7 and follow_up_needed(7) == 4
    assert bs_to_hit(1, 2) == 8 and follow_up_needed(8) == 5
    assert follow_up_needed(9) == 6 and follow_up_needed(10) is None
    game = shooting(archers(), prize(x=32.5, crew={"sailor": 6}, captain=False))
    # BS1 needs 6+, in cover 7: a 6 then 4+. 6,4 hits; 6,3 misses; a 5 misses outright.
    events = act(game, a.FireMissiles("sloop", "prize"), 6, 4, 6, 3, 5, 4)
    dice = rolls(events)
    assert dice[0].need == "6 then 4+" and dice[0].outcome == "6: roll again"
    assert dice[1].need == "4+" and dice[1].outcome == "hits"
    assert dice[3].outcome == "misses"
    assert dice[4].outcome == "misses"
    assert dice[5].outcome == "wounds"
    assert len(crew_of(game, "prize")) == 5


def test_no_penalty_for_shooting_from_a_moving_ship():
    # The Sloop heads east, reaching (wind toward the south): D6+4, she rolls 2: 6".
    game = new_game(archers(anchored=False, speed=6, heading="E", y=30),
                    prize(x=40, y=18, crew={"sailor": 6}, captain=False))
    to_movement(game)
    act(game, a.StartMove("sloop", "full"), 2)
    act(game, a.Advance(6))
    act(game, a.EndMove())
    assert state(game).ship("sloop").moved_last == 6
    act(game, a.EndMovement())  # she might have dropped anchor
    assert state(game).phase == Phase.SHOOTING
    events = act(game, a.FireMissiles("sloop", "prize"), 5, 5, 5, 6, 6, 6)
    assert [d.need for d in rolls(events)[:3]] == ["5+"] * 3
    assert len(crew_of(game, "prize")) == 3


def test_a_braced_ship_may_not_shoot():
    # The Sloop declares a ram at a far ship; the Frigate keeps a shot so the phase waits.
    far = ship("far", "p2", size="small", x=66, y=6, heading="N", speed=0, anchored=True)
    game = new_game(archers(anchored=False, speed=6, heading="E", y=40,
                            guns=[("naval_cannon", "port")]),
                    frigate(), prize(), far)
    act(game, a.DeclareRam("sloop", "far"))
    assert ship_may_shoot(state(game), state(game).ship("sloop")) == \
        "her crew are braced for impact"
    to_movement(game)
    act(game, a.StartMove("sloop", "full"), 2)
    act(game, a.Advance(6))
    act(game, a.EndMove())
    act(game, a.EndMovement())
    assert state(game).phase == Phase.SHOOTING
    legal = list(game.legal_actions())
    assert not [x for x in legal if getattr(x, "ship", None) == "sloop"
                and isinstance(x, (a.FireGun, a.FireMissiles))]
    with pytest.raises(IllegalAction, match="braced for impact"):
        game.play(a.FireMissiles("sloop", "prize"))


def test_a_ship_cutting_loose_may_not_shoot():
    # The worked example: the Harpy rams the Charger, who fails to cut loose (a 3).
    game = new_game(ship("harpy", "p1", x=10, y=20, heading="E", speed=8, crew={"sailor": 12}),
                    ship("charger", "p2", size="small", x=27, y=20, heading="N", speed=6,
                         crew={"sailor": 6}))
    act(game, a.DeclareRam("harpy", "charger"))
    to_movement(game)
    act(game, a.StartMove("harpy", "full"), 4)
    act(game, a.Advance(10))
    act(game, a.Avoid(True), 5, 6, 3, 4, 5, 3, 3, 2)
    assert state(game).active == "p2"
    assert ship_may_shoot(state(game), state(game).ship("charger")) is None
    act(game, a.CutLoose("charger"), 3)
    assert ship_may_shoot(state(game), state(game).ship("charger")) == \
        "her crew are busy cutting her loose"


def test_gun_crews_may_shoot_missiles_instead_when_their_gun_has_nothing_to_fire_at():
    # A Small ship: 3 sailors sail her, 2 serve the port gun (nothing on its line), 2 the
    # starboard gun (the Prize, 7" off: point blank). All carry handguns.
    game = shooting(frigate(size="small", crew={"sailor": 7}, captain=False,
                            guns=[("naval_cannon", "starboard"), ("naval_cannon", "port")],
                            missiles={"sailor": "handgun"}),
                    prize(x=30, crew={"sailor": 6}, captain=False))
    s = state(game)
    assert [c.gun for c in s.crew if c.task == Task.GUN] == ["g1", "g1", "g2", "g2"]
    # The sailors and the port gun's crew shoot (5+): the starboard gun's crew serve their gun.
    events = act(game, a.FireMissiles("frigate", "prize"), 1, 1, 1, 1, 1)
    assert len(rolls(events)) == 5 and all(r.need == "5+" for r in rolls(events))
    assert gun_of(game, "g1").fired, "the port gun's crew shot instead"
    assert legal_guns(game) == {("frigate", "g2", 0)}


def test_the_crew_of_a_gun_that_has_fired_do_not_shoot_missiles():
    game = shooting(frigate(size="small", crew={"sailor": 5}, captain=False,
                            guns=[("naval_cannon", "starboard")],
                            missiles={"sailor": "handgun"}),
                    prize(x=30, crew={"sailor": 6}, captain=False), decoy())
    fire(game, 0, 4, 1)
    # Only the three sailing her shoot (the decoy keeps the phase open).
    events = act(game, a.FireMissiles("frigate", "prize"), 1, 1, 1)
    assert len(rolls(events)) == 3


def test_a_hull_touching_the_muzzle_is_point_blank_and_its_end_is_raked():
    # The Prize lies end-on with her stern against the Frigate's starboard side.
    game = shooting(frigate(), prize(heading="E", x=MUZZLE + 6.5))
    assert legal_guns(game) == {("frigate", "g1", 0)}
    events = fire(game, 0, 2, 2, 1)
    assert happened(events, "rake")
    assert "+2: point blank, raking" in damage_roll(events).purpose
    assert state(game).ship("prize").sp == 20 - 3
