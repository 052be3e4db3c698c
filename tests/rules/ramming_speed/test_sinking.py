"""Water and sinking (10.4-10.7), supporting a sinking ship (11.0-11.1), abandoning ship and
the men in the water (12.0-12.2), and the wreckage left behind (23.0). Dice forced."""

from __future__ import annotations

import math

import pytest

from ahoy_tui.engine.dice import forced
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.ramming_speed import grappling, melee
from ahoy_tui.rules.ramming_speed.model import Band, Grapple, RSState, Shore, Status, Swimmers
from ahoy_tui.rules.ramming_speed.sinking import (
    into_the_water,
    leak,
    plug_holes,
    sink,
    swim,
    take_water,
)

from .helpers import battle, crew, cup, galley, rolls, said


def holed(loads: int = 2, men: str = "crew", **more: object) -> RSState:
    """Galley "a" holed with ``loads`` aboard; ``men``: "crew" (a sailor among them),
    "landsmen" (a captain and marines), "none"."""
    a = galley("a", loads=loads, holed=True, **more)
    far = galley("z", "p2", x=70, y=45)
    aboard = {"crew": crew(a), "landsmen": crew(a, captain=1, marine=3), "none": ()}[men]
    return battle(a, far, men=aboard + crew(far))


def plug(state: RSState, face: int) -> tuple[RSState, list]:
    with forced(face):
        dice, events = cup()
        after = plug_holes(state, dice, events)
    return after, events


# --- 10.5 plugging ----------------------------------------------------------------------------

@pytest.mark.parametrize(("men", "face", "plugged"), [
    ("crew", 5, True), ("crew", 6, True), ("crew", 4, False), ("crew", 1, False),
    ("landsmen", 6, True), ("landsmen", 5, False)])
def test_a_sailor_plugs_on_5_or_6_anyone_else_on_6(men: str, face: int, plugged: bool) -> None:
    after, events = plug(holed(men=men), face)
    assert after.ship("a").holed is not plugged
    assert len(rolls(events)) == 1  # 10.5: one attempt a turn
    assert rolls(events)[0].need == ("5+" if men == "crew" else "6+")


def test_no_one_aboard_no_attempt() -> None:
    with forced():
        dice, events = cup()
        after = plug_holes(holed(men="none"), dice, events)
    assert after.ship("a").holed and rolls(events) == []


# --- 10.6 leaking, five loads ---------------------------------------------------------------

def test_a_holed_galley_takes_a_load_each_maintenance_until_plugged() -> None:
    state = holed(loads=1)
    dice, events = cup()
    state = leak(state, dice, events)
    assert state.ship("a").loads == 2
    state = leak(state, dice, events)
    assert state.ship("a").loads == 3
    plugged = state.with_ship(replace(state.ship("a"), holed=False))
    assert leak(plugged, dice, events).ship("a").loads == 3


def test_five_loads_sink_her() -> None:
    state = holed(loads=4, men="none")
    with forced():
        dice, events = cup()
        after = leak(state, dice, events)
    a = after.ship("a")
    assert a.status is Status.SUNK and a.loads == 5 and said(events, "sunk")


def test_four_loads_she_stays_afloat() -> None:
    dice, events = cup()
    after = take_water(holed(loads=0), "a", 4, dice, events, "10.4")
    assert after.ship("a").afloat and after.ship("a").loads == 4


# --- 11.0-11.1 supporting a sinking ship -----------------------------------------------------

def supported(by: int, loads: int = 4, corvus: bool = False) -> RSState:
    a = galley("a", loads=loads, holed=True)
    helpers = [galley("c", x=36, y=22.5), galley("d", x=36, y=25.5)][:by]
    grapples = tuple(Grapple(h.id, "a", 0 if corvus else 2, corvus) for h in helpers)
    return battle(a, *helpers, galley("z", "p2", x=70, y=45), men=(), grapples=grapples)


def test_two_galleys_hold_her_up_indefinitely() -> None:
    state = supported(2)
    dice, events = cup()
    for _ in range(8):
        state = leak(state, dice, events)
    assert state.ship("a").afloat and state.ship("a").loads == 12
    assert said(events, "supported")


def test_one_holds_her_to_seven_loads_then_both_go_under() -> None:
    """11.0-11.1: at seven loads she goes under and drags her supporter with her unless his
    crew cut every line: here the second line holds."""
    state = supported(1)
    dice, events = cup()
    state = leak(state, dice, events)
    state = leak(state, dice, events)
    assert state.ship("a").afloat and state.ship("a").loads == 6
    with forced(4, 3):  # line one cut, line two holds
        dice, events = cup()
        state = leak(state, dice, events)
    assert state.ship("a").status is Status.SUNK
    assert state.ship("c").status is Status.SUNK and said(events, "dragged")
    assert [r.rule for r in rolls(events)] == ["11.1 Supporting a sinking ship"] * 2


