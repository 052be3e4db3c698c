"""Every ship of a Naval Battle in a few lines each: crew chits, speed, armour, guns, fires,
and after the reveal the chits on each Crew Assignments box."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text
from textual.widgets import Static

SIDE_STYLES = {"p1": "bold blue", "p2": "bold red"}


def card_text(card: Any, selected: bool = False) -> Text:
    text = Text()
    text.append("▸ " if selected else "  ", style="bold cyan")
    text.append(card.name, style=SIDE_STYLES.get(card.side, "bold"))
    text.append(f" · {card.side_name} · {card.race} {card.size}\n", style="dim")
    text.append(f"  {card.chits} chits · {card.speed}\"/{card.max_speed}\" {card.heading} · "
                f"maneuver {card.maneuverability} · armour {card.armour}")
    if card.fires:
        text.append(f" · {card.fires} fire{'s' if card.fires > 1 else ''}", style="bold red")
    text.append("\n")
    if card.creature:
        text.append(f"  {card.creature}\n")
    if card.declared:
        text.append(f"  declared: {card.declared}\n", style="italic")
    if card.stations:
        text.append("  " + " · ".join(f"{name} {n}" for name, n in card.stations if n) + "\n",
                    style="cyan")
    guns = ", ".join(f"{g.name} ({g.bearing})" + ("" if g.status == "ready" else
                                                  f" {g.status}") for g in card.guns)
    if guns:
        text.append(f"  {guns}\n", style="dim")
    for flag in card.flags:
        text.append(f"  {flag}\n", style="yellow")
    return text


class ShipRoster(Static):
    """The ships' records, the selected one marked."""

    _shown: tuple[object, ...] = ()

    def show(self, cards: tuple[Any, ...], selected: str | None,
             notes: Mapping[str, str] | None = None) -> None:
        """The records; ``notes`` a line under some (the ruleset's ``bearings`` from the
        selected ship: how far she is, which guns bear)."""
        notes = dict(notes or {})
        shown = (cards, selected, tuple(sorted(notes.items())))
        if shown == self._shown:
            return
        self._shown = shown
        text = Text()
        for card in cards:
            text.append_text(card_text(card, card.ship == selected))
            if notes.get(card.ship):
                text.append(f"  ↔ {notes[card.ship]}\n", style="italic cyan")
        self.update(text)
