"""Advanced – Ordnance: Chainshot, Grapeshot, Gun Turrets and Swivel Guns, with forced dice.

The usual position (as in test_shooting.py): the Frigate (p1, Medium, anchored at (20, 24)
heading north) fires her starboard gun due east along y = 24 from the muzzle at x = 21.75. The
Prize (p2, Medium: 13" by 3.5") lies across that line, heading north.
"""

from __future__ import annotations

import attrs
import pytest
from kit import act, happened, new_game, play, rolls, ship, state, to_movement

from ahoy_tui.engine import Game, IllegalAction
from ahoy_tui.engine.serialize import action_from_data
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.combat import to_wound_needed
from ahoy_tui.rules.ahoy.model import Crewman, Phase, Task, replace_crew, update_ship
from ahoy_tui.rules.ahoy.tables import tables
from ahoy_tui.rules.ahoy.templates import deck_share, in_arc, teardrop, under_teardrop

MUZZLE = (21.75, 24.0)
EAST = (1.0, 0.0)


def frigate(guns=(("naval_cannon", "starboard"),), facing=None, **extra):
    data = {"size": "medium", "x": 20, "y": 24, "heading": "N", "speed": 0, "anchored": True,
            "crew": {"sailor": 12}, **extra}
    out = ship("frigate", "p1", guns=list(guns), **data)
    if facing is not None:
        out["guns"][0]["facing"] = facing
    return out


def prize(x=40, y=24, crew=None, **extra):
    data = {"size": "medium", "x": x, "y": y, "heading": "N", "speed": 0, "anchored": True,
            "crew": crew or {"sailor": 10}, "captain": False, **extra}
    return ship("prize", "p2", **data)


def shooting(*ships):
    game = new_game(*ships)
    to_movement(game)
    assert state(game).phase == Phase.SHOOTING
    return game


def with_state(game: Game, new) -> Game:
    return Game(game.ruleset, game.scenario, game.seed, game.options, new, ())


def refused(game, action):
    with pytest.raises(IllegalAction) as info:
        game.play(action)
    return info.value.rule, str(info.value)


def swimmer(game, side, x, y, n=1):
    """Put ``n`` of a side's idle sailors in the water at (x, y)."""
    s = state(game)
    home = "frigate" if side == "p1" else "prize"
    men = [c for c in s.crew if c.ship == home and c.task == Task.IDLE][:n]
    if len(men) < n:
        men = [c for c in s.crew if c.ship == home][-n:]
    s = replace_crew(s, {m.id: attrs.evolve(m, aboard=None, task=Task.SWIMMING, gun=None,
                                           x=x, y=y) for m in men})
    return with_state(game, s), [m.id for m in men]


def sp(game, who="prize"):
    return state(game).ship(who).sp


# --- Chainshot --------------------------------------------------------------------------------


def test_chainshot_guess_is_capped_at_12_inches_and_roundshot_is_not():
    game = shooting(frigate(), prize())
    ranges = {r.template.shot: r for r in game.legal_actions().ranges}
    assert (ranges["chain"].template, ranges["chain"].high) == (
        a.FireGun("frigate", "g1", 1, "chain"), 12)
    assert ranges["ball"].high == 48
    rule, text = refused(game, a.FireGun("frigate", "g1", 13, "chain"))
    assert rule == "Chainshot" and "12" in text


def test_chainshot_adds_one_to_the_damage():
    game = shooting(frigate(), prize())
    need = to_wound_needed(9, 8)
    assert need == 3
    # guess 12 + 6 lands 18" out, on the Prize (16.5" to 20"); 5 damages; D3 (4 -> 2) + 1.
    events = play(game, a.FireGun("frigate", "g1", 12, "chain"), 6, 5, 4)
    assert sp(game) == 20 - 3
    assert any("chainshot" in r.purpose for r in rolls(events))


def test_roundshot_does_not_add_the_chainshot_damage():
    game = shooting(frigate(), prize())
    play(game, a.FireGun("frigate", "g1", 12), 6, 5, 4)
    assert sp(game) == 20 - 2


