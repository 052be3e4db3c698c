"""What the screens are given of a Ramming Speed! battle (``view.py``): the scene (galleys at
any heading, shores, wreckage, swimmers, lines and corvi, courses written and rowed), the log
sheets, the move line's grammar and refusals, and the caution before sealing."""

from __future__ import annotations

import math

import pytest

from ahoy_tui.engine import Game
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import hull_deg
from ahoy_tui.rules.ramming_speed import RULESET, helm, view
from ahoy_tui.rules.ramming_speed.actions import SealOrders, WriteOrders
from ahoy_tui.rules.ramming_speed.model import (
    Band,
    Grapple,
    Man,
    Phase,
    RSState,
    Swimmers,
    Wreck,
)


def corvus(seed: int = 1) -> Game:
    return Game.new("ramming-speed", "corvus", seed=seed)


def state_of(game: Game) -> RSState:
    state = game.state
    assert isinstance(state, RSState)
    return state


def moved(state: RSState, ship_id: str, **changes: object) -> RSState:
    return state.with_ship(replace(state.ship(ship_id), **changes))


# --- the scene --------------------------------------------------------------------------------

def test_every_galley_is_a_hull_at_her_own_heading_in_degrees() -> None:
    state = moved(state_of(corvus()), "p1-1", heading=30.0)
    scene = view.scene(state, "p1-1")
    hulls = {h.ship: h for h in scene.hulls if not h.ghost}
    assert set(hulls) == {s.id for s in state.ships}
    victoria = state.ship("p1-1")
    assert hulls["p1-1"].outline == hull_deg(victoria.x, victoria.y, 30.0, victoria.length,
                                             victoria.beam)
    assert hulls["p1-1"].heading == 1  # the bow's arrow: north-east, the nearest point
    assert hulls["p2-4"].heading == 4  # the Greeks head south
    assert hulls["p1-1"].side == "p1" and hulls["p2-4"].side == "p2"
    assert {h.label for h in hulls.values()} >= {"Vi", "Fo", "Co", "Ni", "Pa", "Sa", "De"}
    assert scene.wind_name == "light breeze" and scene.wind == 2  # blowing east


def test_withdrawing_captured_and_hulks_are_drawn_as_such() -> None:
    """A withdrawing galley is drawn withdrawing (her side's paler colour), a captured prize
    crossed and grey, a galley with none of her own men aboard a grey hulk (issue 37)."""
    from ahoy_tui.rules.ramming_speed.model import Status

    state = moved(state_of(corvus()), "p1-1", withdrawing=True)
    state = moved(state, "p1-2", status=Status.CAPTURED, withdrawing=True)
    state = replace(state, men=tuple(m for m in state.men if m.ship != "p2-4"))
    hulls = {h.ship: h for h in view.scene(state).hulls if not h.ghost}
    assert hulls["p1-1"].withdrawing and not hulls["p1-1"].struck
    assert hulls["p1-2"].captured and hulls["p1-2"].fill == "×"
    assert not hulls["p1-2"].withdrawing  # out of the battle, not leaving it
    assert hulls["p2-4"].struck and not hulls["p2-4"].withdrawing  # a drifting hulk
    assert not any(hulls[s].struck or hulls[s].withdrawing for s in ("p1-3", "p2-5"))


def test_shores_wreckage_swimmers_and_lines_are_drawn() -> None:
    state = state_of(Game.new("ramming-speed", "salamis", seed=1))
    scene = view.scene(state)
    assert [t.kind for t in scene.terrain] == ["land", "land"]
    assert scene.terrain[0].outline == state.shores[0].points
    assert scene.wind_name == ""  # a calm: no wind drawn
    a, b = state.ships[0], state.ships[1]
    man = Man("x", "marine", a.id, a.id, "bow")
    state = replace(state, wrecks=(Wreck(30, 24, 90, 3, 1),),
                    swimmers=(Swimmers("s1", "p1", 20, 20, (man, man)),),
                    grapples=(Grapple(a.id, b.id, lines=2), Grapple(b.id, a.id, corvus=True)))
    scene = view.scene(state)
    assert [t.kind for t in scene.terrain].count("wreck") == 1
    assert [(s.x, s.y, s.side, s.count) for s in scene.swimmers] == [(20, 20, "p1", 2)]
    tows = [line for line in scene.lines if line.kind == "tow"]
    assert sorted(m.label for line in tows for m in line.marks) == ["2", "C"]
    assert tows[0].length == pytest.approx(math.dist(a.centre, b.centre))


