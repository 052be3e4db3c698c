"""Part 2 through the Round Sequence: deck crews board, fight, dump fire pots and fight fires on
their count; fires burn on theirs; men in the water swim or climb at the start of their crew's
count; a line cut under men crossing it drops them; the captain keeps to the steering oars."""

from __future__ import annotations

from ahoy_tui.engine.dice import forced
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.acks import crossing, melee, pitch
from ahoy_tui.rules.acks.actions import Board, Done, DumpFirePots, FightFire, Shoot
from ahoy_tui.rules.acks.deck import lay_decks, steering_oars
from ahoy_tui.rules.acks.flow import apply_action, in_the_water
from ahoy_tui.rules.acks.grappling import cut_line
from ahoy_tui.rules.acks.legal import choices
from ahoy_tui.rules.acks.model import Actor, Figure, Fire, Grapple, Phase

from .helpers import battle, cup, piece, said, vessel


def crews_on(state, count: int = 4, *vessels: str, **fields):
    actors = tuple(Actor(f"{v}:crew", v, state.vessel(v).side, "crew", count, count)
                   for v in vessels)
    return replace(state, phase=Phase.COUNTS, count=count, actors=actors,
                   to_act=actors[0].side, **fields)


def pots_alongside():
    a = vessel("a", kind="galley_3", column=15, row=20, facing="N", gear=("fire_pot_pole",))
    b = vessel("b", "p2", kind="galley_2", column=15, row=19, facing="S")
    return lay_decks(battle(a, b))


def test_the_deck_crew_dumps_the_fire_pots_on_its_count_and_the_fire_burns_next_round():
    state = crews_on(pots_alongside(), 4, "a")
    offered = [c for c in choices(state) if isinstance(c, DumpFirePots)]
    assert offered == [DumpFirePots("p1", "a", "b")]
    x, y = pitch.aim_square(state, "a", "b")
    in_it = pitch.caught(state, Fire("probe", "b", x, y, "4d6", 4))
    assert in_it                                     # her men forward, under the pots
    with forced(*([3] * 4), *([20] * len(in_it))):   # 4d6 = 12; every man saves
        state, _ = apply_action(state, offered[0])
    assert state.vessel("b").shp == 25 - 12
    assert all(state.figure(f.id).hp == max(0, f.hp - 6) for f in in_it)   # half of 12
    fire = state.fires[0]
    assert fire.count == 4 and fire.vessel == "b"
    # only once a round
    assert not any(isinstance(c, DumpFirePots) for c in choices(state))


def test_a_fire_burns_on_its_count_even_above_every_die_rolled_that_round():
    from ahoy_tui.rules.acks.flow import count_begins

    state = pots_alongside()
    state = replace(state, fires=(Fire("b:fire1.6", "b", 9, 1, "1d6", 6),), count=6,
                    phase=Phase.COUNTS)
    dice, events = cup()
    with forced(5):                     # 1d6 = 5; nobody stands amidships at (9, 1)
        dice, events = cup()
        state = count_begins(state, dice, events)
    assert state.vessel("b").shp == 25 - 5
    assert "the pitch burns on B's deck" in said(events)


def test_the_men_beside_a_fire_fight_it_as_their_round():
    state = pots_alongside()
    fire = Fire("b:fire1.4", "b", 15, 1, "1d6", 4)
    state = crews_on(state, 3, "b", fires=(fire,))
    near = [f for f in state.figures if f.on == "b" and f.side == "p2"
            and max(abs(f.x - 15), abs(f.y - 1)) <= 2]
    assert near
    act = FightFire("p2", "b", fire.id)
    assert act in choices(state)
    fewer = replace(state, figures=tuple(f for f in state.figures
                                          if f not in near[10:]))     # ten men beside it
    after, _ = apply_action(fewer, act)
    assert after.fires[0].fought == 10
    assert all(after.figure(f.id).moved > 0 for f in near[:10])
    assert len(near) >= 15
    out, events = apply_action(state, act)            # fifteen or more: it is out
    assert out.fires == () and "put out the fire" in " ".join(said(events))


