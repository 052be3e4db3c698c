"""Fire Pot Poles and Pitch: fire pots dumped from the bow (4d6 to the vessel, a Blast save for
half to each man in the 15' puddle), artillery pitch, the fire burning again on its count each
round, and 15 full-round actions in or within 5' of it putting it out, each fire on its own."""

from __future__ import annotations

import pytest

from ahoy_tui.engine.dice import forced
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.acks import pitch
from ahoy_tui.rules.acks.deck import muster_men
from ahoy_tui.rules.acks.model import Figure, Fire, Status
from ahoy_tui.rules.tabledata import DataError

from .helpers import battle, cup, monster, rolls, said, vessel

PITCH = "Fire Pot Poles and Pitch"


def man(fid: str, x: int, y: int, hp: int = 30, side: str = "p2", on: str = "b",
        **fields) -> Figure:
    """A level-0 fighter (Blast 16+) on ``on``'s deck at (x, y)."""
    return Figure(fid, side, fid, on, "marine", on, x, y, hp=hp, hp_max=hp, **fields)


def pots_battle(*figures: Figure, **fields):
    """Galley a (p1, a fire pot pole on her bow) with her bow beside galley b (p2; 18 x 3
    squares, 25 shp)."""
    a = vessel("a", "p1", "galley_3", column=15, row=20, facing="N", gear=("fire_pot_pole",))
    b = vessel("b", "p2", "galley_2", column=15, row=19, facing="S")
    return battle(a, b, figures=figures, **fields)


def test_the_pots_burn_the_vessel_by_4d6_and_a_man_in_the_puddle_saves_for_half():
    state = pots_battle(man("b:1", 10, 1), man("b:2", 11, 2), man("b:3", 12, 1),
                        man("b:4", 8, 1))
    with forced(6, 5, 4, 3, 10, 16):     # 4d6 = 18; b:1 fails (10 < 16), b:2 saves (16)
        dice, events = cup()
        state = pitch.dump_fire_pots(state, "a", "b", 10, 1, 7, dice, events)
    b = state.vessel("b")
    assert b.shp == 25 - 18 and state.damage_dealt == (18, 0)
    assert state.figure("b:1").hp == 30 - 18            # failed: the whole 4d6
    assert state.figure("b:2").hp == 30 - 9             # saved: half, rounded down
    assert state.figure("b:3").hp == 30                 # two squares off: outside
    assert state.figure("b:4").hp == 30
    assert state.fires == (Fire(state.fires[0].id, "b", 10, 1, "4d6", 7),)
    made = rolls(events)
    assert [r.dice for r in made] == ["4D6", "D20", "D20"]
    assert all(r.rule == PITCH for r in made)
    assert [r.outcome for r in made[1:]] == ["burned", "saved: half"]
    assert "fire damage" in made[0].purpose and "Blast save" in made[1].purpose
    assert any("aflame" in t for t in said(events, "fire"))


def test_the_pots_odd_half_rounds_down_and_a_man_at_0_hp_is_down():
    state = pots_battle(man("b:1", 0, 0, hp=4), man("b:2", 1, 1, hp=10))
    with forced(1, 1, 2, 3, 2, 20):      # 7: b:1 burns to 0; b:2 saves, 3
        dice, events = cup()
        state = pitch.dump_fire_pots(state, "a", "b", 0, 0, 3, dice, events)
    assert state.figure("b:1").down and state.figure("b:1").hp == 0
    assert state.figure("b:2").hp == 10 - 3 and not state.figure("b:2").down


def test_the_puddle_is_clipped_to_the_deck_and_men_below_are_not_in_it():
    state = pots_battle(man("b:1", 0, 0, where="below"))
    fire = Fire("f", "b", 0, 0, "4d6", 7)
    assert pitch.area(state, fire) == {(0, 0), (0, 1), (1, 0), (1, 1)}
    assert pitch.area(state, replace(fire, x=5, y=1)) == {(x, y) for x in (4, 5, 6)
                                                            for y in (0, 1, 2)}
    assert pitch.caught(state, fire) == []