def test_orders_written_are_drawn_inch_by_inch_with_the_circle_where_she_turns() -> None:
    game = corvus()
    game.play(WriteOrders("p1", "p1-1", "cruising", "SSSSSSSSRRRRSSS"))
    state = state_of(game)
    scene = view.scene(state, "p1-1")
    line = next(li for li in scene.lines if li.kind == "move" and li.ship == "p1-1")
    ship = state.ship("p1-1")
    poses = helm.track(ship, Band.CRUISING, "SSSSSSSSRRRRSSS",
                       helm.radius(state, ship, Band.CRUISING))
    assert line.path == tuple((x, y) for x, y, _ in poses)
    assert line.length == pytest.approx(15.0, abs=0.05)
    assert [(m.distance, m.label) for m in line.marks] == [(8.5, "B")]  # cruising: circle B
    ghost = next(h for h in scene.hulls if h.ghost and h.ship == "p1-1")
    assert ghost.centre == pytest.approx(poses[-1][:2])


def test_the_move_lines_orders_are_drawn_as_typed_before_they_are_whole() -> None:
    state = state_of(corvus())
    partial, _ = view.line_preview(state, "c 8s 4r", "p1-2")
    assert partial == WriteOrders("p1", "p1-2", "cruising", "SSSSSSSSRRRR")
    scene = view.scene(state, "p1-2", preview_action=partial)
    line = next(li for li in scene.lines if li.kind == "move")
    assert line.ship == "p1-2" and line.length == pytest.approx(12.0, abs=0.05)


def test_no_side_sees_the_others_orders_before_the_reveal() -> None:
    game = corvus()
    game.play(WriteOrders("p1", "p1-1", "cruising", "S" * 15))
    assert not [li for li in view.scene(RULESET.view(game.state, "p2")).lines
                if li.kind == "move"]
    game.play(SealOrders("p1"))
    game.play(WriteOrders("p2", "p2-4", "slow", "S" * 9))
    as_p1 = RULESET.view(game.state, "p1")
    # p1's sheet as sealed (the galleys without orders carrying on), none of p2's draft
    assert {li.ship for li in view.scene(as_p1).lines if li.kind == "move"} == {
        "p1-1", "p1-2", "p1-3"}
    nike_seen = next(c for c in view.cards(as_p1) if c.ship == "p2-4")
    assert [(o.when, o.words) for o in nike_seen.orders] == [("if none", "carries on slow 9S")]
    as_p2 = RULESET.view(game.state, "p2")
    assert {li.ship for li in view.scene(as_p2).lines if li.kind == "move"} == {"p2-4"}
    nike = next(c for c in view.cards(as_p2) if c.ship == "p2-4")
    assert [(o.when, o.words) for o in nike.orders] == [("written", "slow 9S")]
    victoria = next(c for c in view.cards(as_p2) if c.ship == "p1-1")
    assert [(o.when, o.words) for o in victoria.orders] == [
        ("sealed", "(hidden until the reveal)")]


def test_after_the_reveal_both_fleets_courses_and_orders_show() -> None:
    game = corvus()
    game.play(WriteOrders("p1", "p1-1", "cruising", "SSSSSSSSRRRRSSS"))
    game.play(SealOrders("p1"))
    game.play(SealOrders("p2"))
    state = state_of(game)
    assert state.phase is not Phase.ORDERS
    tracks = [li for li in view.scene(state).lines if li.kind == "track"]
    assert {li.side for li in tracks} == {"p1", "p2"}
    assert all(li.path for li in tracks)
    orders = {c.name: [(o.when, o.words) for o in c.orders] for c in view.cards(state)}
    assert orders["Victoria"] == [("rowed", "cruise 8S 4R 3S, circle B")]
    assert orders["Nike"] == [("rowed", "slow 9S")]


# --- the log sheet ----------------------------------------------------------------------------

def test_the_log_sheet_of_a_fresh_quinquereme() -> None:
    state = state_of(corvus())
    sheet = next(c for c in view.cards(state) if c.ship == "p1-2")  # Fortuna, the flagship
    assert (sheet.name, sheet.kind, sheet.side_name) == ("Fortuna", "Quinquereme", "Rome")
    assert sheet.oars == (5, 5) and sheet.full_oars == 5
    assert (sheet.loads, sheet.sink_at, sheet.holed) == (0, 5, False)
    assert (sheet.energy, sheet.band, sheet.distance, sheet.grade) == (12, "slow", 9, "A")
    assert sheet.allowed == (("hove-to", 0), ("slow", 9), ("cruising", 15))
    assert "flagship" in sheet.flags and "admiral aboard" in sheet.flags
    assert "corvus" in sheet.flags
    sections = {s.name: s.men for s in sheet.sections}
    assert set(sections) == {"bow", "middle", "stern", "tower"}
    assert "adm" in " ".join(sections.values())
    assert sheet.men == sheet.start_men == len(state.crew_of("p1-2"))


