"""The deck battlemaps as the screens are given them (Simulating Sea Combat on the Battlemap:
5' squares, the "zoomed-in" deck plan): the decks of a boarding side by side on the water, each
standing man once at his square, bridges across the water between, men in the water beside the
vessel they fell from, fires, the selected man's sheet."""

from __future__ import annotations

import pytest

from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.acks import RULESET, view
from ahoy_tui.rules.acks.deck import bow_square, deck_size, lay_decks, steering_oars
from ahoy_tui.rules.acks.model import AcksState, Bridge, Fire, Grapple

from .helpers import battle, vessel


def alongside(gull_facing: str = "N", **fields) -> AcksState:
    """A 5-rower (30 × 4 squares) with a 2-rower (18 × 3) beside her bow hex, decks laid: the
    corsairs crowd theirs, the men it cannot hold below."""
    pride = vessel("pride", kind="galley_5", column=15, row=15)
    gull = vessel("gull", "p2", kind="galley_2", column=16, row=15, facing=gull_facing,
                  marines=60)
    return lay_decks(battle(pride, gull, **fields))


def with_figures(state: AcksState, **changes: dict) -> AcksState:
    return replace(state, figures=tuple(replace(f, **changes[f.id.replace(":", "_")])
                                        if f.id.replace(":", "_") in changes else f
                                        for f in state.figures))


def canvas(scene) -> dict[tuple[int, int], str]:
    """What lies on each square: a deck's id, ``bridge``, or nothing (water)."""
    out: dict[tuple[int, int], str] = {}
    for deck in scene.decks:
        for sq in deck.cells:
            assert sq not in out, f"two decks on {sq}"
            out[sq] = deck.vessel
    for bridge in scene.bridges:
        for sq in bridge.squares:
            assert sq not in out, f"a bridge on a deck at {sq}"
            out[sq] = "bridge"
    return out


def test_no_deck_is_laid_before_a_boarding():
    state = battle(vessel("pride", kind="galley_5", column=5, row=15),
                   vessel("gull", "p2", kind="galley_2", column=20, row=15))
    assert view.deck_scene(state) is None
    assert RULESET.deck_scene(state, "pride") is None


def test_both_decks_are_drawn_at_their_sizes_side_by_side_with_water_between():
    state = alongside()
    scene = view.deck_scene(state)
    assert scene is not None
    assert scene.focus == "pride"          # the side to act's vessel in the boarding
    assert {d.vessel: (d.length, d.width) for d in scene.decks} == {
        "pride": deck_size(state.vessel("pride")), "gull": deck_size(state.vessel("gull"))}
    assert deck_size(state.vessel("pride")) == (30, 4)
    pride, gull = scene.deck("pride"), scene.deck("gull")
    assert pride.focus and pride.bow_right and not gull.focus
    assert gull.bow_right                  # she heads the same way
    # side by side, rows of water between and around, the canvas holding them
    top, bottom = sorted((pride, gull), key=lambda d: d.row)
    assert bottom.row - (top.row + top.width) >= 1
    assert top.row >= 1 and bottom.row + bottom.width < scene.rows
    assert min(d.col for d in scene.decks) >= 1
    assert max(d.col + d.length for d in scene.decks) < scene.columns
    canvas(scene)  # no two decks on one square
    # the shorter deck lies wholly alongside the longer
    assert pride.col <= gull.col and gull.col + gull.length <= pride.col + pride.length
    # her steering oars aft, her bow forward, as the deck gives them
    assert pride.steering == steering_oars(state.vessel("pride"))
    assert pride.bow == bow_square(state.vessel("pride"))
    assert pride.cell(*pride.bow) == (pride.col + 29, pride.row + 2)
    # the ruleset's hook is the view's
    assert RULESET.deck_scene(state) == scene


def test_every_standing_man_is_drawn_once_at_his_square():
    state = alongside()
    scene = view.deck_scene(state)
    drawn = {f.id: f for f in scene.figures}
    assert len(drawn) == len(scene.figures)
    squares = [f.square for f in scene.figures]
    assert len(set(squares)) == len(squares)
    standing = [f for f in state.figures if f.where == "deck" and not f.down]
    below = [f for f in state.figures if f.where == "below"]
    assert standing and below       # the 2-rower's crowd overflows her deck
    for f in standing:
        plan = scene.deck(f.on)
        assert drawn[f.id].square == plan.cell(f.x, f.y)
    assert not any(f.id in drawn for f in below)
    assert len(drawn) == len(standing)
    letters = {f.id: f.letter for f in scene.figures}
    assert letters["pride:captain"] == "C" and letters["gull:captain"] == "C"
    assert letters["pride:m1"] == "m" and letters["pride:s1"] == "s"
    by_side = {f.side for f in scene.figures if f.vessel == "gull"}
    assert by_side == {"p2"}