def test_the_pots_reach_a_vessel_beside_her_bow_and_aim_inboard_of_her_rail():
    state = pots_battle()
    a = state.vessel("a")
    assert [v.id for v in pitch.dump_targets(state, a)] == ["b"]
    assert pitch.dump_targets(state, replace(a, gear=())) == []
    far = replace(state.vessel("b"), body=vessel("b", "p2", "galley_2", column=15, row=16,
                                                 facing="S").body)
    assert pitch.dump_targets(replace(state, vessels=(a, far)), a) == []
    x, y = pitch.aim_square(state, "a", "b")
    assert (x, y) == (16, 1)            # her bow's rail square (17, 0), one square in
    assert len(pitch.area(state, Fire("f", "b", x, y, "4d6", 1))) == 9


def test_a_laid_deck_needs_a_man_of_hers_standing_to_work_the_pole():
    state = pots_battle(man("a:1", 25, 1, side="p1", on="a", down=True))
    assert pitch.dump_targets(state, state.vessel("a")) == []
    state = replace(state, figures=(man("a:1", 25, 1, side="p1", on="a"),))
    assert [v.id for v in pitch.dump_targets(state, state.vessel("a"))] == ["b"]


@pytest.mark.parametrize(("kind", "expr"), [("light_catapult", "3d6"),
                                            ("medium_catapult", "4d6"),
                                            ("heavy_catapult", "5d6")])
def test_catapults_throw_pitch_of_3d6_to_5d6(kind, expr):
    assert pitch.pitch_dice(kind) == expr and pitch.throws_pitch(kind)


def test_a_ballista_throws_no_pitch():
    assert not pitch.throws_pitch("heavy_ballista")
    with pytest.raises(DataError, match=r"pitch\.toml"):
        pitch.pitch_dice("heavy_ballista")


def test_artillery_pitch_burns_by_its_own_dice_and_sets_her_aflame():
    state = pots_battle(man("b:1", 5, 1))
    with forced(6, 6, 6, 6, 6, 4, 3):    # 5d6 = 30 (she sinks in a d10: 4); b:1 fails
        dice, events = cup()
        state = pitch.ignite(state, "b", 5, 1, pitch.pitch_dice("heavy_catapult"), 4, "p1",
                             dice, events)
    assert state.vessel("b").shp == 0 and state.vessel("b").status is Status.SINKING
    assert state.figure("b:1").hp == 0 and state.figure("b:1").down
    assert state.fires[0].dice == "5d6" and state.fires[0].count == 4
    assert rolls(events)[0].dice == "5D6" and state.vessel("b").sinks_in == 4


def test_pitch_off_her_deck_or_on_a_monster_is_refused():
    state = pots_battle()
    dice, events = cup()
    with pytest.raises(ValueError, match="not on"):
        pitch.ignite(state, "b", 18, 1, "3d6", 4, "p1", dice, events)
    state = battle(*state.vessels, monster())
    with pytest.raises(ValueError, match="no deck"):
        pitch.ignite(state, "serpent", 0, 0, "3d6", 4, "p1", dice, events)
    assert events == []


def test_the_fire_burns_again_on_its_count_next_round_and_not_on_another():
    state = pots_battle(man("b:1", 10, 2), man("b:2", 10, 0))
    with forced(1, 1, 1, 1, 1, 1):       # 4; both fail
        dice, events = cup()
        state = pitch.dump_fire_pots(state, "a", "b", 10, 1, 7, dice, events)
    assert state.vessel("b").shp == 21
    state = replace(state, round=2)
    with forced():
        dice, events = cup()
        assert pitch.burn(state, 6, dice, events) == state and events == []
    with forced(2, 2, 2, 2, 16, 5):      # 8: b:1 saves (4), b:2 fails (8)
        dice, events = cup()
        state = pitch.burn(state, 7, dice, events)
    assert state.vessel("b").shp == 21 - 8
    assert state.figure("b:1").hp == 30 - 4 - 4 and state.figure("b:2").hp == 30 - 4 - 8
    assert state.damage_dealt == (12, 0)     # her fire is credited to her enemy
    assert len(state.fires) == 1
    assert all(r.rule == PITCH for r in rolls(events))


