"""Man O' War computer captains: every level plays every built-in battle to the end with only
legal, explained decisions; a captain decides from its side's view alone (the same in two
games that differ only in the dice to come) and rolls only its own dice when it looks ahead;
and the odds it weighs are the rules' own."""

from __future__ import annotations

import functools
import time

import pytest

from ahoy_tui.ai.captain import Decision, make_captain
from ahoy_tui.ai.man_o_war import levels
from ahoy_tui.ai.man_o_war.boarders import Fight, boarding_value
from ahoy_tui.ai.man_o_war.gunnery import fail_chance, shot_value
from ahoy_tui.ai.tournament import play_match, tournament
from ahoy_tui.engine import Game, LegalActions, Rng, apply, get_ruleset, legal_actions
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.state import GameState
from ahoy_tui.rules.man_o_war.actions import (
    Board,
    BoardingChoice,
    EndFire,
    EndShip,
    Fire,
    Scuttle,
    TakePrize,
)
from ahoy_tui.rules.man_o_war.model import Boarding, MowState, Phase
from ahoy_tui.rules.man_o_war.scenario import BUILTIN

RULES = get_ruleset("man-o-war")
LEVELS = ("easy", "normal", "hard")
MOST_ACTIONS = 3000  # a battle of eight turns takes a few hundred: more would be a stall
THINK = 0.02  # seconds a decision: the hard captain weighs few replies in the tests


class Checked:
    """A captain whose every decision is checked as it is made: legal, explained, and not the
    fallback a captain plays when its own choice was refused."""

    def __init__(self, level: str, seed: int, think: float) -> None:
        self.level = level
        self.inner = make_captain(level, seed, think)
        self.decisions = 0
        self.slowest = 0.0

    def decide(self, view: GameState, legal: LegalActions) -> Decision:
        assert isinstance(view, MowState)
        assert view.rng.seed == 0, "a captain sees no dice to come"
        started = time.process_time()
        decision = self.inner.decide(view, legal)
        self.slowest = max(self.slowest, time.process_time() - started)
        assert decision.action in legal, decision
        assert decision.why.strip(), decision
        assert decision.why != "holding on as she is", decision
        self.decisions += 1
        return decision


def test_levels_are_the_three_captains():
    assert {name: cls.level for name, cls in levels().items()} == {
        "easy": "easy", "normal": "normal", "hard": "hard"}
    assert make_captain("hard").for_rules("man-o-war").level == "hard"  # type: ignore[attr-defined]


@pytest.mark.parametrize("scenario", BUILTIN)
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_every_battle_to_the_end(level, scenario):
    """Each level commands both fleets of every battle, to its end."""
    seed = 3 + BUILTIN.index(scenario)
    p1, p2 = Checked(level, seed, THINK), Checked(level, seed + 50, THINK)
    match = play_match("man-o-war", scenario, seed, p1, p2, max_actions=MOST_ACTIONS)
    assert match.turns <= Game.new("man-o-war", scenario, seed=seed).state.turn_limit
    assert p1.decisions and p2.decisions
    assert max(p1.slowest, p2.slowest) < 2.0  # CPU time: a loaded machine must not fail it


def test_the_normal_captain_beats_the_random_one():
    """Measured: see docs/ai.md. Here one mirrored start on open sea."""
    _, summary = tournament("normal", "random", 2, 1, ruleset="man-o-war",
                            scenario="empire_bretonnia", think=THINK)
    assert summary["p1_score"] >= 0.75


@functools.cache
def _battle_at_a_move(seed: int = 6, turn: int = 4) -> MowState:
    """A battle played by two normal captains until a ship's move begins on ``turn``."""
    game = Game.new("man-o-war", "empire_bretonnia", seed=seed)
    captains = {"p1": make_captain("normal", 1, THINK), "p2": make_captain("normal", 2, THINK)}
    state = game.state
    assert isinstance(state, MowState)
    while not (state.turn >= turn and state.current and state.stage == "move"
               and state.move is None and state.phase == Phase.BATTLE):
        assert not state.over
        legal = legal_actions(state)
        side = state.to_act or "p1"
        action = legal[0] if len(legal) == 1 else \
            captains[side].decide(RULES.view(state, side), legal).action
        state, _ = apply(state, action, legal=legal)
        assert isinstance(state, MowState)
    return state


