"""Advanced: Oar Powered Ships and Steam Powered Ships, played with forced dice.

Their movement tables, holding station and turning without moving, "Put yer backs into it!" and
"Full Steam Ahead!", rowing and steaming backwards, their critical hit tables, and how the Basic
rules' sailing parts (In Irons, the distance before a turn, Light Airs and Gales, getting under
way, slowing down, Dismasted) apply to them.

Unless it says otherwise the wind blows toward the south (from the north): heading N is Beating,
E or W Reaching, S Running. y grows southward.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from attrs import evolve
from kit import act, happened, new_game, play, rolls, ship, state, to_movement, until_turn_of

from ahoy_tui.engine import Game, IllegalAction, forced
from ahoy_tui.engine.dice import Dice
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.damage import sink
from ahoy_tui.rules.ahoy.model import Phase, Task, replace_crew, update_ship
from ahoy_tui.rules.ahoy.prompt import describe, prompt, table_text
from ahoy_tui.rules.ahoy.tables import tables
from ahoy_tui.rules.ahoy.view import card

SEED = Path(__file__).resolve().parents[3].parent / "shared" / "seeds" / \
    "000_b69373d9e8a5585a.txt"
SIZES = ("jolly_boat", "small", "medium", "large")
N, NE, E, SE, S, SW, W, NW = range(8)


def with_state(game: Game, new) -> Game:
    return Game(game.ruleset, game.scenario, game.seed, game.options, new, ())


def hulk():
    """p2's ship, at anchor in the south-east corner, out of everyone's way."""
    return ship("hulk", "p2", x=62, y=44, heading="W", speed=0, anchored=True)


def galley(propulsion="oar", *, size="medium", heading="E", speed=8, x=36.0, y=24.0,
           wind="S", weather="normal", others=(), **extra) -> Game:
    """p1's Galley (oars, or steam) against the anchored hulk."""
    extra.setdefault("crew", {"sailor": 10})
    return new_game(ship("galley", "p1", size=size, x=x, y=y, heading=heading, speed=speed,
                         propulsion=propulsion, **extra),
                    *others, hulk(), wind=wind, weather=weather)


def paces(game: Game, ship_id: str = "galley") -> set[str]:
    return {x.pace for x in game.legal_actions() if isinstance(x, a.StartMove)
            and x.ship == ship_id}


def refused(game: Game, action) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        game.play(action)
    return caught.value


def next_turn(game: Game) -> None:
    """Pass the rest of p1's turn and p2's, then end p1's orders."""
    until_turn_of(game, "p1")
    to_movement(game)


def finish_move(game: Game) -> None:
    move = state(game).move
    if move is not None and move.remaining > 0:
        act(game, a.Advance(int(move.remaining)))
    if state(game).move is not None:
        act(game, a.EndMove())


# --- the movement tables ------------------------------------------------------------------------


def _seed_rates(text: str, title: str) -> list[list[str]]:
    body = text[text.index(title):]
    lines = [line.strip() for line in body.splitlines()[1:60]
             if line.startswith("\t") and line.strip()]
    assert lines[:3] == ["BEATING", "REACHING", "RUNNING"]
    return [lines[3 + i * 4: 7 + i * 4] for i in range(4)]


@pytest.mark.parametrize(("propulsion", "title"), [("oar", "Oar Powered Ships\nMOVEMENT"),
                                                   ("steam", "Steam Powered Ships\nSome")])
def test_oar_and_steam_movement_tables_match_the_rulebook(propulsion, title):
    if not SEED.exists():
        pytest.skip("the seed text is not beside the project")
    text = SEED.read_text("utf-8").replace("\u201d", '"')
    for size, row in zip(SIZES, _seed_rates(text, title), strict=True):
        rates = tables().rates(propulsion, size)
        for cell, point in zip(row[1:], ("beating", "reaching", "running"), strict=True):
            dice, fixed = re.fullmatch(r'(D[36])\+(\d+)"', cell.replace(" ", "")).groups()
            assert (rates.rate(point).dice, rates.rate(point).fixed) == (dice, int(fixed))