def test_chainshot_at_point_blank_keeps_the_point_blank_bonus_too():
    game = shooting(frigate(), prize(x=30))
    assert a.FireGun("frigate", "g1", 0, "chain") in game.legal_actions()
    events = act(game, a.FireGun("frigate", "g1", 0, "chain"), 4, 3, 4)  # D3 2 +1 pb +1 chain
    assert sp(game) == 20 - 4
    # the damage roll's line names both points added, so 2 + 1 + 1 = 4 can be read off the log
    (roll,) = [r for r in rolls(events) if r.purpose.startswith("damage")]
    assert "+1 point blank" in roll.purpose and "+1 chainshot" in roll.purpose
    # and the roll to damage shows the die with point blank's +1 added to it
    (to_damage,) = [r for r in rolls(events) if r.purpose.startswith("to damage")]
    assert ": D6 3+1 = 4 vs " in to_damage.describe()


@pytest.mark.parametrize("critical", [4, 5, 6])
def test_chainshot_criticals_above_four_count_as_four_dismasted(critical):
    game = shooting(frigate(), prize())
    # hit, natural 6 to damage, D3 (2 -> 1) + 1; critical roll; Dismasted: D6 models hit (1),
    # to wound S3 v T3 (1: no wound), damage D3+1 (2 -> 1 + 1).
    events = act(game, a.FireGun("frigate", "g1", 12, "chain"), 6, 6, 2, critical, 1, 1, 2)
    (crit,) = happened(events, "critical")
    assert "Dismasted" in crit.text
    assert state(game).ship("prize").dismasted
    assert sp(game) == 20 - 2 - 2


def test_roundshot_criticals_are_not_capped():
    game = shooting(frigate(), prize())
    events = act(game, a.FireGun("frigate", "g1", 12), 6, 6, 2, 6, 1)  # D3+1 fires
    (crit,) = happened(events, "critical")
    assert "Fire in the Hold" in crit.text


@pytest.mark.parametrize("propulsion", ["oar", "steam"])
def test_chainshot_may_not_be_used_against_oar_or_steam_ships(propulsion):
    game = shooting(frigate(), prize())
    game = with_state(game, update_ship(state(game), "prize", propulsion=propulsion))
    assert not any(r.template.shot == "chain" for r in game.legal_actions().ranges)
    assert any(r.template.shot == "ball" for r in game.legal_actions().ranges)
    rule, text = refused(game, a.FireGun("frigate", "g1", 10, "chain"))
    assert rule == "Chainshot" and "oar or steam" in text


def test_which_guns_may_load_chain_and_grape_is_data():
    assert set(tables().gun("naval_cannon").shots) == {"ball", "chain", "grape"}
    assert set(tables().gun("heavy_naval_cannon").shots) == {"ball", "chain", "grape"}
    assert set(tables().gun("carronade").shots) == {"ball", "grape"}
    game = shooting(frigate(guns=[("carronade", "starboard")]), prize())
    rule, text = refused(game, a.FireGun("frigate", "g1", 10, "chain"))
    assert rule == "Chainshot" and "carronade" in text


def test_a_fire_gun_action_without_a_shot_loads_as_roundshot():
    action = action_from_data({"type": "fire_gun", "ship": "frigate", "gun": "g1", "guess": 5},
                              a.Action)
    assert action == a.FireGun("frigate", "g1", 5, "ball")


# --- Grapeshot --------------------------------------------------------------------------------


def test_the_teardrop_is_8_inches_long_narrow_at_the_muzzle_3_wide_at_the_far_end():
    inside = under_teardrop(MUZZLE, EAST)
    assert inside((21.75 + 7.9, 24 + 1.45))
    assert not inside((21.75 + 8.2, 24))
    assert not inside((21.75 + 1, 24 + 0.3))  # narrow near the muzzle
    assert inside((21.75 + 4, 24 + 0.7))      # 1.5" wide half way
    assert not inside((21.75 + 4, 24 + 0.8))
    corners = teardrop(MUZZLE, EAST)
    assert corners[1] == pytest.approx((29.75, 25.5))


def test_grapeshot_hits_a_share_of_the_crew_by_the_deck_covered_and_the_blast_hits_the_ship():
    game = shooting(frigate(), prize(x=26))
    share = deck_share(state(game).ship("prize"), under_teardrop(MUZZLE, EAST))
    assert share == pytest.approx(8 / 60)  # ceil(10 * 8/60) = 2 of her 10 men
    assert a.FireGun("frigate", "g1", 0, "grape") in game.legal_actions()
    # artillery 2: fires; man 1 hit (3) and wounded (2, S6 v T3: no save); man 2 missed (2);
    # the blast: to damage 3 (S9 v T8), D3 (4 -> 2), no point blank bonus.
    events = play(game, a.FireGun("frigate", "g1", 0, "grape"), 2, 3, 2, 2, 3, 4)
    crew = [c for c in state(game).crew if c.ship == "prize"]
    assert len(crew) == 9
    assert len(happened(events, "slain")) == 1
    assert sp(game) == 20 - 2