def test_a_fire_on_a_sunk_vessel_goes_down_with_her():
    state = pots_battle(fires=(Fire("f", "b", 5, 1, "4d6", 7),))
    state = replace(state, vessels=(state.vessels[0], replace(state.vessel("b"),
                                                              status=Status.SUNK)))
    with forced():
        dice, events = cup()
        state = pitch.burn(state, 7, dice, events)
    assert state.fires == ()


def crew_round_the_fire(state, fire, n=5):
    """``n`` men of b's crew (muster_men) in or within 5' of the fire at (5, 1)."""
    spots = [(3, 0), (4, 1), (5, 2), (6, 0), (7, 2)]
    men = [m for m in muster_men(state.vessel("b")) if m.role != "captain"][:n]
    return replace(state, figures=tuple(replace(m, x=x, y=y, where="deck")
                                        for m, (x, y) in zip(men, spots, strict=False)))


def test_fifteen_full_round_actions_put_it_out_and_fourteen_do_not():
    fire = Fire("f", "b", 5, 1, "4d6", 7)
    state = crew_round_the_fire(pots_battle(fires=(fire,)), fire)
    men = [f.id for f in state.figures]
    assert [f.id for f in pitch.fire_fighters_near(state, fire)] == sorted(men)
    events = []
    for turn in range(3):                       # 5 men x 3 rounds
        for i, fid in enumerate(men):
            state = pitch.fight_fire(state, fid, "f", events)
            if turn == 2 and i == 3:
                assert state.fires == (replace(fire, fought=14),)   # 14: still burning
    assert state.fires == ()
    assert "put out" in said(events, "fire")[-1]


def test_only_a_man_in_or_within_5_feet_may_fight_it():
    fire = Fire("f", "b", 5, 1, "4d6", 7)
    state = pots_battle(man("b:1", 7, 2), man("b:2", 8, 1), man("b:3", 5, 1, down=True),
                        fires=(fire,))
    assert [f.id for f in pitch.fire_fighters_near(state, fire)] == ["b:1"]
    assert pitch.fires_in_reach(state, state.figure("b:1")) == [fire]
    assert pitch.fires_in_reach(state, state.figure("b:2")) == []
    with pytest.raises(ValueError, match="within 5'"):
        pitch.fight_fire(state, "b:2", "f")


def test_two_fires_are_put_out_separately():
    one = Fire("one", "b", 5, 1, "4d6", 7)
    two = Fire("two", "b", 6, 1, "3d6", 4)
    state = crew_round_the_fire(pots_battle(fires=(one, two)), one)
    men = [f.id for f in state.figures]
    assert [len(pitch.fires_in_reach(state, state.figure(m))) for m in men] == [1, 2, 2, 2, 2]
    for _ in range(3):
        for fid in men:
            state = pitch.fight_fire(state, fid, "one")
    assert state.fires == (two,)                 # the other still burns, untouched
    with forced(1, 1, 1):
        dice, events = cup()
        state = pitch.burn(state, 4, dice, events)
    assert state.vessel("b").shp == 25 - 3


def test_two_dumps_on_one_count_are_two_fires():
    state = pots_battle()
    with forced(1, 1, 1, 1, 1, 1, 1, 1):
        dice, events = cup()
        state = pitch.dump_fire_pots(state, "a", "b", 5, 1, 7, dice, events)
        state = pitch.dump_fire_pots(state, "a", "b", 12, 1, 7, dice, events)
    assert len({f.id for f in state.fires}) == 2
