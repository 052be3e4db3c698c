"""The after-action report: one self-contained HTML file, or Markdown for a forum post.

The charts are drawn by pygal (SVG, its scripts left out, so nothing is fetched when the page is
opened): the table with every ship's track turn by turn in the rules' own units, the damage and
crew each side lost each turn, and the points as they stood at each turn's end. The HTML holds
them inline; the Markdown has them as files beside it (SVG, and PNG where ``rsvg-convert`` is
installed).
"""

from __future__ import annotations

import html
import shutil
import subprocess
from pathlib import Path

import pygal
from pygal.style import Style

from ahoy_tui.engine import Game
from ahoy_tui.export.facts import Battle, Moment, read_battle

SIDE_COLOURS = ("#2b6cb0", "#c53030", "#2f855a", "#b7791f")
STYLE = Style(background="#ffffff", plot_background="#f7fafc", foreground="#1a202c",
              foreground_strong="#1a202c", foreground_subtle="#4a5568", colors=SIDE_COLOURS,
              font_family="DejaVu Sans, Verdana, sans-serif")
CHARTS = ("table", "damage", "crew", "points")


def _config(chart: pygal.graph.graph.Graph) -> pygal.graph.graph.Graph:
    chart.js = []  # no scripts from the network: the page opens anywhere
    chart.disable_xml_declaration = True
    return chart


def _side_colours(battle: Battle) -> Style:
    return Style(**{**STYLE.to_dict(), "colors": SIDE_COLOURS})


def table_chart(battle: Battle) -> str:
    """Every ship's track, set-up to the end, each turn's end a dot (north up)."""
    units = battle.words.get("units", "inches")
    sides = [s for s, _, _ in battle.sides]
    colours = tuple(SIDE_COLOURS[sides.index(ship.side) % len(SIDE_COLOURS)]
                    if ship.side in sides else "#718096" for ship in battle.ships)
    style = Style(**{**STYLE.to_dict(), "colors": colours})
    chart = _config(pygal.XY(style=style, inverse_y_axis=True, stroke=True, dots_size=3,
                             width=900, height=560, show_legend=True, legend_at_bottom=True,
                             title=f"The table: each ship's track, turn by turn ({units})",
                             x_title=f"{units} east", y_title=f"{units} south"))
    last = battle.last
    if last.width and last.height:
        chart.xrange = (0, last.width)
        chart.range = (0, last.height)
    for ship in battle.ships:
        points = [{"value": (round(x, 2), round(y, 2)), "label": f"turn {turn}"}
                  for turn, x, y in ship.track]
        fate = f" ({ship.fate})" if ship.fate else ""
        chart.add(f"{ship.name}{fate}", points)
    return chart.render(is_unicode=True)


def _bars(battle: Battle, title: str, what: str) -> str:
    turn_word = battle.words.get("turn", "turn")
    chart = _config(pygal.Bar(style=_side_colours(battle), width=900, height=360,
                              title=title, x_title=turn_word, legend_at_bottom=True))
    chart.x_labels = [str(t.turn) for t in battle.turns]
    for side, name, _ in battle.sides:
        chart.add(name, [dict(getattr(t, what)).get(side, 0) for t in battle.turns])
    return chart.render(is_unicode=True)


def damage_chart(battle: Battle) -> str:
    return _bars(battle, f"{cap(battle.words.get('damage', 'damage'))}, by "
                         f"{battle.words.get('turn', 'turn')}", "damage")


def crew_chart(battle: Battle) -> str:
    return _bars(battle, f"{cap(battle.words.get('crew', 'crew'))} lost, by "
                         f"{battle.words.get('turn', 'turn')}", "crew_lost")


def points_chart(battle: Battle) -> str:
    turn_word = battle.words.get("turn", "turn")
    chart = _config(pygal.Line(style=_side_colours(battle), width=900, height=360,
                               title=f"{battle.words.get('points', 'Victory points')} at each "
                                     f"{turn_word}'s end", x_title=turn_word,
                               legend_at_bottom=True))
    chart.x_labels = [str(t.turn) for t in battle.turns]
    for side, name, _ in battle.sides:
        chart.add(name, [dict(t.points).get(side, 0) for t in battle.turns])
    return chart.render(is_unicode=True)