@pytest.mark.parametrize("level", LEVELS)
def test_a_captain_never_sees_the_games_dice(level):
    """Two games alike in everything but the dice to come: the captain decides the same,
    because it looks ahead with dice of its own."""
    state = _battle_at_a_move()
    side = state.to_act
    assert side is not None
    decisions = []
    for seed in (1, 987654321):
        other = replace(state, rng=Rng(seed, state.rng.counter))
        # a fixed amount of look-ahead, not of time: what fits in a budget depends on the
        # machine's load, and that must not pass for seeing the dice
        captain = make_captain(level, seed=5, think=1000.0)
        decisions.append(captain.decide(RULES.view(other, side), legal_actions(other)))
    assert decisions[0].action == decisions[1].action
    assert decisions[0].why == decisions[1].why


def test_the_view_a_captain_gets_has_no_seed():
    game = Game.new("man-o-war", "elves", seed=77)
    view = RULES.view(game.state, "p2")
    assert view.rng.seed == 0 and game.state.rng.seed == 77


def test_a_captain_looking_ahead_rolls_only_its_own_dice(monkeypatch):
    """Every state the hard captain plays on while he thinks (his own plans, and the playouts
    of them through the enemy's reply) carries dice of his own, and every die rolled comes
    from them."""
    from ahoy_tui.ai import plan_search
    from ahoy_tui.ai.man_o_war import helm
    from ahoy_tui.engine import dice

    state = _battle_at_a_move(3, 4)  # ships within reach of each other: playouts to make
    state = replace(state, rng=Rng(123456789, state.rng.counter))
    seeds: list[int] = []
    played: list[int] = []
    playouts: list[int] = []
    original_face, original_apply = dice.Rng.face, helm.apply
    original_search_apply, original_playout = plan_search.apply, plan_search.playout

    def spy_face(self, index, sides, salt=0):
        seeds.append(self.seed)
        return original_face(self, index, sides, salt)

    def spy_apply(state, action, **kwargs):
        played.append(state.rng.seed)
        return original_apply(state, action, **kwargs)

    def spy_search_apply(state, action, **kwargs):
        played.append(state.rng.seed)
        return original_search_apply(state, action, **kwargs)

    def spy_playout(rules, view, plan, side, seed):
        playouts.append(seed)
        return original_playout(rules, view, plan, side, seed)

    monkeypatch.setattr(dice.Rng, "face", spy_face)
    monkeypatch.setattr(helm, "apply", spy_apply)
    monkeypatch.setattr(plan_search, "apply", spy_search_apply)
    monkeypatch.setattr(plan_search, "playout", spy_playout)
    captain = make_captain("hard", seed=1, think=1000.0)
    captain.for_rules("man-o-war").rounds = 1  # type: ignore[attr-defined]
    side = state.to_act
    assert side is not None
    captain.decide(RULES.view(state, side), legal_actions(state))
    assert played and playouts, "he looked ahead, at his own plans and their playouts"
    assert not {0, 123456789} & set(played), "never on the game's dice (nor the view's)"
    assert not {0, 123456789} & set(seeds)
    assert not {0, 123456789} & set(playouts)


def test_the_man_o_war_hard_captain_plays_a_legal_plan_out(monkeypatch):
    """The search at work in a rule system: his ships within reach of the enemy, the hard
    captain plays his plans out (two rounds) and gives a legal action; every playout ended
    after the enemy's reply, in this Battle Phase."""
    from ahoy_tui.ai.man_o_war import hard

    monkeypatch.setattr(hard.HardCaptain, "candidates", 2)
    monkeypatch.setattr(hard.HardCaptain, "rounds", 1)
    state = _battle_at_a_move(3, 4)
    side = state.to_act
    assert side is not None
    ends: list[MowState] = []
    original = hard.Activation.judge

    def spy(self, end, who):
        ends.append(end)
        return original(self, end, who)

    monkeypatch.setattr(hard.Activation, "judge", spy)
    captain = make_captain("hard", seed=1, think=1000.0)
    legal = legal_actions(state)
    decision = captain.decide(RULES.view(state, side), legal)
    assert decision.action in legal
    assert len(ends) == 2
    for end in ends:
        assert end.turn == state.turn and end.rng.seed not in (0, state.rng.seed)
        assert end.phase != Phase.BATTLE or (end.active == side or end.active == "")


# --- the odds a captain weighs are the rules' own --------------------------------------------

