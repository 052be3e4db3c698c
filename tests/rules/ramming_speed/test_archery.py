"""Range fire (18.0-20.2): archers, bolt throwers and stone throwers, every die forced.

The shooting galley ``a`` (p1) lies at (20, 20) heading north; her men stand amidships at
(20, 20), in the bow at (20, 17.7). The target ``b`` (p2) lies to the east, broadside on,
at the range a test needs.
"""

from __future__ import annotations

import pytest

from ahoy_tui.engine.dice import forced
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import point_distance
from ahoy_tui.rules.ramming_speed import archery, flow
from ahoy_tui.rules.ramming_speed.legal import phase_choices
from ahoy_tui.rules.ramming_speed.melee import overrun
from ahoy_tui.rules.ramming_speed.model import Phase, RSState, Shot

from .crews import battle, bolt, crew, cup, galley, man, rolls


def at(x: float, *men_b: tuple[str, str], heading: float = 0.0, y: float = 20.0,
       men_a: tuple[tuple[str, str], ...] = (("archer", "middle"),), kind_a: str = "trireme",
       **a_changes: object) -> RSState:
    """``a`` with ``men_a`` aboard; ``b`` at (x, y) with ``men_b``."""
    a = galley("a", "p1", x=20, y=20, kind=kind_a, **a_changes)
    b = galley("b", "p2", x=x, y=y, heading=heading)
    return battle(a, b, men=crew("a", *men_a) + crew("b", *men_b))


def shoot(state: RSState, *faces: int, aim: str = "", turn: int | None = None) -> RSState:
    """``a`` shoots at ``b`` with the faces given, all of them used."""
    if turn is not None:
        state = replace(state, turn=turn)
    state = replace(state, shots=(Shot("a", "b", aim),))
    with forced(*faces):
        dice, _ = cup()
        after = archery.shoot_all(state, dice, [])
    assert dice.rng.counter == len(faces), "every die forced, and no more"
    return after


def shoot_events(state: RSState, *faces: int, aim: str = "") -> list:
    state = replace(state, shots=(Shot("a", "b", aim),))
    with forced(*faces):
        dice, events = cup()
        archery.shoot_all(state, dice, events)
    assert dice.rng.counter == len(faces), "every die forced, and no more"
    return events


def ids_of(state: RSState) -> set[str]:
    return {m.id for m in state.men}


# --- 18.0 all fire at once --------------------------------------------------------------

def test_an_archer_killed_this_phase_still_looses_his_arrow():
    # 18.0: range fire is simultaneous: b's archer is shot dead by a's, and still shoots.
    state = at(24, ("archer", "middle"), men_a=(("archer", "middle"), ("sailor", "bow")))
    state = replace(state, shots=(Shot("a", "b"), Shot("b", "a")))
    # a's archer: hit (5, short); where: 3 amidships; who: 1 of 3 (the archer, or an oar
    # side); wound: 2, dead. b's archer: hit (5); where: 1 the bow; a's sailor alone there
    # (no die); wound 1: dead.
    with forced(5, 3, 1, 2, 5, 1, 1):
        dice, _ = cup()
        after = archery.shoot_all(state, dice, [])
    assert "b-arc1" not in ids_of(after)
    assert "a-sai1" not in ids_of(after)
    assert after.shots == ()


# --- 18.1 range and the numbers to hit -------------------------------------------------

def test_beyond_eighteen_inches_no_arrow_is_loosed():
    state = at(40, ("marine", "bow"))   # 19.4" from a's archer to b's near side
    assert point_distance(archery.place_of(state.ship("a"), "middle"),
                          state.ship("b").outline) > 18
    assert list(archery.targets(state, state.ship("a"))) == []
    assert rolls(shoot_events(state)) == []


def test_at_eighteen_inches_the_target_is_in_reach():
    state = at(38.625, ("marine", "bow"))   # b's near side exactly 18" away
    assert [t.id for t in archery.targets(state, state.ship("a"))] == ["b"]


@pytest.mark.parametrize(("x", "face", "hit"), [
    (30, 5, False),   # long range (9.4"): a 5 misses
    (30, 6, True),    # long range: a 6 hits
    (24, 4, False),   # short range (3.4"): a 4 misses
    (24, 5, True),    # short range: a 5 hits
])
def test_six_hits_at_long_range_five_or_six_at_short(x, face, hit):
    state = at(x, ("sailor", "bow"), ("sailor", "stern"))
    events = shoot_events(state, face, *((1, 1) if hit else ()))  # the bow; dead
    first = rolls(events)[0]
    assert first.outcome == ("hit" if hit else "miss")
    assert first.need == ("6+" if x == 30 else "5+")