def test_cutting_every_line_in_time_saves_the_supporter() -> None:
    state = supported(1, loads=6)
    with forced(4, 6):
        dice, events = cup()
        state = leak(state, dice, events)
    assert state.ship("a").status is Status.SUNK
    assert state.ship("c").afloat and state.grapples == ()


def test_a_corvus_cannot_be_cut_loose() -> None:
    """21.2: corvi cannot be cut like grappling lines: no die, she is dragged under."""
    state = supported(1, loads=6, corvus=True)
    with forced():
        dice, events = cup()
        state = leak(state, dice, events)
    assert state.ship("c").status is Status.SUNK and rolls(events) == []


def test_a_single_line_supports_nothing() -> None:
    """14.1: one line does not hold a ship, so it holds nobody up."""
    state = supported(1, loads=4)
    state = replace(state, grapples=(Grapple("c", "a", 1),))
    dice, events = cup()
    assert leak(state, dice, events).ship("a").status is Status.SUNK


# --- 12.0-12.2 men in the water --------------------------------------------------------------

def test_each_man_in_the_water_swims_on_4_to_6() -> None:
    state = holed(men="crew")
    men = state.men_aboard("a")
    faces = [4, 5, 6, 1, 2, 3, 4, 1, 6, 3][:len(men)]
    with forced(*faces):
        dice, events = cup()
        after = into_the_water(state, men, state.ship("a").centre, dice, events)
    swimmers = [m for g in after.swimmers for m in g.men]
    assert [m.id for m in swimmers] == [m.id for m, f in zip(men, faces, strict=True) if f >= 4]
    assert after.men_aboard("a") == ()
    assert all(r.rule == "12.0 Abandoning ship" for r in rolls(events))
    assert after.swimmers[0].turns_left == 12


def group(x: float, y: float, turns_left: int = 12) -> Swimmers:
    return Swimmers("w", "p1", x, y, crew("a", sailor=2), turns_left)


def test_swimmers_make_two_inches_a_turn_toward_a_friend() -> None:
    friend = galley("f", x=40, y=24, heading=0.0, band=Band.CRUISING)  # under way: no pick-up
    state = battle(friend, galley("z", "p2", x=70, y=45), men=(), swimmers=(group(30, 24),))
    dice, events = cup()
    after = swim(state, dice, events)
    w = after.swimmers[0]
    assert (w.x, w.y) == pytest.approx((32.0, 24.0)) and w.turns_left == 11


def test_a_stopped_friendly_galley_picks_them_up() -> None:
    """12.1: a friendly ship "which must be stopped in order to pick them up"; 12.2: they fight
    no more, and lend a hand only after a turn's rest."""
    friend = galley("f", x=33, y=24, heading=0.0, band=Band.HOVE_TO)
    state = battle(friend, galley("z", "p2", x=70, y=45), men=(), swimmers=(group(30, 24),),
                   turn=3)
    dice, events = cup()
    after = swim(state, dice, events)
    assert after.swimmers == () and said(events, "rescued")
    saved = after.men_aboard("f")
    assert len(saved) == 2 and all(m.rescued and m.ship == "f" for m in saved)
    assert not any(melee.fit(after, m) for m in saved)
    assert melee.boarders(after, after.ship("f")) == ()
    assert grappling.throwers(after, after.ship("f")) == ()
    # they may plug a hole once rested: not on the next turn, but the one after
    leaky = after.with_ship(replace(after.ship("f"), holed=True, loads=1))
    with forced():
        dice, events = cup()
        assert plug_holes(replace(leaky, turn=4), dice, events).ship("f").holed
    with forced(5):
        dice, events = cup()
        assert not plug_holes(replace(leaky, turn=5), dice, events).ship("f").holed


def test_a_galley_under_way_does_not_pick_them_up() -> None:
    friend = galley("f", x=33, y=24, heading=0.0, band=Band.SLOW)
    enemy = galley("e", "p2", x=28, y=24, heading=0.0, band=Band.HOVE_TO)
    state = battle(friend, enemy, men=(), swimmers=(group(30, 24),))
    dice, events = cup()
    after = swim(state, dice, events)
    assert len(after.swimmers) == 1 and not said(events, "rescued")


def test_swimmers_reach_the_shore() -> None:
    shore = Shore("the beach", ((0.0, 30.0), (72.0, 30.0), (72.0, 48.0), (0.0, 48.0)))
    state = battle(galley("z", "p2", x=70, y=10), men=(), shores=(shore,),
                   swimmers=(group(30, 25.5),))
    dice, events = cup()
    after = swim(state, dice, events)  # no friend: they make for the shore (12.1)
    assert after.swimmers[0].y == pytest.approx(27.5) and not said(events, "ashore")
    after = swim(after, dice, events)
    assert after.swimmers == () and said(events, "ashore")


