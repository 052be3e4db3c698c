"""Ship record cards: one per ship, the selected one expanded.

Each card shows a :class:`~ahoy_tui.rules.ahoy.view.Card`: Structure Points as a track with
damage markers, Toughness, fire markers, crew by what they are doing against the minimum crew,
every gun with its crew and state, and the flags (struck, sinking, anchored…). Clicking a card
posts :class:`ShipCards.Selected`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from rich.text import Text
from textual.containers import VerticalScroll
from textual.events import Click
from textual.message import Message
from textual.widgets import Static

_STATUS_STYLE = {"ready": "green", "fired": "dim", "malfunction": "yellow",
                 "destroyed": "red strike", "unmanned": "dim italic",
                 "going overboard": "yellow"}
# a gun that cannot fire this turn whoever mans it shows no crew (a card line keeps to 35 cells)
_CREW_MOOT = frozenset({"destroyed", "going overboard", "malfunction"})
_STATUS_WORDS = {"going overboard": "overboard"}


def _place(mount: str) -> str:
    """A gun's place as record sheets write it: ``P fore``, ``S aft``, ``bow``, ``S 1/4``."""
    words = mount.replace("amidships", "mid").split(" ")
    side = {"port": "P", "starboard": "S"}.get(words[0])
    if side is None:
        return mount
    rest = " ".join(words[1:])
    if " of " in rest:  # "1 of 4 from the bow"
        number, _of, count = rest.split(" ")[:3]
        rest = f"{number}/{count}"
    return f"{side} {rest}".strip()


def sp_track(sp: int, sp_max: int) -> Text:
    """Structure Points as a track: one block a point, damage markers shaded."""
    text = Text()
    text.append("█" * sp, style="green" if sp * 2 > sp_max else "yellow" if sp else "red")
    text.append("░" * (sp_max - sp), style="red")
    return text


def render_card(card: object, *, expanded: bool, selected: bool) -> Text:
    """A ship's record card, every figure labelled as a player reads it off the card:
    ``SP 20/20``, ``crew 5 sailing (min 5) · 5 at guns · 3 free: captain, 2 marines``."""
    side_style = "bold blue" if card.side == "p1" else "bold red"
    text = Text()
    text.append("▶ " if selected else "  ", style="bold")
    label = getattr(card, "label", "")
    if label:
        text.append(f"{label} ", style=side_style)
    text.append(card.name, style=side_style + (" reverse" if selected else ""))
    text.append(f"  {card.side_name}\n", style="dim")
    if card.where != "at sea":
        text.append(f"  {card.where}", style="italic")
        if card.where == "off the table":
            text.append(f" (left at {card.speed}\")", style="dim")
        text.append("\n")
        if card.where in ("sunk", "left the battle"):
            return text
    text.append("  SP ")
    text.append_text(sp_track(card.sp, card.sp_max))
    text.append(f" {card.sp}/{card.sp_max}")
    text.append("\n")
    if card.fires:  # on a line of its own: a Large ship's track fills the card's 35 cells
        text.append(f"  fire {'*' * min(card.fires, 9)}", style="bold yellow")
        text.append(f" {card.fires} marker{'s' if card.fires > 1 else ''}\n", style="yellow")
    text.append(f"  {card.size} {card.propulsion} · {card.speed}\" · {card.point_of_sail}\n",
                style="dim" if not expanded else "")
    if card.flags:
        text.append(f"  {', '.join(card.flags)}\n", style="bold yellow")
    if not expanded:
        return text
    text.append(f"  T{card.toughness} · heading {card.heading}\n")
    counts = dict(card.crew)
    sailing = counts.get("sailing", 0)
    crew_style = "green" if sailing >= card.min_crew else "bold red"
    # at 80 columns a card has 35 cells: the sailing hands against the minimum on a line of
    # their own, the rest of the crew by task on the next, who is free to be told off after
    text.append("  crew ")
    text.append(f"{sailing} sailing (min {card.min_crew})", style=crew_style)
    words = {"guns": "at guns", "fires": "fighting fires", "free": "free"}
    tasks = [f"{count} {words.get(word, word)}" for word, count in card.crew
             if word not in ("sailing", "free") and count]
    if tasks:
        text.append("\n  " + " · ".join(tasks))
    free = counts.get("free", 0)
    if free:
        kinds = [name.lower() if n == 1 else f"{n} {name.lower()}s"
                 for name, n in getattr(card, "free", ())]
        text.append(f"\n  {free} free" + (": " + ", ".join(kinds) if kinds else ""))
    text.append("\n")
    rows = [(_place(gun.mount), gun.weapon.lower().replace("naval ", ""), gun)
            for gun in card.guns]
    place_width = max((len(place) for place, _w, _g in rows), default=0)
    weapon_width = max((len(weapon) for _p, weapon, _g in rows), default=0)
    for place, weapon, gun in rows:
        text.append(f"  {place:<{place_width}} {weapon:<{weapon_width}} ")
        if gun.status not in _CREW_MOOT:
            text.append(f"{gun.crew}/{gun.needs} ")
        text.append(_STATUS_WORDS.get(gun.status, gun.status),
                    style=_STATUS_STYLE.get(gun.status, ""))
        if getattr(gun, "facing", ""):
            text.append(f"\n  {'':<{place_width}} facing {gun.facing}")
        text.append("\n")
    return text