def test_six_inches_is_still_short_range():
    state = at(26.625, ("sailor", "bow"))   # b's near side exactly 6" off
    assert rolls(shoot_events(state, 4))[0].need == "5+"


# --- 18.2 long range: a section by D6, then a man ----------------------------------------

@pytest.mark.parametrize(("face", "section"), [
    (1, "bow"), (2, "bow"), (3, "middle"), (4, "middle"), (5, "stern"), (6, "stern")])
def test_a_long_range_hit_falls_on_a_section_by_d6(face, section):
    # one sailor in each section; a section with one man and no oarsmen needs no die for who
    state = at(30, ("sailor", "bow"), ("sailor", "middle"), ("sailor", "stern"))
    # amidships who is hit is 1 of 3 (the sailor, port oars, starboard oars); then dead
    faces = (6, face, 1, 1) if section == "middle" else (6, face, 1)
    after = shoot(state, *faces)
    dead = {"bow": "b-sai1", "middle": "b-sai2", "stern": "b-sai3"}[section]
    assert ids_of(state) - ids_of(after) == {dead}


def test_a_man_is_picked_by_die_among_those_in_the_section():
    state = at(30, ("marine", "bow"), ("marine", "bow"), ("sailor", "bow"))
    events = shoot_events(state, 6, 1, 2, 1)  # bow; the second of three; wound 1+1: dead
    who = rolls(events)[2]
    assert who.dice == "D3" and who.result == 2
    assert "b-mar2" not in {m.id for m in shoot(state, 6, 1, 2, 1).men}


@pytest.mark.parametrize(("face", "side"), [(2, 0), (3, 1)])
def test_amidships_two_more_numbers_are_the_port_and_starboard_oarsmen(face, side):
    state = at(30, ("archer", "middle"))
    # amidships; who: a D3 (the archer, port oarsmen, starboard oarsmen); the oars: 1, a
    # section gone (18.8)
    after = shoot(state, 6, 3, face, 1)
    assert "b-arc1" in ids_of(after)
    oars = [5, 5]
    oars[side] = 4
    assert after.ship("b").oars == tuple(oars)


def test_amidships_with_no_man_there_the_oarsmen_still_take_the_hit():
    state = at(30, ("sailor", "bow"))
    after = shoot(state, 6, 4, 1, 2)  # amidships; port oarsmen (1 of 2); 2: a section gone
    assert after.ship("b").oars == (4, 5)


def test_a_hit_on_an_empty_section_finds_no_one():
    state = at(30, ("sailor", "bow"))
    events = shoot_events(state, 6, 5)   # the stern: empty
    assert any(getattr(e, "kind", "") == "no_one" for e in events)


# --- 18.3 short range: broadside chooses, end-on fires at the nearest part ---------------

def test_short_range_broadside_may_choose_the_section():
    state = at(24, ("sailor", "bow"), ("sailor", "stern"))
    assert set(archery.aims(state, state.ship("a"), state.ship("b"))) == {
        "", "bow", "middle", "stern"}
    after = shoot(state, 5, 2, aim="stern")   # no die for where: the stern, chosen; 2 dead
    assert ids_of(state) - ids_of(after) == {"b-sai2"}


def test_short_range_broadside_unaimed_falls_by_d6():
    state = at(24, ("sailor", "bow"), ("sailor", "stern"))
    events = shoot_events(state, 5, 1, 3)
    assert [r.rule for r in rolls(events)][1] == archery.WHERE_IT_FALLS


def end_on(*men_a: tuple[str, str], kind_a: str = "trireme") -> RSState:
    """b lies dead ahead of a, her stern toward a (end-on): b from y 8.5 to 15.5."""
    return at(20, ("sailor", "bow"), ("sailor", "stern"), y=12, men_a=men_a, kind_a=kind_a)


def test_end_on_deck_archers_may_not_choose_and_hit_the_nearest_part():
    state = end_on(("archer", "middle"))
    assert not archery.broadside(state.ship("a"), state.ship("b"))
    assert archery.aims(state, state.ship("a"), state.ship("b")) == ("",)
    # a forged aim at the bow is ignored: the nearest part, her stern, is hit; no die for
    # where (18.3)
    after = shoot(state, 5, 1, aim="bow")
    assert ids_of(state) - ids_of(after) == {"b-sai2"}