def charts(battle: Battle) -> dict[str, str]:
    return {"table": table_chart(battle), "damage": damage_chart(battle),
            "crew": crew_chart(battle), "points": points_chart(battle)}


# --- words -----------------------------------------------------------------------------------
def cap(words: str) -> str:
    """The first letter a capital, the rest as the rules write it."""
    return words[:1].upper() + words[1:]


def number(value: float) -> str:
    """Whole numbers as they are, the rest to one place (33.3), as the rules' headers show."""
    return f"{value:.1f}" if value != int(value) else str(int(value))


def headline(battle: Battle) -> str:
    if battle.over:
        return battle.result or "The battle is over"
    seen = f", as {battle.side_name(battle.view_of)} see it" if battle.view_of else ""
    turn = battle.turns[-1].turn if battle.turns else 1
    return (f"Not over: {battle.words.get('turn', 'turn')} {turn}, step {battle.steps}"
            f"{seen}")


def _fate_words(battle: Battle, fate: str, turn: int) -> str:
    if not fate:
        return "in the fight at the end"
    return f"{fate} ({battle.words.get('turn', 'turn')} {turn})" if turn else fate


def _moment_title(battle: Battle, moment: Moment) -> str:
    return (f"{cap(battle.words.get('turn', 'turn'))} {moment.turn}, step "
            f"{moment.step}")


# --- HTML ------------------------------------------------------------------------------------
CSS = """
body { font-family: "DejaVu Sans", Verdana, sans-serif; margin: 2em auto; max-width: 960px;
       color: #1a202c; background: #fff; line-height: 1.4; }
h1 { margin-bottom: 0.2em; } h2 { border-bottom: 2px solid #cbd5e0; margin-top: 1.6em; }
table { border-collapse: collapse; margin: 0.6em 0; }
th, td { border: 1px solid #cbd5e0; padding: 0.25em 0.6em; text-align: left; }
th { background: #edf2f7; } td.n { text-align: right; }
.result { font-size: 1.2em; font-weight: bold; }
.lost { color: #c53030; }
ol.timeline { list-style: none; padding-left: 0; }
ol.timeline li { border-left: 4px solid #2b6cb0; margin: 0.4em 0; padding: 0.2em 0.8em; }
ol.timeline .when { color: #4a5568; font-size: 0.9em; }
ol.timeline .dice { font-family: "DejaVu Sans Mono", monospace; font-size: 0.85em;
                    color: #2d3748; margin: 0.2em 0 0 0; padding-left: 1.2em; }
figure { margin: 1em 0; } figure svg { max-width: 100%; height: auto; }
footer { margin-top: 2em; color: #718096; font-size: 0.85em; }
"""