@pytest.mark.parametrize(("propulsion", "size", "heading", "fixed", "die", "face", "rule"), [
    ("oar", "medium", "N", 3, "D3", 5, "Oar Powered Ships"),      # beating: D3+3, the 5 is a 3
    ("oar", "large", "E", 7, "D6", 4, "Oar Powered Ships"),       # reaching: D6+7
    ("oar", "jolly_boat", "S", 3, "D6", 2, "Oar Powered Ships"),  # running: D6+3
    ("steam", "medium", "N", 4, "D3", 6, "Steam Powered Ships"),  # beating: D3+4
    ("steam", "small", "W", 4, "D6", 1, "Steam Powered Ships"),   # reaching: D6+4
    ("steam", "large", "S", 10, "D6", 6, "Steam Powered Ships"),  # running: D6+10
])
def test_oar_and_steam_ships_roll_their_own_rates(propulsion, size, heading, fixed, die, face,
                                                  rule):
    game = galley(propulsion, size=size, heading=heading, crew={"sailor": 12})
    to_movement(game)
    events = play(game, a.StartMove("galley", "full"), face)
    (roll,) = rolls(events)
    assert roll.dice == die and roll.rule == rule
    assert state(game).move.allowance == fixed + (face + 1) // 2 if die == "D3" else fixed + face
    assert happened(events, "pace")[0].rule == rule


def test_a_scenario_may_have_oar_and_steam_ships():
    game = galley("oar", others=[ship("ironsides", "p2", x=20, y=40, propulsion="steam")])
    kinds = {s.id: s.propulsion for s in state(game).ships}
    assert kinds == {"galley": "oar", "ironsides": "steam", "hulk": "sail"}


# --- the Basic rules' sailing parts --------------------------------------------------------------


@pytest.mark.parametrize("propulsion", ["oar", "steam"])
@pytest.mark.parametrize("weather", ["light_airs", "gales"])
def test_light_airs_and_gales_do_not_change_oar_or_steam_rates(propulsion, weather):
    # A Medium oar ship running is D6+7 (steam D6+8) whatever the strength of the wind; a
    # sailing ship's fixed 8" would be 4" in Light Airs and 12" in Gales.
    game = galley(propulsion, heading="S", weather=weather)
    to_movement(game)
    play(game, a.StartMove("galley", "full"), 1)
    assert state(game).move.allowance == {"oar": 8, "steam": 9}[propulsion]


def test_in_light_airs_an_oar_ship_steers_freely():
    game = galley("oar", heading="E", weather="light_airs")
    to_movement(game)
    play(game, a.StartMove("galley", "full"), 3)
    events = play(game, a.Turn("starboard"))  # no 4+ roll to change heading
    assert not rolls(events) and state(game).ship("galley").heading == SE


def test_in_gales_an_oar_ship_must_roll_to_change_heading():
    game = galley("oar", heading="E", weather="gales")
    to_movement(game)
    play(game, a.StartMove("galley", "full"), 3)
    events = play(game, a.Turn("starboard"), 3)
    (roll,) = rolls(events)
    assert roll.rule == "Wind Direction (Light Airs and Gales)" and roll.outcome == \
        "holds her heading"
    assert state(game).ship("galley").heading == E


@pytest.mark.parametrize("propulsion", ["oar", "steam"])
def test_a_large_oar_or_steam_ship_beating_is_never_in_irons(propulsion):
    game = galley(propulsion, size="large", heading="N", crew={"sailor": 12})
    to_movement(game)
    play(game, a.StartMove("galley", "full"), 1)  # a sailing ship would be In Irons on a 1
    move = state(game).move
    assert not move.in_irons and not state(game).ship("galley").in_irons
    assert move.turns_left == 1
    assert a.Turn("port") in game.legal_actions()


