"""Shooting (shooting.py): snipers, armour, ship's guns, misfires, a creature's ranged attack.

Every test forces the dice and checks what the rules make of them. The shooter sits at the
origin facing north (heading 0), so a starboard gun (bearing 2) points east, at targets placed on
the x axis.
"""

from __future__ import annotations

import pytest

from ahoy_tui.engine.dice import forced
from ahoy_tui.engine.events import DiceRoll, Event
from ahoy_tui.rules.naval_battle.model import (
    BOARDING,
    FIRE,
    GUNS,
    SNIPERS,
    Creature,
    Gun,
    NavalState,
    Shot,
)
from ahoy_tui.rules.naval_battle.shooting import plan_problem, resolve, weapons

from .combat_helpers import battle, cup, lost, said, ship


def fire(state: NavalState, *shots: Shot) -> tuple[NavalState, list[Event]]:
    plans: dict[str, tuple[Shot, ...]] = {}
    for shot in shots:
        side = state.ship(shot.ship).side
        plans[side] = (*plans.get(side, ()), shot)
    dice, events = cup()
    return resolve(state, plans, dice, events), events


def rolls(events: list[Event], rule: str = "") -> list[DiceRoll]:
    return [e for e in events if isinstance(e, DiceRoll) and (not rule or e.rule == rule)]


def target(x: float = 10, y: float = 0, *, race: str = "human", crew: int = 20,
           **kw: object) -> object:
    return ship("target", "p2", race=race, x=x, y=y, stations=((BOARDING, race, crew),),
                **kw)  # type: ignore[arg-type]


def gunship(*guns: Gun, race: str = "human", gunners: int = 6, kind: str = "",
            extra: tuple[tuple[str, str, int], ...] = ()) -> object:
    return ship("gunship", "p1", race=race, stations=((GUNS, kind or race, gunners), *extra),
                guns=guns)


def starboard(gun_type: str, gun_id: str = "g", **kw: object) -> Gun:
    return Gun(gun_id, gun_type, bearing=2, **kw)  # type: ignore[arg-type]


# --- snipers and armour ---------------------------------------------------------------------

def test_seed_armour_example_six_hits_on_armour_5_lose_4_chits():
    """"a ship with armor 5 takes six hits from sniper fire ... rolling 2,2,3,4,5 and a 6. The
    5 and 6 save and the ship takes damage from the remaining 4 shots. 4 poker chits are
    removed." """
    state = battle(ship("eagle", stations=((SNIPERS, "human", 6),)), target(14))
    assert state.ship("target").armour == 5
    with forced(5, 5, 5, 6, 6, 6, 2, 2, 3, 4, 5, 6):
        after, events = fire(state, Shot("eagle", "snipers", "target"))
    assert lost(state, after, "target") == 4
    assert after.ship("eagle").damage_done == 4
    assert 'Eagle\'s snipers hit 6 times at 14"' in said(events)


@pytest.mark.parametrize(("distance", "face", "hits"), [
    (18, 5, 1), (18, 4, 0), (18.5, 5, 0), (18.5, 6, 1), (30, 6, 1),
])
def test_sniper_bands(distance, face, hits):
    state = battle(ship("eagle", stations=((SNIPERS, "human", 1),)),
                   target(distance, armour=7))  # armour 7: no save can be made
    with forced(face):
        after, _ = fire(state, Shot("eagle", "snipers", "target"))
    assert lost(state, after, "target") == hits


def test_snipers_reach_30_inches_and_no_further():
    state = battle(ship("eagle", stations=((SNIPERS, "human", 3),)), target(30.5))
    [snipers] = [w for w in weapons(state, "eagle") if w.weapon == "snipers"]
    assert snipers.targets == ()
    assert plan_problem(state, "p1", (Shot("eagle", "snipers", "target"),))[0] == "Snipers"