def to_html(battle: Battle) -> str:
    e = html.escape
    words = battle.words
    drawn = charts(battle)
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>After-action report: {e(battle.title)}</title>",
           f"<style>{CSS}</style></head><body>",
           f"<h1>After-action report: {e(battle.title)}</h1>",
           f"<p>{e(battle.rules)} · scenario <code>{e(battle.scenario)}</code> · seed "
           f"{battle.seed} · {battle.steps} steps</p>",
           f'<p class="result" id="result">{e(headline(battle))}</p>',
           "<h2>The sides</h2>", "<table id=\"sides\"><tr><th>Side</th><th>Commanded by</th>"
           f"<th>Ships lost</th><th>{e(words.get('points', 'Points'))}</th></tr>"]
    points = dict(battle.turns[-1].points) if battle.turns else {}
    for side, name, who in battle.sides:
        out.append(f'<tr data-side="{e(side)}"><td>{e(name)}</td><td>{e(who)}</td>'
                   f'<td class="n lost-count">{battle.ships_lost(side)}</td>'
                   f'<td class="n points">{number(points.get(side, 0))}</td></tr>')
    out.append("</table>")
    out += ["<h2>The ships' fates</h2>",
            f"<table id=\"ships\"><tr><th>Ship</th><th>Side</th><th>Fate</th>"
            f"<th>{e(cap(words.get('damage', 'damage')))}</th>"
            f"<th>{e(cap(words.get('crew', 'crew')))} (start → end)</th></tr>"]
    for ship in battle.ships:
        cls = ' class="lost"' if ship.lost else ""
        out.append(f'<tr data-ship="{e(ship.id)}"{cls}><td>{e(ship.name)}</td>'
                   f"<td>{e(battle.side_name(ship.side))}</td>"
                   f"<td>{e(_fate_words(battle, ship.fate, ship.fate_turn))}</td>"
                   f'<td class="n damage">{number(ship.damage)}</td>'
                   f'<td class="n">{ship.crew_start} → {ship.crew_end}</td></tr>')
    out.append("</table>")
    if battle.figures:
        out += ["<table id=\"figures\"><tr><th>Who</th><th>Side</th><th>Fate</th></tr>"]
        out += [f"<tr><td>{e(name)}</td><td>{e(battle.side_name(side))}</td>"
                f"<td>{e(fate or 'in the fight at the end')}</td></tr>"
                for name, side, fate in battle.figures]
        out.append("</table>")
    out += ["<h2>The table</h2>", f'<figure id="chart-table">{drawn["table"]}</figure>',
            f"<h2>{e(cap(words.get('damage', 'damage')))} and "
            f"{e(words.get('crew', 'crew'))} lost, {e(words.get('turn', 'turn'))} by "
            f"{e(words.get('turn', 'turn'))}</h2>",
            f'<figure id="chart-damage">{drawn["damage"]}</figure>',
            f'<figure id="chart-crew">{drawn["crew"]}</figure>', _turn_table_html(battle),
            "<h2>Key moments</h2>", '<ol class="timeline" id="moments">']
    for moment in battle.moments:
        dice = "".join(f"<li>{e(d)}</li>" for d in moment.dice)
        told = "".join(f"<div>{e(t)}</div>" for t in moment.told if t != moment.text)
        out.append(f'<li data-kind="{e(moment.kind)}" data-step="{moment.step}">'
                   f'<div class="when">{e(_moment_title(battle, moment))}</div>'
                   f"<strong>{e(moment.text)}</strong>{told}"
                   + (f'<ul class="dice">{dice}</ul>' if dice else "") + "</li>")
    if not battle.moments:
        out.append("<li>No ship was hurt.</li>")
    out += ["</ol>", f"<h2>{e(words.get('points', 'Points'))}, "
                     f"{e(words.get('turn', 'turn'))} by {e(words.get('turn', 'turn'))}</h2>",
            f'<figure id="chart-points">{drawn["points"]}</figure>',
            "<footer>Made by Ahoy TUI from the battle's log (<code>ahoy replay FILE --export "
            "report</code>).</footer>", "</body></html>"]
    return "\n".join(out)


def _turn_table_html(battle: Battle) -> str:
    e = html.escape
    words = battle.words
    head = "".join(f"<th>{e(name)}: {e(words.get('damage', 'damage'))}</th>"
                   f"<th>{e(name)}: {e(words.get('crew', 'crew'))} lost</th>"
                   f"<th>{e(name)}: {e(words.get('points', 'points'))}</th>"
                   for _, name, _ in battle.sides)
    rows = [f'<table id="turns"><tr><th>{e(cap(words.get("turn", "turn")))}</th>'
            f"{head}</tr>"]
    for t in battle.turns:
        damage, crew, points = dict(t.damage), dict(t.crew_lost), dict(t.points)
        cells = "".join(f'<td class="n">{number(damage.get(s, 0))}</td>'
                        f'<td class="n">{crew.get(s, 0)}</td>'
                        f'<td class="n">{number(points.get(s, 0))}</td>'
                        for s, _, _ in battle.sides)
        rows.append(f'<tr data-turn="{t.turn}"><td>{t.turn}</td>{cells}</tr>')
    rows.append("</table>")
    return "\n".join(rows)