@pytest.mark.parametrize("propulsion", ["oar", "steam"])
def test_oar_and_steam_ships_turn_without_moving_first(propulsion):
    # A Medium sailing ship must move 3" before each turn; these need not move at all.
    game = galley(propulsion, heading="E")
    to_movement(game)
    play(game, a.StartMove("galley", "full"), 2)
    play(game, a.Turn("starboard"))
    play(game, a.Turn("starboard"))
    assert state(game).ship("galley").heading == S
    assert a.Turn("starboard") not in game.legal_actions(), "two turns for a Medium ship"
    assert "next turn after" not in prompt(state(game))


@pytest.mark.parametrize("propulsion", ["oar", "steam"])
def test_from_a_standstill_they_get_under_way_like_any_ship(propulsion):
    game = galley(propulsion, heading="E", speed=0)
    to_movement(game)
    assert paces(game) == {"under_way", "halt", "hold", "astern"}
    play(game, a.StartMove("galley", "under_way"))
    fixed = {"oar": 5, "steam": 6}[propulsion]
    assert state(game).move.allowance == (fixed + 1) // 2
    finish_move(game)
    next_turn(game)
    assert paces(game) == {"fixed", "halt"}


def test_oar_ships_slow_down_by_the_basic_rule():
    game = galley("oar", heading="E", speed=8)
    to_movement(game)
    assert paces(game) == {"full", "slow", "burst"}
    play(game, a.StartMove("galley", "slow"))
    assert state(game).move.allowance == 5  # reaching: the fixed 5"
    finish_move(game)
    next_turn(game)
    play(game, a.StartMove("galley", "slow"))
    assert state(game).move.allowance == 3  # half of 5, rounded up


def test_an_oar_ship_out_of_control_runs_at_her_own_fixed_rate():
    game = galley("oar", heading="E")
    act(game, a.AssignCrew("galley", sailing=4))  # a Medium ship needs 5
    events = to_movement(game, 3)  # holds her heading
    (roll,) = rolls(events)
    assert roll.rule == "Ships Moving Out of Control"
    galley_ = state(game).ship("galley")
    assert galley_.speed == 5 and galley_.x == pytest.approx(41)


# --- holding station -------------------------------------------------------------------------


@pytest.mark.parametrize("propulsion", ["oar", "steam"])
def test_at_a_standstill_she_may_hold_station_instead_of_drifting(propulsion):
    game = galley(propulsion, heading="E", speed=0)
    to_movement(game)
    events = play(game, a.StartMove("galley", "hold"))  # no drift die
    assert happened(events, "hold")
    assert not happened(events, "drift")
    rule = {"oar": "Oar Powered Ships", "steam": "Steam Powered Ships"}[propulsion]
    assert happened(events, "hold")[0].rule == rule
    # She turns in place, up to her two turns as a Medium ship.
    play(game, a.Turn("port"))
    play(game, a.Turn("port"))
    assert state(game).move is None, "no turns left: her move is over"
    galley_ = state(game).ship("galley")
    assert (galley_.x, galley_.y, galley_.heading) == (36, 24, N)
    assert galley_.speed == 0 and galley_.moved
    # Next turn she is still at 0": she may hold again.
    next_turn(game)
    assert "hold" in paces(game)


def test_a_ship_that_holds_station_need_not_turn():
    game = galley("oar", speed=0)
    to_movement(game)
    play(game, a.StartMove("galley", "hold"))
    assert a.EndMove() in game.legal_actions()
    assert not any(isinstance(x, a.Advance) for x in game.legal_actions())
    play(game, a.EndMove())
    assert (state(game).ship("galley").x, state(game).ship("galley").heading) == (36, E)


def test_only_a_ship_that_begins_her_turn_at_0_may_hold_station():
    game = galley("oar", speed=4)
    to_movement(game)
    assert "hold" not in paces(game)
    why = refused(game, a.StartMove("galley", "hold"))
    assert why.rule == "Oar Powered Ships" and "begins her turn at 0" in why.reason