def test_after_twelve_turns_in_the_water_they_drown() -> None:
    """12.1: they swim 2" a turn for 12 turns; nobody reaching them, they drown."""
    friend = galley("f", x=36, y=10, heading=0.0, band=Band.SLOW)
    state = battle(friend, galley("z", "p2", x=70, y=45), men=(), swimmers=(group(36, 46),))
    dice, events = cup()
    moved = []
    for _ in range(11):
        state = swim(state, dice, events)
        moved.append(state.swimmers[0].y)
    assert state.swimmers[0].turns_left == 1
    assert moved[-1] == pytest.approx(46 - 22.0)  # eleven turns at 2" (none wasted)
    state = swim(state, dice, events)
    assert state.swimmers == () and said(events, "drowned")


# --- 23.0 wreckage ------------------------------------------------------------------------------

def test_a_sunk_galley_leaves_wreckage_of_half_her_area() -> None:
    state = holed(men="none")
    a = state.ship("a")
    with forced():
        dice, events = cup()
        after = sink(state, "a", dice, events, "test")
    (wreck,) = after.wrecks
    assert wreck.length * wreck.beam == pytest.approx(a.length * a.beam / 2, rel=0.01)
    assert (wreck.x, wreck.y, wreck.heading) == (a.x, a.y, a.heading)
    assert math.isclose(wreck.length / wreck.beam, a.length / a.beam, rel_tol=0.01)


# --- issue 37: a holed supporter is not sound; an abandoned deck held by boarders is taken ---

def test_a_holed_galley_is_not_one_sound_ship_to_hold_her_up() -> None:
    # "One sound ship grappled to one that is holed" (11.0): c, holed herself, holds nobody up
    state = supported(1)
    state = state.with_ship(replace(state.ship("c"), holed=True, loads=1))
    dice, events = cup()
    state = leak(state, dice, events)
    assert state.ship("a").status is Status.SUNK
    assert not said(events, "supported")
    assert state.ship("c").afloat


def test_abandoning_a_deck_held_by_enemy_boarders_gives_her_to_them() -> None:
    # a's crew go over the side while b's marines stand on a's deck: a is captured (scored as
    # taken, half as much again), not driven off
    from ahoy_tui.engine.dice import Rng
    from ahoy_tui.rules.ramming_speed import flow
    from ahoy_tui.rules.ramming_speed.actions import AbandonShip
    from ahoy_tui.rules.ramming_speed.legal import phase_choices
    from ahoy_tui.rules.ramming_speed.model import Man, Phase

    a = galley("a", x=36, y=24, value=10)
    b = galley("b", "p2", x=39, y=24)
    men = (Man("a-mar1", "marine", "a", "a", "bow"),
           Man("b-mar1", "marine", "b", "a", "stern"), Man("b-mar2", "marine", "b", "a", "stern"),
           Man("b-sai1", "sailor", "b", "b", "stern"))
    state = replace(battle(a, b, men=men, grapples=(Grapple("b", "a", 2),)),
                    phase=Phase.MAINTENANCE, rng=Rng(3, 0))
    action = AbandonShip("p1", "a")
    assert action in list(phase_choices(state, Phase.MAINTENANCE, "p1"))
    with forced(5):   # a's marine swims
        after, events = flow.apply_action(state, action)
    assert after.ship("a").status is Status.CAPTURED
    assert flow.score(after, "p2") == 15
    assert {m.aboard for m in after.men if m.ship == "b"} == {"b"}   # the captors go home
    assert [e.text for e in events if getattr(e, "kind", "") == "captured"] == ["A is captured!"]


def test_abandoning_ship_comes_last_in_maintenance_and_asks_first() -> None:
    """12.0 cannot be taken back: it is never the first row (an Enter out of habit), and the
    screen asks before it is done, naming the galley."""
    from ahoy_tui.engine.dice import Rng
    from ahoy_tui.engine.registry import get_ruleset
    from ahoy_tui.rules.ramming_speed.actions import AbandonShip
    from ahoy_tui.rules.ramming_speed.legal import phase_choices
    from ahoy_tui.rules.ramming_speed.model import Man, Phase

    a = replace(galley("a", x=36, y=24, value=10), oars=(3, 1))   # oars to shift too
    b = galley("b", "p2", x=39, y=24)
    men = (Man("a-mar1", "marine", "a", "a", "bow"), Man("a-sai1", "sailor", "a", "a", "stern"),
           Man("b-mar1", "marine", "b", "a", "stern"))
    state = replace(battle(a, b, men=men, grapples=(Grapple("b", "a", 2),)),
                    phase=Phase.MAINTENANCE, rng=Rng(3, 0))
    choices = list(phase_choices(state, Phase.MAINTENANCE, "p1"))
    abandon = AbandonShip("p1", "a")
    assert abandon in choices and len(choices) > 1
    assert choices[-1] == abandon, choices
    words = get_ruleset("ramming-speed").caution(state, abandon)
    assert words.startswith("abandon the A: all her men go over the side") and "12.0" in words
