"""The decks laid alongside, boarding bridges and ramps, the fight on deck and a vessel taken,
with forced dice (Boarding by Boarding Bridge, by Boarding Ramp; the seed's boarding actions)."""

from __future__ import annotations

from ahoy_tui.engine.dice import forced
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.acks import boarding, crossing, helm, melee
from ahoy_tui.rules.acks.actions import Board, Fight, LowerBridge, RaiseBridge
from ahoy_tui.rules.acks.deck import deck_size, lay_decks, muster, steering_oars
from ahoy_tui.rules.acks.fire import volley
from ahoy_tui.rules.acks.flow import end_round
from ahoy_tui.rules.acks.legal import deck_choices
from ahoy_tui.rules.acks.model import Actor, Bridge, Phase, Status

from .helpers import battle, cup, said, vessel


def alongside(marines: int = 40, **fields):
    """A 3-rower with a boarding bridge (west) beside a large merchantman (east), both
    facing north, her bow beside the merchantman's."""
    a = vessel("a", kind="galley_3", column=15, row=15, facing="N",
               gear=("boarding_bridge", "boarding_ramp"), marines=marines)
    b = vessel("b", "p2", kind="sailing_ship_large", column=16, row=15, facing="N",
               sails=True, marines=10)
    return lay_decks(battle(a, b, phase=Phase.COUNTS, **fields))


def test_a_deck_is_laid_when_an_enemy_comes_alongside_and_not_before():
    far = battle(vessel("a", column=5, row=5), vessel("b", "p2", column=20, row=20))
    assert lay_decks(far).figures == ()
    state = alongside()
    a = state.vessel("a")
    men = [f for f in state.figures if f.crew_of == "a"]
    # her captain, her 40 marines and her 15 sailors
    assert len(men) == 1 + 40 + 15
    captain = next(f for f in men if f.role == "captain")
    assert (captain.x, captain.y) == steering_oars(a) == (0, 2)
    length, width = deck_size(a)
    assert (length, width) == (26, 4)            # 130' x 18.5' at 5' squares
    assert all(0 <= f.x < length and 0 <= f.y < width for f in men)
    assert len({(f.x, f.y) for f in men if f.where == "deck"}) == len(
        [f for f in men if f.where == "deck"])  # one man a square
    # the counts stand: muster changes nothing while everyone is home
    assert muster(state).vessel("a") == a


def test_the_bridge_is_lowered_only_with_the_bow_beside_an_enemy():
    state = alongside()
    a = state.vessel("a")
    assert [v.id for v in boarding.lower_targets(state, a, "bridge")] == ["b"]
    far = replace(a, body=replace(a.body, bow=replace(a.body.bow, q=10)))
    assert boarding.lower_targets(state, far, "bridge") == []


def test_a_fastened_bridge_stops_both_vessels_until_it_is_raised():
    state = alongside()
    with forced(15):                           # the operator's throw: 15 vs 10 + AC 2
        dice, events = cup()
        state = boarding.lower(state, "a", "b", "bridge", dice, events)
    bridge = state.bridges[0]
    assert bridge.fast and bridge.kind == "bridge" and bridge.target == "b"
    for vid in ("a", "b"):
        v = state.vessel(vid)
        mode = "sail" if v.sails else "oar"
        assert helm.speeds(v, mode, state) == (0,)
    assert "fastened, both vessels stop" in " ".join(said(events))


def test_the_bridge_misses_and_both_keep_moving():
    state = alongside()
    with forced(5):
        dice, events = cup()
        state = boarding.lower(state, "a", "b", "bridge", dice, events)
    assert not state.bridges[0].fast
    v = state.vessel("a")
    assert max(helm.speeds(v, "oar", state)) > 0


def test_men_under_the_falling_bridge_save_against_blast_or_take_2d8_and_fall_prone():
    state = alongside()
    x, y = boarding.landing(state.vessel("b"), state.vessel("a"))
    victim = next(f for f in state.figures if f.crew_of == "b" and f.role == "marine")
    state = replace(state, figures=tuple(
        replace(f, x=x, y=y, hp=12, hp_max=12) if f.id == victim.id else
        (replace(f, x=x + 5) if f.on == "b" and (f.x, f.y) in ((x, y), (x, y + 1)) else f)
        for f in state.figures))
    with forced(15, 3, 5, 4):      # bridge fast; Blast save 3 (needs 16); 2d8 = 5 + 4
        dice, events = cup()
        state = boarding.lower(state, "a", "b", "bridge", dice, events)
    hit = state.figure(victim.id)
    assert hit.hp == 12 - 9 and hit.prone
    dice, events = cup()
    state = replace(state, bridges=())
    state = replace(state, figures=tuple(replace(f, hp=12, prone=False)
                                         if f.id == victim.id else f for f in state.figures))
    with forced(15, 16):           # the save made: untouched
        dice, events = cup()
        state = boarding.lower(state, "a", "b", "bridge", dice, events)
    assert state.figure(victim.id).hp == 12 and not state.figure(victim.id).prone