def test_a_catapult_throws_burning_pitch_and_sets_her_aflame():
    a = vessel("a", kind="galley_3", column=15, row=20, facing="N",
               pieces=(piece("a1", "light_catapult", "bow", pitch=True),))
    b = vessel("b", "p2", kind="galley_2", column=15, row=16, facing="S")
    state = battle(a, b)
    actors = (Actor("a:a1", "a", "p1", "piece", 5, 5, piece="a1"),)
    state = replace(state, phase=Phase.COUNTS, count=5, actors=actors, to_act="p1")
    shot = Shoot("p1", "a", "a1", "b", pitch=True)
    assert shot in choices(state)
    with forced(18, 2, 2, 2):                       # a hit; pitch 3d6 = 6
        state, _ = apply_action(state, shot)
    assert state.vessel("b").shp == 25 - 6         # pitch in full, no 1/3 share
    assert len(state.fires) == 1 and state.fires[0].dice == "3d6"


def test_a_catapult_without_pitch_aboard_throws_none():
    a = vessel("a", kind="galley_3", column=15, row=20, facing="N",
               pieces=(piece("a1", "light_catapult", "bow"),))
    b = vessel("b", "p2", kind="galley_2", column=15, row=16, facing="S")
    actors = (Actor("a:a1", "a", "p1", "piece", 5, 5, piece="a1"),)
    state = replace(battle(a, b), phase=Phase.COUNTS, count=5, actors=actors, to_act="p1")
    shots = [c for c in choices(state) if isinstance(c, Shoot)]
    assert shots == [Shoot("p1", "a", "a1", "b")]


def test_a_character_overboard_swims_at_his_crews_count_and_climbs_the_rope():
    state = pots_alongside()
    captain = next(f for f in state.figures if f.id == "a:captain")
    state = replace(state, figures=tuple(replace(f, where="water") if f.id == captain.id
                                         else f for f in state.figures))
    dice, events = cup()
    with forced(15):                               # Swimming: 15 + 4 >= 5 stone
        dice, events = cup()
        state = in_the_water(state, {"a"}, dice, events)
    back = state.figure(captain.id)
    assert back.where == "deck" and back.on == "a"
    assert (back.x, back.y) == steering_oars(state.vessel("a"))
    assert "climbs aboard up the rope" in " ".join(said(events))


def test_a_drowning_character_is_carried_up_by_an_ally_in_the_water():
    state = pots_alongside()
    hero = Figure("a:hero", "p1", "Norden", "a", "officer", "a", where="water", npc=False,
                  hp=10, hp_max=10, stone=9, drowning=1, depth=90)
    friend = Figure("a:friend", "p1", "Phaedra", "a", "officer", "a", where="water",
                    npc=False, hp=10, hp_max=10, stone=2)
    state = replace(state, figures=(*state.figures, hero, friend))
    with forced(20):           # Norden sinks on (no throw), Phaedra grabs him; she swims
        dice, events = cup()
        state = in_the_water(state, {"a"}, dice, events)
    assert state.figure("a:hero").drowning == 0
    assert state.figure("a:friend").stone == 2 + 12      # half of 15 + 9, rounded up


def test_a_crewman_overboard_is_lost_after_his_rounds():
    state = pots_alongside()
    man = next(f for f in state.figures if f.crew_of == "a" and f.role == "marine")
    state = replace(state, figures=tuple(replace(f, where="water", dies_in=1)
                                         if f.id == man.id else f for f in state.figures))
    dice, events = cup()
    state = in_the_water(state, {"a"}, dice, events)
    assert state.figure(man.id).down


def test_men_crawl_along_a_grapple_line_over_rounds_and_fall_when_it_is_cut():
    a = vessel("a", kind="galley_2", column=15, row=20, facing="N", marines=2, sailors=0)
    b = vessel("b", "p2", kind="galley_3", column=16, row=20, facing="N")
    state = lay_decks(battle(a, b, grapples=(Grapple("a", "b"),)))
    dice, events = cup()
    state = crossing.board(state, "a", "b", "line", dice, events)
    on_line = [f for f in state.figures if f.where == "line"]
    # a smaller vessel: they crawl, a quarter of combat speed (10' of the 15')
    assert len(on_line) >= 1 and all(0 < f.crossed < 15 for f in on_line)
    with forced(20, 5, 3, 2):       # the line cut (20, then 5 slashing); saves 3 and 2 fail
        dice, events = cup()
        state = cut_line(state, "b", "a", False, dice, events)
    assert all(state.figure(f.id).where == "water" for f in on_line)


