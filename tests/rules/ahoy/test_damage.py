"""Taking Damage, Critical Hits, Strike Yer Colours and sinking, played with forced dice.

The usual position: the Frigate (p1, anchored at (20, 24) heading north) fires her starboard
guns due east along y = 24 at the Prize (p2, Medium, anchored at (40, 24) heading north). A
guess of 14" and an artillery 4 land 18" out, on the Prize's hull; a naval cannon (S9) needs 3+
to damage her (T8). A decoy (p2) lies far off to the west so that p2 keeps a ship in the fight.
"""

from __future__ import annotations

import pytest
from attrs import evolve
from kit import act, happened, new_game, rolls, ship, state, to_movement, until_turn_of

from ahoy_tui.engine import IllegalAction, forced
from ahoy_tui.engine.dice import Dice
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.damage import sink
from ahoy_tui.rules.ahoy.model import GunState, Phase, Task, replace_crew
from ahoy_tui.rules.ahoy.shooting import ship_may_shoot

HIT = (4,)  # the artillery die for a guess of 14": lands 18" out, on the Prize


def frigate(guns=1, weapon="naval_cannon", **extra):
    data = {"size": "medium", "x": 20, "y": 24, "heading": "N", "speed": 0, "anchored": True,
            "crew": {"sailor": 12}, **extra}
    return ship("frigate", "p1", guns=[(weapon, "starboard")] * guns, **data)


def prize(**extra):
    data = {"size": "medium", "x": 40, "y": 24, "heading": "N", "speed": 0, "anchored": True,
            **extra}
    return ship("prize", "p2", **data)


def decoy(**extra):
    data = {"size": "small", "x": 6, "y": 24, "heading": "N", "speed": 0, "anchored": True,
            **extra}
    return ship("decoy", "p2", **data)


def shooting(*ships):
    game = new_game(*ships)
    to_movement(game)
    assert state(game).phase == Phase.SHOOTING
    return game


def fire(game, *dice, gun="g1", guess=14):
    return act(game, a.FireGun("frigate", gun, guess), *dice)


def aboard(game, ship_id):
    return [c for c in state(game).crew if c.aboard == ship_id]


def strike_roll(events):
    found = [r for r in rolls(events) if "strike test" in r.purpose]
    assert len(found) <= 1
    return found[0] if found else None


# --- Taking Damage --------------------------------------------------------------------------


def test_damage_markers_are_structure_points_lost():
    game = shooting(frigate(guns=2, weapon="heavy_naval_cannon"), prize(), decoy())
    events = fire(game, *HIT, 2, 4)
    assert happened(events, "damage")
    assert state(game).ship("prize").sp == 16
    fire(game, *HIT, 2, 3, gun="g2")
    assert state(game).ship("prize").sp == 13
    assert next(t for t in state(game).tallies if t.side == "p1").damage_dealt == 7


# --- Critical Hits --------------------------------------------------------------------------

# Each critical below: artillery 4, a natural 6 to damage, the D3 (a 1: 1 damage), then the
# critical hit roll and its own dice. The Prize has 8 sailors (5 sailing, 3 unoccupied, hit
# first) and her captain.
CRIT = (*HIT, 6, 1)


def crit_game(**extra):
    return shooting(frigate(guns=2), prize(**{"crew": {"sailor": 8}, **extra}), decoy())


def test_critical_1_shaken():
    game = crit_game()
    # D3 (a 3: 2 models) take S3 hits (4+ on T3; sailors have no armour): one slain. 1 marker.
    events = fire(game, *CRIT, 1, 3, 4, 3)
    (crit,) = happened(events, "critical")
    assert "Shaken" in crit.text
    hits = [r for r in rolls(events) if r.rule == "Critical Hits" and r.purpose.startswith("to")]
    assert [r.need for r in hits] == ["4+", "4+"]
    assert len(aboard(game, "prize")) == 9 - 1
    assert state(game).ship("prize").sp == 20 - 1 - 1


