"""Fire Aboard Ships and Kaboom! (Advanced rules), played with forced dice.

The Blaze (p1, Medium, anchored) starts with fire markers; her fires are fought when her orders
end, before movement. A hulk (p2) lies far off, out of every line.
"""

from __future__ import annotations

import pytest
from kit import act, happened, new_game, rolls, ship, state, to_movement, until_turn_of

from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.crew import in_control
from ahoy_tui.rules.ahoy.fire import share
from ahoy_tui.rules.ahoy.model import Phase, Task

RULE = "Fire Aboard Ships"


def blaze(fires, **extra):
    data = {"size": "medium", "x": 20, "y": 24, "heading": "N", "speed": 0, "anchored": True,
            "crew": {"sailor": 10}, "fires": fires, **extra}
    return ship("blaze", "p1", **data)


def hulk():
    return ship("hulk", "p2", x=60, y=8, heading="E", speed=0, anchored=True)


def game_with(fires, fighters=0, **extra):
    game = new_game(blaze(fires, **extra), hulk())
    if fighters:
        act(game, a.AssignCrew("blaze", sailing=5, fires=fighters, guns_first=""))
        men = [c for c in state(game).crew if c.aboard == "blaze"]
        assert sum(c.task == Task.FIRES for c in men) == fighters
        assert sum(c.task == Task.SAILING for c in men) == 5
    return game


def blaze_ship(game):
    return state(game).ship("blaze")


def fire_rolls(events):
    return [r for r in rolls(events) if r.rule == RULE]


def test_a_marker_goes_out_on_six_or_more_with_its_crew():
    game = game_with(1, fighters=2)
    events = to_movement(game, 4)  # 4 + 2 crew = 6
    (roll,) = rolls(events)
    assert roll.need == "6+" and "2 crew fighting it" in roll.purpose
    assert roll.outcome == "6: put out"
    assert happened(events, "fire_out")
    assert blaze_ship(game).fires == 0
    assert blaze_ship(game).sp == 20


def test_a_marker_not_put_out_burns():
    game = game_with(1, fighters=2)
    events = to_movement(game, 3, 3)  # 3 + 2 = 5: still burning; it burns for 1 damage
    dice = fire_rolls(events)
    assert [r.outcome for r in dice] == ["5: still burning", "1 damage"]
    assert blaze_ship(game).fires == 1
    assert blaze_ship(game).sp == 19


def test_without_crew_only_a_natural_six_puts_a_fire_out():
    game = game_with(2)
    events = to_movement(game, 6, 5, 1)
    dice = fire_rolls(events)
    assert [r.outcome for r in dice] == ["6: put out", "5: still burning", "burns, no damage"]
    assert blaze_ship(game).fires == 1


@pytest.mark.parametrize(("roll", "damage", "crew_hit"), [
    (1, 0, False), (2, 0, False), (3, 1, False), (4, 1, False), (5, 1, False), (6, 1, True)])
def test_the_burn_table(roll, damage, crew_hit):
    game = game_with(1)
    men = len([c for c in state(game).crew if c.aboard == "blaze"])
    # A 2 does not put it out (no crew on it); the burn roll; on a 6 a sailor (T3, no armour)
    # takes a S3 hit: 4+ to wound, a 4 slays him.
    dice = (2, roll, 4) if crew_hit else (2, roll)
    events = to_movement(game, *dice)
    assert blaze_ship(game).sp == 20 - damage
    assert bool(happened(events, "damage")) == bool(damage)
    if crew_hit:
        wound = rolls(events)[-1]
        assert wound.need == "4+" and "burning timbers" in wound.purpose
        assert wound.outcome == "wounds"
        assert len([c for c in state(game).crew if c.aboard == "blaze"]) == men - 1
    else:
        assert len([c for c in state(game).crew if c.aboard == "blaze"]) == men


def test_a_natural_one_spreads_the_fire_and_new_markers_do_not_burn_yet():
    # Five men on the one marker: 1 + 5 would be 6, but a natural 1 spreads the fire anyway.
    game = game_with(1, fighters=5)
    events = to_movement(game, 1, 6, 3)  # D3 (a 6): 3 more; only the old marker burns: a 3
    dice = fire_rolls(events)
    assert dice[0].outcome == "the fire spreads!"
    assert dice[1].dice == "D3" and dice[1].result == 3
    assert len(dice) == 3 and dice[2].purpose.endswith("fire marker 1 burns")
    assert happened(events, "fire_spreads")
    assert blaze_ship(game).fires == 4
    assert blaze_ship(game).sp == 19
    # Her next turn all four are fought and burn.
    until_turn_of(game, "p1")
    events = to_movement(game, 6, 6, 2, 2, 1, 1)
    assert len(fire_rolls(events)) == 6
    assert blaze_ship(game).fires == 2


def test_fire_fighters_are_shared_among_the_markers():
    assert share(3, 2) == [2, 1]
    assert share(4, 2) == [2, 2]
    assert share(1, 3) == [1, 0, 0]
    game = game_with(2, fighters=3)
    events = to_movement(game, 4, 4, 1)
    dice = fire_rolls(events)
    assert "2 crew" in dice[0].purpose and "1 crew" in dice[1].purpose
    assert [r.outcome for r in dice] == ["6: put out", "5: still burning", "burns, no damage"]
    assert blaze_ship(game).fires == 1