def test_end_on_tower_archers_still_choose_their_section():
    state = end_on(("archer", "tower"), kind_a="quinquereme")
    assert "bow" in archery.aims(state, state.ship("a"), state.ship("b"))
    after = shoot(state, 5, 1, aim="bow")
    assert ids_of(state) - ids_of(after) == {"b-sai1"}


# --- 18.4 towers pick out a man on a 6 ----------------------------------------------------

def tower_shot() -> RSState:
    return at(24, ("captain", "stern"), ("sailor", "stern"), ("marine", "bow"),
              men_a=(("archer", "tower"),), kind_a="quinquereme")


def test_tower_archers_may_pick_out_the_captain_or_the_helmsman():
    state = tower_shot()
    aims = archery.aims(state, state.ship("a"), state.ship("b"))
    assert {"b-cap1", "b-sai1"} <= set(aims)
    deck = at(24, ("captain", "stern"))
    assert "b-cap1" not in archery.aims(deck, deck.ship("a"), deck.ship("b"))


def test_picking_out_a_man_needs_a_six():
    state = tower_shot()
    events = shoot_events(state, 5, aim="b-cap1")
    assert rolls(events)[0].need == "6+" and rolls(events)[0].outcome == "miss"
    after = shoot(state, 6, 4, aim="b-cap1")  # hit; the wound: 4 +1 armour = wounded
    assert after.man("b-cap1").wounded(1)


def test_picking_a_man_is_only_at_short_range():
    state = at(30, ("captain", "stern"), men_a=(("archer", "tower"),), kind_a="quinquereme")
    # 6 at long range; where: stern; the captain: 1, dead; her crew: 3, carry on (22.0)
    events = shoot_events(state, 6, 5, 1, 3, aim="b-cap1")
    assert rolls(events)[0].need == "6+"
    assert rolls(events)[1].rule == archery.WHERE_IT_FALLS


# --- 18.5 never a friend in a melee ------------------------------------------------------

def test_arrows_into_a_melee_hit_only_the_enemy():
    state = at(30, ("marine", "middle"))
    ours = man("a-mar9", "marine", "a", aboard="b", section="middle")
    state = replace(state, men=(*state.men, ours))
    # amidships; who: D3 over b's marine and the two oar sides, not a's boarder; 1: b's man
    events = shoot_events(state, 6, 3, 1, 1)
    assert rolls(events)[2].dice == "D3"
    after = shoot(state, 6, 3, 1, 1)
    assert "a-mar9" in ids_of(after) and "b-mar1" not in ids_of(after)


def test_a_section_held_by_friends_alone_gives_no_one_to_hit():
    state = at(30, ("sailor", "stern"))
    ours = man("a-mar9", "marine", "a", aboard="b", section="bow")
    state = replace(state, men=(*state.men, ours))
    after = shoot(state, 6, 1)   # the bow: only a's own boarder there
    assert after.men == state.men


# --- 18.6-18.7 wounds ----------------------------------------------------------------------

@pytest.mark.parametrize(("rank", "face", "wounded"), [
    ("sailor", 4, False), ("sailor", 5, True), ("archer", 6, True), ("archer", 1, False),
    ("marine", 3, False), ("marine", 4, True), ("captain", 4, True), ("admiral", 4, True),
    ("artilleryman", 4, False),
])
def test_one_to_four_kills_five_six_wounds_and_armour_is_one_better(rank, face, wounded):
    state = at(30, (rank, "bow"))
    target = state.men[-1]
    with forced(face, *((2, 4, 3) if not wounded and rank in ("captain", "admiral") else ())):
        dice, events = cup()
        after = archery.wound(state, target, dice, [], armour=True, rule=archery.WOUNDS)
    # the log names the man by his galley and rank, never by an internal id
    armoured = " (armoured)" if rank in ("marine", "captain", "admiral") else ""
    assert rolls(events)[0].purpose == f"{state.ship(target.ship).name}'s {rank} hit{armoured}"
    if wounded:
        assert after.man(target.id).wounded_until == 2
    else:
        assert target.id not in ids_of(after)