def test_thirty_cross_a_fastened_bridge_in_a_round_and_the_rest_stop_on_it():
    state = alongside()
    state = replace(state, bridges=(Bridge("a", "b", *boarding.landing(
        state.vessel("b"), state.vessel("a")), fast=True),))
    dice, events = cup()
    state = crossing.board(state, "a", "b", "bridge", dice, events)
    across = [f for f in state.figures if f.crew_of == "a" and f.on == "b"
              and f.where == "deck"]
    on_bridge = [f for f in state.figures if f.where == "bridge"]
    assert len(across) == 30
    assert len(across) + len(on_bridge) <= 40
    assert state.bridges[0].crossed == 30
    # no save is asked on a fastened bridge
    assert not any("Paralysis" in getattr(e, "purpose", "") for e in events)
    # her marines left her: her count follows her deck
    assert muster(state).vessel("a").marines == 40 - 30 - len(on_bridge)


def test_running_across_an_unsecured_bridge_a_failed_paralysis_save_goes_overboard():
    state = alongside(marines=3)
    state = replace(state, bridges=(Bridge("a", "b", *boarding.landing(
        state.vessel("b"), state.vessel("a")), fast=False),))
    dice, events = cup()
    faces = [2, 6, 20, 20]      # the first man fails (needs 14): in the water, 6 rounds to live
    with forced(*faces):
        dice, events = cup()
        state = crossing.board(state, "a", "b", "bridge", dice, events)
    wet = [f for f in state.figures if f.where == "water"]
    assert len(wet) == 1 and wet[0].crew_of == "a" and wet[0].dies_in == 6
    assert sum(1 for f in state.figures if f.crew_of == "a" and f.on == "b") == 2
    assert "is in the water, lost: he drowns in 6 rounds" in " ".join(said(events))


def test_raising_a_fastened_bridge_is_a_dungeonbashing_throw_at_minus_4_a_man_on_it():
    state = alongside()
    state = replace(state, bridges=(Bridge("a", "b", 9, 0, fast=True),))
    marine = next(f for f in state.figures if f.crew_of == "a" and f.role == "marine")
    state = replace(state, figures=tuple(replace(f, where="bridge") if f.id == marine.id
                                         else f for f in state.figures))
    with forced(20):                   # 20 - 4 = 16 < 18: it stays down
        dice, events = cup()
        kept = boarding.raise_bridge(state, "a", dice, events)
    assert kept.bridges == state.bridges
    with forced(19):                   # 19 - 4 = 15: still down
        dice, events = cup()
        kept = boarding.raise_bridge(state, "a", dice, events)
    assert kept.bridges
    empty = replace(state, figures=tuple(replace(f, where="deck") if f.id == marine.id
                                         else f for f in state.figures))
    with forced(18):                   # nobody on it: 18 raises it
        dice, events = cup()
        raised = boarding.raise_bridge(empty, "a", dice, events)
    assert raised.bridges == ()


def test_the_men_on_a_raised_bridge_save_or_fall_overboard_and_saved_leap_home():
    state = alongside()
    state = replace(state, bridges=(Bridge("a", "b", 9, 0, fast=False),))
    two = [f for f in state.figures if f.crew_of == "a" and f.role == "marine"][:2]
    state = replace(state, figures=tuple(replace(f, where="bridge") if f in two else f
                                         for f in state.figures))
    with forced(14, 3):                # unsecured: no throw; saves 14 (made), 3 (failed)
        dice, events = cup()
        state = boarding.raise_bridge(state, "a", dice, events)
    first, second = (state.figure(f.id) for f in two)
    assert first.where == "deck" and first.on == "a"
    assert second.where == "water"