def test_grapeshot_needs_3_plus_to_hit_each_model():
    game = shooting(frigate(), prize(x=26))
    play(game, a.FireGun("frigate", "g1", 0, "grape"), 2, 2, 2, 1)  # both missed, blast 1
    assert len([c for c in state(game).crew if c.ship == "prize"]) == 10
    assert sp(game) == 20


def test_grapeshot_hits_swimmers_under_it_friend_and_foe():
    game = shooting(frigate(), prize(x=40))
    game, friends = swimmer(game, "p1", 25, 24)
    game, foes = swimmer(game, "p2", 27, 24.5)
    game, _ = swimmer(game, "p2", 27, 27)  # beside the template: not hit
    assert a.FireGun("frigate", "g1", 0, "grape") in game.legal_actions()
    events = play(game, a.FireGun("frigate", "g1", 0, "grape"), 4, 6, 2, 6, 2)
    ids = {c.id for c in state(game).crew}
    assert friends[0] not in ids and foes[0] not in ids
    assert len([r for r in rolls(events) if r.purpose.startswith("grapeshot at")]) == 2


def test_the_blast_hits_a_friendly_ship_whose_deck_it_covers():
    sloop = ship("sloop", "p1", size="medium", x=26, y=24, heading="N", speed=0, anchored=True,
                 crew={"sailor": 6}, captain=False)
    game = new_game(frigate(), sloop, prize(x=40))
    game, _ = swimmer(game, "p2", 23, 24)  # between the frigate's muzzle and the sloop
    to_movement(game)
    assert a.FireGun("frigate", "g1", 0, "grape") in game.legal_actions()
    # the swimmer (missed: 1), one of the sloop's 6 men (ceil(6 * 8/60) = 1; missed: 2), then
    # the blast on the sloop: 4 damages (S9 v T8), D3 (6 -> 3)
    play(game, a.FireGun("frigate", "g1", 0, "grape"), 2, 1, 2, 4, 6)
    assert sp(game, "sloop") == 20 - 3
    assert sp(game) == 20


def test_grapeshot_is_not_offered_with_no_enemy_under_the_template():
    game = shooting(frigate(), prize(x=40))
    assert a.FireGun("frigate", "g1", 0, "grape") not in game.legal_actions()
    rule, text = refused(game, a.FireGun("frigate", "g1", 0, "grape"))
    assert rule == "Grapeshot" and "template" in text


def test_grapeshot_misfires_on_the_cannon_misfire_table():
    game = shooting(frigate(), prize(x=26))
    play(game, a.FireGun("frigate", "g1", 0, "grape"), "misfire", 1)
    assert state(game).ship("frigate").guns[0].state.value == "destroyed"
    assert len([c for c in state(game).crew if c.ship == "prize"]) == 10


# --- Gun Turrets ------------------------------------------------------------------------------


def turret_game(facing=0.0, **prize_extra):
    return shooting(frigate(guns=[("naval_cannon", "turret")], facing=facing),
                    prize(**prize_extra))


def busy_turret_game():
    """The turret is g2; a port gun (g1) with a decoy to shoot at keeps the phase open."""
    decoy = ship("decoy", "p2", size="small", x=6, y=24, heading="N", speed=0, anchored=True)
    data = frigate(guns=[("naval_cannon", "turret"), ("naval_cannon", "port")])
    data["crew"] = {"sailor": 14}
    return shooting(data, prize(), decoy)


def test_a_turret_has_no_arc_it_fires_only_along_its_facing():
    game = turret_game()
    assert not game.legal_actions().ranges
    rule, text = refused(game, a.FireGun("frigate", "g1", 12))
    assert rule == "Gun Turrets" and "train it" in text
    assert a.TrainTurret("frigate", "g1", "prize") in game.legal_actions()