def test_a_man_down_is_not_drawn_and_the_selected_man_is_marked_with_his_sheet():
    state = with_figures(alongside(), pride_m1={"down": True, "hp": 0},
                         gull_m2={"prone": True, "winded": True, "hp": 1})
    scene = view.deck_scene(state, "pride", "gull:m2")
    ids = {f.id for f in scene.figures}
    assert "pride:m1" not in ids
    chosen = [f for f in scene.figures if f.selected]
    assert [f.id for f in chosen] == ["gull:m2"] and chosen[0].prone
    sheet = scene.sheet
    assert scene.selected == "gull:m2" and sheet.id == "gull:m2"
    gm = state.figure("gull:m2")
    assert (sheet.name, sheet.role, sheet.hp, sheet.hp_max, sheet.ac, sheet.attack) == (
        gm.name, "marine", 1, gm.hp_max, gm.ac, gm.attack)
    assert sheet.saves == tuple(zip("PDBIS", gm.saves, strict=True))
    assert sheet.stone == gm.stone
    assert sheet.conditions == ("prone", "winded")
    # nobody chosen, or a man not drawn: her captain
    assert view.deck_scene(state, "pride").selected == "pride:captain"
    assert view.deck_scene(state, "pride", "pride:m1").selected == "pride:captain"


def test_the_focus_takes_the_middle_bow_to_the_right():
    state = alongside()
    scene = view.deck_scene(state, "gull")
    assert scene.focus == "gull" and scene.deck("gull").focus and scene.deck("gull").bow_right


def test_an_enemy_heading_the_other_way_runs_bow_to_the_left_turned_half_round():
    state = alongside(gull_facing="S")
    scene = view.deck_scene(state, "pride")
    gull = scene.deck("gull")
    assert not gull.bow_right
    # her stern at the right end, her port rail at the bottom
    assert gull.cell(0, 0) == (gull.col + gull.length - 1, gull.row + gull.width - 1)
    assert gull.cell(gull.length - 1, gull.width - 1) == (gull.col, gull.row)
    assert gull.square(*gull.cell(3, 1)) == (3, 1)
    for f in state.figures:
        if f.on == "gull" and f.where == "deck":
            assert scene.figure_at(gull.cell(f.x, f.y)).id == f.id


def test_a_bridge_spans_the_water_from_her_bow_to_where_it_landed_and_carries_its_men():
    state = alongside()
    state = replace(state, bridges=(Bridge("gull", "pride", 20, 3, True),))
    state = with_figures(state, gull_m1={"where": "bridge"}, gull_m2={"where": "bridge"},
                         gull_m3={"where": "bridge"})
    scene = view.deck_scene(state, "pride")
    pride, gull = scene.deck("pride"), scene.deck("gull")
    (bridge,) = scene.bridges
    assert (bridge.vessel, bridge.target, bridge.kind, bridge.fast) == ("gull", "pride",
                                                                       "bridge", True)
    # she landed on the 5-rower's starboard rail (y 3): the 2-rower lies below her
    assert gull.row > pride.row
    land_col, land_row = pride.cell(20, 3)
    assert land_row == pride.row + pride.width - 1
    gap_rows = set(range(pride.row + pride.width, gull.row))
    assert gap_rows and {r for _, r in bridge.squares} == gap_rows
    assert (land_col, min(gap_rows)) in bridge.squares
    # from her bow: the bridging bow's column is the landing's
    assert gull.cell(*bow_square(state.vessel("gull")))[0] == land_col
    # three men on it: widened to hold them, each on a square of it
    assert len(bridge.squares) >= 3
    on_it = [f for f in scene.figures if f.bridge]
    assert sorted(f.id for f in on_it) == ["gull:m1", "gull:m2", "gull:m3"]
    assert all(f.square in bridge.squares for f in on_it)
    assert all(canvas(scene)[f.square] == "bridge" for f in on_it)


