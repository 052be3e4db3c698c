"""The seed's own worked examples, replayed with the dice the text rolls.

- "An example of movement": the Charger.
- Ramming "For example": the Harpy rams the Charger.
- Fire Aboard Ships "For example": the Griffon's fires.

Where the text's numbers disagree with its own tables, the tables win and the test says so
(docs/rules/ahoy.md lists these).
"""

from __future__ import annotations

import math

import pytest
from kit import act, happened, new_game, rolls, ship, state, to_movement, until_turn_of

from ahoy_tui.engine import IllegalAction
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.model import Phase, Task

R = math.sqrt(0.5)


def charger_game():
    """The Charger, a Small sailing ship heading directly away from the wind (running)."""
    return new_game(
        ship("charger", "p1", size="small", x=20, y=6, heading="S", speed=8),
        ship("hulk", "p2", x=60, y=40, heading="W", anchored=True, speed=0),
        wind="S",
    )


def test_charger_turn_one_runs_eleven_inches_with_two_turns():
    game = charger_game()
    to_movement(game)
    # Running, a Small ship makes D6+6 by the table (the example says D6+8, the Medium row; with
    # the table a 5 gives the example's 11").
    events = act(game, a.StartMove("charger", "full"), 5)
    assert rolls(events)[0].dice == "D6"
    assert state(game).move.allowance == 11
    # "a sailing vessel must move in order to turn": not before 2" for a Small ship.
    with pytest.raises(IllegalAction, match="Turning"):
        game.play(a.Turn("starboard"))
    act(game, a.Advance(4))
    act(game, a.Turn("starboard"))
    act(game, a.Advance(5))
    act(game, a.Turn("starboard"))
    act(game, a.Advance(2))
    move = state(game).move
    assert move is not None and move.remaining == 0
    # "...she has moved the minimum 2" so she could make one more 45º turn to complete the move"
    assert a.Turn("starboard") in game.legal_actions()
    act(game, a.EndMove())
    charger = state(game).ship("charger")
    assert charger.heading == 6  # west
    assert charger.x == pytest.approx(20 - 5 * R - 2, abs=1e-3)
    assert charger.y == pytest.approx(6 + 4 + 5 * R, abs=1e-3)
    assert charger.moved_last == pytest.approx(11)


def test_charger_must_use_her_whole_move():
    game = charger_game()
    to_movement(game)
    act(game, a.StartMove("charger", "full"), 5)
    act(game, a.Advance(4))
    with pytest.raises(IllegalAction, match="whole move must be used"):
        game.play(a.EndMove())
    with pytest.raises(IllegalAction, match="7\""):
        game.play(a.Advance(8))


def test_charger_slows_down_fixed_then_half_fixed():
    game = charger_game()
    to_movement(game)
    act(game, a.StartMove("charger", "full"), 5)
    for step in (a.Advance(4), a.Turn("starboard"), a.Advance(5), a.Turn("starboard"),
                 a.Advance(2), a.EndMove()):
        act(game, step)
    until_turn_of(game, "p1")
    # Turn 2: heading west with the wind from the north on her starboard side: Reaching.
    to_movement(game)
    paces = {p.pace for p in game.legal_actions() if isinstance(p, a.StartMove)}
    assert paces == {"full", "slow"}
    events = act(game, a.StartMove("charger", "slow"))
    assert not rolls(events), "slowing down: the D6 is not rolled"
    # The fixed Reaching rate of a Small ship is 4" (the example's 6" is the Medium row).
    assert state(game).move.allowance == 4
    act(game, a.Advance(2))
    act(game, a.Turn("port"))
    act(game, a.Advance(2))
    act(game, a.EndMove())
    until_turn_of(game, "p1")
    # Turn 3: slowing a second turn: half the fixed amount, rounded up. Her port turn left her
    # heading south-west, running (fixed 6"): she must move 3" — the example's own figure.
    to_movement(game)
    act(game, a.StartMove("charger", "slow"))
    assert state(game).move.allowance == 3
    assert state(game).ship("charger").slowing == 2


def harpy_and_charger():
    """The Harpy (Medium) bears down on the Charger (Small), broadside on, 9.25" away."""
    return new_game(
        ship("harpy", "p1", x=10, y=20, heading="E", speed=8, crew={"sailor": 12}),
        ship("charger", "p2", size="small", x=27, y=20, heading="N", speed=6,
             crew={"sailor": 6}),
        wind="S",
    )