def test_the_log_sheet_marks_water_holes_oars_lost_and_the_wounded() -> None:
    state = state_of(corvus())
    state = moved(state, "p1-1", loads=2, holed=True, oars=(3, 5), half_hit=(True, False),
                  energy=7)
    men = tuple(replace(m, wounded_until=state.turn, section="bow")
                if m.ship == "p1-1" and m.rank == "sailor" else m for m in state.men)
    state = replace(state, men=men)
    sheet = next(c for c in view.cards(state) if c.ship == "p1-1")
    assert (sheet.loads, sheet.holed, sheet.oars, sheet.half_hit) == (2, True, (3, 5),
                                                                      (True, False))
    assert sheet.energy == 7 and sheet.distance == 1  # 3 sections: slow 3", less 2 quarters
    bow = next(s for s in sheet.sections if s.name == "bow")
    assert bow.wounded == "3 sail"
    assert "no sailor at the helm" in sheet.flags and sheet.grade == "B"


# --- the move line ----------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "cruising SSSSSSSSRRRRSSS", "c 8s 4r 3s", "C 8S4R3S", "cruise 8s 4r *",
    "Victoria: cruising 8s 4r 3s", "vi: c 8s 4r 3s", "Vict c 8s 4r 3s"])
def test_the_move_line_grammar(text: str) -> None:
    state = state_of(corvus())
    assert view.move_line(state, text) == [
        WriteOrders("p1", "p1-1", "cruising", "SSSSSSSSRRRRSSS")]


def test_the_move_line_orders_the_selected_galley_else_the_first_unwritten() -> None:
    game = corvus()
    state = state_of(game)
    assert view.move_line(state, "slow", "p1-3")[0].ship == "p1-3"
    assert view.move_line(state, "slow", "p2-4")[0].ship == "p1-1"  # not hers to order
    game.play(WriteOrders("p1", "p1-1", "slow", "S" * 9))
    assert view.move_line(state_of(game), "slow")[0].ship == "p1-2"


def test_several_galleys_a_rake_hove_to_and_the_seal_on_one_line() -> None:
    state = state_of(corvus())
    actions = view.move_line(state, "Fo: c rake 15s; Co: hove-to; seal")
    assert actions == [WriteOrders("p1", "p1-2", "cruising", "S" * 15, True),
                       WriteOrders("p1", "p1-3", "hove-to", ""), SealOrders("p1")]


@pytest.mark.parametrize(("text", "words"), [
    ("ram 24s", "6.0 Speed: speed changes one band a turn"),
    ("c 8s", "6.3 Speed table: Victoria must move the full 15\" of cruising (written: 8\")"),
    ("fast 9s", "'fast' is neither a speed band"),
    ("Victoria: fast 9s", "'fast' is not a speed band"),
    ("slow 9x", "'9x' is not a move"),
    ("Nike: slow", "no galley of yours is called 'Nike'"),
    ("sail 12s", "3.2 Sailing"),
])
def test_refused_orders_name_the_rule(text: str, words: str) -> None:
    with pytest.raises(ValueError) as refused:
        view.move_line(state_of(corvus()), text)
    assert words in str(refused.value)


def test_the_ruleset_gives_the_screens_the_move_line_and_its_help() -> None:
    state = state_of(corvus())
    assert RULESET.move_line(state, "c 8s 4r 3s", "p1-2")[0].ship == "p1-2"
    assert "c 8s 4r 3s" in RULESET.move_line_help
    assert callable(RULESET.scene) and callable(RULESET.cards)


def test_orders_read_as_runs_with_the_turn_they_make() -> None:
    state = state_of(corvus())
    words = RULESET.describe_action(state, WriteOrders("p1", "p1-1", "slow", "LLLLLLSSS"))
    assert words == "Victoria: slow 6L 3S (9\", 86° to port)"
    assert RULESET.describe_action(state, WriteOrders("p1", "p1-1", "slow", "S" * 9)) == \
        "Victoria: slow 9S (9\", straight on)"
    assert RULESET.describe_action(state, SealOrders("p1")) == "seal the orders"


# --- caution ----------------------------------------------------------------------------------

def test_sealing_orders_that_row_off_the_table_is_asked_about() -> None:
    game = corvus()
    state = moved(state_of(game), "p1-1", y=10.0)
    game._states[-1] = state  # a position set out for the caution
    assert "off the table" not in RULESET.caution(state, SealOrders("p1"))  # 9" north stays on
    game.play(WriteOrders("p1", "p1-1", "cruising", "S" * 15))
    words = RULESET.caution(game.state, SealOrders("p1"))
    assert "Victoria rows off the table" in words


