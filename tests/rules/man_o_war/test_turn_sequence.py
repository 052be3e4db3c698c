"""The Turn Sequence of Man O' War played through the engine with forced dice: the Initiative
Phase (a double turns the wind, the house rule's double 5s and 6s two points), the Battle Phase
(no passing, a squadron may do nothing, a ship touched is committed, each ship moves, shoots and
boards before the next), Squadrons (a flagship lost, stragglers, rejoining), the End Phase in the
seed's order, and Victory (one side sunk or taken; the turn limit and Battle Honours).

This module also holds :class:`Sea`, the harness the other rule tests share: a battle set out
by scenario data, which a test may then arrange (a ship damaged, a marker laid) before playing
on through the engine (``engine.game.apply``: every action checked against the legal ones).
"""

from __future__ import annotations

from typing import Any

import pytest

from ahoy_tui.engine import Game, IllegalAction
from ahoy_tui.engine.dice import forced
from ahoy_tui.engine.events import DiceRoll, Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.game import apply, legal_actions
from ahoy_tui.engine.legal import LegalActions
from ahoy_tui.rules.man_o_war import shooting
from ahoy_tui.rules.man_o_war.actions import (
    Activate,
    Advance,
    Board,
    Command,
    EndFire,
    EndMove,
    EndShip,
    SetCourse,
    TakePrize,
)
from ahoy_tui.rules.man_o_war.damage import with_ship
from ahoy_tui.rules.man_o_war.model import COMPASS, Marker, Marks, MowState, Phase, Ship
from ahoy_tui.rules.man_o_war.table import touching

from .test_battle import scenario, ship


class Sea:
    """A battle played through the engine from a state a test may first arrange."""

    def __init__(self, state: MowState, events: tuple[Event, ...] = ()) -> None:
        self.state = state
        self.events: list[Event] = list(events)  # of the last play
        self.log: list[Event] = list(events)  # of every play

    @classmethod
    def of(cls, *ships: dict[str, Any], initiative: tuple[int, ...] = (6, 1),
           races: tuple[str, str] = ("empire", "bretonnia"), wind: str = "N",
           terrain: tuple[dict[str, Any], ...] = (), **options: Any) -> Sea:
        """The ships set out (p1 the Empire, p2 Bretonnia unless ``races`` says otherwise),
        the wind blowing ``wind``, ``initiative`` the dice of the first Initiative Phase."""
        data = scenario(*ships, wind=wind, races=races, terrain=terrain)
        data["options"].update(options)
        with forced(*initiative):
            game = Game.new("man-o-war", scenario_data=data, seed=1)
        assert isinstance(game.state, MowState)
        return cls(game.state, game.events_at(0))

    # --- arranging ----------------------------------------------------------------------------
    def arrange(self, ship_id: str, **changes: Any) -> Sea:
        self.state = with_ship(self.state, replace(self.state.ship(ship_id), **changes))
        return self

    def lay(self, *markers: Marker) -> Sea:
        self.state = replace(self.state, markers=(*self.state.markers, *markers))
        return self

    # --- playing ------------------------------------------------------------------------------
    def play(self, action: Any, *faces: int) -> Sea:
        """Play ``action`` with these dice (every one must be rolled; none given: the dice
        of a ``forced`` block around the call, or the seed's)."""
        if faces:
            with forced(*faces):
                new, events = apply(self.state, action)
        else:
            new, events = apply(self.state, action)
        assert isinstance(new, MowState)
        self.state, self.events = new, list(events)
        self.log += events
        return self

    def refused(self, action: Any) -> IllegalAction:
        with pytest.raises(IllegalAction) as refusal:
            apply(self.state, action)
        return refusal.value

    def legal(self) -> LegalActions:
        return legal_actions(self.state)

    def fixed(self) -> list[Any]:
        return list(self.legal().fixed)

    def ship(self, ship_id: str) -> Ship:
        return self.state.ship(ship_id)

    def idle(self) -> Sea:
        """The ship in hand does nothing more: ends her move, holds fire, ends her turn."""
        for action in (EndMove(), EndFire(), EndShip()):
            if self.state.current and action in self.legal():
                self.play(action)
        return self

    def idle_unit(self, unit: str) -> Sea:
        """Activate ``unit`` and let each of its ships do nothing."""
        side = self.state.active
        self.play(Activate(unit))
        while self.state.active == side and (self.state.current or self.state.acting) \
                and self.state.phase == Phase.BATTLE and not self.state.over:
            if self.state.current:
                self.idle()
            else:
                self.play(Command(self.state.acting[0]))
        return self

    def end_battle_phase(self, *faces: int) -> Sea:
        """Every side's units do nothing until the Battle Phase is over: the turn ends (and the
        next begins) unless the End Phase waits for a straggler, or the battle is over.
        ``faces``: every die rolled on the way (the End Phase's, the next initiative's)."""
        turn = self.state.turn
        with forced(*faces):
            while (self.state.turn == turn and self.state.phase == Phase.BATTLE
                   and not self.state.over):
                if self.state.current:
                    self.idle()
                elif self.state.acting:
                    self.play(Command(self.state.acting[0]))
                else:
                    self.play(self.fixed()[0])
        return self

    # --- reading ------------------------------------------------------------------------------
    def said(self, kind: str, *, everything: bool = False) -> list[str]:
        return [e.text for e in (self.log if everything else self.events)
                if isinstance(e, Happened) and e.kind == kind]

    def rolls(self, *, everything: bool = False) -> list[DiceRoll]:
        return [e for e in (self.log if everything else self.events) if isinstance(e, DiceRoll)]