def test_a_save_fails_by_the_rule_of_one():
    assert fail_chance(4, 0) == pytest.approx(3 / 6)
    assert fail_chance(4, -2) == pytest.approx(5 / 6)  # only a 6 saves
    assert fail_chance(3, +3) == pytest.approx(1 / 6)  # a 1 always fails
    assert fail_chance(0, +3) == 1.0  # no save at all


def test_a_shot_is_worth_more_from_close_in():
    ship = Game.new("man-o-war", "empire_bretonnia", seed=1).state.ship("buc1")
    assert shot_value(ship, "low", -2) > shot_value(ship, "low", -1) > shot_value(ship, "low", 0)


def _fight(mine: int, theirs: int, cannons: int = 0) -> Fight:
    return Fight(mine, theirs, 0, 0, 0, cannons, 3.0, 3.0, 0.5, 0.5)


def test_boarding_odds():
    assert boarding_value(_fight(5, 2)) > boarding_value(_fight(3, 2)) > 0
    assert boarding_value(_fight(2, 4)) < 0
    assert boarding_value(_fight(3, 2, cannons=3)) < boarding_value(_fight(3, 2))


# --- decisions in the middle of things -------------------------------------------------------

def _alongside(level: str) -> tuple[MowState, LegalActions, Decision]:
    """The Greatship (5 crew and the Admiral) alongside a Buccaneer (3 crew), free to board."""
    state = Game.new("man-o-war", "empire_bretonnia", seed=2).state
    assert isinstance(state, MowState)
    great = state.ship("greatship")
    buccaneer = replace(state.ship("buc1"), x=great.x, y=great.y - 1.35, heading=great.heading)
    ships = tuple(buccaneer if s.id == buccaneer.id else s for s in state.ships)
    state = replace(state, ships=ships, phase=Phase.BATTLE, active="p1", current="greatship",
                    stage="board", to_act="p1")
    legal = RULES.legal_actions(state)
    return state, legal, make_captain(level).decide(RULES.view(state, "p1"), legal)


@pytest.mark.parametrize("level", LEVELS)
def test_a_captain_boards_a_weaker_crew(level):
    _, legal, decision = _alongside(level)
    assert Board("buc1") in legal
    assert decision.action == Board("buc1")


@pytest.mark.parametrize("level", LEVELS)
def test_a_captain_keeps_off_a_stronger_crew(level):
    state, _, _ = _alongside(level)
    weak = replace(state.ship("greatship"), crew=1)
    state = replace(state, ships=tuple(weak if s.id == weak.id else s for s in state.ships))
    legal = RULES.legal_actions(state)
    decision = make_captain(level).decide(RULES.view(state, "p1"), legal)
    assert decision.action == EndShip()


@pytest.mark.parametrize("level", LEVELS)
def test_boarding_choices(level):
    state, _, _ = _alongside(level)
    captain = make_captain(level)
    pressing = replace(state, boarding=Boarding("greatship", "buc1", decision="attacker"))
    assert captain.decide(pressing, RULES.legal_actions(pressing)).action == \
        BoardingChoice("press_on")
    # the Buccaneer's crew held the round against the Greatship's: she cuts the grapples
    held = replace(state, boarding=Boarding("greatship", "buc1", decision="defender"),
                   to_act="p2")
    assert captain.decide(held, RULES.legal_actions(held)).action == \
        BoardingChoice("cut_grapples")


@pytest.mark.parametrize("level", LEVELS)
def test_a_ship_won_is_taken_or_scuttled(level):
    state, _, _ = _alongside(level)
    won = replace(state, won="buc1", won_by="greatship")
    legal = RULES.legal_actions(won)
    decision = make_captain(level).decide(won, legal)
    assert isinstance(decision.action, (TakePrize, Scuttle)) and decision.action in legal


def test_the_normal_captain_fires_what_bears():
    state = _battle_at_a_move()
    captain = make_captain("normal", 1, THINK)
    for _ in range(400):
        legal = legal_actions(state)
        if any(isinstance(x, Fire) for x in legal):
            decision = captain.decide(RULES.view(state, state.to_act or "p1"), legal)
            assert isinstance(decision.action, Fire)
            return
        side = state.to_act or "p1"
        action = legal[0] if len(legal) == 1 else \
            captain.decide(RULES.view(state, side), legal).action
        state, _ = apply(state, action, legal=legal)
        assert isinstance(state, MowState) and not state.over
    pytest.fail("no battery bore in 400 actions")