def test_a_sailing_ship_may_not_hold_station_or_go_astern():
    game = galley("sail", speed=0)
    to_movement(game)
    assert paces(game) == {"under_way", "halt"}
    assert "only oar and steam ships" in refused(game, a.StartMove("galley", "hold")).reason
    assert "only oar and steam ships" in refused(game, a.StartMove("galley", "astern")).reason


# --- "Put yer backs into it!" and "Full Steam Ahead!" -------------------------------------------


@pytest.mark.parametrize(("propulsion", "rule"), [("oar", "Put yer backs into it!"),
                                                  ("steam", "Full Steam Ahead!")])
@pytest.mark.parametrize(("score", "extra"), [(2, 1), (4, 2), (6, 3), (8, 4), (10, 5)])
def test_a_burst_adds_half_the_artillery_die(propulsion, rule, score, extra):
    game = galley(propulsion, heading="E")  # reaching: oars D6+5, steam D6+6
    to_movement(game)
    events = play(game, a.StartMove("galley", "burst"), 3, score)
    _speed, burst = rolls(events)
    assert burst.dice == "artillery" and burst.rule == rule
    base = {"oar": 8, "steam": 9}[propulsion]
    assert state(game).move.allowance == base + extra
    assert state(game).ship("galley").speed == base + extra
    assert state(game).ship("galley").burst_turn == 1
    assert state(game).ship("galley").sp == 20


def test_the_burst_is_straight_ahead_no_turns():
    game = galley("oar", heading="E")
    to_movement(game)
    play(game, a.StartMove("galley", "burst"), 3, 4)
    why = refused(game, a.Turn("port"))
    assert why.rule == "Put yer backs into it!" and "straight line" in why.reason
    act(game, a.Advance(10))
    assert state(game).move is None
    assert (state(game).ship("galley").x, state(game).ship("galley").heading) == (46, E)


def test_putting_yer_backs_into_it_misfires_one_structure_point():
    game = galley("oar", heading="E")
    to_movement(game)
    events = play(game, a.StartMove("galley", "burst"), 3, "misfire")
    assert state(game).move.allowance == 8, "no extra distance"
    assert state(game).ship("galley").sp == 19
    (damage,) = happened(events, "damage")
    assert damage.rule == "Put yer backs into it!" and "oars" in damage.text


def test_full_steam_ahead_misfires_d3_structure_points():
    game = galley("steam", heading="E")
    to_movement(game)
    events = play(game, a.StartMove("galley", "burst"), 3, "misfire", 5)  # D3: a 3
    assert state(game).move.allowance == 9
    assert state(game).ship("galley").sp == 17
    assert "pipes burst" in happened(events, "damage")[0].text
    assert state(game).move.turns_left == 0


def test_no_burst_in_consecutive_turns():
    game = galley("oar", heading="E", x=10)
    to_movement(game)
    play(game, a.StartMove("galley", "burst"), 1, 2)
    finish_move(game)
    next_turn(game)
    assert "burst" not in paces(game)
    why = refused(game, a.StartMove("galley", "burst"))
    assert why.rule == "Put yer backs into it!" and "consecutive" in why.reason
    assert "burst last turn" in card(state(game), state(game).ship("galley")).flags
    play(game, a.StartMove("galley", "full"), 1)
    finish_move(game)
    next_turn(game)
    assert "burst" in paces(game)


def test_a_misfired_burst_still_counts_as_her_burst():
    game = galley("steam", heading="E", x=10)
    to_movement(game)
    play(game, a.StartMove("galley", "burst"), 1, "misfire", 1)
    finish_move(game)
    next_turn(game)
    assert "burst" not in paces(game)


@pytest.mark.parametrize("heading", ["N", "NE", "NW"])
def test_no_burst_heading_into_the_wind(heading):
    game = galley("steam", heading=heading)
    to_movement(game)
    assert paces(game) == {"full", "slow"}
    why = refused(game, a.StartMove("galley", "burst"))
    assert why.rule == "Full Steam Ahead!" and "beating" in why.reason