# p1 the Empire: the Greatship "g" with the Admiral and a squadron "w" of three Wolfships,
# "w1" the flagship; p2 Bretonnia: the Galleon "b" with the Admiral, far off.
def empire_and_squadron(w: tuple[tuple[float, float, str], ...] = (
        (20, 20, "E"), (24.5, 20, "E"), (20, 23, "E")), **more: Any) -> Sea:
    wolves = [ship(f"w{i + 1}", "p1", "wolfship", *at, squadron="w", flagship=i == 0)
              for i, at in enumerate(w)]
    return Sea.of(ship("g", "p1", "greatship", 10, 40, "E", admiral=True), *wolves,
                  ship("b", "p2", "galleon", 62, 40, "W", admiral=True), **more)


# --- the Initiative Phase -------------------------------------------------------------------

def test_initiative_the_higher_die_goes_first() -> None:
    sea = Sea.of(ship("g", "p1", "greatship", 20, 24, "E", admiral=True),
                 ship("b", "p2", "galleon", 50, 24, "W", admiral=True), initiative=(2, 5))
    assert sea.state.initiative == "p2" and sea.state.to_act == "p2"
    assert sea.state.phase == Phase.BATTLE and COMPASS[sea.state.wind] == "N"


@pytest.mark.parametrize(("double", "house_rule", "wind"), [
    (6, False, "NE"),  # even: one point clockwise
    (5, False, "NW"),  # odd: one point anticlockwise
    (6, True, "E"),  # the house rule: double 6s, two points clockwise
    (5, True, "W"),  # double 5s, two points anticlockwise
    (4, True, "NE"),  # other doubles still one point
    (1, True, "NW"),
])
def test_initiative_a_double_turns_the_wind_the_house_rule_two_points_on_5s_and_6s(
        double: int, house_rule: bool, wind: str) -> None:
    sea = Sea.of(ship("g", "p1", "greatship", 20, 24, "E", admiral=True),
                 ship("b", "p2", "galleon", 50, 24, "W", admiral=True),
                 initiative=(double, double, 3, 4), wind_double_two=house_rule)
    assert COMPASS[sea.state.wind] == wind
    assert sea.state.initiative == "p2"  # re-rolled: 3 against 4
    assert len(sea.rolls()) == 4


def test_the_initiative_is_rolled_again_every_turn() -> None:
    sea = empire_and_squadron()
    sea.end_battle_phase(2, 6)  # turn 2: p2 wins
    assert sea.state.turn == 2 and sea.state.initiative == "p2" and sea.state.to_act == "p2"


# --- the Battle Phase -------------------------------------------------------------------------

def test_no_passing_a_side_must_activate_a_ship_or_a_squadron() -> None:
    sea = empire_and_squadron()
    legal = sea.legal()
    assert set(legal.fixed) == {Activate("g"), Activate("w")} and not legal.ranges