def _struck_by_brute_force(state, shooter, origin, point, target_id):
    """The first thing under the range template, every ship's outline tried (the oracle)."""
    import math

    from ahoy_tui.engine.geometry import overlap, point_distance
    from ahoy_tui.rules.man_o_war.table import (
        marker_outline,
        outline,
        template_strip,
        terrain_outline,
    )
    from ahoy_tui.rules.man_o_war.tables import tables

    strip = template_strip(origin, point, tables().template_width)
    things = [(s.id, outline(s)) for s in state.ships
              if s.afloat and s.id not in (shooter.id, target_id)]
    things += [("", marker_outline(m)) for m in state.markers if m.kind == "wreckage"]
    things += [("", terrain_outline(t)) for t in state.terrain if t.kind == "island"]
    nearest, hit = math.dist(origin, point), target_id
    for thing, poly in things:
        if overlap(strip, poly) and point_distance(origin, poly) < nearest - 1e-9:
            nearest, hit = point_distance(origin, poly), thing
    return hit


def test_the_range_template_passing_over_far_ships_finds_what_trying_every_ship_finds():
    """``table.first_under_template`` passes over ships nowhere near the template by their
    centres (the captains call it thousands of times): it finds what trying every ship's outline
    finds, for every shot on the table through a battle."""
    from ahoy_tui.rules.man_o_war.table import aim_line, first_under_template, outline

    state = _battle_at_a_move()
    captain = make_captain("easy", 1)
    compared = 0
    for _ in range(300):
        if state.over:
            break
        if state.current and state.stage == "move" and state.move is None:
            for shooter in state.ships:
                for target in state.ships:
                    if shooter.side == target.side or not (shooter.afloat and target.afloat):
                        continue
                    for side in ("fore", "aft", "port", "starboard", "turret"):
                        line = aim_line(shooter, side, outline(target))
                        if line is None or line[2] > 12:
                            continue
                        origin, point, _ = line
                        assert first_under_template(state, shooter, origin, point, target.id) \
                            == _struck_by_brute_force(state, shooter, origin, point, target.id)
                        compared += 1
        legal = legal_actions(state)
        side = state.to_act or "p1"
        action = legal[0] if len(legal) == 1 else \
            captain.decide(RULES.view(state, side), legal).action
        state, _ = apply(state, action, legal=legal)
        assert isinstance(state, MowState)
    assert compared > 100


def test_a_ship_with_only_her_sails_reckons_the_beat_to_an_enemy_up_the_wind():
    """An enemy up the wind of a ship that has only her sails is reached by beating on a
    heading out of the wind, a longer way than the straight gap; a heading that runs her off
    the table is no way at all."""
    from ahoy_tui.ai.man_o_war.judge import EDGE_ROOM, GUN_RANGE, approach
    from ahoy_tui.ai.man_o_war.sight import gap
    from ahoy_tui.rules.man_o_war.model import new_ship

    def at(heading: int) -> tuple[MowState, object]:
        eagle = replace(new_ship("e", "eagleship", "p1"), x=33.0, y=4.0, heading=heading)
        foe = replace(new_ship("d", "doomreaver", "p2"), x=33.0, y=34.0, heading=6)
        state = MowState(ruleset="man-o-war", scenario="test", rng=Rng(1, 0),
                         side_names=("The High Elves", "The Dark Elves"),
                         races=("high_elves", "dark_elves"), ships=(eagle, foe),
                         wind=0)  # blowing north: from the south, dead behind the foe
        return state, state.ship("e")

    south_west = approach(*at(5))
    straight = gap(at(5)[1], at(5)[0].ship("d")) - GUN_RANGE
    assert south_west > straight + 1  # beating is the longer way
    pointing = at(4)  # pointing at her, into the wind: no nearer than the beat
    assert approach(*pointing) > gap(pointing[1], pointing[0].ship("d")) - GUN_RANGE + 1
    north = approach(*at(0))  # running before the wind, but 4" from the north edge
    assert EDGE_ROOM > 4 / 0.7
    assert north > south_west + 3  # she must turn about first (three points, 6" of turns)