@pytest.mark.parametrize(("flag", "words"), [("rudder_damaged", "rudder"),
                                             ("dismasted", "oar deck smashed")])
def test_no_burst_with_a_damaged_rudder_or_a_smashed_oar_deck(flag, words):
    game = galley("oar", heading="E")
    game = with_state(game, update_ship(state(game), "galley", **{flag: True}))
    to_movement(game)
    assert "burst" not in paces(game)
    assert words in refused(game, a.StartMove("galley", "burst")).reason


def test_the_burst_comes_on_top_of_full_speed_only():
    game = galley("oar", heading="E", speed=0)
    to_movement(game)
    assert "burst" not in paces(game)
    assert "not yet under way" in refused(game, a.StartMove("galley", "burst")).reason


def test_a_sailing_ship_has_no_burst():
    game = galley("sail", heading="E")
    to_movement(game)
    assert "only oar and steam" in refused(game, a.StartMove("galley", "burst")).reason


# --- rowing and steaming backwards ---------------------------------------------------------------


@pytest.mark.parametrize(("propulsion", "most", "rule"), [("oar", 3, "Rowing Backwards"),
                                                          ("steam", 4, "Steaming Backwards")])
def test_from_0_she_goes_straight_back_up_to_3_or_4_inches(propulsion, most, rule):
    game = galley(propulsion, heading="E", speed=0)
    to_movement(game)
    events = play(game, a.StartMove("galley", "astern"))
    assert happened(events, "astern")[0].rule == rule
    legal = game.legal_actions()
    assert a.Advance(most) in legal and a.Advance(most + 1) not in legal
    assert a.Turn("port") not in legal and a.Turn("starboard") not in legal
    why = refused(game, a.Turn("port"))
    assert why.rule == rule
    events = play(game, a.Advance(most))
    assert happened(events, "moved")[0].rule == rule
    galley_ = state(game).ship("galley")
    assert (galley_.x, galley_.y, galley_.heading) == (36 - most, 24, E)
    assert state(game).move is None
    # In later turns she counts as making 0": she may go astern again, or hold station.
    assert galley_.speed == 0
    next_turn(game)
    assert {"astern", "hold", "under_way"} <= paces(game)


def test_going_astern_she_may_stop_short():
    game = galley("oar", heading="N", speed=0)
    to_movement(game)
    play(game, a.StartMove("galley", "astern"))
    assert a.EndMove() in game.legal_actions()
    play(game, a.Advance(1))
    play(game, a.EndMove())
    assert (state(game).ship("galley").y, state(game).ship("galley").moved) == (25, True)


def test_only_from_0_may_she_go_astern():
    game = galley("steam", heading="E", speed=3)
    to_movement(game)
    assert "astern" not in paces(game)
    why = refused(game, a.StartMove("galley", "astern"))
    assert why.rule == "Steaming Backwards" and "begins her turn at 0" in why.reason


def test_going_astern_into_another_hull_is_a_collision():
    # The galley (Medium, 13" long) lies heading east with her stern at x = 29.5; the anchored
    # hulk (3.5" in the beam) lies across her wake, her side at x = 27.75: 1.75" astern.
    game = new_game(ship("galley", "p1", heading="E", x=36, y=24, speed=0, propulsion="oar"),
                    ship("hulk", "p2", heading="N", x=26, y=24, speed=0, anchored=True),
                    wind="S")
    to_movement(game)
    play(game, a.StartMove("galley", "astern"))
    events = act(game, a.Advance(3), 6, 6, 6, 6, 6, 6)
    assert happened(events, "collision")
    galley_, hulk_ = state(game).ship("galley"), state(game).ship("hulk")
    assert galley_.x == pytest.approx(34.25) and galley_.heading == E, "stopped against her"
    assert hulk_.sp < 20
    assert state(game).move is None or state(game).pending is not None