def test_a_squadron_may_be_activated_and_do_nothing() -> None:
    sea = empire_and_squadron()
    before = sea.state
    sea.idle_unit("w")
    for wolf in ("w1", "w2", "w3"):
        assert (sea.ship(wolf).x, sea.ship(wolf).y) == (before.ship(wolf).x,
                                                          before.ship(wolf).y)
        assert sea.ship(wolf).activated
    assert sea.state.active == "p2" and sea.fixed() == [Activate("b")]
    assert not sea.rolls(everything=True)[2:]  # nothing rolled past the initiative


def test_a_squadrons_ships_act_one_at_a_time_move_shoot_then_board() -> None:
    sea = empire_and_squadron()
    sea.play(Activate("w"))
    assert set(sea.fixed()) == {Command("w1"), Command("w2"), Command("w3")}
    sea.play(Command("w2"))
    assert sea.state.current == "w2" and sea.state.stage == "move"
    sea.play(SetCourse("oars")).play(Advance(2)).play(EndMove())
    # her move is over: no moving again this Battle Phase
    assert sea.refused(Advance(1)).rule in ("Turn Sequence", "Movement")
    assert sea.state.current == "" and set(sea.fixed()) == {Command("w1"), Command("w3")}
    sea.play(Command("w1")).idle()
    assert sea.state.current == "w3"  # the last ship of the squadron is taken in hand
    sea.idle()
    assert sea.state.active == "p2"  # the squadron done, play passes to the opponent


def test_a_squadron_follows_its_first_ships_orders_in_one_choice() -> None:
    """The first Wolfship to move writes her moves down; each of the others may follow them
    in one choice (the same course, advances and turns, then her move ends); one that cannot
    follow a step is told why (the rule), the rest of her move hers."""
    from ahoy_tui.rules.man_o_war.actions import SameOrders, Turn
    from ahoy_tui.rules.man_o_war.prompt import describe

    sea = empire_and_squadron(((20, 20, "E"), (20, 27, "E"), (20, 34, "E")))
    start = {w: (sea.ship(w).x, sea.ship(w).y) for w in ("w1", "w2", "w3")}
    sea.play(Activate("w")).play(Command("w1"))
    assert SameOrders() not in sea.legal()  # nobody has moved yet
    assert sea.refused(SameOrders()).rule == "Squadrons"
    sea.play(SetCourse("oars")).play(Advance(1)).play(Turn("starboard"))
    sea.play(Advance(1, stop=True))  # stopping short: one choice, her move ends
    assert sea.state.current != "w1" or sea.state.stage != "move"
    sea.idle()
    sea.play(Command("w2"))
    assert SameOrders() in sea.fixed()
    assert describe(sea.state, SameOrders()) == (
        f"As the {sea.ship('w1').name}: under oars, ahead 1\", to starboard, ahead 1\"")
    sea.play(SameOrders())
    assert sea.state.current != "w2" or sea.state.stage != "move"  # her move is over
    moved = {w: (round(sea.ship(w).x - start[w][0], 6), round(sea.ship(w).y - start[w][1], 6))
             for w in ("w1", "w2")}
    assert moved["w2"] == moved["w1"] and sea.ship("w2").heading == sea.ship("w1").heading
    assert any("follows the" in e.text for e in sea.events if isinstance(e, Happened))
    if sea.state.current == "w2":
        sea.idle()
    # the last: her oars slowed to 2", too little for the turn after her first inch
    assert sea.state.current == "w3"
    sea.arrange("w3", speed_lost=sea.ship("w3").card.move.oars - 2)
    sea.play(SameOrders())
    said = [e.text for e in sea.events if isinstance(e, Happened)]
    assert any("cannot follow" in t and "(Movement)" in t for t in said)
    assert sea.state.stage == "move" and sea.state.move is not None  # hers to finish
    assert sea.ship("w3").x == pytest.approx(start["w3"][0] + 1)