def test_critical_shaken_hits_allow_armour_saves():
    # Two marines (light armour and shield: 5+) are unoccupied and hit first.
    game = crit_game(crew={"marine": 2, "sailor": 5})
    events = fire(game, *CRIT, 1, 1, 4, 5)
    save = rolls(events)[-1]
    assert save.rule == "Armour saves" and save.need == "5+" and save.outcome == "saved"
    assert len(aboard(game, "prize")) == 8


def test_critical_2_torn_sheets_and_falling_yards():
    game = crit_game(anchored=False, speed=8)
    # Speed −D6 (3), D3 (a 1) model hit at S3 (a 5 slays him), 1 marker.
    events = fire(game, *CRIT, 2, 3, 1, 5)
    assert "Torn Sheets" in happened(events, "critical")[0].text
    prize_ = state(game).ship("prize")
    assert prize_.speed == 5
    assert prize_.sp == 20 - 1 - 1
    assert len(aboard(game, "prize")) == 8


def test_critical_2_cannot_take_her_below_zero_speed():
    game = crit_game(anchored=False, speed=2)
    fire(game, *CRIT, 2, 6, 1, 1)
    prize_ = state(game).ship("prize")
    assert prize_.speed == 0 and prize_.under_way == 0


def test_critical_3_rudder_damaged():
    game = crit_game()
    events = fire(game, *CRIT, 3, 4)  # D3 markers: a 4, 2
    assert "Rudder Damaged" in happened(events, "critical")[0].text
    assert happened(events, "rudder")
    prize_ = state(game).ship("prize")
    assert prize_.rudder_damaged
    assert prize_.sp == 20 - 1 - 2
    assert len(aboard(game, "prize")) == 9


def test_critical_4_dismasted_then_immobilised():
    game = crit_game(anchored=False, speed=8)
    # D6 (a 2) crew take S3 hits: a 6 and a 6, both slain. D3+1 markers: a 1, 2.
    events = fire(game, *CRIT, 4, 2, 6, 6, 1)
    assert happened(events, "dismasted")
    prize_ = state(game).ship("prize")
    assert prize_.dismasted and not prize_.immobilised
    assert prize_.sp == 20 - 1 - 2
    assert len(aboard(game, "prize")) == 9 - 2
    # "Subsequent results will immobilize the ship."
    events = fire(game, *CRIT, 4, 1, 3, 1, gun="g2")
    assert happened(events, "immobilised")
    prize_ = state(game).ship("prize")
    assert prize_.immobilised and prize_.speed == 0
    assert prize_.sp == 20 - 3 - 3


def test_critical_5_gun_deck_hit():
    # The Prize carries a naval cannon on her port side (2 gunners).
    game = crit_game(guns=[("naval_cannon", "port")])
    gunners = {c.id for c in aboard(game, "prize") if c.task == Task.GUN}
    assert len(gunners) == 2
    # D3 (a 2: 1) crew take a S4 hit (3+ on T3): a 3 slays. The gun is destroyed. D3 (a 6: 3)
    # markers, D3 (a 3: 2) fire markers.
    events = fire(game, *CRIT, 5, 2, 3, 6, 3)
    assert "Gun Deck Hit" in happened(events, "critical")[0].text
    hit = next(r for r in rolls(events) if r.purpose.startswith("to wound"))
    assert hit.need == "3+"
    prize_ = state(game).ship("prize")
    assert prize_.guns[0].state == GunState.DESTROYED
    assert happened(events, "gun_destroyed")
    assert prize_.sp == 20 - 1 - 3
    assert prize_.fires == 2
    assert len(aboard(game, "prize")) == 9 - 1
    # The gunners survive (the unoccupied hand fell) and are free for other work.
    assert {c.task for c in aboard(game, "prize") if c.id in gunners} == {Task.IDLE}


def test_critical_5_gun_deck_hit_without_artillery_hits_only_crew():
    game = crit_game()
    events = fire(game, *CRIT, 5, 1, 2, 1, 1)
    assert not happened(events, "gun_destroyed")
    prize_ = state(game).ship("prize")
    # The markers and fires still follow (the code's reading).
    assert prize_.sp == 20 - 1 - 1 and prize_.fires == 1