def test_elves_plus_one_in_shooting_hit_on_a_4_close_in():
    state = battle(ship("eagle", race="elf", stations=((SNIPERS, "elf", 2),)),
                   target(10, armour=7))
    with forced(4, 3):
        after, _ = fire(state, Shot("eagle", "snipers", "target"))
    assert lost(state, after, "target") == 1


def test_chaos_minus_one_cannot_hit_in_the_far_band():
    state = battle(ship("horde", race="chaos", stations=((SNIPERS, "chaos", 4),)),
                   target(20, armour=7))
    with forced():
        after, events = fire(state, Shot("horde", "snipers", "target"))
    assert lost(state, after, "target") == 0
    assert rolls(events) == []
    assert "cannot hit" in said(events)


def test_lizard_primitive_weapons_reach_18_inches():
    lizards = ship("lizards", race="lizard", stations=((SNIPERS, "lizard", 3),))
    far = battle(lizards, target(20))
    near = battle(lizards, target(18))
    assert [w.targets for w in weapons(far, "lizards") if w.weapon == "snipers"] == [()]
    assert [w.targets for w in weapons(near, "lizards") if w.weapon == "snipers"] == \
        [(("target", 18.0),)]
    with forced(4, 3, 1):  # +1 in shooting: 5+ at 18" is a 4 on the die, one hit
        after, _ = fire(battle(lizards, target(18, armour=7)),
                        Shot("lizards", "snipers", "target"))
    assert after.ship("target").chits == 19


def test_sharp_shooters_hits_get_no_armour_save():
    state = battle(ship("eagle", stations=((SNIPERS, "sharp_shooter", 2),)), target(10))
    with forced(5, 6):
        after, events = fire(state, Shot("eagle", "snipers", "target"))
    assert lost(state, after, "target") == 2
    assert not [r for r in rolls(events) if "armour save" in r.purpose]


def test_ordinary_snipers_beside_sharp_shooters_are_saved():
    state = battle(ship("eagle", stations=((SNIPERS, "human", 2), (SNIPERS, "sharp_shooter", 1))),
                   target(10))
    with forced(5, 5, 6, 6, 1):  # 2 human hits, 1 sharp shooter hit; saves 6 and 1
        after, _ = fire(state, Shot("eagle", "snipers", "target"))
    assert lost(state, after, "target") == 2


# --- the fire arc and the plan --------------------------------------------------------------

def test_arc_is_22_and_a_half_degrees_each_side_of_the_barrel():
    gun = starboard("cannon")
    def reach(x: float, y: float) -> tuple[tuple[str, float], ...]:
        state = battle(gunship(gun), target(x, y))
        return next(w for w in weapons(state, "gunship") if w.weapon == "g").targets
    assert reach(20, 0)  # abeam to starboard
    assert reach(20, 8)  # 21.8° aft of the beam
    assert not reach(20, 8.6)  # 23.3°
    assert not reach(0, -20)  # dead ahead
    assert not reach(-20, 0)  # to port


def test_free_and_rotating_guns_ignore_the_arc():
    ahead = target(0, -10)
    for gun in (starboard("swivel_gun"), starboard("jezzail"), starboard("cannon", rotating=True)):
        state = battle(gunship(gun), ahead)
        [w] = [w for w in weapons(state, "gunship") if w.weapon == "g"]
        assert w.targets == (("target", 10.0),), gun


def test_plan_may_not_spend_more_action_points_than_chits_on_guns():
    state = battle(gunship(starboard("cannon", "a"), starboard("cannon", "b"), gunners=6),
                   target(20))
    listed = {w.weapon for w in weapons(state, "gunship") if w.targets}
    assert listed == {"a", "b"}  # each alone is affordable
    assert plan_problem(state, "p1", (Shot("gunship", "a", "target"),)) is None
    rule, reason = plan_problem(state, "p1", (Shot("gunship", "a", "target"),
                                              Shot("gunship", "b", "target")))
    assert rule == "Ship's guns" and "8 action points" in reason


