"""Galley log sheets: each galley's sheet as her captain keeps it beside the table.

Her oar sections a side (▮ an oar section, ▯ one half lost, ░ one gone), the loads of water
she has shipped against the five that sink her and whether her hole is plugged, her rowers'
energy, her speed band and the inches it makes her move, her turning circle, her sail, her men
in each part of her (wounded apart), grappling lines and corvi, and the orders written. The
selected sheet shows everything; the others a few lines.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from ahoy_tui.ui.widgets.record_cards import ShipCards

ORDER_STYLES = {"written": "bold green", "sealed": "bold cyan", "if none": "yellow",
                "rowed": "bold", "last": "dim"}
SHORT_BANDS = {"backing": "back", "cruising": "cruise", "ramming": "ram"}


def header(sheet: Any, *, selected: bool) -> Text:
    """Her label and name in her side's colour, and her side."""
    side_style = "bold blue" if sheet.side == "p1" else "bold red"
    text = Text()
    text.append("▶ " if selected else "  ", style="bold")
    text.append(f"{sheet.label} ", style=side_style)
    text.append(sheet.name, style=side_style + (" reverse" if selected else ""))
    text.append(f"  {sheet.side_name}\n", style="dim")
    return text


def oar_track(count: int, full: int, half: bool) -> Text:
    """One side's oar sections: ▮ whole, ▯ half its rowers lost, ░ gone."""
    text = Text()
    whole = count - 1 if half and count else count
    text.append("▮" * whole, style="green")
    if half and count:
        text.append("▯", style="yellow")
    text.append("░" * max(0, full - count), style="red")
    return text


def water_track(loads: int, sink_at: int) -> Text:
    text = Text()
    text.append("■" * min(loads, sink_at), style="bold red" if loads >= 3 else "yellow")
    text.append("□" * max(0, sink_at - loads), style="dim")
    return text


def energy_track(energy: int, most: int) -> Text:
    text = Text()
    text.append("●" * energy, style="green" if energy * 2 > most else "yellow")
    text.append("○" * max(0, most - energy), style="dim")
    return text


def orders_text(sheet: Any) -> Text:
    text = Text()
    for line in sheet.orders:
        text.append(f"  {line.when}: ", style=ORDER_STYLES.get(line.when, "bold"))
        text.append(f"{line.words}\n")
    return text


def _energy_after(sheet: Any) -> Text:
    """" → 10": what the orders on her sheet will leave her rowers (nothing if they cost none
    or none are in hand)."""
    after = getattr(sheet, "energy_after", None)
    if after is None or after == sheet.energy:
        return Text()
    return Text(f" → {after}", style="yellow")


def render_log_sheet(sheet: Any, *, expanded: bool, selected: bool) -> Text:
    text = header(sheet, selected=selected)
    if sheet.where != "afloat":
        text.append(f"  {sheet.kind} · {sheet.where}\n", style="italic")
        return text
    if not expanded:
        port, star = sheet.oars
        text.append(f"  oars {port}|{star} · water {sheet.loads}/{sheet.sink_at}"
                    f"{' HOLED' if sheet.holed else ''} · energy {sheet.energy}",
                    style="bold red" if sheet.holed else "")
        text.append_text(_energy_after(sheet))
        text.append("\n")
        text.append(f"  {sheet.band} {sheet.distance}\" · circle {sheet.grade} · "
                    f"{sheet.men} men\n", style="dim")
        if "WITHDRAWING" in sheet.flags:
            text.append("  WITHDRAWING\n", style="bold yellow")
        text.append_text(orders_text(sheet))
        return text
    flags = " · ".join(f for f in sheet.flags if f != "WITHDRAWING")
    text.append(f"  {sheet.kind} · heading {sheet.heading:.0f}°\n", style="dim")
    if "WITHDRAWING" in sheet.flags:
        text.append("  WITHDRAWING from the action\n", style="bold yellow")
    text.append("  oars port ")
    text.append_text(oar_track(sheet.oars[0], sheet.full_oars, sheet.half_hit[0]))
    text.append(f" {sheet.oars[0]} · stbd ")
    text.append_text(oar_track(sheet.oars[1], sheet.full_oars, sheet.half_hit[1]))
    text.append(f" {sheet.oars[1]}\n")
    text.append("  water  ")
    text.append_text(water_track(sheet.loads, sheet.sink_at))
    text.append(f" {sheet.loads}/{sheet.sink_at}")
    if sheet.holed:
        text.append(" HOLED", style="bold red")
    elif sheet.loads:
        text.append(" plugged", style="green")
    text.append("\n  energy ")
    text.append_text(energy_track(sheet.energy, sheet.energy_max))
    text.append(f" {sheet.energy}")
    text.append_text(_energy_after(sheet))
    text.append("\n")
    speed = f"{sheet.band} {sheet.distance}\"" if sheet.distance else sheet.band
    text.append(f"  {speed} · circle {sheet.grade} · sail {sheet.sail}\n", style="bold")
    if sheet.allowed:
        text.append("  → " + ", ".join(f"{SHORT_BANDS.get(b, b)} {n}\"" if n else b
                                           for b, n in sheet.allowed) + "\n", style="dim")
    text.append_text(orders_text(sheet))
    text.append(f"  men {sheet.men}/{sheet.start_men}\n")
    for section in sheet.sections:
        text.append(f"  {section.name:<6} {section.men}")
        if section.wounded:
            text.append(f" · wounded {section.wounded}", style="yellow")
        text.append("\n")
    if sheet.away:
        text.append(f"  boarding: {sheet.away}\n", style="bold")
    if flags:
        text.append(f"  {flags}\n", style="cyan")
    for line in sheet.lines:
        text.append(f"  ↔ {line}\n", style="bold yellow")
    return text


class LogSheets(ShipCards):
    """Every galley's log sheet, the selected one in full."""

    draw_card = staticmethod(render_log_sheet)