def test_going_astern_off_the_table_she_leaves_it():
    game = galley("oar", heading="E", speed=0, x=2)
    to_movement(game)
    play(game, a.StartMove("galley", "astern"))
    play(game, a.Advance(3))
    galley_ = state(game).ship("galley")
    assert galley_.off_table and not galley_.withdrawn
    assert galley_.exit_x == pytest.approx(0), "she left when her centre reached the edge"


def test_braced_to_ram_she_may_not_go_astern():
    game = galley("oar", heading="E", speed=0)
    act(game, a.DeclareRam("galley", "hulk"))
    to_movement(game)
    assert "astern" not in paces(game)
    assert refused(game, a.StartMove("galley", "astern")).rule == "Ramming"


# --- the critical hit tables -------------------------------------------------------------------

# The Frigate (p1) fires due east along y = 24 at the Prize (p2, Medium, oars or steam) lying at
# (40, 24) heading north: a guess of 14" and an artillery 4 land on her; a natural 6 to damage
# and a D3 of 1 make a critical hit. The Prize has 8 sailors and her captain.
CRIT = (4, 6, 1)


def crit_game(propulsion, **extra):
    frigate = ship("frigate", "p1", x=20, y=24, heading="N", speed=0, anchored=True,
                   crew={"sailor": 12}, guns=[("naval_cannon", "starboard")] * 2)
    prize = ship("prize", "p2", propulsion=propulsion,
                 **{"x": 40, "y": 24, "heading": "N", "speed": 0, "anchored": True,
                    "crew": {"sailor": 8}, **extra})
    decoy = ship("decoy", "p2", size="small", x=6, y=24, heading="N", speed=0, anchored=True)
    game = new_game(frigate, prize, decoy)
    to_movement(game)
    assert state(game).phase == Phase.SHOOTING
    return game


def fire(game, *dice, gun="g1"):
    return act(game, a.FireGun("frigate", gun, 14), *dice)


def aboard(game, ship_id="prize"):
    return [c for c in state(game).crew if c.aboard == ship_id]


def crew_rolls(events):
    return [r for r in rolls(events) if r.purpose.startswith("to wound")
            or r.rule == "Armour saves" or "hits" in r.purpose]


@pytest.mark.parametrize("propulsion", ["oar", "steam"])
def test_critical_tables_have_six_rows(propulsion):
    names = [tables().critical(propulsion, r).name for r in range(1, 7)]
    middle = {"oar": ["Oars Snapped", "Oar Deck Hit"],
              "steam": ["Pipes Burst", "Boiler Ruptured"]}[propulsion]
    assert names == ["Shaken", middle[0], "Rudder Damaged", middle[1], "Gun Deck Hit",
                     "Fire in the Hold"]


def test_oars_snapped_speed_lost_and_s3_hits_with_saves():
    # Two marines (light armour and shield: 5+) are unoccupied and hit first.
    game = crit_game("oar", anchored=False, speed=8, crew={"marine": 2, "sailor": 5})
    # Speed −D6 (a 3); D3 (a 3: 2) models at S3: wound on 4+ (a 4, a 5), saves 5+ (a 5, a 1).
    events = fire(game, *CRIT, 2, 3, 3, 4, 5, 5, 1)
    assert "Oars Snapped" in happened(events, "critical")[0].text
    prize = state(game).ship("prize")
    assert prize.speed == 5 and prize.sp == 20 - 1 - 1
    saves = [r for r in rolls(events) if r.rule == "Armour saves"]
    assert [r.need for r in saves] == ["5+", "5+"]
    assert len(aboard(game)) == 8 - 1


def test_pipes_burst_d3_plus_1_s4_hits_and_no_saves():
    game = crit_game("steam", anchored=False, speed=8, crew={"marine": 2, "sailor": 5})
    # Speed −D6 (a 6: to 2"); D3+1 (a 1: 2) models at S4: wound on 3+ (a 3, a 3); no saves.
    events = fire(game, *CRIT, 2, 6, 1, 3, 3)
    assert "Pipes Burst" in happened(events, "critical")[0].text
    assert not [r for r in rolls(events) if r.rule == "Armour saves"]
    prize = state(game).ship("prize")
    assert prize.speed == 2 and prize.sp == 20 - 1 - 1
    assert len(aboard(game)) == 8 - 2