def test_a_grapple_line_runs_across_the_water_between_the_decks_with_the_men_on_it():
    state = replace(alongside(), grapples=(Grapple("pride", "gull"),))
    state = with_figures(state, gull_m1={"where": "line"}, gull_m5={"where": "water"})
    scene = view.deck_scene(state, "pride")
    (line,) = scene.lines
    pride, gull = scene.deck("pride"), scene.deck("gull")
    deck = canvas(scene)
    assert line.squares and all(sq not in deck for sq in line.squares)
    assert {r for _, r in line.squares} == set(range(pride.row + pride.width, gull.row))
    on_line = next(f for f in scene.figures if f.id == "gull:m1")
    assert on_line.line and on_line.square in line.squares
    swimmer = next(f for f in scene.figures if f.id == "gull:m5")
    assert swimmer.swimming and swimmer.square not in line.squares   # never on the line


@pytest.mark.parametrize("drowning", [0, 2])
def test_a_man_in_the_water_is_drawn_in_the_water_beside_the_vessel_he_fell_from(drowning):
    state = with_figures(alongside(), gull_m4={"where": "water", "drowning": drowning,
                                               "npc": False},
                         pride_m2={"where": "hanging"})
    scene = view.deck_scene(state, "pride")
    deck = canvas(scene)
    man = next(f for f in scene.figures if f.id == "gull:m4")
    assert man.square not in deck          # water
    assert 0 <= man.square[0] < scene.columns and 0 <= man.square[1] < scene.rows
    assert man.letter == "M"               # a character: a capital
    assert man.swimming == (not drowning) and man.drowning == bool(drowning)
    gull = scene.deck("gull")
    near = max(gull.col - man.square[0], man.square[0] - (gull.col + gull.length - 1), 0,
               gull.row - man.square[1], man.square[1] - (gull.row + gull.width - 1))
    assert near <= 2                        # beside her
    hanging = next(f for f in scene.figures if f.id == "pride:m2")
    assert hanging.hanging and hanging.square not in deck
    assert scene.sheet is not None
    sheet = view.deck_scene(state, "pride", "gull:m4").sheet
    assert sheet.conditions == ((f"drowning {drowning}",) if drowning else ("swimming",))


def test_fire_burns_three_squares_by_three_on_her_deck():
    state = replace(alongside(), fires=(Fire("f1", "pride", 10, 0, "1d6", 3),))
    scene = view.deck_scene(state, "pride")
    (fire,) = scene.fires
    pride = scene.deck("pride")
    assert sorted(fire.squares) == sorted(pride.cell(x, y) for x in (9, 10, 11)
                                          for y in (0, 1))   # the rail clips it


@pytest.mark.parametrize(("facing", "upright"), [("NE", -1), ("SE", -1), ("SW", 1),
                                                  ("NW", 1)])
def test_a_vessel_rammed_into_her_side_stands_across_her_deck_bow_at_her_rail(facing, upright):
    """Issue 36, item 10: after a ram into a side the decks lie as the vessels do, the
    rammer across her (the project's reading: a right angle in 5' squares), not alongside.
    From her port side (heading to starboard) the rammer is drawn above her, bow down; from
    her starboard side below, bow up; her point in the one row of water between, over the
    hex her bow went into."""
    pride = vessel("pride", kind="galley_5", column=15, row=15)   # facing N, 3 hexes
    gull = vessel("gull", "p2", kind="galley_2", facing=facing)
    gull = replace(gull, body=replace(gull.body, bow=pride.body.hexes[1]))
    state = lay_decks(battle(pride, gull))
    assert view.rammed_into_side(state.vessel("pride"), state.vessel("gull"))
    scene = view.deck_scene(state, "pride")
    canvas(scene)   # no two decks on a square
    her, rammer = scene.deck("pride"), scene.deck("gull")
    assert her.upright == 0 and rammer.upright == upright
    length, width = deck_size(state.vessel("gull"))
    assert (rammer.columns, rammer.rows) == (width, length)   # standing across the canvas
    point_rows = {row for _, row in rammer.point}
    rail = her.row - 1 if upright < 0 else her.row + her.rows
    assert point_rows == {rail}             # her bow against the rail, no more water between
    # over her middle hex: the middle third of her deck
    cols = [c for c, _ in rammer.point]
    assert her.col + her.length // 3 <= min(cols) and max(cols) < her.col + 2 * her.length // 3
    # each of her men at his square on the deck standing across
    for f in state.figures:
        if f.on == "gull" and f.where == "deck" and not f.down:
            assert scene.figure_at(rammer.cell(f.x, f.y)).id == f.id
            assert rammer.square(*rammer.cell(f.x, f.y)) == (f.x, f.y)


def test_a_vessel_alongside_still_lies_alongside():
    scene = view.deck_scene(alongside(), "pride")
    assert [d.upright for d in scene.decks] == [0, 0]