def test_a_runner_off_her_own_escape_edge_is_not_asked_but_off_another_is() -> None:
    game = Game.new("ramming-speed", "merchantman", seed=3)
    state = state_of(game)
    merchant = state.side_ships("p2")[0]
    near_east = moved(state, merchant.id, x=state.width - 4.0)
    game._states[-1] = replace(near_east, to_act="p2")
    game.play(WriteOrders("p2", merchant.id, "sail",
                          "S" * helm.full_distance(game.state, merchant, Band.SAIL)))
    assert RULESET.caution(game.state, SealOrders("p2")) == ""   # her escape: the aim
    # running south across the wind instead, off the south edge: that is asked about
    south = moved(near_east, merchant.id, x=40.0, y=state.height - 3.0, heading=180.0)
    game._states[-1] = replace(south, to_act="p2", drafts=())
    reach = helm.full_distance(game.state, game.state.ship(merchant.id), Band.SAIL)
    game.play(WriteOrders("p2", merchant.id, "sail", "S" * reach))
    assert "Golden Amphora sails off the table" in RULESET.caution(game.state, SealOrders("p2"))


def test_sealing_orders_that_run_aground_is_asked_about() -> None:
    game = Game.new("ramming-speed", "salamis", seed=1)
    state = state_of(game)
    ship = state.side_ships("p1")[0]
    state = moved(state, ship.id, heading=0.0, y=16.0)
    assert "runs onto the island shore" in view.caution(state, SealOrders("p1"))
    assert "23.2" in view.caution(state, SealOrders("p1"))
    _, warned = view.line_preview(state, f"{ship.name}: slow", ship.id)
    assert "runs onto the island shore" in warned


# --- issue 37: the preview warns of one's own galleys and hulks; the energy the orders cost ---

def test_orders_into_ones_own_galley_are_warned_of() -> None:
    state = state_of(corvus())
    first, second = state.side_ships("p1")[:2]
    # her friend lies 6" dead ahead of her
    state = moved(state, second.id, x=first.x, y=first.y - 8.0, heading=90.0)
    words = view.caution(state, SealOrders("p1"))
    assert f"{first.name} runs into your own {second.name}" in words
    _, warned = view.line_preview(state, f"{first.name}: slow", first.id)
    assert f"runs into your own {second.name}" in warned


def test_friends_rowing_on_together_are_no_ram_and_not_warned_of() -> None:
    # played at 80x24, Salamis turn 1: every Greek ordered slow, straight on; Corinth, astern
    # of Athena, was warned of running into her "as she lies now", though both row 9"
    game = Game.new("ramming-speed", "salamis", seed=1)
    line = "Th: s; Ae: s; At: s; Co: s; El: s; Me: s"
    _, warned = view.line_preview(state_of(game), line)
    assert warned == ""
    for action in RULESET.move_line(state_of(game), line):
        game.play(action)
    assert "runs into" not in RULESET.caution(game.state, SealOrders("p1"))
    # Corinth at cruising speed would catch Athena rowing slow: that is warned of
    _, warned = view.line_preview(state_of(game), "Co: c")
    assert "Corinth runs into your own Athena" in warned


def test_orders_into_a_hulk_are_warned_of() -> None:
    state = state_of(corvus())
    first = state.side_ships("p1")[0]
    foe = state.side_ships("p2")[0]
    state = moved(state, foe.id, x=first.x, y=first.y - 8.0, heading=90.0)
    state = replace(state, men=tuple(m for m in state.men if m.ship != foe.id))
    assert f"runs into the hulk {foe.name}" in view.caution(state, SealOrders("p1"))


def test_a_galley_held_fast_is_not_asked_about_when_sealing() -> None:
    # played at 80x24: two galleys grappled (hove-to their only orders) were named in the
    # "no orders written" question every turn; those with a choice still are
    from ahoy_tui.rules.ramming_speed.model import Grapple

    state = state_of(corvus())
    first, second, third = state.side_ships("p1")[:3]
    foe = state.side_ships("p2")[0]
    state = replace(state, grapples=(Grapple(foe.id, first.id, 2),))
    assert helm.bands_allowed(state, first) == (Band.HOVE_TO,)
    words = view.caution(state, SealOrders("p1"))
    assert f"no orders written for {second.name}, {third.name}:" in words
    assert first.name not in words


def test_the_log_sheet_shows_the_energy_after_the_orders() -> None:
    game = corvus()
    game.play(WriteOrders("p1", "p1-1", "cruising", "S" * 15))
    sheet = next(c for c in view.cards(state_of(game)) if c.ship == "p1-1")
    assert (sheet.energy, sheet.energy_after) == (12, 11)
    other = next(c for c in view.cards(RULESET.view(state_of(game), "p2")) if c.ship == "p1-1")
    assert other.energy_after == 12   # the Greeks see her "if none" orders, not those written