def test_harpy_rams_the_charger():
    game = harpy_and_charger()
    act(game, a.DeclareRam("harpy", "charger"))
    harpy = state(game).ship("harpy")
    assert harpy.ram_target == "charger" and harpy.no_shooting, "Brace for impact!"
    to_movement(game)
    act(game, a.StartMove("harpy", "full"), 4)  # Reaching, D6+6: 10", enough to ram
    assert state(game).move.ram
    act(game, a.Advance(10))
    # The hulls meet after 9.25": the Charger's captain may test to avoid.
    pending = state(game).pending
    assert pending is not None and pending.kind == "avoid" and game.to_act == "p2"
    assert state(game).ship("harpy").x == pytest.approx(10 + 9.25)
    # He rolls 11 (fails); the Harpy rolls 3 to wound (S8 v T7 needs 3+), 9 on 2D6; the
    # Charger tests to strike (passes on 6); the Harpy rolls 2 for her own damage.
    events = act(game, a.Avoid(True), 5, 6, 3, 4, 5, 3, 3, 2)
    dice = rolls(events)
    assert (dice[0].dice, dice[0].result, dice[0].outcome) == ("2D6", 11, "failed")
    assert dice[1].need == "3+" and dice[1].outcome == "wounds"
    assert dice[2].faces == (4, 5) and dice[2].result == 9
    assert dice[3].purpose.startswith("Charger: strike test")
    assert dice[3].outcome == "holds"
    charger = state(game).ship("charger")
    harpy = state(game).ship("harpy")
    assert charger.sp == 16 - 9
    assert harpy.sp == 20 - 5, "half of 9, rounded up"
    assert charger.strike_tested and not charger.struck
    assert harpy.speed == 0 and charger.speed == 0
    assert state(game).locked_with("harpy") == ("charger",)
    assert state(game).lock_of("harpy").kind == "entangled"
    assert happened(events, "entangled")


def test_charger_fails_to_cut_loose_and_the_harpy_boards():
    game = harpy_and_charger()
    act(game, a.DeclareRam("harpy", "charger"))
    to_movement(game)
    act(game, a.StartMove("harpy", "full"), 4)
    act(game, a.Advance(10))
    act(game, a.Avoid(True), 5, 6, 3, 4, 5, 3, 3, 2)
    # The Harpy's crew braced for impact: the rest of her turn passes without shooting.
    assert state(game).active == "p2" and state(game).phase == Phase.ORDERS
    # In his turn the Charger's captain orders his crew to cut loose and rolls a 3.
    legal = game.legal_actions()
    assert a.CutLoose("charger") in legal
    assert any(isinstance(x, a.Board) and x.target == "harpy" for x in legal)
    act(game, a.CutLoose("charger"), 3)
    assert state(game).locked_with("charger") == ("harpy",), "the ships remain entangled"
    assert state(game).ship("charger").no_shooting
    assert a.CutLoose("charger") not in game.legal_actions()
    act(game, a.EndOrders(), 2)  # the entangled pair drift D3" downwind
    assert state(game).ship("charger").y == pytest.approx(20 + 1)
    assert state(game).ship("harpy").y == pytest.approx(20 + 1)
    # The Harpy's turn: the captain gives the order to board.
    assert state(game).active == "p1"
    boards = [x for x in game.legal_actions() if isinstance(x, a.Board)]
    assert boards and {x.target for x in boards} == {"charger"}
    act(game, max(boards, key=lambda x: x.count))
    aboard = [c for c in state(game).crew if c.aboard == "charger" and c.side == "p1"]
    assert aboard and all(c.task == Task.BOARDING for c in aboard)


def griffon_game():
    """The Griffon: a Small sailing ship, 8 crew, 2 naval cannons, two fire markers."""
    return new_game(
        ship("griffon", "p1", size="small", x=20, y=20, heading="E", speed=6,
             crew={"sailor": 8}, captain=False, fires=2,
             guns=[("naval_cannon", "port"), ("naval_cannon", "starboard")]),
        ship("hulk", "p2", x=60, y=40, heading="W", anchored=True, speed=0),
        wind="S",
    )


def test_griffon_fights_her_fires():
    game = griffon_game()
    # "2 crew ... to sail the ship", 4 on the fires (2 per marker), 2 on one naval cannon.
    act(game, a.AssignCrew("griffon", sailing=2, fires=4, guns_first="port"))
    crew = [c for c in state(game).crew if c.aboard == "griffon"]
    assert sum(c.task == Task.SAILING for c in crew) == 2
    assert sum(c.task == Task.FIRES for c in crew) == 4
    gunners = [c for c in crew if c.task == Task.GUN]
    assert len(gunners) == 2 and len({c.gun for c in gunners}) == 1
    # The dice roll 3 and 4 (+2 each: 5 and 6): one marker out. The other burns: a 5, 1 damage.
    # (Two sailors are fewer than a Small ship's minimum crew of 3 by the Ship Size table, so
    # she then runs out of control: D6 4 holds her heading.)
    events = act(game, a.EndOrders(), 3, 4, 5, 4)
    fire = rolls(events)[:3]
    assert [r.result for r in fire] == [3, 4, 5]
    assert fire[0].outcome == "5: still burning" and fire[1].outcome == "6: put out"
    assert fire[2].outcome == "1 damage"
    griffon = state(game).ship("griffon")
    assert griffon.fires == 1
    assert griffon.sp == 16 - 1
