"""Monster and Character Movement: in the open sea a monster swims three times its speed (the
seed's sea monster example), into any hex; its attacks on a vessel's hull and crew."""

from __future__ import annotations

from ahoy_tui.engine.dice import forced
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.hexgrid import distance
from ahoy_tui.rules.acks import helm
from ahoy_tui.rules.acks.actions import Attack, Declare, Swim
from ahoy_tui.rules.acks.flow import roll_initiative
from ahoy_tui.rules.acks.legal import choices
from ahoy_tui.rules.acks.model import Declared, Phase, Status, Wind

from .helpers import at, battle, cup, monster, on_count, play, said, vessel


def test_the_sea_monster_charges_270_and_on_a_natural_four_swims_five_hexes():
    """The seed's example: swimming 30'/90', on open ocean it may charge 270' (4.5 hexes);
    an unmodified 4 for initiative rounds the half hex up: 5 hexes, to Phaedra's stern."""
    serpent = monster(column=15, row=8)
    assert helm.max_speed(serpent, "swim", Wind()) == 270
    phaedra = vessel("phaedra", kind="galley_5", column=15, row=13, facing="N")
    assert min(distance(serpent.body.bow, h) for h in phaedra.hexes) == 5
    serpent = replace(serpent, declared=Declared("swim", 270))
    state = replace(battle(phaedra, serpent), phase=Phase.DECLARE)
    state = replace(state, vessels=(replace(phaedra, declared=Declared("oar", 0)), serpent))
    with forced(1, 1, 4):            # Phaedra's captain, her deck crew, the monster
        dice, _ = cup()
        state = roll_initiative(state, dice, [])
    assert state.vessel("serpent").hexes_due == 5
    state = replace(state, count=4, to_act="p2")
    for _ in range(4):
        state, _ = play(state, Swim("p2", "serpent", 3))
    assert min(distance(state.vessel("serpent").body.bow, h) for h in phaedra.hexes) == 1
    assert Attack("p2", "serpent", "phaedra", "hull") in choices(state)


def test_a_monster_swims_into_any_hex_and_may_share_a_vessels():
    serpent = replace(monster(column=15, row=18), declared=Declared("swim", 270),
                      hexes_due=2)
    ship = vessel("a", "p1", kind="galley_3", column=15, row=20)
    state = on_count(battle(ship, serpent), "serpent")
    assert {c.facing for c in choices(state) if isinstance(c, Swim)} == set(range(6))
    state, _ = play(state, Swim("p2", "serpent", 3))
    state, _ = play(state, Swim("p2", "serpent", 3))
    assert state.vessel("serpent").body.bow == at(15, 20)      # in the galley's bow hex
    assert Attack("p2", "serpent", "a", "hull") in choices(state)


def test_a_gigantic_monster_deals_its_whole_bite_to_the_hull():
    serpent = replace(monster(column=15, row=18), hexes_due=0, moving=True)
    ship = vessel("a", "p1", kind="galley_3", column=15, row=20)
    state = on_count(battle(ship, serpent), "serpent")
    state, _ = play(state, Attack("p2", "serpent", "a", "hull"), 4, 10, 10, 10)
    assert state.vessel("a").shp == 55 - 30
    state, _ = play(on_count(state, "serpent"), Attack("p2", "serpent", "a", "hull"), 3)
    assert state.vessel("a").shp == 55 - 30                      # 3 + 8 < 12


def test_an_attack_on_the_crew_takes_men_off_the_deck():
    serpent = replace(monster(column=15, row=19), hexes_due=0)
    ship = vessel("a", "p1", kind="galley_3", column=15, row=20)
    state = on_count(battle(ship, serpent), "serpent")
    state, events = play(state, Attack("p2", "serpent", "a", "crew"), 10, 3)
    assert state.vessel("a").crew == 30 - 3
    assert any("takes 3 men" in t for t in said(events))


def test_a_monster_is_slain_at_zero_hit_points_and_may_be_declared_submerged():
    serpent = monster(column=15, row=10)
    state = battle(vessel("a"), serpent)
    state = replace(state, to_act="p2", vessels=(replace(state.vessels[0],
                                                         declared=Declared("oar", 0)),
                                                 serpent))
    assert Declare("p2", "serpent", "swim", 90, submerged=True) in choices(state)
    from ahoy_tui.rules.acks.damage import hurt

    dice, events = cup()
    after = hurt(state, "serpent", 60, "p1", "test", dice, events, "Artillery")
    assert after.vessel("serpent").status is Status.SLAIN


def test_a_rammed_monster_halts_for_the_round_but_may_still_bite():
    serpent = replace(monster(column=15, row=20), declared=Declared("swim", 270), hexes_due=5,
                      halted=True)
    ship = vessel("a", "p1", kind="galley_3", column=15, row=21)
    state = on_count(battle(ship, serpent), "serpent")
    kinds = {type(c).__name__ for c in choices(state)}
    assert "Swim" not in kinds and "Attack" in kinds