def test_the_squadrons_order_says_before_she_follows_it_what_she_will_touch_or_fail() -> None:
    """Played in the Kinstrife: "As the Sea Eagle: under sail, ahead 4"" offered to the Grey
    Eagle with a Doomreaver 1.5" off her bow said nothing of her running into it; the row now
    says it as her own advance would (the ship touched, and whether she may ram), and, for a
    ship that cannot follow a step, where she stops and why."""
    from ahoy_tui.rules.man_o_war.actions import SameOrders, Turn
    from ahoy_tui.rules.man_o_war.prompt import describe

    sea = empire_and_squadron(((20, 20, "E"), (20, 27, "E"), (20, 34, "E")))
    sea.play(Activate("w")).play(Command("w1"))
    sea.play(SetCourse("oars")).play(Advance(4))
    sea.idle()
    sea.arrange("b", x=25.6, y=27.0, heading=COMPASS.index("N"))  # across w2's course
    sea.play(Command("w2"))
    row = describe(sea.state, SameOrders())
    assert row.startswith(f"As the {sea.ship('w1').name}: under oars, ahead 4\" (touches the "
                          "Galleon after ")
    assert row.endswith("she may ram)")
    sea.play(SameOrders())
    assert sea.state.move is not None and sea.state.move.touched == "b"  # as it said

    clear = empire_and_squadron(((20, 20, "E"), (20, 27, "E"), (20, 34, "E")))
    clear.play(Activate("w")).play(Command("w1"))
    clear.play(SetCourse("oars")).play(Advance(1)).play(Turn("starboard")).play(Advance(1))
    clear.idle()
    clear.play(Command("w2"))
    assert describe(clear.state, SameOrders()).endswith("ahead 1\"")  # a clear way: nothing
    clear.arrange("w2", speed_lost=clear.ship("w2").card.move.oars - 2)
    assert "(she stops short: " in describe(clear.state, SameOrders())


def test_the_squadrons_order_to_back_water_is_said_astern() -> None:
    """Played at 80x24: "As the Reikland: backing water, ahead 2""; she backed 2" astern."""
    from ahoy_tui.rules.man_o_war.actions import SameOrders
    from ahoy_tui.rules.man_o_war.prompt import describe

    sea = empire_and_squadron(((20, 20, "E"), (20, 27, "E"), (20, 34, "E")))
    sea.play(Activate("w")).play(Command("w1"))
    sea.play(SetCourse("oars", "backwards")).play(Advance(2))
    sea.idle()
    sea.play(Command("w2"))
    assert describe(sea.state, SameOrders()) == (
        f"As the {sea.ship('w1').name}: backing water, astern 2\"")


def test_a_ship_stopping_short_ends_her_move_in_the_one_choice() -> None:
    """Ahead 1-5" and end her move: the same one choice as going her whole move, no
    second prompt."""
    from ahoy_tui.rules.man_o_war.prompt import describe_choice

    sea = empire_and_squadron()
    sea.play(Activate("g")).play(SetCourse("sail"))
    ranges = sea.legal().ranges
    stop = next(r for r in ranges if r.template.stop)
    whole = next(r for r in ranges if not r.template.stop)
    assert stop.high == whole.high - 1
    assert "and end her move" in describe_choice(sea.state, stop.template, "inches",
                                                 (stop.low, stop.high))
    before = sea.ship("g").x
    sea.play(Advance(2, stop=True))
    assert sea.ship("g").x == pytest.approx(before + 2) and sea.state.stage != "move"


def test_once_a_player_touches_a_ship_he_is_committed_to_finishing_her() -> None:
    sea = empire_and_squadron()
    sea.play(Activate("w")).play(Command("w1"))
    refusal = sea.refused(Command("w2"))
    assert refusal.rule == "Squadrons" and "committed" in refusal.reason
    assert "finish the ships already activated" in sea.refused(Activate("g")).reason


def test_a_man_o_war_activated_passes_play_to_the_opponent() -> None:
    sea = empire_and_squadron()
    sea.idle_unit("g")
    assert sea.state.active == "p2" and sea.fixed() == [Activate("b")]
    sea.idle_unit("b")
    assert sea.state.active == "p1" and sea.fixed() == [Activate("w")]


def test_a_side_with_nothing_left_to_activate_leaves_the_rest_of_the_phase_to_the_other(
        ) -> None:
    sea = empire_and_squadron()
    sea.idle_unit("g").idle_unit("b")
    assert sea.state.active == "p1"  # Bretonnia has nothing left: the Empire goes on
    assert sea.fixed() == [Activate("w")]
    sea.idle_unit("w")
    assert sea.state.turn == 2