@pytest.mark.parametrize("propulsion", ["oar", "steam"])
def test_rudder_damaged_as_for_sailing_ships(propulsion):
    game = crit_game(propulsion)
    events = fire(game, *CRIT, 3, 3)  # D3 markers: a 2
    assert "Rudder Damaged" in happened(events, "critical")[0].text
    assert state(game).ship("prize").rudder_damaged
    assert state(game).ship("prize").sp == 20 - 1 - 2


@pytest.mark.parametrize(("propulsion", "name", "saves", "flag"), [
    ("oar", "Oar Deck Hit", True, "oar deck smashed"),
    ("steam", "Boiler Ruptured", False, "boiler ruptured"),
])
def test_oar_deck_hit_or_boiler_ruptured_d6_a_turn_then_immobilised(propulsion, name, saves,
                                                                    flag):
    game = crit_game(propulsion, anchored=False, speed=8, crew={"sailor": 5, "marine": 3})
    # D6 (a 1) crew take S4 hits: a marine (the five sailors sail her; the marines are
    # unoccupied, and hit first), wounded on a 3; his 5+ save (a 6) if allowed.
    # D3+1 markers: a 1, 2.
    dice = (*CRIT, 4, 1, 3, 6, 1) if saves else (*CRIT, 4, 1, 3, 1)
    events = fire(game, *dice)
    assert name in happened(events, "critical")[0].text
    assert happened(events, "dismasted")[0].rule == f"Critical Hits ({name})"
    prize = state(game).ship("prize")
    assert prize.dismasted and not prize.immobilised and prize.sp == 20 - 1 - 2
    assert bool([r for r in rolls(events) if r.rule == "Armour saves"]) == saves
    assert len(aboard(game)) == 9 - (0 if saves else 1)
    assert flag in card(state(game), prize).flags
    assert flag in table_text(state(game))
    # "Subsequent results will immobilize the ship."
    events = fire(game, *CRIT, 4, 1, 3, *((6,) if saves else ()), 1, gun="g2")
    assert happened(events, "immobilised")
    prize = state(game).ship("prize")
    assert prize.immobilised and prize.speed == 0


def test_with_her_oar_deck_smashed_she_makes_at_most_d6():
    game = galley("oar", heading="E")
    game = with_state(game, update_ship(state(game), "galley", dismasted=True))
    to_movement(game)
    events = play(game, a.StartMove("galley", "full"), 4, 2)  # D6+5 = 9; at most a 2
    assert rolls(events)[1].rule == "Critical Hits (Oar Deck Hit)"
    assert state(game).move.allowance == 2


def test_with_her_boiler_ruptured_she_goes_astern_at_most_d6():
    game = galley("steam", heading="E", speed=0)
    game = with_state(game, update_ship(state(game), "galley", dismasted=True))
    to_movement(game)
    events = play(game, a.StartMove("galley", "astern"), 1)
    assert rolls(events)[0].rule == "Critical Hits (Boiler Ruptured)"
    assert state(game).move.allowance == 1


@pytest.mark.parametrize("propulsion", ["oar", "steam"])
def test_gun_deck_hit_as_for_sailing_ships(propulsion):
    game = crit_game(propulsion, guns=[("naval_cannon", "port")])
    # D3 (a 1) crew at S4 (a 1: no wound); D3 markers (a 1); D3 fires (a 3: 2).
    events = fire(game, *CRIT, 5, 1, 1, 1, 3)
    assert "Gun Deck Hit" in happened(events, "critical")[0].text
    prize = state(game).ship("prize")
    assert prize.guns[0].state.value == "destroyed"
    assert prize.fires == 2 and prize.sp == 20 - 1 - 1


@pytest.mark.parametrize(("propulsion", "face", "fires"), [("oar", 5, 4), ("steam", 5, 5),
                                                           ("oar", 1, 2), ("steam", 1, 3)])