def test_critical_6_fire_in_the_hold():
    game = crit_game()
    events = fire(game, *CRIT, 6, 5)  # D3+1 fire markers: a 5, 3 + 1
    assert "Fire in the Hold" in happened(events, "critical")[0].text
    assert happened(events, "fire")
    prize_ = state(game).ship("prize")
    assert prize_.fires == 4
    assert prize_.sp == 20 - 1
    assert len(aboard(game, "prize")) == 9


def test_critical_fires_burn_at_the_start_of_her_next_turn():
    game = crit_game()
    fire(game, *CRIT, 6, 1)  # 2 fire markers
    until_turn_of(game, "p2")
    assert state(game).ship("prize").fires == 2
    # No crew at the fires: 2 and 3 leave both burning; they burn 3 and 4: 2 damage.
    events = to_movement(game, 2, 3, 3, 4)
    assert [r.rule for r in rolls(events)] == ["Fire Aboard Ships"] * 4
    assert state(game).ship("prize").sp == 20 - 1 - 2


# --- Strike Yer Colours ---------------------------------------------------------------------

# A Large Frigate (so the Prize is not the largest ship) with three starboard guns.
def big_frigate(guns=3, weapon="naval_cannon"):
    return frigate(guns=guns, weapon=weapon, size="large", crew={"sailor": 14})


def test_the_strike_test_is_taken_once_at_half_structure_points():
    game = shooting(big_frigate(), prize(damage=8), decoy())
    events = fire(game, *HIT, 3, 1)
    assert state(game).ship("prize").sp == 11 and strike_roll(events) is None
    # Down to 10 of 20: the Captain's Ld 8, no modifiers. 8 passes: he fights on.
    events = fire(game, *HIT, 3, 1, 4, 4, gun="g2")
    roll = strike_roll(events)
    assert roll.need == "Ld 8" and roll.outcome == "holds"
    assert happened(events, "fights_on")
    prize_ = state(game).ship("prize")
    assert prize_.strike_tested and not prize_.struck
    # Further damage brings no second test.
    events = fire(game, *HIT, 3, 1, gun="g3")
    assert state(game).ship("prize").sp == 9 and strike_roll(events) is None


def test_without_her_captain_the_best_ld_aboard_is_used():
    game = shooting(big_frigate(), prize(damage=8, captain=False), decoy())
    events = fire(game, *HIT, 3, 3, 4, 3)
    roll = strike_roll(events)
    assert roll.need == "Ld 7" and roll.outcome == "holds"


def test_a_failed_test_strikes_her_colours():
    # The Prize has a port gun trained on the Frigate; a p1 cutter is getting under way.
    cutter = ship("cutter", "p1", size="small", x=29, y=32, heading="E", speed=0,
                  crew={"sailor": 6})
    game = new_game(frigate(size="large", crew={"sailor": 14}),
                    prize(damage=8, guns=[("naval_cannon", "port")]),
                    decoy(), cutter)
    to_movement(game)
    act(game, a.StartMove("cutter", "under_way"))  # from a standstill: half of 4"
    act(game, a.Advance(2))
    act(game, a.EndMove())
    act(game, a.EndMovement())
    # 2 damage: 10 of 20. 9 on 2D6 fails Ld 8.
    events = fire(game, *HIT, 3, 3, 5, 4)
    assert strike_roll(events).outcome == "strikes her colours"
    assert happened(events, "struck")
    assert state(game).ship("prize").struck
    # Her crew fight no more: her gun is silent, and her turn passes without a shot.
    assert state(game).active == "p2" and state(game).phase == Phase.ORDERS
    assert ship_may_shoot(state(game), state(game).ship("prize")) is not None
    act(game, a.EndOrders())
    assert state(game).active == "p1"
    # She is boarded unopposed: taken at once, her crew locked below.
    to_movement(game)
    act(game, a.StartMove("cutter", "fixed"))
    act(game, a.Advance(4))
    act(game, a.EndMove())
    boards = [x for x in game.legal_actions() if isinstance(x, a.Board) and x.target == "prize"]
    assert boards
    events = act(game, boards[0])
    assert happened(events, "unopposed") and happened(events, "captured")
    assert state(game).ship("prize").captured_by == "p1"
    assert all(c.task == Task.CAPTIVE for c in aboard(game, "prize") if c.side == "p2")