# --- Squadrons ----------------------------------------------------------------------------------

def test_a_flagship_sunk_the_nearest_ship_of_the_squadron_takes_over() -> None:
    # w3 (20, 23) is nearer the old flagship (20, 20) than w2 (24.5, 20)
    sea = empire_and_squadron(w=((20, 20, "E"), (25.5, 20, "E"), (20, 23, "E")))
    sea.arrange("w1", sunk=True)
    sea.end_battle_phase(6, 1)
    assert sea.ship("w3").flagship and not sea.ship("w2").flagship
    assert not sea.ship("w1").flagship
    assert sea.said("flagship", everything=True) == ["The Wolfship takes over as flagship"]


def test_a_flagship_that_cannot_move_gives_up_the_flag_to_a_ship_that_can() -> None:
    sea = empire_and_squadron(w=((20, 20, "E"), (25.5, 20, "E"), (20, 23, "E")))
    # w1 cannot move (her Oar Deck and Mast gone: no oars, no sail); w3, the nearest, is
    # unable to move as well: w2 takes the flag
    sea.arrange("w1", no_oars=True, no_sail=True).arrange("w3", immobile=True)
    sea.end_battle_phase(6, 1)
    assert [s.id for s in sea.state.ships if s.flagship] == ["w2"]


def test_a_flagship_that_can_still_move_keeps_the_flag() -> None:
    sea = empire_and_squadron()
    sea.arrange("w1", no_oars=True)  # she still has her sails
    sea.end_battle_phase(6, 1)
    assert [s.id for s in sea.state.ships if s.flagship] == ["w1"]


def straggling() -> Sea:
    """w3 ends turn 1 12" from her flagship w1 (hull to hull): a straggler from then on."""
    sea = empire_and_squadron(w=((20, 20, "E"), (24.5, 20, "E"), (20, 34, "N")))
    assert not sea.ship("w3").straggler
    sea.end_battle_phase(6, 1)
    assert sea.state.turn == 2
    return sea


def test_a_ship_of_the_line_ending_a_turn_more_than_6_inches_from_her_flagship_straggles(
        ) -> None:
    sea = straggling()
    assert sea.ship("w3").straggler and not sea.ship("w2").straggler
    assert any("straggler" in t for t in sea.said("straggler", everything=True))


def test_a_ship_of_the_line_within_6_inches_of_her_flagship_is_no_straggler() -> None:
    # w3 5.5" from w1, hull to hull: (20, 27) heading N, her bow at 25.5; w1's side at 20.5
    sea = empire_and_squadron(w=((20, 20, "E"), (24.5, 20, "E"), (20, 27.5, "N")))
    sea.end_battle_phase(6, 1)
    assert not sea.ship("w3").straggler


def test_stragglers_cannot_move_or_fire_in_the_battle_phase() -> None:
    sea = straggling()
    sea.play(Activate("w"))
    assert set(sea.fixed()) == {Command("w1"), Command("w2")}  # not w3
    sea.play(Command("w1")).idle()
    assert sea.state.current == "w2"
    sea.idle()
    assert sea.state.active == "p2"
    assert sea.fixed() == [Activate("b")]


def test_stragglers_move_in_the_end_phase_without_firing_and_rejoin_within_6_inches() -> None:
    sea = empire_and_squadron(w=((20, 20, "E"), (24.5, 20, "E"), (20, 34, "N")))
    sea.arrange("b", x=17.0, y=19.0, heading=0)  # where w3's bow guns will bear on her
    sea.end_battle_phase(6, 1)  # end of turn 1: w3 is a straggler
    assert sea.ship("w3").straggler
    sea.end_battle_phase()  # turn 2's Battle Phase: the End Phase waits for the straggler
    assert sea.state.phase == Phase.END and sea.state.current == "w3"
    assert sea.state.to_act == "p1"
    assert SetCourse("oars", "ramming") not in sea.legal()  # she is not attacking
    sea.play(SetCourse("sail"))  # the wind blows north, astern of her: 8"
    sea.play(Advance(8), 6, 1)  # her move over, the End Phase goes on: turn 3's initiative
    w3 = sea.ship("w3")
    assert w3.y == 26.0
    # the Galleon is in her fore arc and in range, and she did not fire
    assert ("fore", "b") in shooting.targets(sea.state, replace(w3, straggler=False))
    assert not sea.said("fires") and [r.rule for r in sea.rolls()] == ["Initiative Phase"] * 2
    assert sea.state.turn == 3
    assert not w3.straggler  # 4" from her flagship: she has rejoined
    assert any("rejoins" in t for t in sea.said("straggler"))