def test_plan_fires_each_gun_once_and_only_at_enemies():
    friend = ship("friend", "p1", x=10, stations=((BOARDING, "human", 3),))
    state = battle(gunship(starboard("cannon"), gunners=8), target(20), friend)
    shot = Shot("gunship", "g", "target")
    assert plan_problem(state, "p1", (shot, shot))[1].endswith("shoots once a turn")
    assert "friend" in plan_problem(state, "p1", (Shot("gunship", "g", "friend"),))[1]
    assert plan_problem(state, "p2", (shot,))[1] == "Gunship is not one of your ships"
    assert plan_problem(state, "p1", (Shot("gunship", "g", "target", at_creature=True),))[0] \
        == "Creatures"


def test_gun_needs_its_action_points_on_guns():
    state = battle(gunship(starboard("great_cannon"), gunners=4), target(20))
    [w] = [w for w in weapons(state, "gunship") if w.weapon == "g"]
    assert w.targets == () and w.why_not == "needs 5 chits on Guns (4 there)"


# --- guns ------------------------------------------------------------------------------------

def test_artillery_range_is_the_chart_range_plus_the_artillery_die():
    state = battle(gunship(starboard("cannon")), target(52, armour=7))
    with forced(4, 3):  # 48" + 4" reaches 52"; D4 damage 3
        after, _ = fire(state, Shot("gunship", "g", "target"))
    assert lost(state, after, "target") == 3
    with forced(2):  # 48" + 2" falls short
        after, events = fire(state, Shot("gunship", "g", "target"))
    assert lost(state, after, "target") == 0
    assert "falls short" in said(events)


def test_artillery_guns_may_aim_up_to_the_best_artillery_die():
    near = battle(gunship(starboard("cannon")), target(58))
    far = battle(gunship(starboard("cannon")), target(58.5))
    assert [w.targets for w in weapons(near, "gunship") if w.weapon == "g"] == \
        [(("target", 58.0),)]
    assert [w.targets for w in weapons(far, "gunship") if w.weapon == "g"] == [()]


def test_misfire_explosion_destroys_the_gun_and_kills_its_crew():
    state = battle(gunship(starboard("cannon"), gunners=5,
                           extra=((BOARDING, "human", 3),)), target(20))
    with forced("misfire", 2):
        after, events = fire(state, Shot("gunship", "g", "target"))
    assert after.ship("gunship").guns[0].destroyed
    assert after.ship("gunship").at(GUNS) == 1  # 4 gunners killed, off Guns first
    assert after.ship("gunship").at(BOARDING) == 3
    assert lost(state, after, "target") == 0
    assert after.ship("target").damage_done == 0
    [w] = [w for w in weapons(after, "gunship") if w.weapon == "g"]
    assert w.why_not == "destroyed by an explosion"
    assert "explodes" in said(events)


def test_misfire_fires_seed_example_4_action_points_make_2_fires():
    state = battle(gunship(starboard("cannon")), target(20))
    with forced("misfire", 3):
        after, _ = fire(state, Shot("gunship", "g", "target"))
    assert after.ship("gunship").fires == 2
    assert after.ship("gunship").chits == state.ship("gunship").chits


def test_misfire_jam_stops_the_gun_this_turn():
    state = battle(gunship(starboard("rockets")), target(20))
    with forced("misfire", 6):
        after, _ = fire(state, Shot("gunship", "g", "target"))
    assert after.ship("gunship").jammed == ("g",)
    assert after.ship("gunship").fires == 0 and not after.ship("gunship").guns[0].destroyed
    [w] = [w for w in weapons(after, "gunship") if w.weapon == "g"]
    assert w.targets == () and w.why_not == "jammed this turn"


@pytest.mark.parametrize(("roll", "result"), [(1, "explosion"), (3, "explosion"),
                                              (4, "fires"), (5, "fires"), (6, "jam")])
def test_skaven_minus_one_on_the_misfire_chart(roll, result):
    state = battle(gunship(starboard("cannon"), race="skaven"), target(20))
    with forced("misfire", roll):
        after, _ = fire(state, Shot("gunship", "g", "target"))
    gunship_after = after.ship("gunship")
    got = "explosion" if gunship_after.guns[0].destroyed else \
        "fires" if gunship_after.fires else "jam"
    assert got == result