def test_training_a_turret_aligns_it_precisely_and_more_than_45_degrees_rolls():
    game = turret_game(y=30)
    events = play(game, a.TrainTurret("frigate", "g1", "prize"), 3)  # 3: turns smoothly
    gun = state(game).ship("frigate").guns[0]
    # from the turret at (20, 24) to the Prize's centre (40, 30): east, 6" south
    assert gun.facing == pytest.approx(90 + 16.699, abs=1e-3)
    assert rolls(events)[0].rule == "Gun Turrets"
    (offered,) = [r for r in game.legal_actions().ranges if r.template.shot == "ball"]
    assert offered.template == a.FireGun("frigate", "g1", 1)
    assert a.TrainTurret("frigate", "g1", "prize") not in game.legal_actions()


def test_a_turret_is_trained_only_on_an_enemy_within_its_range():
    from ahoy_tui.rules.ahoy.turrets import train_refused

    far = new_game(frigate(guns=[("naval_cannon", "turret")], x=10), prize(x=70))
    s = state(far)  # her hull is 56.5" off the frigate's: beyond the naval cannon's 48"
    gun = s.ship("frigate").guns[0]
    assert "beyond the gun's range" in train_refused(s, s.ship("frigate"), gun, s.ship("prize"))
    game = busy_turret_game()
    rule, text = refused(game, a.TrainTurret("frigate", "g1", "prize"))
    assert rule == "Gun Turrets" and "only a gun in a turret" in text
    rule, text = refused(game, a.TrainTurret("frigate", "g2", "frigate"))
    assert rule == "Gun Turrets" and "enemy ship" in text


def test_a_turn_of_45_degrees_or_less_rolls_nothing():
    game = turret_game(facing=60.0)
    play(game, a.TrainTurret("frigate", "g1", "prize"))
    assert state(game).ship("frigate").guns[0].facing == pytest.approx(90)


def test_a_jammed_turret_stays_where_it_was_and_may_not_move_but_may_fire():
    game = busy_turret_game()
    play(game, a.TrainTurret("frigate", "g2", "prize"), 2, 1)
    gun = state(game).ship("frigate").guns[1]
    assert (gun.mount, gun.facing, gun.fault) == ("turret", 0.0, "jammed")
    rule, text = refused(game, a.TrainTurret("frigate", "g2", "prize"))
    assert rule == "Gun Turrets" and "jammed" in text
    from ahoy_tui.rules.ahoy.shooting import gun_ready

    s = state(game)
    assert gun_ready(s, s.ship("frigate"), gun) is None


def test_a_slipped_elevation_sprocket_takes_d6_inches_off_the_shot():
    game = turret_game()
    play(game, a.TrainTurret("frigate", "g1", "prize"), 1, 3, 4)
    gun = state(game).ship("frigate").guns[0]
    assert (gun.facing, gun.fault, gun.range_loss) == (90.0, "slipped", 4)
    # The Prize's hull is 18.25" to 21.75" from the turret. 16 + 8 = 24 would miss; 20 hits
    # (and a 1 to damage does nothing).
    events = play(game, a.FireGun("frigate", "g1", 16), 8, 1)
    assert len(happened(events, "hit")) == 1


def test_a_slipped_shot_lands_short():
    game = turret_game()
    play(game, a.TrainTurret("frigate", "g1", "prize"), 1, 4, 4)
    events = play(game, a.FireGun("frigate", "g1", 16), 8, 5, 4)
    assert "lands at 20\"" in rolls(events)[0].outcome
    assert sp(game) == 20 - 2


def test_a_slipped_collar_lets_the_scatter_die_set_the_facing_this_turn():
    game = busy_turret_game()
    play(game, a.TrainTurret("frigate", "g2", "prize"), 2, 5, 4)
    gun = state(game).ship("frigate").guns[1]
    assert (gun.facing, gun.fault) == (180.0, "scattered")
    rule, _ = refused(game, a.TrainTurret("frigate", "g2", "prize"))
    assert rule == "Gun Turrets"


def test_the_turret_turns_with_the_ship_and_its_mishap_lasts_one_turn():
    game = turret_game()
    play(game, a.TrainTurret("frigate", "g1", "prize"), 2, 1)
    s = state(game)
    s = update_ship(s, "frigate", heading=2)  # she swings to face east
    from ahoy_tui.rules.ahoy.shooting import aim

    _origin, direction = aim(s.ship("frigate"), s.ship("frigate").guns[0])
    assert direction == pytest.approx((1.0, 0.0))  # facing 0: over her bow, now east
    from ahoy_tui.engine.dice import Dice
    from ahoy_tui.rules.ahoy.flow import begin_player_turn

    fresh = begin_player_turn(attrs.evolve(s, active="p1"), Dice(s.rng, []))
    gun = fresh.ship("frigate").guns[0]
    assert (gun.fault, gun.trained, gun.range_loss) == ("", False, 0)