def test_a_straggler_in_the_end_phase_does_not_board() -> None:
    sea = empire_and_squadron(w=((20, 20, "E"), (24.5, 20, "E"), (20, 34, "N")))
    sea.end_battle_phase(6, 1)
    # the Galleon lies across the straggler's course, 2" ahead of her bow
    sea.arrange("b", x=20.0, y=29.7, heading=2)
    sea.end_battle_phase()
    assert sea.state.current == "w3"
    sea.play(SetCourse("oars"))
    # she touches the Galleon after 2": her move ends, and with it her End Phase (no board,
    # and no ram: a straggler does not attack in the End Phase); turn 3's initiative
    sea.play(Advance(5), 6, 1)
    assert "b" in touching(sea.state, sea.ship("w3"))
    assert sea.state.turn == 3 and sea.state.boarding is None
    assert [r.rule for r in sea.rolls()] == ["Initiative Phase"] * 2


def test_a_straggler_defends_as_normal_when_boarded_cannons_and_all() -> None:
    # Bretonnia's Corsair squadron: c3 a straggler, alongside the Greatship's starboard side
    sea = Sea.of(ship("g", "p1", "greatship", 30, 24, "N", admiral=True),
                 ship("b", "p2", "galleon", 62, 40, "W", admiral=True),
                 ship("c1", "p2", "corsair", 62, 10, "W", squadron="c", flagship=True),
                 ship("c2", "p2", "corsair", 62, 13, "W", squadron="c"),
                 ship("c3", "p2", "corsair", 31.4, 24, "N", squadron="c"))
    sea.arrange("c3", straggler=True)
    sea.play(Activate("g")).play(EndMove()).play(EndFire())
    # Greatship 4 + 5 crew + 1 Admiral = 10; the Corsair 5 + 3 crew + 2 broadside batteries
    # pointing at her = 10: a tie (without her cannons she would have lost)
    sea.play(Board("c3"), 4, 5)
    defence = sea.rolls()[1]
    assert defence.ship == "c3" and defence.outcome.endswith("= 10")
    assert "+2 cannons" in defence.outcome
    assert sea.ship("g").crew == 4 and sea.ship("c3").crew == 2


# --- the End Phase ----------------------------------------------------------------------------

def test_the_end_phase_in_the_seeds_order() -> None:
    """Pick up survivors, wreckage and debris, fire, stragglers, scuttle ships, remove
    counters."""
    sea = empire_and_squadron(w=((20, 20, "E"), (24.5, 20, "E"), (20, 34, "N")))
    sea.end_battle_phase(6, 1)  # w3 straggles from the end of turn 1
    # a wreck touching w1 with p1's Admiral clinging to it (his Greatship gone); a debris
    # marker; a blaze on w2; a prize of Bretonnia's to be scuttled; a no movement counter
    sea.arrange("g", sunk=True, admiral=False)
    sea.lay(Marker("wreck-g", "wreckage", 20, 18.65, 2, 5, 1.6, ("admiral:p1",), 1),
            Marker("wreck-x", "debris", 50, 5, 0, 3, 1, (), 1))
    sea.arrange("w2", marks=(Marks(), Marks(), Marks(), Marks(0, 1)))  # Oar Deck ablaze
    sea.arrange("b", scuttle=True, captured_by="p1", abandoned=True, crew=0)
    sea.state = replace(sea.state, ships=(*sea.state.ships, _galleon("b2", "p2", 60, 10)))
    sea.arrange("w1", no_movement=True)
    sea.end_battle_phase(3)  # the blaze roll: 3, it holds
    assert sea.state.phase == Phase.END and sea.state.current == "w3"  # stragglers move
    kinds = [e.kind if isinstance(e, Happened) else "fire roll" for e in sea.events
             if not isinstance(e, Happened) or e.kind in ("rescued", "debris")]
    assert kinds == ["rescued", "debris", "fire roll"]
    assert sea.ship("w1").admiral
    assert [m.kind for m in sea.state.markers] == ["debris"]  # old debris gone, wreck turned
    assert sea.ship("b").afloat and sea.ship("w1").no_movement  # not yet
    sea.play(EndMove(), 6, 1)
    assert sea.state.turn == 3 and sea.ship("b").sunk  # scuttled; turn 3 begun
    assert not sea.ship("w1").no_movement  # the counter came off
    kinds = [e.kind for e in sea.events if isinstance(e, Happened)]
    assert kinds.index("scuttled") < kinds.index("initiative")


