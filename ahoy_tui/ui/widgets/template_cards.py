"""Man O' War template cards: each ship's card as the players keep it beside the table.

Her hit locations in their bands (high, middle, low) with the d6 numbers that hit them, a box
for each hit they can take (■ a damage marker, ▲ a Blaze), their saves; her crew counters,
her Below the Waterline track, her batteries and counters. The selected card shows every row
and, under a damaged location, what the damage did.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from ahoy_tui.ui.widgets.record_cards import ShipCards

BAND_TAGS = {"high": "HI", "middle": "MID", "low": "LO", "": ""}


def boxes(total: int, damaged: int, blazing: int) -> Text:
    """One box a hit: a Blaze (▲), a damage marker (■), or empty (□)."""
    text = Text()
    text.append("▲" * blazing, style="bold yellow")
    text.append("■" * damaged, style="red")
    text.append("□" * max(0, total - damaged - blazing), style="green")
    return text


def header(card: Any, *, selected: bool) -> Text:
    """The card's first line: its label and name in its side's colour, and the side."""
    side_style = "bold blue" if card.side == "p1" else "bold red"
    text = Text()
    text.append("▶ " if selected else "  ", style="bold")
    if card.label:
        text.append(f"{card.label} ", style=side_style)
    text.append(card.name, style=side_style + (" reverse" if selected else ""))
    text.append(f"  {card.side_name}\n", style="dim")
    return text


def render_monster_card(card: Any, *, expanded: bool, selected: bool) -> Text:
    """A sea monster's card: its Wound track (● a wound left, ○ one taken), move and save, and
    its special attack; a template face down says only that something lies in wait."""
    text = header(card, selected=selected)
    text.append(f"  {getattr(card, 'what', 'sea monster')} · {card.where}\n", style="italic")
    if not card.wounds_max or card.where == "dead":
        return text
    text.append("  wounds ")
    text.append("●" * card.wounds, style="green" if card.wounds * 2 > card.wounds_max
                else "yellow")
    text.append("○" * max(0, card.wounds_max - card.wounds), style="red")
    text.append(f" {card.wounds}/{card.wounds_max}  save {card.save}+\n")
    text.append(f"  moves {card.move}\" · {card.special}\n", style="" if expanded else "dim")
    if expanded and card.text:
        text.append(f"    {card.text}\n", style="dim")
    return text


def render_template_card(card: Any, *, expanded: bool, selected: bool) -> Text:
    if hasattr(card, "wounds_max"):
        return render_monster_card(card, expanded=expanded, selected=selected)
    text = header(card, selected=selected)
    text.append(f"  {card.template} · {card.ship_class}\n", style="dim")
    if card.where != "at sea":
        text.append(f"  {card.where}\n", style="italic")
        return text
    text.append("  crew ")
    text.append("●" * card.crew, style="green" if card.crew * 2 > card.crew_max else "yellow")
    text.append("○" * max(0, card.crew_max - card.crew), style="red")
    text.append(f" {card.crew}/{card.crew_max}  BTW ")
    text.append_text(boxes(card.btw_boxes, card.btw, 0))
    text.append(f" {card.btw_save}+\n")
    if card.flags:
        text.append(f"  {', '.join(card.flags)}\n", style="bold yellow")
    text.append(f"  {card.speed} · {card.heading}\n", style="" if expanded else "dim")
    for line in getattr(card, "mow_cards", ()):
        text.append(f"  ▣ {line.face}\n", style="cyan")
        if expanded and line.effect:
            text.append(f"      {line.effect}\n", style="dim")
    for spell in getattr(card, "spells", ()):
        text.append(f"  ✶ {spell}\n", style="magenta")
    if getattr(card, "wizard", ""):
        text.append(f"  ✦ {card.wizard}\n", style="bold magenta")
        text.append(f"    {len(card.hand)} Magic card{'s' if len(card.hand) != 1 else ''}"
                    + (":" if expanded and card.hand else "") + "\n", style="magenta")
        if expanded:
            for line in card.hand:
                text.append(f"    ◆ {line.face}\n", style="magenta")
                if line.effect:
                    text.append(f"      {line.effect}\n", style="dim")
    if not expanded:
        damaged = [r for r in card.locations if r.damaged or r.blazing]
        if damaged:
            text.append("  hit: " + ", ".join(
                f"{r.name}{' ablaze' if r.blazing else ''}" for r in damaged) + "\n",
                style="yellow")
        return text
    band = None
    for row in card.locations:
        tag = BAND_TAGS[row.band] if row.band != band else ""
        band = row.band
        text.append(f"  {tag:<3} {row.numbers:>5} {row.name[:15]:<15} ")
        text.append_text(boxes(row.boxes, row.damaged, row.blazing))
        text.append(" " * max(0, 3 - row.boxes))
        text.append(f" {row.save}+\n" if row.save else " —\n")
        if row.damaged or row.blazing:
            text.append(f"        {row.text}\n", style="dim italic")
    for battery in card.batteries:
        style = "dim strike" if not battery.left else ""
        text.append(f"  {battery.arc:<9} {battery.weapon[:16]:<16} {battery.left}/"
                    f"{battery.count}", style=style)
        if battery.fired:
            text.append(f" {battery.fired}", style="dim")
        text.append("\n")
    return text


class TemplateCards(ShipCards):
    """Every ship's template card, the selected one drawn in full."""

    draw_card = staticmethod(render_template_card)