def test_master_gunners_reroll_the_first_misfire_of_the_turn_only():
    guns = (starboard("cannon", "a"), starboard("cannon", "b"))
    state = battle(gunship(*guns, gunners=8, kind="master_gunner"), target(20))
    with forced("misfire", 1, 5, "misfire", 1):  # a: explosion rerolled to a jam; b: explodes
        after, events = fire(state, Shot("gunship", "a", "target"),
                             Shot("gunship", "b", "target"))
    ship_after = after.ship("gunship")
    assert ship_after.jammed == ("a",)
    assert [g.destroyed for g in ship_after.guns] == [False, True]
    assert len(rolls(events, "Misfires")) == 3  # the second misfire is not rerolled
    assert "Master Gunners reroll" in said(events)


def test_no_master_gunner_reroll_unless_every_gunner_is_one():
    state = battle(gunship(starboard("cannon"), gunners=3, kind="master_gunner",
                           extra=((GUNS, "human", 1),)), target(20))
    with forced("misfire", 1):
        after, events = fire(state, Shot("gunship", "g", "target"))
    assert after.ship("gunship").guns[0].destroyed
    assert len(rolls(events, "Misfires")) == 1


def test_scatter_guns_hit_on_the_scatter_dice_hit():
    state = battle(gunship(starboard("catapults_and_mortars")), target(30, armour=7))
    with forced(2, 2, 4):  # in range, scatter HIT, D4 4: a fire
        after, _ = fire(state, Shot("gunship", "g", "target"))
    assert lost(state, after, "target") == 4
    assert after.ship("target").fires == 1
    with forced(2, 3):  # scatters off
        after, _ = fire(state, Shot("gunship", "g", "target"))
    assert lost(state, after, "target") == 0


def test_catapults_have_a_minimum_range():
    state = battle(gunship(starboard("catapults_and_mortars")), target(11))
    [w] = [w for w in weapons(state, "gunship") if w.weapon == "g"]
    assert w.targets == ()


def test_doom_divers_correct_deviation_and_lose_a_goblin():
    doom = Gun("diver", "doom_divers", bearing=0)
    state = battle(ship("waaagh", race="orc", guns=(doom,),
                        stations=((GUNS, "goblin", 2), (BOARDING, "orc", 4))),
                   target(200, armour=7))  # unlimited range, any bearing
    with forced(6, 5, 1, 4):  # scatter misses, the correction hits, D6 damage 4
        after, events = fire(state, Shot("waaagh", "diver", "target"))
    assert lost(state, after, "target") == 4
    assert after.ship("waaagh").at_by_kind(GUNS, "goblin") == 1
    assert after.ship("waaagh").at(BOARDING) == 4
    assert "corrects his deviation" in " ".join(r.purpose for r in rolls(events))


def test_doom_divers_need_goblins():
    doom = Gun("diver", "doom_divers", bearing=0)
    state = battle(ship("waaagh", race="orc", guns=(doom,), stations=((GUNS, "orc", 4),)),
                   target(20))
    [w] = [w for w in weapons(state, "waaagh") if w.weapon == "diver"]
    assert w.targets == () and "Goblin" in w.why_not


@pytest.mark.parametrize(("race", "face", "hit"), [
    ("human", 3, False), ("human", 4, True), ("elf", 3, True), ("chaos", 4, False),
])
def test_bolt_throwers_hit_with_the_crews_ballistic_skill(race, face, hit):
    state = battle(gunship(starboard("bolt_thrower"), race=race), target(40, armour=7))
    faces = (face, 2) if hit else (face,)
    with forced(*faces):
        after, _ = fire(state, Shot("gunship", "g", "target"))
    assert lost(state, after, "target") == (2 if hit else 0)


