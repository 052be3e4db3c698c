"""Ship record cards: one per ship, the selected one expanded.

Each card shows a :class:`~ahoy_tui.rules.ahoy.view.Card`: Structure Points as a track with
damage markers, Toughness, fire markers, crew by what they are doing against the minimum crew,
every gun with its crew and state, and the flags (struck, sinking, anchored…). Clicking a card
posts :class:`ShipCards.Selected`.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.containers import VerticalScroll
from textual.events import Click
from textual.message import Message
from textual.widgets import Static

_STATUS_STYLE = {"ready": "green", "fired": "dim", "malfunction": "yellow",
                 "destroyed": "red strike", "unmanned": "dim italic"}


def sp_track(sp: int, sp_max: int) -> Text:
    """Structure Points as a track: one block a point, damage markers shaded."""
    text = Text()
    text.append("█" * sp, style="green" if sp * 2 > sp_max else "yellow" if sp else "red")
    text.append("░" * (sp_max - sp), style="red")
    return text


def render_card(card: object, *, expanded: bool, selected: bool) -> Text:
    side_style = "bold blue" if card.side == "p1" else "bold red"
    text = Text()
    text.append("▶ " if selected else "  ", style="bold")
    text.append(card.name, style=side_style + (" reverse" if selected else ""))
    text.append(f"  {card.side_name}\n", style="dim")
    if card.where != "at sea":
        text.append(f"  {card.where}", style="italic")
        if card.where == "off the table":
            text.append(f" (left at {card.speed}\")", style="dim")
        text.append("\n")
        if card.where in ("sunk", "left the battle"):
            return text
    text.append("  ")
    text.append_text(sp_track(card.sp, card.sp_max))
    text.append(f" {card.sp}/{card.sp_max}")
    if card.fires:
        text.append(f" fire {'*' * min(card.fires, 9)}", style="bold yellow")
    text.append("\n")
    text.append(f"  {card.size} {card.propulsion} · {card.speed}\" · {card.point_of_sail}\n",
                style="dim" if not expanded else "")
    if card.flags:
        text.append(f"  {', '.join(card.flags)}\n", style="bold yellow")
    if not expanded:
        return text
    text.append(f"  T{card.toughness} · heading {card.heading}\n")
    sailing = dict(card.crew).get("sailing", 0)
    crew_style = "green" if sailing >= card.min_crew else "bold red"
    text.append("  sailing ")
    text.append(f"{sailing}/{card.min_crew} min", style=crew_style)
    others = [f"{word} {count}" for word, count in card.crew if word != "sailing"]
    for index, words in enumerate(others):
        text.append("\n  " if index % 3 == 0 else " · ")
        text.append(words)
    text.append("\n")
    for gun in card.guns:
        weapon = gun.weapon.lower().replace("naval ", "")
        text.append(f"  {gun.mount[:5]:<5} {weapon:<13}{gun.crew}/{gun.needs} ")
        text.append(gun.status, style=_STATUS_STYLE.get(gun.status, ""))
        if getattr(gun, "facing", ""):
            text.append(f" facing {gun.facing}")
        text.append("\n")
    return text


class ShipCard(Static):
    """One ship's record card."""

    def __init__(self, card: object, *, expanded: bool, selected: bool) -> None:
        super().__init__(render_card(card, expanded=expanded, selected=selected),
                         id=f"card-{card.ship}", classes="ship-card")
        self.ship = card.ship
        self._shown = (card, expanded, selected)

    def update_card(self, card: object, *, expanded: bool, selected: bool) -> None:
        if (card, expanded, selected) == self._shown:
            return  # the same card: no repaint
        self._shown = (card, expanded, selected)
        self.update(render_card(card, expanded=expanded, selected=selected))
        self.set_class(selected, "-selected")

    def on_click(self, event: Click) -> None:
        self.post_message(ShipCards.Selected(self.ship))


class ShipCards(VerticalScroll):
    """Every ship's card, the selected one expanded."""

    class Selected(Message):
        def __init__(self, ship: str) -> None:
            super().__init__()
            self.ship = ship

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._cards: dict[str, ShipCard] = {}
        self._hidden: dict[str, ShipCard] = {}
        self._selected: str | None = None

    def show(self, cards: Sequence[object], selected: str | None) -> None:
        ships = [c.ship for c in cards]
        if list(self._cards) != ships:
            # Ships may appear mid-battle (a boat launched): keep the cards there are (their
            # ids must stay unique while a removal is pending) and mount new ones in place.
            # A card whose ship is gone (a replay stepped back past a launch) is hidden, not
            # removed, and shown again when she comes back.
            for gone in [s for s in self._cards if s not in ships]:
                hidden = self._hidden[gone] = self._cards.pop(gone)
                hidden.display = False
            for index, card in enumerate(cards):
                if card.ship in self._cards:
                    continue
                if card.ship in self._hidden:
                    self._cards[card.ship] = self._hidden.pop(card.ship)
                    self._cards[card.ship].display = True
                    continue
                widget = ShipCard(card, expanded=card.ship == selected,
                                  selected=card.ship == selected)
                after = next((self._cards[s] for s in ships[index + 1:] if s in self._cards),
                             None)
                self._cards[card.ship] = widget
                if after is not None:
                    self.mount(widget, before=after)
                else:
                    self.mount(widget)
            self._cards = {s: self._cards[s] for s in ships}
        for card in cards:
            self._cards[card.ship].update_card(card, expanded=card.ship == selected,
                                               selected=card.ship == selected)
        if selected in self._cards and selected != self._selected:
            self.call_after_refresh(self.scroll_to_widget, self._cards[selected], animate=False)
        self._selected = selected