def test_men_jump_across_from_the_rail():
    a = vessel("a", kind="galley_3", column=15, row=15, facing="N", marines=1, sailors=0)
    b = vessel("b", "p2", kind="galley_2", column=16, row=15, facing="N")
    state = lay_decks(battle(a, b))
    marine = next(f for f in state.figures if f.crew_of == "a" and f.role == "marine")
    # stationary, alongside: 15'; DEX 10 + 6 = 16 from the larger vessel (+4: 20), a 20' run
    with forced(6, 15):                            # the d6; the landing save 15 >= 14
        dice, events = cup()
        state = crossing.board(state, "a", "b", "jump", dice, events)
    assert state.figure(marine.id).on == "b" and state.figure(marine.id).where == "deck"


def test_the_captain_keeps_to_the_steering_oars_in_the_fight():
    a = vessel("a", kind="galley_3", column=15, row=15, facing="N")
    b = vessel("b", "p2", kind="galley_2", column=16, row=15, facing="N")
    state = lay_decks(battle(a, b))
    raider = next(f for f in state.figures if f.crew_of == "b" and f.role == "marine")
    state = replace(state, figures=tuple(replace(f, on="a", x=12, y=0)
                                         if f.id == raider.id else f for f in state.figures))
    dice, events = cup()
    state = melee.fight(state, "a", dice, events)
    captain = state.figure("a:captain")
    assert (captain.x, captain.y) == steering_oars(state.vessel("a"))


def test_boarding_is_offered_walking_and_at_a_run_over_an_unsecured_bridge():
    from ahoy_tui.rules.acks.model import Bridge

    a = vessel("a", kind="galley_3", column=15, row=15, facing="N",
               gear=("boarding_bridge",))
    b = vessel("b", "p2", kind="galley_2", column=16, row=15, facing="N")
    state = crews_on(lay_decks(battle(a, b)), 4, "a",
                     bridges=(Bridge("a", "b", 9, 0, fast=False),))
    offered = [c for c in choices(state) if isinstance(c, Board) and c.by == "bridge"]
    assert {c.run for c in offered} == {True, False}
    fast = replace(state, bridges=(Bridge("a", "b", 9, 0, fast=True),))
    offered = [c for c in choices(fast) if isinstance(c, Board) and c.by == "bridge"]
    assert [c.run for c in offered] == [True]
    assert Done("p1", "a:crew") in choices(state)


def test_a_prone_man_gets_up_instead_of_striking_and_a_prone_foe_is_struck_at_plus_2():
    a = vessel("a", kind="galley_3", column=15, row=15, facing="N")
    b = vessel("b", "p2", kind="galley_2", column=16, row=15, facing="N")
    state = lay_decks(battle(a, b))
    mine = next(f for f in state.figures if f.crew_of == "a" and f.role == "marine")
    foe = next(f for f in state.figures if f.crew_of == "b" and f.role == "marine")
    state = replace(state, figures=tuple(
        replace(f, on="b", x=5, y=0, prone=True) if f.id == mine.id else
        replace(f, x=5, y=1, hp=20, hp_max=20) if f.id == foe.id else
        (replace(f, hp=0, down=True) if f.on == "b" else f) for f in state.figures))
    dice, events = cup()
    up = melee.fight(state, "a", dice, events)
    assert not up.figure(mine.id).prone and up.figure(foe.id).hp == 20   # no blow struck
    # the foe prone instead: 11 + 2 >= 10 + AC 3 hits
    state = replace(state, figures=tuple(replace(f, prone=False) if f.id == mine.id else
                                         replace(f, prone=True) if f.id == foe.id else f
                                         for f in state.figures))
    with forced(11, 3):
        dice, events = cup()
        state = melee.fight(state, "a", dice, events)
    assert state.figure(foe.id).hp == 17


def test_a_monster_snatching_men_off_a_laid_deck_takes_figures():
    from ahoy_tui.rules.acks import monsters
    from ahoy_tui.rules.acks.deck import muster

    from .helpers import monster

    a = vessel("a", kind="galley_3", column=15, row=15, facing="N")
    b = vessel("b", "p2", kind="galley_2", column=16, row=15, facing="N")
    serpent = monster(column=14, row=15, side="p2")
    state = lay_decks(battle(a, b, serpent))
    before = sum(1 for f in state.figures if f.crew_of == "a" and not f.down)
    with forced(20, 2):                             # a hit; 1d2... the snatch: 2 men
        dice, events = cup()
        state = monsters.attack(state, "serpent", "a", "crew", dice, events)
    after = sum(1 for f in state.figures if f.crew_of == "a" and not f.down)
    assert before - after == 2
    assert muster(state).vessel("a").crew == state.vessel("a").crew