def test_automatic_hits_and_repeating_rerolls_add_up():
    state = battle(gunship(starboard("hellblaster")), target(10, armour=7))
    with forced(5, 6, 2):  # "Reroll 5&6's and add", again and again: 13
        after, events = fire(state, Shot("gunship", "g", "target"))
    assert lost(state, after, "target") == 13
    assert "for 13 damage (5+6+2)" in said(events)


def test_swivel_gun_misfires_on_a_damage_roll_of_1():
    state = battle(gunship(starboard("swivel_gun")), target(10))
    with forced(1, 5):
        after, _ = fire(state, Shot("gunship", "g", "target"))
    assert lost(state, after, "target") == 0
    assert after.ship("gunship").jammed == ("g",)


def test_flame_guns_start_d3_automatic_fires_and_misfire_on_1_or_2():
    state = battle(gunship(starboard("flame_cannon_and_warp_fire_thrower")),
                   target(10, armour=7))
    with forced(3, 5):  # 3 damage, D3 (a 5) = 3 fires
        after, _ = fire(state, Shot("gunship", "g", "target"))
    assert lost(state, after, "target") == 3
    assert after.ship("target").fires == 3
    with forced(2, 3):  # a 2 misfires: Fires on the chart, ceil(3/3) = 1 on her own ship
        after, _ = fire(state, Shot("gunship", "g", "target"))
    assert after.ship("target").fires == 0 and after.ship("gunship").fires == 1


def test_each_rerolled_six_also_causes_a_fire():
    state = battle(gunship(starboard("bombards")), target(20, armour=7))
    with forced(2, 6, 6, 3):  # artillery 2; D6* 6+6+3 = 15, two 6's: two fires
        after, _ = fire(state, Shot("gunship", "g", "target"))
    assert lost(state, after, "target") == 15
    assert after.ship("target").fires == 2


@pytest.mark.parametrize(("fire_die", "fires"), [(4, 1), (3, 0)])
def test_cannon_4s_cause_a_fire_on_a_4_plus(fire_die, fires):
    state = battle(gunship(starboard("cannon")), target(20, armour=7))
    with forced(2, 4, fire_die):
        after, _ = fire(state, Shot("gunship", "g", "target"))
    assert after.ship("target").fires == fires
    assert lost(state, after, "target") == 4


def test_gun_damage_is_saved_with_armour():
    state = battle(gunship(starboard("great_cannon")), target(20))
    with forced(2, 5, 5, 6, 1, 2, 3):  # 5 damage, armour 5: two saved
        after, _ = fire(state, Shot("gunship", "g", "target"))
    assert lost(state, after, "target") == 3


# --- simultaneity ---------------------------------------------------------------------------

def test_shooting_is_simultaneous_gunners_shot_down_still_fire():
    snipers = ship("snipers", "p1", x=10, stations=((SNIPERS, "sharp_shooter", 4),),
                   armour=7)
    guns = ship("guns", "p2", heading=0, guns=(starboard("great_cannon"),),
                stations=((GUNS, "human", 5), (FIRE, "human", 1)))
    state = battle(snipers, guns)
    with forced(6, 6, 6, 6, 2, 4):  # p1's snipers kill 4 gunners; p2's cannon hits for 4
        after, _ = fire(state, Shot("snipers", "snipers", "guns"),
                        Shot("guns", "g", "snipers"))
    assert lost(state, after, "guns") == 4
    assert lost(state, after, "snipers") == 4
    assert after.ship("guns").damage_done == 4


# --- creatures ------------------------------------------------------------------------------

def dragon_ship(side: str = "p1", **kw: object) -> object:
    dragon = Creature("Sea Dragon", chits=16, share=25, speed_value=3, maneuverability=3,
                      armour=4)
    return ship("karond", side, race="dark_elf", creature=dragon,
                stations=((BOARDING, "dark_elf", 25),), **kw)  # type: ignore[arg-type]