def test_a_wounded_man_is_out_for_a_full_turn_and_fit_after_the_next_maintenance():
    state = at(30, ("archer", "middle"), ("sailor", "stern"))
    with forced(5):
        dice, _ = cup()
        state = archery.wound(state, state.man("b-arc1"), dice, [], armour=True,
                              rule=archery.WOUNDS)
    archer = state.man("b-arc1")
    assert archer.wounded(1) and archer.wounded(2) and not archer.wounded(3)
    assert archery.archers(state, state.ship("b")) == ()
    # turn 1's maintenance: still wounded; turn 2's: back on his feet (18.7)
    state = replace(state, phase=Phase.MAINTENANCE)
    dice, events = cup()
    one = flow.end_of_turn(state, dice, events)
    assert one.turn == 2 and one.man("b-arc1").wounded_until == 2
    two = flow.end_of_turn(one, dice, events)
    assert two.man("b-arc1").wounded_until == 0
    assert archery.archers(two, two.ship("b"))


def test_a_wounded_man_hit_again_is_killed_without_a_roll():
    state = at(30, ("sailor", "bow"))
    state = replace(state, men=tuple(replace(m, wounded_until=2) if m.id == "b-sai1" else m
                                     for m in state.men))
    events = shoot_events(state, 6, 1)   # hit, the bow: no wound die
    assert len(rolls(events)) == 2
    assert "b-sai1" not in ids_of(shoot(state, 6, 1))


def test_the_wounded_are_killed_when_the_enemy_takes_their_section():
    b = galley("b", "p2")
    men = (man("b-sai1", "sailor", "b", section="bow", wounded_until=2),
           man("b-sai2", "sailor", "b", section="stern", wounded_until=2),
           man("b-mar1", "marine", "b", section="stern"),
           man("a-mar1", "marine", "a", aboard="b", section="bow"))
    state = battle(galley("a", "p1", x=40), b, men=men)
    dice, _ = cup()
    after = overrun(state, "b", dice, [])
    assert "b-sai1" not in ids_of(after)   # the bow is the enemy's: killed or taken
    assert "b-sai2" in ids_of(after)       # the stern is still hers


def test_a_wounded_archer_does_not_shoot():
    state = at(24, ("sailor", "bow"), men_a=(("archer", "middle"),))
    state = replace(state, men=tuple(replace(m, wounded_until=1) if m.id == "a-arc1" else m
                                     for m in state.men))
    assert next(phase_choices(state, Phase.FIRE, "p1"), None) is None


# --- 18.8 oar hits -------------------------------------------------------------------------

@pytest.mark.parametrize(("face", "oars", "half"), [
    (1, (4, 5), (False, False)), (2, (4, 5), (False, False)),
    (3, (5, 5), (True, False)), (4, (5, 5), (True, False)),
    (5, (5, 5), (False, False)), (6, (5, 5), (False, False)),
])
def test_oar_hits(face, oars, half):
    state = at(30)
    with forced(face):
        dice, _ = cup()
        after = archery.oar_hit(state, state.ship("b"), 0, dice, [])
    assert after.ship("b").oars == oars and after.ship("b").half_hit == half


def test_a_second_half_hit_on_the_same_side_loses_the_section():
    state = at(30)
    with forced(3, 4, 4):
        dice, _ = cup()
        state = archery.oar_hit(state, state.ship("b"), 0, dice, [])
        state = archery.oar_hit(state, state.ship("b"), 1, dice, [])  # the other side
        assert state.ship("b").oars == (5, 5)
        state = archery.oar_hit(state, state.ship("b"), 0, dice, [])
    assert state.ship("b").oars == (4, 5)
    assert state.ship("b").half_hit == (False, True)


def test_two_arrows_in_one_volley_both_tell_on_the_oars():
    # both of a's archers hit b's port oarsmen with a 1: two sections gone, not one (each
    # arrow must see the galley as the one before left her)
    state = at(30, men_a=(("archer", "middle"), ("archer", "middle")))
    after = shoot(state, 6, 3, 1, 1, 6, 4, 1, 2)
    assert after.ship("b").oars == (3, 5)


# --- 19.0-19.2 bolt throwers ---------------------------------------------------------------

def engines_at(x: float, *men_b: tuple[str, str], gunners: int = 2, kinds: tuple[str, ...] = (
        "bolt",)) -> RSState:
    men_a = tuple(("artilleryman", "middle") for _ in range(gunners))
    return at(x, *men_b, men_a=men_a,
              engines=tuple(bolt("a", n + 1, kind=k) for n, k in enumerate(kinds)))


@pytest.mark.parametrize(("x", "need"), [
    (24, 4), (28.625, 4), (30, 5), (36.625, 5), (38, 6), (44.625, 6)])
