"""The vessel sheet (issue 36, item 11): her table's sprint, cruise and slow speeds, her deck,
her captain's hit points (worn down: shown so), hired marines on a vessel whose complement has
none, and no sprint line on a sailing ship."""

from __future__ import annotations

from ahoy_tui.engine.dice import Rng
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.hexgrid import Body, Hex
from ahoy_tui.rules.acks.model import AcksState, Captain, Vessel, Wind
from ahoy_tui.rules.acks.tables import tables
from ahoy_tui.rules.acks.view import vessel_sheet
from ahoy_tui.ui.widgets.vessel_sheets import render_vessel_sheet


def made(kind: str, **fields) -> Vessel:
    t = tables().vessel(kind)
    v = Vessel("a", "p1", "Pride", kind, Body(Hex(5, 5), 0, t.hexes), t.shp, t.shp,
               Captain("Phaedra", 6, 5, 1, 3, 30), sailors=t.sailors, rowers=t.rowers,
               marines=t.marines, sails=t.rowers == 0)
    return replace(v, **fields)


def sheet_text(v: Vessel) -> str:
    state = AcksState(ruleset="acks", scenario="t", rng=Rng(1, 0), vessels=(v,),
                      to_act="p1", wind=Wind("moderate", 0))
    return render_vessel_sheet(vessel_sheet(state, v, "Pr"), expanded=True,
                               selected=True).plain


def test_a_galleys_sheet_gives_her_oar_speeds_deck_and_captains_hp():
    text = sheet_text(made("galley_5", captain_hurt=6))
    assert "oars sprint 240' · cruise 240' · slow 120'" in text
    assert "deck: cataphract" in text
    assert "captain Phaedra, level 6, master mariner, hp 24/30" in text
    assert "sprint 0/" in text


def test_a_sailing_ship_has_no_sprint_line_and_hired_marines_read_sensibly():
    text = sheet_text(made("sailing_ship_large", marines=20))
    assert "sprint" not in text and "oars " not in text
    assert "marines 20 hired" in text and "20/0" not in text


def test_more_marines_than_her_complement_read_as_her_table_and_the_extra():
    """Played at 80x24: the Boarding Bridge's 3-rower read "marines 60/15" (sixty of fifteen).
    Now her table's fifteen and the forty-five embarked beyond it."""
    text = sheet_text(made("galley_3", marines=60))
    assert "marines 60 (15 + 45 extra)" in text and "60/15" not in text
    assert "marines 12/15" in sheet_text(made("galley_3", marines=12))   # short: as before
