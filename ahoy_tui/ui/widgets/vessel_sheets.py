"""ACKS II vessel sheets: each vessel's figures as her captain keeps them beside the battlemap.

A sheet (``rules.acks.view.VesselSheet``) gives her class and length in hexes, her structural
hit points as a track, AC and ram, her speed and what she may declare now by oar, backwater and
sail (against her class's table), sails, sprinting and winded rowers, her crew by kind against
the complement, each engine by mount with its arc, range bands and reload, grapples, this
round's declaration and move, and her captain. A monster's sheet gives its hit points, AC,
speed, bite and whether it is submerged. The selected sheet is drawn in full, the others in
three lines.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from ahoy_tui.ui.widgets.record_cards import ShipCards
from ahoy_tui.ui.widgets.template_cards import header

TRACK = 18  # cells in a hit point track, whatever the vessel's total
MOUNTS = {"bow": "bow", "stern": "stern", "port": "port", "starboard": "stbd"}
WAYS = {"oar": "oar", "backwater": "back", "sail": "sail"}


def hit_track(left: int, most: int, width: int = TRACK) -> Text:
    """Hit points as a bar of ``width`` cells, the share lost shaded (a 120 shp quinquereme
    and a 25 shp 2-rower take the same room)."""
    full = round(width * left / most) if most else 0
    full = max(1, full) if left > 0 else 0
    text = Text()
    text.append("█" * full, style="green" if left * 2 > most else "yellow" if left else "red")
    text.append("░" * (width - full), style="red")
    return text


def _speeds(card: Any) -> Text:
    """The fastest she may declare now by each way she goes, against her class's table where
    damage, her crew or the wind cut it: ``max oar 120' of 240'``."""
    table = dict(card.full)
    parts: dict[str, list[str]] = {"oar": [], "sail": []}
    for way, feet in card.limits:
        whole = table.get("sprint" if way == "oar" else way)
        words = f"{WAYS[way]} {feet}'" + (f" of {whole}'" if whole and whole != feet else "")
        parts["sail" if way == "sail" else "oar"].append(words)
    text = Text()
    for line in parts.values():
        if line:
            text.append("  max " + " · ".join(line) + "\n")
    oars = [f"{way} {table[way]}'" for way in ("sprint", "cruise", "slow") if way in table]
    if oars:   # her table's oar speeds: cruise decides a half-damage ram and winding
        text.append("  oars " + " · ".join(oars) + "\n", style="dim")
    return text


def _crew(card: Any) -> Text:
    """Her crew by kind against the complement (short in red), on deck and at the oars; her
    marines' missile weapon."""
    text = Text()
    counts = {kind: (aboard, complement) for kind, aboard, complement in card.crew}
    for line in (("sailors", "rowers"), ("marines",)):
        shown = [k for k in line if any(counts.get(k, (0, 0)))]
        if not shown:
            continue
        text.append("  ")
        for i, kind in enumerate(shown):
            aboard, complement = counts[kind]
            text.append(f"{' · ' if i else ''}{kind} ")
            if complement == 0:    # hired beyond her complement (none in her table)
                text.append(f"{aboard} hired")
                continue
            if aboard > complement:    # more embarked than her table's complement
                text.append(f"{aboard} ({complement} + {aboard - complement} extra)")
                continue
            text.append(f"{aboard}/{complement}",
                        style="bold red" if aboard < complement else "")
        if line == ("marines",) and card.missile:
            text.append(f", {card.missile}s", style="dim")
        text.append("\n")
    if not any(counts.get("marines", (0, 0))) and card.missile:
        text.append(f"  crew shoot {card.missile}s\n", style="dim")
    return text


def _pieces(card: Any) -> Text:
    """Each engine: mount, kind and whether it is loaded; its arc, range bands in hexes and
    the rounds it takes to reload (a harpoon's grapnel is among her grapples)."""
    text = Text()
    for piece in card.pieces:
        text.append(f"  {MOUNTS.get(piece.mount, piece.mount):<5} {piece.name} ")
        if piece.reload:
            text.append(f"loading {piece.reload}", style="yellow")
        else:
            text.append("ready", style="green")
        short, medium, long = piece.bands
        arc = piece.arc.replace("starboard", "stbd")
        text.append(f"\n    {arc} · {short}/{medium}/{long} hex"
                    f" · reload {piece.reload_rounds}\n", style="dim")
    return text