def test_fire_in_the_hold_d3_plus_1_for_oars_d3_plus_2_for_steam(propulsion, face, fires):
    game = crit_game(propulsion)
    fire(game, *CRIT, 6, face)
    assert state(game).ship("prize").fires == fires


@pytest.mark.parametrize(("propulsion", "size", "tested"), [
    ("oar", "medium", True), ("oar", "large", True), ("steam", "medium", True),
    ("oar", "small", False), ("steam", "jolly_boat", False), ("sail", "small", True),
])
def test_below_decks_on_medium_and_larger_oar_or_steam_ships_test_initiative(propulsion, size,
                                                                             tested):
    game = new_game(ship("frigate", "p1", x=20, y=10, crew={"sailor": 6}),
                    ship("prize", "p2", size=size, x=40, y=30, propulsion=propulsion,
                         crew={"sailor": 1}, captain=False),
                    ship("decoy", "p2", size="small", x=6, y=40))
    s = state(game)
    s = replace_crew(s, {"frigate.1": evolve(s.crewman("frigate.1"), aboard="prize",
                                             task=Task.CAPTIVE, gun=None)})
    events = []
    with forced(*((6,) if tested else ())):  # I 3: a 6 fails
        s = sink(s, Dice(s.rng, events), "prize", "holed", "Taking Damage")
    tests = [r for r in rolls(events) if "below decks" in r.purpose]
    assert len(tests) == (1 if tested else 0)
    assert any(c.id == "frigate.1" for c in s.crew) != tested


# --- what the player sees --------------------------------------------------------------------


def test_the_new_paces_read_well():
    game = galley("oar", heading="E", speed=0)
    to_movement(game)
    s = state(game)
    words = {x.pace: describe(s, x) for x in game.legal_actions() if isinstance(x, a.StartMove)}
    assert words["hold"] == "Galley: hold station: stay where she is, turning in place"
    assert words["astern"] == "Galley: rowing backwards: up to 3\" straight back"
    play(game, a.StartMove("galley", "hold"))
    assert "holds station" in prompt(state(game))
    game = galley("steam", heading="E")
    to_movement(game)
    burst = next(x for x in game.legal_actions() if getattr(x, "pace", "") == "burst")
    assert describe(state(game), burst) == ('Galley: full speed, "Full Steam Ahead!": D6+6" '
                                            "plus half an Artillery die, straight ahead")
    play(game, burst, 1, 2)
    assert "straight ahead" in prompt(state(game))


def test_going_astern_the_prompt_says_so():
    game = galley("steam", heading="E", speed=0)
    to_movement(game)
    play(game, a.StartMove("galley", "astern"))
    assert "astern" in prompt(state(game)) and "stop" in prompt(state(game))


def test_the_record_card_shows_her_propulsion():
    game = galley("steam")
    assert card(state(game), state(game).ship("galley")).propulsion == "steam"
    assert "steam" in table_text(state(game))


@pytest.mark.parametrize("propulsion", ["oar", "steam"])
def test_every_rule_an_oar_or_steam_ship_cites_opens_a_topic(propulsion):
    from ahoy_tui.rules.ahoy.movement import crippled_rule
    from ahoy_tui.rules.ahoy.summaries import summaries

    drive = tables().power(propulsion)
    galley_ = state(galley(propulsion)).ship("galley")
    for rule in (drive.section, drive.burst, drive.astern_rule, crippled_rule(galley_)):
        assert any(t.matches(rule) for t in summaries()), rule


def test_the_planned_move_astern_is_drawn_from_her_stern():
    from ahoy_tui.rules.ahoy.view import scene

    game = galley("oar", heading="E", speed=0)
    to_movement(game)
    play(game, a.StartMove("galley", "astern"))
    (line,) = [x for x in scene(state(game)).lines if x.kind == "move"]
    assert line.heading == W and line.start == pytest.approx((36 - 6.5, 24))
    assert [m.label for m in line.marks] == ["|"], "no distance before a turn to mark"