def test_bolt_thrower_ranges(x, need):
    state = engines_at(x, ("sailor", "bow"))
    events = shoot_events(state, 1)
    assert rolls(events)[0].need == f"{need}+"
    assert rolls(events)[0].rule == archery.BOLTS


def test_beyond_twenty_four_inches_the_bolt_thrower_has_no_target():
    state = engines_at(45.5, ("sailor", "bow"))
    assert list(archery.targets(state, state.ship("a"))) == []


def test_every_bolt_kills_and_armour_is_no_help():
    state = engines_at(24, ("marine", "bow"), ("captain", "stern"), ("sailor", "stern"))
    after = shoot(state, 4, 1)   # 4 hits at short; the bow: the marine, dead, no wound die
    assert "b-mar1" not in ids_of(after)


def test_a_bolt_among_the_oars_is_an_oar_hit():
    state = engines_at(24)
    after = shoot(state, 4, 3, 1, 2)   # amidships; port oarsmen (1 of 2); 2: a section gone
    assert after.ship("b").oars == (4, 5)


def test_a_bolt_thrower_with_two_men_shoots_every_other_turn():
    state = engines_at(24, ("sailor", "bow"), gunners=2)
    after = shoot(state, 1)
    assert after.ship("a").engines[0].ready == 3
    assert list(archery.targets(replace(after, turn=2), after.ship("a"))) == []
    assert list(archery.targets(replace(after, turn=3), after.ship("a")))


def test_a_bolt_thrower_with_one_man_shoots_every_third_turn():
    after = shoot(engines_at(24, ("sailor", "bow"), gunners=1), 1)
    assert after.ship("a").engines[0].ready == 4


def test_an_engine_without_a_man_does_not_shoot():
    state = engines_at(24, ("sailor", "bow"), gunners=0)
    assert list(archery.targets(state, state.ship("a"))) == []


def test_two_engines_share_the_gunners_two_to_an_engine():
    state = engines_at(24, ("sailor", "bow"), gunners=3, kinds=("bolt", "stone"))
    after = shoot(state, 1, 1)   # both miss
    bolt_, stone_ = after.ship("a").engines
    assert bolt_.ready == 3      # two men: every other turn
    assert stone_.ready == 5     # the third man alone: every fourth turn (20.2)


# --- 20.0-20.2 stone throwers ----------------------------------------------------------------

@pytest.mark.parametrize(("x", "need"), [(24, 5), (29.625, 5), (30, 6), (38.625, 6)])
def test_stone_thrower_ranges(x, need):
    state = engines_at(x, ("sailor", "bow"), kinds=("stone",))
    assert rolls(shoot_events(state, 1))[0].need == f"{need}+"


def test_beyond_eighteen_inches_the_stone_thrower_has_no_target():
    state = engines_at(39, ("sailor", "bow"), kinds=("stone",))
    assert list(archery.targets(state, state.ship("a"))) == []


def stoned(face: int) -> tuple[RSState, RSState]:
    state = engines_at(24, ("marine", "bow"), ("sailor", "stern"), kinds=("stone",))
    return state, shoot(state, 5, face)


@pytest.mark.parametrize("face", [1, 2])
def test_a_stone_one_or_two_does_nothing(face):
    state, after = stoned(face)
    assert after.men == state.men and after.ship("b").oars == (5, 5)
    assert after.ship("b").loads == 0


def test_a_stone_three_kills_a_man_aft():
    state, after = stoned(3)
    assert ids_of(state) - ids_of(after) == {"b-sai1"}


def test_a_stone_four_kills_a_man_forward():
    state, after = stoned(4)
    assert ids_of(state) - ids_of(after) == {"b-mar1"}


def test_a_stone_five_destroys_an_oar_section_on_the_side_toward_the_shooter():
    _, after = stoned(5)
    assert after.ship("b").oars == (4, 5)   # a lies to b's west: her port side


def test_a_stone_six_holes_her_with_a_load_of_water():
    _, after = stoned(6)
    assert after.ship("b").loads == 1 and after.ship("b").holed


def test_a_stone_thrower_shoots_every_third_turn_with_two_men_every_fourth_with_one():
    two = shoot(engines_at(24, ("sailor", "bow"), kinds=("stone",)), 1)
    assert two.ship("a").engines[0].ready == 4
    one = shoot(engines_at(24, ("sailor", "bow"), gunners=1, kinds=("stone",)), 1)
    assert one.ship("a").engines[0].ready == 5