def _galleon(ship_id: str, side: str, x: float, y: float) -> Ship:
    from ahoy_tui.rules.man_o_war.model import new_ship

    return new_ship(ship_id, "galleon", side, x=x, y=y, heading=6)


def test_no_movement_and_no_firing_counters_hold_until_the_end_phase() -> None:
    sea = Sea.of(ship("g", "p1", "greatship", 30, 24, "N", admiral=True),
                 ship("b", "p2", "galleon", 36.6, 24, "N", admiral=True))
    sea.arrange("g", no_movement=True, no_firing=True)
    sea.play(Activate("g"))
    assert sea.fixed() == [EndMove()]  # no course to set
    assert "no movement" in sea.refused(SetCourse("sail")).reason
    sea.play(EndMove())
    assert sea.state.current == "" and sea.state.active == "p2"  # no fire, nothing to board
    sea.end_battle_phase(6, 1)
    g = sea.ship("g")
    assert not g.no_movement and not g.no_firing and sea.state.turn == 2


# --- Victory --------------------------------------------------------------------------------------

def test_all_of_one_sides_ships_sunk_ends_the_game() -> None:
    sea = Sea.of(ship("i", "p1", "ironclad", 24, 24, "E", admiral=True),
                 ship("b", "p2", "galleon", 30.8, 24, "N", admiral=True),
                 races=("dwarfs", "bretonnia"))
    sea.arrange("b", btw=3)
    sea.play(Activate("i")).play(SetCourse("steam")).play(Advance(6))
    sea.play(_ram("b"), 2)  # her Below the Waterline save fails: sunk
    assert sea.ship("b").sunk and sea.state.over and sea.state.winner == "p1"
    assert sea.state.to_act is None and not sea.legal()


def _ram(target: str) -> Any:
    from ahoy_tui.rules.man_o_war.actions import Ram

    return Ram(target)


def test_all_of_one_sides_ships_captured_ends_the_game() -> None:
    sea = Sea.of(ship("g", "p1", "greatship", 30, 24, "N", admiral=True),
                 ship("b", "p2", "galleon", 31.65, 24, "N", admiral=True))
    sea.arrange("b", crew=1)
    sea.play(Activate("g")).play(EndMove()).play(EndFire())
    sea.play(Board("b"), 6, 1)
    assert not sea.state.over  # first the winner takes her, or scuttles her
    sea.play(TakePrize("b", 1))
    assert sea.state.over and sea.state.winner == "p1"
    assert "taken" in sea.state.result


def honours_battle(**options: Any) -> Sea:
    """p1: Greatship; p2: Galleon and a Corsair squadron. A one-turn battle."""
    return Sea.of(ship("g", "p1", "greatship", 30, 24, "N", admiral=True),
                  ship("b", "p2", "galleon", 31.65, 24, "N", admiral=True),
                  ship("c1", "p2", "corsair", 62, 10, "W", squadron="c", flagship=True),
                  ship("c2", "p2", "corsair", 62, 13, "W", squadron="c"),
                  ship("c3", "p2", "corsair", 62, 16, "W", squadron="c"),
                  **{"turn_limit": 1, **options})


def test_the_turn_limit_ends_the_battle_on_battle_honours() -> None:
    sea = honours_battle()
    # the Galleon's crew all killed: her Admiral with them (5), her BTW boxes as a prize (4)
    sea.arrange("b", crew=1)
    sea.play(Activate("g")).play(EndMove()).play(EndFire())
    sea.play(Board("b"), 6, 1).play(TakePrize("b", 2))
    assert sea.state.honours == (9, 0) and not sea.state.over
    sea.end_battle_phase()
    assert sea.state.over and sea.state.winner == "p1"
    assert "9" in sea.state.result and "Battle Honours" in sea.state.result