def test_fires_are_fought_only_at_the_start_of_her_own_turn():
    game = new_game(blaze(0), ship("hulk", "p2", x=60, y=8, heading="E", speed=0,
                                   anchored=True, fires=1))
    events = to_movement(game)
    assert not fire_rolls(events)
    assert state(game).ship("hulk").fires == 1
    assert state(game).active == "p2" and state(game).phase == Phase.ORDERS
    events = to_movement(game, 2, 1)
    assert len(fire_rolls(events)) == 2


def test_fire_fighters_do_not_count_as_sailing_crew():
    # Seven sailors: three sailing and four at the fire leave her short of the five a Medium
    # ship needs.
    game = new_game(blaze(1, crew={"sailor": 7}), hulk())
    assert in_control(state(game), blaze_ship(game))
    act(game, a.AssignCrew("blaze", sailing=3, fires=4, guns_first=""))
    assert sum(c.task == Task.FIRES for c in state(game).crew) == 4
    assert not in_control(state(game), blaze_ship(game))


# --- Kaboom! --------------------------------------------------------------------------------


def powder(fires, guns=True, crew=3):
    """The Powder Hoy (p1, Small, a naval cannon aboard) with three sailors, all sailing."""
    return ship("powder", "p1", size="small", x=20, y=24, heading="N", speed=0, anchored=True,
                crew={"sailor": crew}, captain=False, fires=fires,
                guns=[("naval_cannon", "port")] if guns else [])


def powder_game(fires, guns=True):
    return new_game(powder(fires, guns), hulk())


STILL = 2  # a marker roll that neither puts it out nor spreads it
CALM = 1   # a burn roll that does no damage


def test_kaboom_on_twelve_or_more_every_model_takes_a_s6_hit_and_she_sinks():
    game = powder_game(6)
    # Six markers stay alight and burn harmlessly; D6 6 + 6 markers = 12: KABOOM! S6 v T3
    # wounds on 2+: a 2 and a 6 slay, a natural 1 does not. No armour save. She sinks.
    # The survivor, in the water, rolls at the start of the movement phase (a 2: he swims on).
    events = to_movement(game, *[STILL] * 6, *[CALM] * 6, 6, 2, 1, 6, 2)
    boom = next(r for r in rolls(events) if r.rule == "Kaboom!" and r.dice == "D6"
                and "magazine" in r.purpose)
    assert boom.outcome == "12: KABOOM!"
    assert happened(events, "kaboom")
    hits = [r for r in rolls(events) if r.purpose.startswith("to wound")]
    assert [r.need for r in hits] == ["2+"] * 3
    assert not [r for r in rolls(events) if r.rule == "Armour saves"]
    assert state(game).ship("powder").sunk
    survivors = [c for c in state(game).crew if c.ship == "powder"]
    assert len(survivors) == 1 and survivors[0].task == Task.SWIMMING
    assert game.over and state(game).winner == "p2"


def test_kaboom_needs_twelve():
    game = powder_game(6)
    events = to_movement(game, *[STILL] * 6, *[CALM] * 6, 5)
    boom = rolls(events)[-1]
    assert boom.rule == "Kaboom!" and boom.outcome == "11: the magazine holds"
    assert not state(game).ship("powder").sunk
    assert state(game).ship("powder").fires == 6


def test_no_kaboom_roll_with_fewer_than_six_markers():
    game = powder_game(5)
    events = to_movement(game, *[STILL] * 5, *[CALM] * 5)
    assert not [r for r in rolls(events) if r.rule == "Kaboom!"]
    assert state(game).ship("powder").fires == 5


def test_markers_that_spread_count_toward_kaboom():
    game = powder_game(5)
    # The first marker spreads (D3 a 1: one more): six markers after the fire-fighting. The
    # five old ones burn; then D6 + 6.
    events = to_movement(game, 1, 1, *[STILL] * 4, *[CALM] * 5, 3)
    assert state(game).ship("powder").fires == 6
    assert rolls(events)[-1].rule == "Kaboom!"
    assert rolls(events)[-1].outcome == "9: the magazine holds"


def test_no_kaboom_without_gunpowder_weapons():
    game = powder_game(6, guns=False)
    events = to_movement(game, *[STILL] * 6, *[CALM] * 6)
    assert not [r for r in rolls(events) if r.rule == "Kaboom!"]
    assert state(game).ship("powder").fires == 6


def test_the_row_that_tells_off_fire_fighters_says_how_many_may_go():
    # The screen folds the crew plans differing only in the hands at the fires into one row
    # with a picker: its words name the fires and the span, not only the plan with none at
    # them (whose words the screen would use).
    from ahoy_tui.rules.ahoy import RULESET

    game = game_with(2)
    plans = [x for x in game.legal_actions() if isinstance(x, a.AssignCrew)
             and x.sailing == 5 and x.guns_first == ""]
    values = tuple(sorted(x.fires for x in plans))
    assert values == (0, 1, 2, 3, 4, 5), "the five hands not sailing her"
    words = RULESET.describe_choice(state(game), plans[0], "fires", values)
    assert words == "Blaze: 5 sailing, 0-5 at the fires, the rest to the guns"