def test_creature_ranged_attack_seed_example_16_chits_shoot_16_inches_for_2d6():
    near = battle(dragon_ship(), target(16))
    far = battle(dragon_ship(), target(16.5))
    assert [w.targets for w in weapons(near, "karond") if w.weapon == "creature"] == \
        [(("target", 16.0),)]
    assert [w.targets for w in weapons(far, "karond") if w.weapon == "creature"] == [()]
    with forced(6, 3, 6, 1, 1, 1, 1, 1, 1, 1, 1):  # 2D6 = 9, a 6: one fire; saves 6, then 1s
        after, events = fire(near, Shot("karond", "creature", "target"))
    [attack] = [r for r in rolls(events, "Creatures")]
    assert attack.dice == "2D6"
    assert lost(near, after, "target") == 8
    assert after.ship("target").fires == 1


def test_hits_on_a_creature_use_its_armour_and_fires_go_to_its_ship():
    state = battle(gunship(starboard("great_cannon")), dragon_ship("p2", x=20))
    with forced(2, 6, 4, 1, 1, 1, 1, 1):  # 6 damage and a fire; the dragon (armour 4) saves 1
        after, events = fire(state, Shot("gunship", "g", "karond", at_creature=True))
    dragon_after = after.ship("karond")
    assert dragon_after.creature is not None and dragon_after.creature.chits == 16 - 5
    assert dragon_after.chits == 25  # her crew untouched
    assert dragon_after.fires == 1  # the fire is the ship's
    assert "Sea Dragon" in said(events)


def test_a_crewless_creature_attacks_the_nearest_ship_friend_or_foe():
    dragon = Creature("Sea Dragon", chits=12, share=25, speed_value=3, maneuverability=3,
                      armour=4)
    alone = ship("karond", "p1", race="dark_elf", creature=dragon)
    friend = ship("friend", "p1", x=5, stations=((BOARDING, "human", 5),), armour=7)
    enemy = target(8)
    state = battle(alone, friend, enemy)
    [w] = [w for w in weapons(state, "karond") if w.weapon == "creature"]
    assert w.targets == (("friend", 5.0),)
    with forced(2, 3):  # no plan at all: the creature still attacks, 2D6 = 5
        dice, events = cup()
        after = resolve(state, {"p1": (), "p2": ()}, dice, events)
    assert lost(state, after, "friend") == 5
    assert "attacks the nearest ship" in said(events)


# --- in the turn ----------------------------------------------------------------------------

def test_the_fire_plan_is_played_through_the_turn_sequence():
    """legal.example_plan picks the guns the chits on Guns pay for; sealing it reveals the
    plans, shoots, boards, fights fires and ends the turn."""
    from ahoy_tui.rules.naval_battle import flow, legal

    state = battle(gunship(starboard("cannon", "a"), starboard("cannon", "b"), gunners=6),
                   target(20))
    plan = legal.example_plan(state, "p1")
    assert plan.shots == (Shot("gunship", "a", "target"),)
    assert plan in legal.legal(state)
    with forced(2, 3, 1, 1, 1):  # artillery 2, D4 3, three failed saves
        after, events = flow.apply_action(state, plan)
    assert lost(state, after, "target") == 3
    assert after.turn == 2 and after.ship("gunship").stations == ()
    assert "Gunship's a (Cannon) hits Target for 3 damage" in said(events)


def test_a_crewless_creature_attacks_even_when_every_plan_is_empty():
    """flow: the fire plans all say hold, yet the creature whose crew are dead shoots on."""
    from ahoy_tui.rules.naval_battle import flow
    from ahoy_tui.rules.naval_battle.actions import FirePlan

    dragon = Creature("Sea Dragon", chits=12, share=25, speed_value=3, maneuverability=3,
                      armour=4)
    alone = ship("karond", "p1", race="dark_elf", creature=dragon)
    friend = ship("friend", "p1", x=5, stations=((BOARDING, "human", 5),), armour=7)
    state = battle(alone, friend, target(40))
    with forced(2, 3):  # the dragon's 2D6 on its friend, no save at armour 7
        after, events = flow.apply_action(state, FirePlan("p1", ()))
    assert lost(state, after, "friend") == 5
    assert "attacks the nearest ship" in said(events)