def test_the_enemy_throws_off_an_unsecured_bridge_with_help_but_not_a_fastened_one():
    state = alongside()
    x, y = boarding.landing(state.vessel("b"), state.vessel("a"))
    state = replace(state, bridges=(Bridge("a", "b", x, y, fast=True),))
    assert boarding.dislodge_targets(state, state.vessel("b")) == []
    state = replace(state, bridges=(Bridge("a", "b", x, y, fast=False),))
    assert boarding.dislodge_targets(state, state.vessel("b")) == [state.bridges[0]]
    helpers = [f for f in state.figures if f.crew_of == "b"][:3]
    spots = [(x, y), (x + 1, y), (x, y + 1)]
    state = replace(state, figures=tuple(
        replace(f, x=spots[helpers.index(f)][0], y=spots[helpers.index(f)][1])
        if f in helpers else (replace(f, x=0, y=4) if f.on == "b" and (f.x, f.y) in spots
                              else f) for f in state.figures))
    with forced(10):                   # 10 + 4 x 2 helpers = 18
        dice, events = cup()
        thrown = boarding.dislodge(state, "b", "a", dice, events)
    assert thrown.bridges == ()


def test_a_ramp_crosses_eight_a_round_each_saving_and_falls_when_a_vessel_moves():
    state = alongside(marines=10)
    with forced(12):
        dice, events = cup()
        state = boarding.lower(state, "a", "b", "ramp", dice, events)
    ramp = state.bridges[0]
    assert ramp.kind == "ramp" and not ramp.fast
    with forced(*([20] * 8)):          # eight save and cross; the last two wait their turn
        dice, events = cup()
        state = crossing.board(state, "a", "b", "ramp", dice, events)
    assert sum(1 for f in state.figures if f.crew_of == "a" and f.on == "b") == 8
    state = boarding.unhook_moved(state, "b", dice, events)
    assert state.bridges == ()


def test_a_ramp_thrown_off_at_plus_4():
    state = alongside()
    x, y = boarding.landing(state.vessel("b"), state.vessel("a"))
    state = replace(state, bridges=(Bridge("a", "b", x, y, fast=False, kind="ramp"),))
    state = replace(state, figures=tuple(f for f in state.figures
                                         if not (f.on == "b" and abs(f.x - x) <= 1
                                                 and abs(f.y - y) <= 1) or f.role == "captain"))
    with forced(14):                   # 14 + 4 (a ramp), nobody helping = 18
        dice, events = cup()
        thrown = boarding.dislodge(state, "b", "a", dice, events)
    assert thrown.bridges == ()


def test_the_fight_on_deck_attack_throws_and_damage_and_a_man_down():
    state = alongside()
    raider = next(f for f in state.figures if f.crew_of == "a" and f.role == "marine")
    foe = next(f for f in state.figures if f.crew_of == "b" and f.role == "marine")
    # only these two on b's deck, side by side
    state = replace(state, figures=tuple(
        replace(f, on="b", x=5, y=0) if f.id == raider.id else
        replace(f, x=5, y=1) if f.id == foe.id else
        (replace(f, hp=0, down=True) if f.on == "b" else f) for f in state.figures))
    with forced(13, 4):                # 13 vs 10 + AC 3: a hit; spear 1d6 = 4
        dice, events = cup()
        state = melee.fight(state, "a", dice, events)
    assert state.figure(foe.id).down
    assert "1 enemy down" in " ".join(said(events))
    # and, none of hers standing on her deck, she is taken at once
    from ahoy_tui.rules.acks.flow import taken
    events = []
    state = taken(state, events)
    assert state.vessel("b").status is Status.TAKEN


def test_a_miss_and_a_natural_20_against_armour():
    state = alongside()
    raider = next(f for f in state.figures if f.crew_of == "a" and f.role == "marine")
    foe = replace(next(f for f in state.figures if f.crew_of == "b" and f.role == "marine"),
                  ac=12, hp=20, hp_max=20)
    state = replace(state, figures=tuple(
        replace(f, on="b", x=5, y=0) if f.id == raider.id else
        replace(foe, x=5, y=1) if f.id == foe.id else
        (replace(f, hp=0, down=True) if f.on == "b" else f) for f in state.figures))
    with forced(19):                   # 19 < 22: a miss
        dice, events = cup()
        after = melee.fight(state, "a", dice, events)
    assert after.figure(foe.id).hp == 20
    with forced(20, 6):                # a natural 20 always hits
        dice, events = cup()
        after = melee.fight(state, "a", dice, events)
    assert after.figure(foe.id).hp == 14