def test_men_below_come_up_at_the_rounds_end_as_room_is_made():
    from ahoy_tui.rules.acks.flow import end_round

    a = vessel("a", kind="longship", column=15, row=15, facing="N")
    b = vessel("b", "p2", kind="galley_2", column=16, row=15, facing="N")
    state = lay_decks(battle(a, b))
    below = [f for f in state.figures if f.where == "below" and f.crew_of == "a"]
    assert len(below) == 16
    on_deck = [f for f in state.figures if f.crew_of == "a" and f.where == "deck"
               and f.role == "rower"][:5]
    state = replace(state, figures=tuple(replace(f, hp=0, down=True) if f in on_deck else f
                                         for f in state.figures))
    state = end_round(state, *cup())
    assert sum(1 for f in state.figures if f.crew_of == "a" and f.where == "below") == 11


def test_the_mate_keeps_the_oars_once_he_has_them():
    from ahoy_tui.rules.acks.deck import muster
    from ahoy_tui.rules.acks.flow import end_round

    a = vessel("a", kind="galley_3", column=15, row=15, facing="N")
    b = vessel("b", "p2", kind="galley_2", column=16, row=15, facing="N")
    state = lay_decks(battle(a, b))
    state = replace(state, figures=tuple(replace(f, hp=0, down=True) if f.id == "a:captain"
                                         else f for f in state.figures))
    state = muster(state)
    assert state.vessel("a").captain_down
    state = end_round(state, *cup())
    state = muster(state)
    assert not state.vessel("a").captain_down and state.vessel("a").captain.name == "the mate"


def test_a_man_hanging_from_the_hull_climbs_up_where_he_hangs():
    a = vessel("a", kind="galley_3", column=15, row=15, facing="N")
    b = vessel("b", "p2", kind="galley_2", column=16, row=15, facing="N")
    state = lay_decks(battle(a, b))
    man = next(f for f in state.figures if f.crew_of == "a" and f.role == "marine")
    state = replace(state, figures=tuple(replace(f, on="b", where="hanging", x=3, y=0)
                                         if f.id == man.id else f for f in state.figures))
    with forced(14):                                # the sheer hull: 14
        dice, events = cup()
        state = in_the_water(state, {"a"}, dice, events)
    up = state.figure(man.id)
    assert up.where == "deck" and up.on == "b" and (up.x, up.y) == (3, 0)


def test_a_winch_drawing_a_vessel_knocks_a_ramp_loose():
    from ahoy_tui.rules.acks.grappling import draw_together
    from ahoy_tui.rules.acks.model import Bridge

    a = vessel("a", kind="galley_3", column=15, row=15, facing="N")
    b = vessel("b", "p2", kind="galley_2", column=17, row=15, facing="N")
    state = battle(a, b, bridges=(Bridge("a", "b", 3, 0, fast=False, kind="ramp"),))
    dice, events = cup()
    state = draw_together(state, "a", "b", dice, events, "Firing and Winching a Heavy "
                          "Harpoon Ballista", "the winch")
    assert state.bridges == ()


def test_her_men_out_of_reach_run_to_the_fire_to_fight_it_next_round():
    state = pots_alongside()
    fire = Fire("b:fire1.4", "b", 3, 1, "1d6", 4)       # aft, far from her men forward
    state = crews_on(state, 3, "b", fires=(fire,))
    assert not pitch.fire_fighters_near(state, fire)
    assert FightFire("p2", "b", fire.id) in choices(state)
    state, events = apply_action(state, FightFire("p2", "b", fire.id))
    near = [f for f in pitch.fire_fighters_near(state, fire) if f.crew_of == "b"]
    assert near and all(f.moved == f.running_ft for f in near)
    assert state.fires[0].fought == 0                  # running there is their round
    assert "0 of B's men fight the fire" in " ".join(said(events))


def test_the_prompt_says_she_is_aflame_and_her_men_may_fight_the_fire():
    from ahoy_tui.rules.acks.prompt import prompt

    state = pots_alongside()
    fire = Fire("b:fire1.4", "b", 15, 1, "1d6", 4)
    state = crews_on(state, 3, "b", fires=(fire,))
    assert "B is aflame: her men may fight the fire" in prompt(state)
    state, _ = apply_action(state, FightFire("p2", "b", fire.id))
    assert "aflame" not in prompt(state)