Render = Callable[..., Text]


def with_note(drawn: Text, note: str) -> Text:
    """A card with the ruleset's line for her from the selected ship beneath it (how far she
    is, which of that ship's weapons reach her, in which band and arc: the ``bearings`` hook)."""
    if not note:
        return drawn
    out = drawn.copy()
    out.rstrip()
    out.append("\n  ↔ " + note, style="italic cyan")
    return out


class ShipCard(Static):
    """One ship's record card, drawn by its rules' ``render`` (Ahoy!'s by default)."""

    def __init__(self, card: object, *, expanded: bool, selected: bool,
                 render: Render = render_card, note: str = "") -> None:
        drawn = with_note(render(card, expanded=expanded, selected=selected), note)
        super().__init__(drawn, id=f"card-{card.ship}", classes="ship-card")
        self.ship = card.ship
        self._draw = render
        self._shown = (card, expanded, selected, note)

    def update_card(self, card: object, *, expanded: bool, selected: bool,
                    note: str = "") -> None:
        if (card, expanded, selected, note) == self._shown:
            return  # the same card: no repaint
        self._shown = (card, expanded, selected, note)
        rows = self._rows()
        self.update(with_note(self._draw(card, expanded=expanded, selected=selected), note),
                    layout=False)
        if rows is None or self._rows() != rows:
            self.refresh(layout=True)  # its height changed: the cards below it move
        self.set_class(selected, "-selected")

    def _rows(self) -> int | None:
        """The rows the card takes at its width, wrapped as Textual wraps it (None before it
        is laid out). A card of as many rows as before is repainted alone, which is most
        steps (a figure or two changed); only one that grows or shrinks lays the cards out."""
        width = self.content_region.width
        if width <= 0:
            return None
        return self.visual.get_height(self.styles, width)

    def on_click(self, event: Click) -> None:
        self.post_message(ShipCards.Selected(self.ship))


class ShipCards(VerticalScroll):
    """Every ship's card, the selected one expanded. Another ruleset's cards subclass it with
    their own ``draw_card``."""

    draw_card: Render = staticmethod(render_card)

    class Selected(Message):
        def __init__(self, ship: str) -> None:
            super().__init__()
            self.ship = ship

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._cards: dict[str, ShipCard] = {}
        self._hidden: dict[str, ShipCard] = {}
        self._selected: str | None = None

    def show(self, cards: Sequence[object], selected: str | None,
             notes: Mapping[str, str] | None = None) -> None:
        """Draw ``cards``, ``selected`` expanded; ``notes`` a line under some of them (the
        ruleset's ``bearings`` from the selected ship)."""
        notes = notes or {}
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
                                  selected=card.ship == selected, render=type(self).draw_card,
                                  note=notes.get(card.ship, ""))
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
                                               selected=card.ship == selected,
                                               note=notes.get(card.ship, ""))
        if selected in self._cards and selected != self._selected:
            self.call_after_refresh(self.scroll_to_widget, self._cards[selected], animate=False,
                                    top=True)
        self._selected = selected