def test_strike_minus_one_from_full_to_half_in_one_round_of_shooting():
    game = shooting(big_frigate(guns=2, weapon="heavy_naval_cannon"), prize(), decoy())
    fire(game, *HIT, 2, 5)
    assert state(game).ship("prize").sp == 15
    events = fire(game, *HIT, 2, 5, 4, 4, gun="g2")
    roll = strike_roll(events)
    assert roll.need == "Ld 8 − 1 = 7" and "full to half" in roll.purpose
    assert roll.outcome == "strikes her colours"
    assert state(game).ship("prize").struck


def test_no_minus_one_when_she_was_not_at_full_when_the_shooting_began():
    game = shooting(big_frigate(guns=2, weapon="heavy_naval_cannon"), prize(damage=1), decoy())
    fire(game, *HIT, 2, 5)
    events = fire(game, *HIT, 2, 5, 4, 4, gun="g2")
    roll = strike_roll(events)
    assert roll.need == "Ld 8" and roll.outcome == "holds"


@pytest.mark.parametrize(("consort", "bonus"), [
    ({}, True),
    ({"fires": 1}, False),                 # on fire
    ({"crew": {"sailor": 2}}, False),      # too few crew to sail her: out of control
    ({"y": 46, "x": 60}, False),           # more than 12" away
])
def test_strike_plus_one_for_a_friendly_ship_near_in_control_and_not_on_fire(consort, bonus):
    friend = ship("consort", "p2", **{"size": "small", "x": 40, "y": 36, "heading": "E",
                                      "speed": 0, "anchored": True, **consort})
    game = shooting(big_frigate(), prize(damage=8), decoy(), friend)
    events = fire(game, *HIT, 3, 3, 5, 4)  # 9 on 2D6
    roll = strike_roll(events)
    if bonus:
        assert roll.need == "Ld 8 + 1 = 9" and "the Consort within 12\"" in roll.purpose
        assert roll.outcome == "holds"
    else:
        assert roll.need == "Ld 8" and roll.outcome == "strikes her colours"


def test_strike_plus_one_for_the_largest_ship_on_the_table():
    game = shooting(frigate(), prize(size="large", damage=12), decoy())
    events = fire(game, *HIT, 4, 1, 5, 4)  # S9 v T9 4+; then 9 on 2D6
    roll = strike_roll(events)
    assert roll.need == "Ld 8 + 1 = 9" and "largest ship" in roll.purpose
    assert roll.outcome == "holds"


def test_an_equal_largest_ship_counts_as_the_largest():
    # The code's reading: no ship on the table is larger than her.
    game = shooting(frigate(), prize(damage=8), decoy())
    events = fire(game, *HIT, 3, 3, 5, 4)
    assert strike_roll(events).need == "Ld 8 + 1 = 9"


def test_strike_modifiers_are_added_together():
    # Largest (+1), and reduced from full to half in this round of shooting (−1): net 0.
    game = shooting(frigate(guns=2, weapon="heavy_naval_cannon", crew={"sailor": 12}),
                    prize(size="large"), decoy())
    fire(game, *HIT, 3, 6)  # S10 v T9: 3+
    events = fire(game, *HIT, 3, 6, 4, 5, gun="g2")
    roll = strike_roll(events)
    assert state(game).ship("prize").sp == 12
    assert roll.need == "Ld 8" and "largest" in roll.purpose and "full to half" in roll.purpose
    assert roll.outcome == "strikes her colours"


def test_voluntary_striking_only_at_half_structure_points_or_less():
    game = new_game(frigate(damage=9), prize())
    assert a.StrikeColours("frigate") not in game.legal_actions()
    with pytest.raises(IllegalAction, match="half her Structure Points") as refused:
        game.play(a.StrikeColours("frigate"))
    assert refused.value.rule == "Strike Yer Colours"
    game = new_game(frigate(damage=10), prize(), ship("sloop", "p1", size="small", x=20, y=6,
                                                     heading="E", speed=0, anchored=True))
    assert a.StrikeColours("frigate") in game.legal_actions()
    assert a.StrikeColours("sloop") not in game.legal_actions()
    events = act(game, a.StrikeColours("frigate"))
    assert happened(events, "struck")
    assert not rolls(events), "no test: she chooses to strike"
    assert state(game).ship("frigate").struck