def _choosing_a_unit() -> MowState:
    """empire_bretonnia at the start of its first Battle Phase, the Empire to activate: the
    Greatship and two Wolfship squadrons, the Bretonnian fleet far off at the east edge."""
    state = Game.new("man-o-war", "empire_bretonnia", seed=2).state
    assert isinstance(state, MowState)
    return replace(state, phase=Phase.BATTLE, active="p1", acting=(), current="", stage="",
                   move=None, to_act="p1")


def test_the_hard_captain_moves_the_farthest_unit_first_when_none_can_strike():
    state = _choosing_a_unit()
    legal = RULES.legal_actions(state)
    units = {x.unit for x in legal.fixed}
    assert units == {"greatship", "wolves", "wolves2"}
    # the Greatship lies at x 5.5, the Wolfships at x 5: every unit is out of touch; the
    # normal captain sends the nearest, the hard captain the farthest and keeps the rest back
    hard = make_captain("hard", 1, 0.05).decide(RULES.view(state, "p1"), legal)
    normal = make_captain("normal", 1, 0.05).decide(RULES.view(state, "p1"), legal)
    assert hard.action != normal.action
    assert "farthest from the enemy" in hard.why


def test_the_hard_captain_strikes_first_with_a_unit_in_touch():
    state = _choosing_a_unit()
    # a Buccaneer sails in within the Greatship's reach: she can strike this move
    great = state.ship("greatship")
    near = replace(state.ship("buc1"), x=great.x + 8, y=great.y)
    state = replace(state, ships=tuple(near if s.id == near.id else s for s in state.ships))
    legal = RULES.legal_actions(state)
    hard = make_captain("hard", 1, 0.05).decide(RULES.view(state, "p1"), legal)
    assert hard.action.unit == "greatship" and "can strike this move" in hard.why


def test_no_plan_sends_a_ship_off_the_table_while_she_could_stop_short():
    """Issue 42: an Eagleship 3" from the north edge, heading north with the wind astern: her
    full speed ahead would take her off the table (the engine says so), but no plan of the
    helm's does while another keeps her on it; the stops short of the edge are among them."""
    from ahoy_tui.ai.man_o_war.helm import course_plans, move_plans, with_own_dice
    from ahoy_tui.rules.man_o_war.actions import Advance, SetCourse
    from ahoy_tui.rules.man_o_war.model import new_ship

    eagle = replace(new_ship("e", "eagleship", "p1"), x=33.0, y=3.0, heading=0)
    foe = replace(new_ship("d", "doomreaver", "p2"), x=33.0, y=20.0, heading=2)
    state = MowState(ruleset="man-o-war", scenario="test", rng=Rng(1, 0),
                     side_names=("The High Elves", "The Dark Elves"),
                     races=("high_elves", "dark_elves"), ships=(eagle, foe), wind=0,
                     phase=Phase.BATTLE, active="p1", acting=("e",), current="e",
                     stage="move", move=None, to_act="p1")
    sailing, _ = apply(state, SetCourse("sail"))
    assert isinstance(sailing, MowState) and sailing.move is not None
    full = next(r for r in legal_actions(sailing).ranges if r.field == "inches")
    off, _ = apply(sailing, full.at(full.high))
    assert isinstance(off, MowState) and off.ship("e").left_table
    plans = course_plans(state, 5)
    assert plans and not any(p.ship.left_table for p in plans)
    ahead = [p for p in plans if p.actions[:1] == (SetCourse("sail"),)
             and all(isinstance(x, Advance) for x in p.actions[1:]) and len(p.actions) == 2]
    assert {p.ship.y for p in ahead} >= {2.0, 1.0}  # 1" and 2" ahead: short of the edge
    assert not any(p.ship.left_table for p in move_plans(with_own_dice(sailing, 3), "e"))


# --- issue 38: the shot another ship takes, a squadron's way blocked by her own ---------------

def _set_up(ships, stage: str, wind: int = 0) -> MowState:
    """A Battle Phase with the first ship in hand at ``stage`` ("move" or "fire")."""
    return MowState(ruleset="man-o-war", scenario="test", rng=Rng(1, 0),
                    side_names=("The High Elves", "The Dark Elves"),
                    races=("high_elves", "dark_elves"), ships=tuple(ships), wind=wind,
                    phase=Phase.BATTLE, active="p1", acting=(ships[0].id,),
                    current=ships[0].id, stage=stage, move=None, to_act="p1")