def test_a_gun_at_the_default_facing_hashes_as_a_gun_did_before_turrets():
    """Saves made before turrets still verify: the new fields at their defaults are not
    hashed."""
    from ahoy_tui.engine.serialize import _digest
    from ahoy_tui.rules.ahoy.model import Gun, GunState

    @attrs.frozen
    class OldGun:  # the Gun of earlier saves, field for field
        id: str
        weapon: str
        mount: str
        along: float = 0.0
        state: GunState = GunState.READY
        silent_until: int = 0
        fired: bool = False

    OldGun.__name__ = "Gun"
    new = Gun("g1", "naval_cannon", "port", 1.5)
    assert _digest(new) == _digest(OldGun("g1", "naval_cannon", "port", 1.5))
    assert _digest(attrs.evolve(new, facing=90.0)) != _digest(new)


# --- Swivel Guns ------------------------------------------------------------------------------


def swivel_game(**prize_extra):
    return shooting(frigate(guns=[("swivel_gun", "starboard")]), prize(**prize_extra))


def test_the_swivel_gun_profile():
    gun = tables().gun("swivel_gun")
    assert (gun.kind, gun.range, gun.arc, gun.strength, gun.to_hit, gun.save_modifier) == (
        "swivel", 6, 90, 3, 4, 1)


def test_a_swivel_hits_models_in_range_and_arc_on_4_plus_and_the_ship_takes_no_damage():
    game = swivel_game(x=26, crew={"sailor": 2})
    assert deck_share(state(game).ship("prize"), in_arc(MUZZLE, EAST, 6, 90)) == 0.5
    assert a.FireGun("frigate", "g1", 0) in game.legal_actions()
    # one of her two men is exposed: hit on 4, wounded on 4 (S3 v T3), no save
    events = play(game, a.FireGun("frigate", "g1", 0), 6, 4, 4)
    assert len([c for c in state(game).crew if c.ship == "prize"]) == 1
    assert sp(game) == 20
    assert rolls(events)[1].need == "4+"


def test_a_swivel_misses_on_3():
    game = swivel_game(x=26, crew={"sailor": 2})
    play(game, a.FireGun("frigate", "g1", 0), 6, 3)
    assert len([c for c in state(game).crew if c.ship == "prize"]) == 2


def test_swivel_saves_are_at_minus_one_black_powder():
    game = swivel_game(x=26, crew={"sailor": 2})
    s = state(game)
    man = [c for c in s.crew if c.ship == "prize"]
    s = replace_crew(s, {c.id: attrs.evolve(c, armour="heavy") for c in man})
    game = with_state(game, s)
    # heavy armour saves on 5+; at -1 a 5 fails
    events = play(game, a.FireGun("frigate", "g1", 0), 6, 4, 4, 5)
    assert rolls(events)[-1].need == "6+"
    assert len([c for c in state(game).crew if c.ship == "prize"]) == 1


def test_a_swivel_hits_swimmers_in_its_arc():
    game = new_game(frigate(guns=[("swivel_gun", "starboard")]), prize(x=40))
    game, foes = swimmer(game, "p2", 25, 25)
    to_movement(game)
    assert state(game).phase == Phase.SHOOTING
    assert a.FireGun("frigate", "g1", 0) in game.legal_actions()
    play(game, a.FireGun("frigate", "g1", 0), 2, 6, 6)
    assert foes[0] not in {c.id for c in state(game).crew}


def test_nothing_in_the_arc_no_swivel_shot():
    # The Prize's hull is 31.5" to 44.5" south: out of the arc and range. A port gun and a
    # decoy keep the shooting phase open.
    decoy = ship("decoy", "p2", size="small", x=6, y=24, heading="N", speed=0, anchored=True)
    game = shooting(frigate(guns=[("swivel_gun", "starboard"), ("naval_cannon", "port")]),
                    prize(x=26, y=38), decoy)
    assert a.FireGun("frigate", "g1", 0) not in game.legal_actions()
    assert a.FireGun("frigate", "g2", 0) not in game.legal_actions()  # g1: the port gun
    rule, text = refused(game, a.FireGun("frigate", "g2", 0))
    assert rule == "Swivel Guns" and "arc" in text


