"""The after-action report of each rule system, made from a saved battle: its numbers (ships
lost, damage and crew lost by turn, victory points) are the log's."""

from __future__ import annotations

import re
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from ahoy_tui.cli import main
from ahoy_tui.engine import Game, GameState
from ahoy_tui.export.facts import read_battle
from ahoy_tui.export.report import to_html

from .battles import RULESETS


# Each rule system's own reading of its ships, written here from the rules' state (the
# exporter knows none of them): (damage taken, crew left, lost to her side).
def _ahoy(state: Any) -> dict[str, tuple[float, int, bool]]:
    crew = {s.id: sum(1 for c in state.crew if c.ship == s.id) for s in state.ships}
    return {s.id: (s.sp_max - s.sp, crew[s.id],
                   bool(s.sunk or s.struck or s.captured_by or s.withdrawn))
            for s in state.ships}


def _naval(state: Any) -> dict[str, tuple[float, int, bool]]:
    return {s.id: (s.damage_taken, sum(n for _, n in s.crew), bool(s.gone)) for s in state.ships}


def _mow(state: Any) -> dict[str, tuple[float, int, bool]]:
    return {s.id: (sum(m.damaged + m.blazing for m in s.marks) + s.btw, s.crew,
                   bool(s.sunk or s.captured_by or s.abandoned)) for s in state.ships}


def _rs(state: Any) -> dict[str, tuple[float, int, bool]]:
    out = {}
    for s in state.ships:
        aboard = any(m.ship == s.id and m.aboard == s.id for m in state.men)
        lost = s.status.value in ("sunk", "captured") or not aboard or \
            (s.status.value == "gone" and not _escaped(state, s))
        out[s.id] = (2 * s.full_oars - sum(s.oars) + sum(1 for r in s.rudders if not r),
                     sum(1 for m in state.men if m.ship == s.id), lost)
    return out


def _escaped(state: Any, ship: Any) -> bool:
    from ahoy_tui.rules.ramming_speed.flow import got_away

    return got_away(state, ship)


def _acks(state: Any) -> dict[str, tuple[float, int, bool]]:
    return {v.id: (v.shp_max - v.shp, v.sailors + v.rowers + v.marines,
                   v.status.value in ("sunk", "sinking", "slain", "taken"))
            for v in state.vessels}


SHIPS = {"ahoy": _ahoy, "naval-battle": _naval, "man-o-war": _mow, "ramming-speed": _rs,
         "acks": _acks}


def turn_of(state: GameState) -> int:
    return int(getattr(state, "turn", getattr(state, "round", 0)))


class Cells(HTMLParser):
    """The cells of the report's tables, by the table's id."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, list[list[str]]] = {}
        self.table = ""
        self.cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.table = dict(attrs).get("id") or ""
            self.tables[self.table] = []
        elif tag == "tr" and self.table:
            self.tables[self.table].append([])
        elif tag in ("td", "th") and self.table:
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self.cell is not None and self.table:
            self.tables[self.table][-1].append("".join(self.cell).strip())
            self.cell = None
        elif tag == "table":
            self.table = ""

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)


def tables_of(page: str) -> dict[str, list[list[str]]]:
    parser = Cells()
    parser.feed(page)
    return parser.tables


def as_number(cell: str) -> float:
    return float(cell)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_report_tells_the_log_s_numbers(ruleset: str, battle: Callable[..., Game]) -> None:
    game = battle(ruleset)
    ships_of = SHIPS[ruleset]
    final = game.state
    assert final.over, "the captains fought it out"
    sides = list(game.ruleset.sides)
    report = read_battle(game)
    page = to_html(report)
    cells = tables_of(page)

    # ships lost, each side: the rules' own fates in the last state
    lost = {side: 0 for side in sides}
    ships = ships_of(final)
    side_of = {s.id: s.side for s in getattr(final, "ships", getattr(final, "vessels", ()))}
    for ship_id, (_, _, gone) in ships.items():
        lost[side_of[ship_id]] += gone
    rows = cells["sides"][1:]
    assert [int(row[2]) for row in rows] == [lost[s] for s in sides]
    assert sum(lost.values()) > 0 or ruleset == "naval-battle", "a fight with a ship lost"

    # damage and crew lost by turn: the states at each turn's end, one after another
    steps = range(game.step + 1)
    ends = [s for s in steps if s == game.step or turn_of(game.state_at(s + 1)) != turn_of(
        game.state_at(s))]
    before = ships_of(game.state_at(0))
    turns = cells["turns"][1:]
    assert [int(row[0]) for row in turns] == [turn_of(game.state_at(s)) for s in ends]
    total_damage = 0.0
    for row, end in zip(turns, ends, strict=True):
        now = ships_of(game.state_at(end))
        for k, side in enumerate(sides):
            ids = [i for i in now if side_of.get(i) == side]
            damage = sum(now[i][0] for i in ids) - sum(before[i][0] for i in ids if i in before)
            crew = sum(before[i][1] for i in ids if i in before) - sum(now[i][1] for i in ids)
            assert as_number(row[1 + 3 * k]) == pytest.approx(damage), (ruleset, end, side)
            assert int(row[2 + 3 * k]) == crew, (ruleset, end, side)
            total_damage += damage
        before = now
    assert total_damage > 0, "shots told"

    # the points at the end: as the game's own header shows them
    standing = game.ruleset.standing(final)
    for k in range(len(sides)):
        shown = rows[k][3]
        assert re.search(rf"\b{re.escape(shown)}\b", standing), (shown, standing)
    assert report.result == final.result and final.result in page

    # the key moments: first blood once, and every ship's fate at the step the log changes it
    kinds = [m.kind for m in report.moments]
    assert kinds.count("first blood") == 1
    fated = [m for m in report.moments if m.kind == "fate"]
    for moment in fated:
        assert moment.dice or moment.told or moment.step  # a step of the log, its dice told
        assert any(e.describe() in moment.dice for e in game.events_at(moment.step)
                   if e.event == "roll") or not moment.dice


def test_the_report_commands_write_html_and_markdown_with_its_charts(
        saved_battle: Callable[..., Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
        ) -> None:
    log = saved_battle("naval-battle")
    out = tmp_path / "aar.html"
    assert main(["replay", str(log), "--export", "report", "-o", str(out)]) == 0
    page = out.read_text("utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.count("<svg") == 4
    assert not re.search(r"<script[^>]*\bsrc\s*=", page), "no script from elsewhere"
    assert not re.search(r"""(src|href)\s*=\s*["']?https?:|url\(\s*["']?https?:""", page), \
        "nothing fetched from a network"
    md = tmp_path / "aar.md"
    assert main(["replay", str(log), "--export", "report-md", "-o", str(md)]) == 0
    text = md.read_text("utf-8")
    for chart in ("table", "damage", "crew", "points"):
        assert f"](aar_files/{chart}.svg)" in text
        assert (tmp_path / "aar_files" / f"{chart}.svg").read_text("utf-8").startswith("<?xml")
    said = capsys.readouterr().out
    assert str(out) in said and str(md) in said


def test_a_rule_system_without_report_facts_is_told_so(tmp_path: Path) -> None:
    from ahoy_tui.export.facts import NoFacts

    game = Game.new("ahoy", seed=1)

    class Plain:
        title = "Plain rules"

        def __getattr__(self, name: str) -> Any:
            if name == "report_facts":
                raise AttributeError(name)
            return getattr(type(game.ruleset), name)

    game.ruleset = Plain()  # type: ignore[assignment]
    with pytest.raises(NoFacts, match="Plain rules gives no facts for a report"):
        read_battle(game)