def test_a_man_closes_at_his_combat_speed_before_he_strikes():
    state = alongside()
    raider = next(f for f in state.figures if f.crew_of == "a" and f.role == "marine")
    foe = next(f for f in state.figures if f.crew_of == "b" and f.role == "marine")
    state = replace(state, figures=tuple(
        replace(f, on="b", x=0, y=0) if f.id == raider.id else
        replace(f, x=19, y=0) if f.id == foe.id else
        (replace(f, hp=0, down=True) if f.on == "b" else f) for f in state.figures))
    dice, events = cup()
    state = melee.fight(state, "a", dice, events)
    moved = state.figure(raider.id)
    assert moved.x == 8 and moved.moved == 40          # 40' is eight squares
    assert not any("strikes" in getattr(e, "purpose", "") for e in events)


def test_a_volley_at_a_laid_deck_strikes_a_man_the_die_chooses():
    a = vessel("a", kind="galley_3", column=15, row=15, facing="N", marines=40,
               missile="short_bow")
    b = vessel("b", "p2", kind="sailing_ship_large", column=16, row=15, facing="N",
               sails=True, marines=10)
    state = lay_decks(battle(a, b, phase=Phase.COUNTS))
    # eight throws all hit; each strikes the first man standing, a short bow's 1d6 of 6:
    # the captain (20 hp) stands three arrows and falls to the fourth, the next four men
    # (4 hp) one each
    with forced(*([20] * 8), *([1, 6] * 8)):
        dice, events = cup()
        state = volley(state, "a", "b", dice, events)
    down = [f for f in state.figures if f.crew_of == "b" and f.down]
    assert len(down) == 5 and state.figure("b:captain").down
    assert muster(state).vessel("b").crew == 20 + 10 - sum(1 for f in down
                                                           if f.role != "captain")


def test_the_deck_crew_is_offered_bridge_board_and_fight_when_they_apply():
    state = alongside()
    actor = Actor("a:crew", "a", "p1", "crew", 3, 3)
    kinds = {type(c) for c in deck_choices(state, actor, state.vessel("a"))}
    assert LowerBridge in kinds and Board in kinds and Fight not in kinds
    state = replace(state, bridges=(Bridge("a", "b", 9, 0, fast=True),))
    kinds = {type(c) for c in deck_choices(state, actor, state.vessel("a"))}
    assert RaiseBridge in kinds and LowerBridge not in kinds
    raider = next(f for f in state.figures if f.crew_of == "a" and f.role == "marine")
    state = replace(state, figures=tuple(replace(f, on="b", x=9, y=0)
                                         if f.id == raider.id else f for f in state.figures))
    assert Fight in {type(c) for c in deck_choices(state, actor, state.vessel("a"))}


def test_a_sunk_vessels_men_are_in_the_water():
    state = alongside()
    state = replace(state, vessels=tuple(replace(v, status=Status.SINKING, sinks_in=1)
                                         if v.id == "b" else v for v in state.vessels))
    dice, events = cup()
    state = end_round(state, dice, events)
    assert state.vessel("b").status is Status.SUNK
    assert all(f.where == "water" for f in state.figures if f.on == "b" and not f.down)


def test_the_game_over_summary_says_where_her_men_are():
    from ahoy_tui.rules.acks.flow import summary

    state = alongside(marines=4)
    men = [f for f in state.figures if f.crew_of == "a" and f.role == "marine"]
    state = replace(state, figures=tuple(
        replace(f, on="b", x=3, y=0) if f.id == men[0].id else
        replace(f, where="water") if f.id == men[1].id else
        replace(f, hp=0, down=True) if f.id == men[2].id else f for f in state.figures))
    text = summary(muster(state))
    assert "A: afloat" in text
    assert "1 marines aboard (1 on B, 1 in the water, 1 fallen)" in text


def test_a_bridge_between_vessels_drawn_apart_falls_and_is_no_way_across():
    state = alongside()
    state = replace(state, bridges=(Bridge("a", "b", 9, 0, fast=True),))
    far = replace(state, vessels=tuple(
        replace(v, body=replace(v.body, bow=replace(v.body.bow, q=v.body.bow.q + 4)))
        if v.id == "b" else v for v in state.vessels))
    assert ("b", "bridge") not in boarding.crossings(far, far.vessel("a"))
    dice, events = cup()
    fallen = boarding.parted(far, dice, events)
    assert fallen.bridges == () and "falls as the vessels part" in " ".join(said(events))


def test_holding_course_under_a_fastened_bridge_declares_no_speed():
    from ahoy_tui.rules.acks.flow import hold_course

    state = alongside()
    state = replace(state, phase=Phase.DECLARE, bridges=(Bridge("a", "b", 9, 0, fast=True),),
                    vessels=tuple(replace(v, speed=120) for v in state.vessels))
    state = hold_course(state, "p1", [])
    assert state.vessel("a").declared.speed == 0
