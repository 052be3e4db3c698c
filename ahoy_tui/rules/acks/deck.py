"""The deck battlemaps (Simulating Sea Combat on the Battlemap): each vessel's deck as 5'
squares, her length and width from the seed's table; the steering oars aft, the bow forward;
the men of her crew laid on it as figures when the boarding comes near; and what the counts
of part 1 (sailors, marines) become once the figures stand for them.

A deck is laid the first time an enemy vessel is beside her or shares a hex (``lay_decks``).
From then on her figures are her crew: ``muster`` keeps her sailors and marines equal to the
men of her crew standing on her own deck (those who crossed to an enemy deck no longer sail or
shoot from her).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import cache
from typing import Any

from attrs import frozen

from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.acks.helm import MATE, steerer, vtype
from ahoy_tui.rules.acks.model import AcksState, Figure, Vessel
from ahoy_tui.rules.acks.movement import gap
from ahoy_tui.rules.tabledata import lookup, read_toml

PACKAGE = "ahoy_tui.rules.acks"


@frozen
class Weapon:
    damage: str
    kind: str


@cache
def crew_table() -> dict[str, Any]:
    return read_toml(PACKAGE, "crew.toml")


def role(name: str) -> dict[str, Any]:
    return dict(lookup(crew_table()["role"], name, "crew.toml", "role"))


def weapon(name: str) -> Weapon:
    raw = lookup(crew_table()["weapon"], name, "crew.toml", "weapon")
    return Weapon(str(raw["damage"]), str(raw["kind"]))


def fighter_saves(level: int) -> tuple[int, ...]:
    """A fighter's five saving throws at ``level`` (0 to 15)."""
    table = crew_table()["saves"]
    return tuple(int(v) for v in table[str(max(0, min(15, level)))])


def squares(feet: float) -> int:
    """Feet as 5' squares, a half square rounding up."""
    return max(1, math.floor(feet / crew_table()["deck"]["square_ft"] + 0.5))


def deck_size(vessel: Vessel) -> tuple[int, int]:
    """Her deck battlemap: (length, width) in squares."""
    t = vtype(vessel)
    return squares(t.length_ft), squares(t.width_ft)


def steering_oars(vessel: Vessel) -> tuple[int, int]:
    """The square of the steering oars: aft, amidships across her beam (Steering)."""
    return 0, deck_size(vessel)[1] // 2


def bow_square(vessel: Vessel) -> tuple[int, int]:
    """The bow's square, where a boarding bridge or fire pot pole is mounted."""
    length, width = deck_size(vessel)
    return length - 1, width // 2


def on_deck(vessel: Vessel, x: int, y: int) -> bool:
    length, width = deck_size(vessel)
    return 0 <= x < length and 0 <= y < width


def laid(state: AcksState, vessel_id: str) -> bool:
    """Has her deck been laid (her crew are figures)?"""
    return any(f.crew_of == vessel_id for f in state.figures)


def occupied(state: AcksState, vessel_id: str) -> set[tuple[int, int]]:
    return {(f.x, f.y) for f in state.figures
            if f.on == vessel_id and not f.down and f.where == "deck"}


def layout(vessel: Vessel) -> Iterator[tuple[int, int]]:
    """The squares her crew take, in order: from the bow aft, each row across her beam from
    amidships out (the fighting men forward, where a boarding comes)."""
    length, width = deck_size(vessel)
    mid = width // 2
    across = sorted(range(width), key=lambda y: (abs(y - mid), y))
    for x in range(length - 1, -1, -1):
        for y in across:
            yield x, y