def test_at_the_end_abandoned_and_scuttled_enemy_ships_count_as_sunk() -> None:
    sea = honours_battle()
    sea.arrange("c1", crew=0, abandoned=True)  # abandoned: her 3 BTW boxes
    sea.arrange("b", crew=1)
    sea.play(Activate("g")).play(EndMove()).play(EndFire())
    sea.play(Board("b"), 6, 1)  # the Admiral killed: 5
    from ahoy_tui.rules.man_o_war.actions import Scuttle

    sea.play(Scuttle("b"))
    assert sea.state.honours == (5, 0)
    sea.end_battle_phase()
    assert sea.ship("b").sunk  # scuttled in the End Phase: her 4 boxes
    assert sea.state.over and sea.state.honours == (5 + 4 + 3, 0)


def test_the_game_over_summary_says_what_won_each_battle_honour() -> None:
    """The summary's roll: each kill that earned Honours, under the side that won them, adding
    up to its total."""
    from ahoy_tui.rules.man_o_war.flow import summary

    sea = honours_battle()
    sea.arrange("c1", crew=0, abandoned=True)
    sea.arrange("b", crew=1)
    sea.play(Activate("g")).play(EndMove()).play(EndFire())
    sea.play(Board("b"), 6, 1).play(TakePrize("b", 2))
    sea.end_battle_phase()
    state = sea.state
    assert state.over
    b, c1 = sea.ship("b").name, sea.ship("c1").name
    p2 = state.side_names[1]
    assert [(h.side, h.points, h.what) for h in state.honour_roll] == [
        ("p1", 5, f"{p2}'s Admiral lost"), ("p1", 4, f"the {b} taken as a prize"),
        ("p1", 3, f"the {c1} abandoned at the end")]
    lines = summary(state).splitlines()
    at = lines.index(f"{state.side_names[0]}: 12 Battle Honours")
    assert lines[at + 1:at + 4] == [f"  +5 for {p2}'s Admiral lost",
                                    f"  +4 for the {b} taken as a prize",
                                    f"  +3 for the {c1} abandoned at the end"]
    assert sum(h.points for h in state.honour_roll) == state.honours[0]


def test_the_turn_limit_with_equal_honours_is_a_draw() -> None:
    sea = honours_battle()
    sea.end_battle_phase()
    assert sea.state.over and sea.state.winner is None and "draw" in sea.state.result


@pytest.mark.parametrize(("limit", "honours"), [(1, 4), (2, 8)])
def test_house_rule_a_prize_held_a_full_turn_is_worth_double(limit: int, honours: int) -> None:
    sea = honours_battle(turn_limit=limit, prize_double=True)
    sea.arrange("b", crew=1, admiral=False)
    sea.play(Activate("g")).play(EndMove()).play(EndFire())
    sea.play(Board("b"), 6, 1).play(TakePrize("b", 1))
    sea.end_battle_phase(*((6, 1) if limit > 1 else ()))
    if limit > 1:
        sea.end_battle_phase()
    assert sea.state.over and sea.state.honours == (honours, 0)


def test_without_the_house_rule_a_prize_is_worth_her_boxes_once() -> None:
    sea = honours_battle(turn_limit=2)
    sea.arrange("b", crew=1, admiral=False)
    sea.play(Activate("g")).play(EndMove()).play(EndFire())
    sea.play(Board("b"), 6, 1).play(TakePrize("b", 1))
    sea.end_battle_phase(6, 1).end_battle_phase()
    assert sea.state.over and sea.state.honours == (4, 0)



def test_the_log_heads_the_end_phase() -> None:
    """The End Phase has its heading in the log, before anything it does (survivors, fire)."""
    sea = Sea.of(ship("g", "p1", "greatship", 20, 24, "E", admiral=True),
                 ship("b", "p2", "galleon", 60, 24, "W", admiral=True))
    sea.end_battle_phase(6, 1)  # the next turn's initiative
    said = [e for e in sea.log if isinstance(e, Happened)]
    heads = [e.text for e in said if e.kind == "end_phase"]
    assert heads == ["Turn 1: the End Phase"]
    kinds = [e.kind for e in said]
    assert kinds.index("end_phase") < kinds.index("initiative", kinds.index("end_phase"))