def test_a_swivel_misfire_uses_the_cannon_misfire_table():
    game = swivel_game(x=26)
    play(game, a.FireGun("frigate", "g1", 0), "misfire", 3)
    gun = state(game).ship("frigate").guns[0]
    assert gun.state.value == "malfunction"


def test_the_models_are_counted_per_ship_then_swimmers():
    game = swivel_game(x=26, crew={"sailor": 4})
    s = state(game)
    from ahoy_tui.rules.ahoy.templates import models_under

    under = models_under(s, in_arc(MUZZLE, EAST, 6, 90), reach_from=MUZZLE, reach=6,
                         skip="frigate")
    assert [(v.id if v else None, len(m)) for v, m in under] == [("prize", 2)]
    assert all(isinstance(m, Crewman) for _, men in under for m in men)


# --- on the map and the record card -----------------------------------------------------------


def test_the_record_card_shows_a_turrets_facing_and_its_mishap():
    from ahoy_tui.rules.ahoy.view import card

    game = turret_game()
    play(game, a.TrainTurret("frigate", "g1", "prize"), 1, 3, 2)
    (line,) = card(state(game), state(game).ship("frigate")).guns
    assert (line.mount, line.facing) == ("turret", "090° slipped")


def test_the_map_draws_a_turrets_line_along_its_facing():
    from ahoy_tui.rules.ahoy.view import scene

    game = turret_game(y=30)
    play(game, a.TrainTurret("frigate", "g1", "prize"), 4)
    (line,) = [x for x in scene(state(game), "frigate").lines if x.kind == "fire"]
    assert line.direction == pytest.approx((0.9578, 0.2873), abs=1e-3)


def test_the_map_previews_the_grapeshot_template_and_the_swivel_arc():
    from ahoy_tui.rules.ahoy.view import scene

    game = shooting(frigate(guns=[("swivel_gun", "port"), ("naval_cannon", "starboard")]),
                    prize(x=26))
    areas = scene(state(game), "frigate").areas
    assert [(x.kind, x.gun) for x in areas] == [("swivel", "g1"), ("grape", "g2")]
    assert areas[1].outline == teardrop(MUZZLE, EAST)
    assert not scene(state(game), "prize").areas  # her guns: none


def test_the_shot_is_named_in_the_choice():
    from ahoy_tui.rules.ahoy.prompt import describe

    game = shooting(frigate(), prize(x=26))
    s = state(game)
    assert describe(s, a.FireGun("frigate", "g1", 0, "grape")) == \
        "Frigate: fire the starboard cannon with grapeshot (template)"
    assert describe(s, a.FireGun("frigate", "g1", 0, "chain")) == \
        "Frigate: fire the starboard cannon with chainshot at point blank"
    assert describe(s, a.TrainTurret("frigate", "g1", "prize")) == \
        "Frigate: train the turret g1 on the Prize"


def test_the_quick_grapeshot_check_agrees_with_the_models_under_the_template():
    """grape_exposed takes short cuts (it is asked for every gun whenever shots are listed);
    over every position of some random battles it must say what models_under says."""
    import random

    from ahoy_tui.engine import Game, apply, legal_actions
    from ahoy_tui.rules.ahoy.shooting import aim
    from ahoy_tui.rules.ahoy.tables import tables
    from ahoy_tui.rules.ahoy.templates import grape_exposed, models_under, under_teardrop

    reach = tables().table("grapeshot")["length"]
    compared = exposed = 0
    for seed in range(3):
        state = Game.new("ahoy", "squadron", seed=seed).state
        rng = random.Random(seed)
        while not state.over:
            for firer in state.ships:
                if not firer.on_table:
                    continue
                for gun in firer.guns:
                    origin, direction = aim(firer, gun)
                    exact = any(c.side != firer.side for _, men in models_under(
                        state, under_teardrop(origin, direction), reach_from=origin,
                        reach=reach, skip=firer.id) for c in men)
                    assert grape_exposed(state, firer, origin, direction) == exact
                    compared += 1
                    exposed += exact
            legal = legal_actions(state)
            state, _ = apply(state, rng.choice(list(legal)), legal=legal)
    assert compared > 1000 and exposed > 0
