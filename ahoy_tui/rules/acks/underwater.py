"""Underwater Combat: what the water does to a fight beneath it, as pure functions over the
table ``data/pitch.toml [underwater]``.

- visibility shrinks with depth: halved from 300', a quarter left from 600', an eighth from
  1,200' to 2,500', none below;
- melee with a weapon that does not deal piercing damage is at -2 to the attack throw (the kind
  of each weapon is ``data/crew.toml [weapon.*]``);
- missiles are at -2, -5 and -10 at short, medium and long range, to the attack throw and to
  the damage; damage brought to 0 or less means the water halted the missile harmlessly;
- a character who cannot breathe water casts no spells and speaks no command words underwater,
  and a scroll read underwater is destroyed.
"""

from __future__ import annotations

from typing import Any

from ahoy_tui.rules.acks.deck import crew_table, weapon
from ahoy_tui.rules.acks.model import Figure
from ahoy_tui.rules.acks.pitch import pitch_table
from ahoy_tui.rules.tabledata import lookup

UNDERWATER = "Underwater Combat"


def water() -> dict[str, Any]:
    return dict(pitch_table()["underwater"])


def visibility(depth_ft: int, base_ft: int) -> int:
    """The greatest distance one sees at ``depth_ft`` below the surface, ``base_ft`` being
    what one would see above it (feet, rounded down)."""
    table = water()
    if depth_ft > int(table["dark_below_ft"]):
        return 0
    keep = (1, 1)
    for band in table["visibility"]:
        if depth_ft >= int(band["from_ft"]):
            keep = (int(band["keep"][0]), int(band["keep"][1]))
    return base_ft * keep[0] // keep[1]


def weapon_kinds() -> set[str]:
    """Every kind of damage the weapons of ``crew.toml`` deal."""
    return {str(w["kind"]) for w in crew_table()["weapon"].values()}


def melee_modifier(weapon_kind: str) -> int:
    """To the attack throw of a melee attack underwater with a weapon of ``weapon_kind``
    (piercing, slashing, bludgeoning): -2 unless it deals piercing damage."""
    if weapon_kind not in weapon_kinds():
        raise ValueError(f"no weapon in crew.toml deals {weapon_kind!r} damage "
                         f"(known: {', '.join(sorted(weapon_kinds()))})")
    table = water()
    return 0 if weapon_kind in table["melee_free_kinds"] else int(table["melee_not_piercing"])


def melee_modifier_of(figure: Figure) -> int:
    """``melee_modifier`` for the weapon ``figure`` fights with."""
    return melee_modifier(weapon(figure.weapon).kind)


def reaches(band: str | None) -> bool:
    """Does a missile at range ``band`` reach its target underwater at all (short, medium or
    long; not double long, nor beyond)?"""
    return band is not None and band in water()["missile"]


def missile_modifier(band: str) -> int:
    """To the attack throw and to the damage of a missile attack underwater at ``band``."""
    return int(lookup(water()["missile"], band, "pitch.toml", "underwater.missile"))


def missile_damage(damage: int, band: str) -> int:
    """A missile's damage underwater at ``band``; 0 or less is 0: the water halted it."""
    return max(0, damage + missile_modifier(band))


def halted(damage: int, band: str) -> bool:
    """Was the missile halted by the water harmlessly?"""
    return missile_damage(damage, band) == 0


def submerged(figure: Figure) -> bool:
    """Is ``figure`` under the water (in it and below the surface)?"""
    return figure.where == "water" and figure.depth > 0


def can_cast(figure: Figure, breathes_water: bool) -> bool:
    """May ``figure`` cast a spell or speak a command word? Not underwater unless he breathes
    water (and never when down)."""
    if figure.down:
        return False
    return breathes_water or not submerged(figure)


def scroll_destroyed(figure: Figure) -> bool:
    """Would a scroll ``figure`` tries to use be destroyed (he is underwater)? The player's -1
    to INT is the table's, not the game's."""
    return submerged(figure)