def test_the_normal_captain_fires_at_the_enemy_his_shot_would_strike():
    """The far Doomreaver is offered, but the near one lies first under the range template
    and would take the shot: he fires at the near one by name, not at the far one."""
    from ahoy_tui.ai.man_o_war import gunnery as gun
    from ahoy_tui.rules.man_o_war.model import new_ship

    eagle = replace(new_ship("a", "eagleship", "p1"), x=30.0, y=20.0, heading=0)
    far = replace(new_ship("d", "doomreaver", "p2"), x=22.0, y=20.0, heading=0)
    near = replace(new_ship("e", "doomreaver", "p2"), x=26.0, y=20.5, heading=0)
    state = _set_up([eagle, far, near], "fire")
    legal = legal_actions(state)
    assert Fire("port", "d", "") in legal and Fire("port", "e", "") in legal
    assert legal.fixed.index(Fire("port", "d", "")) < legal.fixed.index(Fire("port", "e", ""))
    assert gun.struck_first(state, eagle, "port", far) == "e"  # the near one takes it
    decision = make_captain("normal", 1, THINK).decide(RULES.view(state, "p1"), legal)
    assert decision.action == Fire("port", "e", "")
    assert "Doomreaver" in decision.why


def test_the_normal_captain_holds_fire_when_his_own_ship_would_take_the_shot():
    """A friend, or his own ship abandoned, first under the template: no shot worth it."""
    from ahoy_tui.rules.man_o_war.model import new_ship

    eagle = replace(new_ship("a", "eagleship", "p1"), x=30.0, y=20.0, heading=0)
    foe = replace(new_ship("d", "doomreaver", "p2"), x=22.0, y=20.0, heading=0)
    for mate in (replace(new_ship("m", "eagleship", "p1"), x=26.0, y=20.0, heading=0),
                 replace(new_ship("m", "eagleship", "p1"), x=26.0, y=20.0, heading=0,
                         abandoned=True)):
        state = _set_up([eagle, mate, foe], "fire")
        legal = legal_actions(state)
        assert Fire("port", "d", "") in legal
        decision = make_captain("normal", 1, THINK).decide(RULES.view(state, "p1"), legal)
        assert decision.action == EndFire(), decision


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_no_captain_runs_his_ship_into_his_own(level, monkeypatch):
    """A Wolfship rowing north for a Doomreaver, a Wolfship of her own lying across her bow
    7" on: her whole move ahead would end against her own hull (the rules end it there, no
    ram). The helm's plan says so (touched), the judge counts it against, and the captain
    stops short or turns: she ends her move touching no ship of her own."""
    from ahoy_tui.ai.man_o_war import hard
    from ahoy_tui.ai.man_o_war.helm import move_plans, with_own_dice
    from ahoy_tui.ai.man_o_war.sight import alongside
    from ahoy_tui.rules.man_o_war.actions import Advance, SetCourse
    from ahoy_tui.rules.man_o_war.model import new_ship

    monkeypatch.setattr(hard.HardCaptain, "rounds", 2)
    wolf = replace(new_ship("a", "wolfship", "p1"), x=30.0, y=20.0, heading=0)
    mate = replace(new_ship("m", "wolfship", "p1"), x=30.0, y=13.0, heading=2)
    foe = replace(new_ship("d", "doomreaver", "p2"), x=30.0, y=3.0, heading=2)
    state = _set_up([wolf, mate, foe], "move", wind=4)
    state = replace(state, side_names=("The Empire", "The Dark Elves"),
                    races=("empire", "dark_elves"))
    rowing, _ = apply(state, SetCourse("oars"))
    assert isinstance(rowing, MowState)
    fouled = [p for p in move_plans(with_own_dice(rowing, 3), "a") if p.touched == "m"]
    assert fouled and all(not p.ram for p in fouled)
    assert fouled[0].actions == (Advance(5),)  # 5" on, her bow at the other's side
    captain = make_captain(level, 1, 1000.0)
    for _ in range(12):
        if state.current != "a" or state.stage != "move":
            break
        legal = legal_actions(state)
        state, _ = apply(state, captain.decide(RULES.view(state, "p1"), legal).action,
                         legal=legal)
        assert isinstance(state, MowState)
    assert state.current != "a" or state.stage != "move"
    assert not any(s.side == "p1" for s in alongside(state, state.ship("a")))
    assert state.ship("a").y < 20.0  # she still went on for the enemy