def muster_men(vessel: Vessel) -> list[Figure]:
    """Her crew as figures: the captain at the steering oars, then her marines from the bow
    aft, then her sailors; the men the deck cannot hold wait below."""
    figures: list[Figure] = []
    cap = steerer(vessel)
    c = role("captain")
    sx, sy = steering_oars(vessel)
    if not vessel.captain_down:
        figures.append(Figure(f"{vessel.id}:captain", vessel.side, cap.name, vessel.id,
                              "captain", vessel.id, sx, sy, cls=str(c["cls"]),
                              level=cap.level, hp=max(1, cap.hp - vessel.captain_hurt),
                              hp_max=cap.hp, ac=int(c["ac"]),
                              attack=cap.attack, saves=fighter_saves(cap.level),
                              dex=int(c["dex"]), stone=int(c["stone"]),
                              skills=tuple(c["skills"]), weapon=str(c["weapon"]), npc=False))
    free = [sq for sq in layout(vessel) if sq != (sx, sy)]
    # a crew that doubles as marines (the longship's) brings her rowers up to fight too
    rowers = vessel.rowers if vtype(vessel).crew_fights else 0
    men = [("marine", i) for i in range(vessel.marines)] + \
        [("rower", i) for i in range(rowers)] + \
        [("sailor", i) for i in range(vessel.sailors)]
    # her wounded men (struck on the sea battlemap) are the first of their role
    hurt: dict[str, list[int]] = {}
    for kind, lost in vessel.wounds:
        hurt.setdefault(kind, []).append(lost)
    for n, (kind, i) in enumerate(men):
        r = role(kind)
        lost = hurt.get(kind, [])[i] if i < len(hurt.get(kind, [])) else 0
        x, y = free[n] if n < len(free) else (0, 0)
        figures.append(Figure(f"{vessel.id}:{kind[0]}{i + 1}", vessel.side,
                              f"{kind} {i + 1}", vessel.id, kind, vessel.id, x, y,
                              where="deck" if n < len(free) else "below",
                              cls=str(r["cls"]), level=int(r["level"]),
                              hp=max(1, int(r["hp"]) - lost),
                              hp_max=int(r["hp"]), ac=int(r["ac"]), attack=int(r["attack"]),
                              saves=fighter_saves(int(r["level"])), dex=int(r["dex"]),
                              stone=int(r["stone"]), skills=tuple(r["skills"]),
                              weapon=str(r["weapon"])))
    return figures


def lay_decks(state: AcksState) -> AcksState:
    """Lay the deck of every vessel an enemy vessel is beside or shares a hex with, or that is
    aflame (her men must come to the fire), if not yet laid: from now on her crew are
    figures."""
    new: list[Figure] = []
    for v in state.vessels:
        if v.creature or not v.in_action or laid(state, v.id):
            continue
        if any(o.side != v.side and not o.creature and o.in_action and gap(v, o) <= 1
               for o in state.vessels) or any(f.vessel == v.id for f in state.fires):
            new.extend(muster_men(v))
    if not new:
        return state
    return replace(state, figures=(*state.figures, *new))


def muster(state: AcksState) -> AcksState:
    """Keep each laid vessel's sailors and marines (and a fighting crew's rowers) equal to
    the men of her crew on her own deck (or below it); her captain down when his figure is."""
    vessels = []
    changed = False
    for v in state.vessels:
        mine = [f for f in state.figures if f.crew_of == v.id]
        if not mine or v.creature:
            vessels.append(v)
            continue
        home = [f for f in mine if f.on == v.id and f.aboard]
        sailors = sum(1 for f in home if f.role == "sailor")
        marines = sum(1 for f in home if f.role == "marine")
        rowers = sum(1 for f in home if f.role == "rower") if vtype(v).crew_fights \
            else v.rowers
        captain = next((f for f in mine if f.role == "captain"), None)
        # her captain's figure struck down: the mate steers (once he has the oars, from the
        # round's end, he is her captain and the old figure no longer counts)
        # (a mate's own figure down is no new loss: a sailor takes the oars as he did, and
        # the mate is not handed the helm again every round)
        down = v.captain_down or (captain is not None and captain.down
                                  and captain.name == v.captain.name
                                  and v.captain != MATE)
        if (sailors, marines, rowers, down) != (v.sailors, v.marines, v.rowers,
                                                v.captain_down):
            v = replace(v, sailors=sailors, marines=marines, rowers=rowers,
                        captain_down=down)
            changed = True
        vessels.append(v)
    return replace(state, vessels=tuple(vessels)) if changed else state


def with_figure(state: AcksState, figure: Figure) -> AcksState:
    return replace(state, figures=tuple(figure if f.id == figure.id else f
                                        for f in state.figures))


def with_figures(state: AcksState, figures: dict[str, Figure]) -> AcksState:
    if not figures:
        return state
    return replace(state, figures=tuple(figures.get(f.id, f) for f in state.figures))


def squares_apart(a: Figure, b: Figure) -> int:
    """Squares between two figures on the same deck (diagonals count one)."""
    return max(abs(a.x - b.x), abs(a.y - b.y))


def come_up(state: AcksState, vessel_id: str) -> AcksState:
    """The men waiting below take the free squares of her deck, bow first."""
    vessel = state.vessel(vessel_id)
    below = [f for f in state.figures if f.on == vessel_id and f.where == "below"
             and not f.down]
    if not below:
        return state
    taken = occupied(state, vessel_id)
    free = [sq for sq in layout(vessel) if sq not in taken]
    moved = {f.id: replace(f, x=x, y=y, where="deck") for f, (x, y) in zip(below, free,
                                                                          strict=False)}
    return with_figures(state, moved)