def test_a_killed_gunner_still_works_his_engine_this_phase():
    # 18.0 holds for engines too: b's archer kills a's one gunner; the bolt still flies
    state = engines_at(24, ("archer", "middle"), gunners=1)
    state = replace(state, shots=(Shot("b", "a"), Shot("a", "b")))
    # b's archer: hit, amidships, who: D3 -> a's gunner, dead; a's bolt: 4 hits, amidships,
    # D3 -> b's archer, dead (no wound die)
    with forced(5, 3, 1, 1, 4, 3, 1):
        dice, _ = cup()
        after = archery.shoot_all(state, dice, [])
    assert "a-art1" not in ids_of(after) and "b-arc1" not in ids_of(after)


# --- 18.2 the oarsmen a galley has (issue 37) ------------------------------------------------

def test_a_sail_only_merchantman_has_no_oarsmen_to_hit():
    # amidships on a merchantman: her one man there is the only number (no oarsmen: 18.2's two
    # extra numbers are for the oarsmen she has), so no die for who; 5: wounded
    a = galley("a", "p1", x=20, y=20)
    b = galley("b", "p2", x=30, y=20, kind="merchantman")
    state = battle(a, b, men=crew("a", ("archer", "middle")) + crew("b", ("sailor", "middle")))
    events = shoot_events(state, 6, 3, 5)
    assert [r.rule for r in rolls(events)] == [archery.ARCHERY, archery.WHERE_IT_FALLS,
                                               archery.WOUNDS]
    assert not any(e.kind == "oars_lost" for e in events if hasattr(e, "kind"))


def test_a_side_with_no_oars_left_has_no_oarsmen_to_hit():
    # her port oars all gone: amidships the numbers are her archer and the starboard oarsmen
    state = at(30, ("archer", "middle"))
    state = state.with_ship(replace(state.ship("b"), oars=(0, 5)))
    events = shoot_events(state, 6, 3, 2, 1)   # amidships; D2: 2 the starboard oarsmen; 1
    who = rolls(events)[2]
    assert who.dice == "D2"
    after = shoot(state, 6, 3, 2, 1)
    assert after.ship("b").oars == (0, 4)


# --- 18.3 for engines: end-on at short range, the nearest part (issue 37) ---------------------

def test_a_bolt_at_short_range_end_on_strikes_the_nearest_part():
    # b dead ahead, her stern toward a's bolt thrower amidships, within 8": no die for where,
    # the stern is struck (18.3 holds for engines as for archers); the bolt kills (19.2)
    a = galley("a", "p1", x=20, y=20, engines=(bolt("a"),))
    b = galley("b", "p2", x=20, y=12)
    state = battle(a, b, men=crew("a", ("artilleryman", "middle"), ("artilleryman", "middle"))
                   + crew("b", ("sailor", "bow"), ("sailor", "stern")))
    assert not archery.broadside(a, b)
    after = shoot(state, 4, aim="bow")
    assert ids_of(state) - ids_of(after) == {"b-sai2"}


def test_tower_archers_may_pick_out_any_man():
    # 18.4 "pick out individuals": the marine in her bow is offered too (R31 replaced)
    state = tower_shot()
    aims = archery.aims(state, state.ship("a"), state.ship("b"))
    assert {"b-cap1", "b-sai1", "b-mar1"} <= set(aims)
    after = shoot(state, 6, 1, aim="b-mar1")   # a 6 picks him out; 1: dead
    assert "b-mar1" not in ids_of(after)


def test_the_sailors_a_tower_may_pick_out_are_told_apart_by_number():
    # issue 37 item 15: three rows of "pick out the sailor" read the same; each names his man
    from ahoy_tui.rules.ramming_speed.actions import Shoot
    from ahoy_tui.rules.ramming_speed.prompt import describe

    state = at(24, ("sailor", "stern"), ("sailor", "stern"), ("sailor", "stern"),
               men_a=(("archer", "tower"),), kind_a="quinquereme")
    sailors = [m for m in archery.aims(state, state.ship("a"), state.ship("b"))
               if m.startswith("b-sai")]
    rows = [describe(state, Shoot("p1", "a", "b", aim)) for aim in sailors]
    assert len(sailors) == 3 and len(set(rows)) == 3
    assert {"B's sailor 1 (stern)", "B's sailor 2 (stern)", "B's sailor 3 (stern)"} == {
        row.split("(pick out ")[1][:-1] for row in rows}