# --- Markdown --------------------------------------------------------------------------------
def to_markdown(battle: Battle, folder_name: str) -> str:
    words = battle.words
    turn = words.get("turn", "turn")
    points = dict(battle.turns[-1].points) if battle.turns else {}
    out = [f"# After-action report: {battle.title}", "",
           f"{battle.rules} · scenario `{battle.scenario}` · seed {battle.seed} · "
           f"{battle.steps} steps", "", f"**{headline(battle)}**", "", "## The sides", "",
           f"| Side | Commanded by | Ships lost | {words.get('points', 'Points')} |",
           "| --- | --- | ---: | ---: |"]
    out += [f"| {name} | {who} | {battle.ships_lost(side)} | {number(points.get(side, 0))} |"
            for side, name, who in battle.sides]
    out += ["", "## The ships' fates", "",
            f"| Ship | Side | Fate | {cap(words.get('damage', 'damage'))} | "
            f"{cap(words.get('crew', 'crew'))} (start → end) |",
            "| --- | --- | --- | ---: | ---: |"]
    out += [f"| {ship.name} | {battle.side_name(ship.side)} | "
            f"{_fate_words(battle, ship.fate, ship.fate_turn)} | {number(ship.damage)} | "
            f"{ship.crew_start} → {ship.crew_end} |" for ship in battle.ships]
    out += [""]
    out += [f"- {name} ({battle.side_name(side)}): {fate or 'in the fight at the end'}"
            for name, side, fate in battle.figures]
    out += ["", "## The table", "", f"![The table]({folder_name}/table.svg)", "",
            f"## {cap(words.get('damage', 'damage'))} and {words.get('crew', 'crew')} "
            f"lost, {turn} by {turn}", "", f"![Damage]({folder_name}/damage.svg)", "",
            f"![Crew lost]({folder_name}/crew.svg)", ""]
    head = " | ".join(f"{name}: {words.get('damage', 'damage')} | {name}: "
                      f"{words.get('crew', 'crew')} lost | {name}: {words.get('points', 'points')}"
                      for _, name, _ in battle.sides)
    out += [f"| {cap(turn)} | {head} |",
            "| ---: |" + " ---: |" * (3 * len(battle.sides))]
    for t in battle.turns:
        damage, crew, pts = dict(t.damage), dict(t.crew_lost), dict(t.points)
        cells = " | ".join(f"{number(damage.get(s, 0))} | {crew.get(s, 0)} | "
                           f"{number(pts.get(s, 0))}" for s, _, _ in battle.sides)
        out.append(f"| {t.turn} | {cells} |")
    out += ["", "## Key moments", ""]
    for moment in battle.moments:
        out.append(f"- **{_moment_title(battle, moment)}**: {moment.text}")
        out += [f"    - {t}" for t in moment.told if t != moment.text]
        out += [f"    - `{d}`" for d in moment.dice]
    if not battle.moments:
        out.append("- No ship was hurt.")
    out += ["", f"## {words.get('points', 'Points')}, {turn} by {turn}", "",
            f"![Points]({folder_name}/points.svg)", "",
            "*Made by Ahoy TUI from the battle's log (`ahoy replay FILE --export report-md`).*",
            ""]
    return "\n".join(out)


# --- files -----------------------------------------------------------------------------------
def to_png(svg: Path) -> Path | None:
    """The SVG as PNG beside it, where ``rsvg-convert`` is installed; None where it is not."""
    converter = shutil.which("rsvg-convert")
    if converter is None:
        return None
    png = svg.with_suffix(".png")
    done = subprocess.run([converter, "-o", str(png), str(svg)], capture_output=True,
                          check=False, timeout=60)
    return png if done.returncode == 0 else None


def report_page(game: Game, *, side: str | None = None,
                commanders: dict[str, str] | None = None) -> str:
    """The report as one HTML page (``side``: whose view, while the battle is not over)."""
    return to_html(read_battle(game, side=side, commanders=commanders))


def write_html(game: Game, out: Path, *, side: str | None = None) -> Path:
    out.write_text(to_html(read_battle(game, side=side)), "utf-8")
    return out


def write_markdown(game: Game, out: Path, *, side: str | None = None,
                   png: bool = True) -> list[Path]:
    """OUT.md, and its charts in OUT_files/ beside it: the files written."""
    battle = read_battle(game, side=side)
    folder = out.with_name(f"{out.stem}_files")
    folder.mkdir(parents=True, exist_ok=True)
    written = [out]
    for name, svg in charts(battle).items():
        path = folder / f"{name}.svg"
        path.write_text('<?xml version="1.0" encoding="utf-8"?>\n' + svg, "utf-8")
        written.append(path)
        if png and (made := to_png(path)) is not None:
            written.append(made)
    out.write_text(to_markdown(battle, folder.name), "utf-8")
    return written