# --- Sinking --------------------------------------------------------------------------------

# The Prize, a Small ship with 1 Structure Point left, 4 sailors and her captain. The shot: S9 v
# T7 needs 2+ (a 3), the D3 (a 1) takes her to 0; her first damage at half or less brings the
# strike test (4 on 2D6: passed).
LAST_HIT = (*HIT, 3, 1, 2, 2)


def sinking_game():
    return shooting(frigate(), prize(size="small", damage=15, crew={"sailor": 4}), decoy())


@pytest.mark.parametrize("roll", [1, 2, 3])
def test_at_zero_structure_points_she_sinks_on_1_to_3_at_the_start_of_her_turn(roll):
    game = sinking_game()
    # The Frigate has no other shot: the turn passes, and the Prize rolls at once.
    events = fire(game, *LAST_HIT, roll)
    assert happened(events, "sinking")
    sink_roll = rolls(events)[-1]
    assert sink_roll.need == "4+" and sink_roll.outcome == "goes down"
    prize_ = state(game).ship("prize")
    assert prize_.sunk and not prize_.on_table
    assert happened(events, "sunk")
    # Her crew are in the water.
    swimmers = [c for c in state(game).crew if c.ship == "prize"]
    assert len(swimmers) == 5
    assert all(c.aboard is None and c.task == Task.SWIMMING for c in swimmers)
    assert (swimmers[0].x, swimmers[0].y) == (40, 24)


def test_a_sinking_ship_rolls_again_each_turn_while_afloat():
    game = sinking_game()
    events = fire(game, *LAST_HIT, 4)
    assert rolls(events)[-1].outcome == "stays afloat"
    prize_ = state(game).ship("prize")
    assert prize_.sinking and not prize_.sunk and prize_.sp == 0
    assert state(game).active == "p2"
    act(game, a.EndOrders())
    act(game, a.EndOrders())  # p1: the sinking Prize is still a target
    assert state(game).phase == Phase.SHOOTING
    events = act(game, a.EndShooting(), 6)
    assert rolls(events)[-1].outcome == "stays afloat"
    act(game, a.EndOrders())
    act(game, a.EndOrders())
    events = act(game, a.EndShooting(), 2)
    assert state(game).ship("prize").sunk


def test_damage_cannot_take_her_below_zero():
    game = shooting(frigate(guns=2), prize(size="small", damage=15, crew={"sailor": 4}),
                    decoy())
    fire(game, *HIT, 3, 1, 2, 2)
    events = fire(game, *HIT, 3, 6, 5, gun="g2")  # then her sinking roll: a 5
    assert state(game).ship("prize").sp == 0
    assert not happened(events, "sinking"), "she is already sinking"


def test_captives_below_decks_must_pass_an_initiative_test_to_escape():
    game = new_game(frigate(), prize(crew={"sailor": 2}, captain=False), decoy())
    s = state(game)
    # Two of the Frigate's sailors are locked below aboard the Prize when she goes down.
    s = replace_crew(s, {cid: evolve(s.crewman(cid), aboard="prize", task=Task.CAPTIVE, gun=None)
                         for cid in ("frigate.1", "frigate.2")})
    events = []
    with forced(4, 3):  # I 3: the first fails, the second escapes
        s = sink(s, Dice(s.rng, events), "prize", "holed", "Taking Damage")
    tests = rolls(events)
    assert [r.need for r in tests] == ["≤ I 3", "≤ I 3"]
    assert [r.outcome for r in tests] == ["failed", "passed"]
    ids = {c.id for c in s.crew}
    assert "frigate.1" not in ids
    swimmer = s.crewman("frigate.2")
    assert swimmer.aboard is None and swimmer.task == Task.SWIMMING
    assert all(s.crewman(c).task == Task.SWIMMING for c in ("prize.1", "prize.2"))
    assert s.ship("prize").sunk