def render_vessel_sheet(card: Any, *, expanded: bool, selected: bool) -> Text:
    if hasattr(card, "hp_max"):
        return render_monster_sheet(card, expanded=expanded, selected=selected)
    text = header(card, selected=selected)
    if card.status not in ("afloat", "sinking"):
        text.append(f"  {card.kind} · {card.status}\n", style="italic")
        return text
    text.append("  shp ")
    text.append_text(hit_track(card.shp, card.shp_max))
    text.append(f" {card.shp}/{card.shp_max}\n")
    if card.status == "sinking":
        text.append(f"  sinking: down in {card.sinks_in} round"
                    f"{'s' * (card.sinks_in != 1)}\n", style="bold red")
    text.append(f"  facing {card.facing}, {card.point_of_sail}\n",
                style="" if expanded else "dim")
    flags = _flags(card)
    if flags:
        text.append(f"  {', '.join(flags)}\n", style="bold yellow")
    if card.declared:  # this round's speed, once declared; until then, last round's
        text.append(f"  ✓ {card.declared}\n", style="cyan" if expanded else "dim cyan")
    else:
        text.append(f"  {'sail' if card.sails else 'oar'} {card.speed}' last round\n",
                    style="dim")
    if card.this_round:
        text.append(f"  {card.this_round}\n", style="cyan" if expanded else "dim cyan")
    if not expanded:
        return text
    text.append(f"  {card.kind} · {card.hexes} hex{'es' * (card.hexes != 1)}\n", style="dim")
    text.append(f"  AC {card.ac} · {card.ram}\n")
    text.append_text(_speeds(card))
    rows = any(way == "sprint" for way, _ in card.full)
    sprint = f" · sprint {card.sprint_rounds}/{card.sprint_limit} rounds" if rows else ""
    if card.winded and rows:
        sprint = f" · winded, rested {card.rested}/{card.sprint_limit}"
    text.append(f"  sails {'up' if card.sails else 'down'}{sprint}\n")
    if getattr(card, "deck", ""):
        text.append(f"  deck: {card.deck}\n", style="dim")
    text.append_text(_crew(card))
    text.append_text(_pieces(card))
    for line in card.grapples:
        text.append(f"  ⚓ {line}\n", style="bold magenta")
    captain = f"  captain {card.captain}, level {card.captain_level}"
    if card.master_mariner:
        captain += ", master mariner"
    text.append(captain)
    if card.captain_down:
        text.append(" (down)", style="bold red")
    elif getattr(card, "captain_hp_max", 0):
        hurt = card.captain_hp < card.captain_hp_max
        text.append(f", hp {card.captain_hp}/{card.captain_hp_max}",
                    style="bold yellow" if hurt else "")
    text.append("\n")
    return text


def _flags(card: Any) -> list[str]:
    flags = []
    if card.winded:
        flags.append("winded")
    if card.must_backwater:
        flags.append("must backwater")
    if card.captain_down:
        flags.append("captain down")
    if card.grapples:
        flags.append(f"grappled ({len(card.grapples)})")
    return flags


def render_monster_sheet(card: Any, *, expanded: bool, selected: bool) -> Text:
    text = header(card, selected=selected)
    if card.status not in ("afloat", "sinking"):
        text.append(f"  {card.kind} · {card.status}\n", style="italic")
        return text
    text.append("  hp  ")
    text.append_text(hit_track(card.hp, card.hp_max))
    text.append(f" {card.hp}/{card.hp_max}\n")
    text.append(f"  AC {card.ac} · swims up to {card.speed}'\n",
                style="" if expanded else "dim")
    if card.submerged:
        text.append("  submerged\n", style="bold yellow")
    if card.declared:
        text.append(f"  ✓ {card.declared}\n", style="cyan" if expanded else "dim cyan")
    if card.this_round:
        text.append(f"  {card.this_round}\n", style="cyan" if expanded else "dim cyan")
    if expanded:
        text.append(f"  {card.kind} · {card.hexes} hex{'es' * (card.hexes != 1)}\n",
                    style="dim")
        text.append(f"  {card.attack}\n")
    return text


class VesselSheets(ShipCards):
    """Every vessel's sheet (and every monster's), the selected one in full."""

    draw_card = staticmethod(render_vessel_sheet)
