"""Man O' War: the Wizards and their Magic cards, loaded once from ``data/magic.toml``.

The seed gives the rules of magic but no card: the levels of Wizard, the colleges and every
spell are the project's own, as data a player can read and extend. An unknown id or a spell
that breaks the file's rules raises :class:`DataError` naming the file and the key.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from attrs import frozen

from ahoy_tui.rules.tabledata import DataError, lookup, read_toml, structure

PACKAGE = "ahoy_tui.rules.man_o_war"

# what each effect may be cast on, and whether it lasts beyond its moment
TARGETS = {
    "damage": "enemy", "btw": "enemy", "blaze": "enemy", "crew": "enemy",
    "no_movement": "enemy", "no_firing": "enemy", "push": "enemy",
    "turn": "any", "wind": "none", "dispel": "none",
    "speed": "friend", "shield": "friend", "ward": "friend", "douse": "friend",
    "repair": "friend", "rally": "friend",
}
LASTING = frozenset({"speed", "shield", "ward"})  # effects that stay in play for a while
WAYS = frozenset({"turn", "wind"})  # effects the caster gives a way to (clockwise or not)
DURATIONS = ("turn", "game")


@frozen
class WizardLevel:
    """A Wizard Champion, Master Wizard or Wizard Lord: what he costs, how many cards he holds,
    what he adds to cast and dispel, what he is worth in Battle Honours, whether he may
    re-roll a failure of his own colour once a turn."""

    id: str
    name: str
    cost: int
    hand: int
    bonus: int
    honours: int
    reroll: bool = False


@frozen
class College:
    id: str
    name: str
    colour: str


@frozen
class Spell:
    """A Magic card: cast on a roll of ``cast`` or more; dispels spells of the colleges in
    ``dispels``."""

    id: str
    college: str
    name: str
    cast: int
    dispels: tuple[str, ...]
    target: str
    effect: str
    text: str
    amount: int = 0
    duration: str = "turn"
    range: float = 0.0  # 0: the book's range

    @property
    def castable(self) -> bool:
        """A card that only dispels cannot be cast."""
        return self.effect != "dispel"

    @property
    def lasting(self) -> bool:
        return self.effect in LASTING

    @property
    def has_way(self) -> bool:
        return self.effect in WAYS


@frozen
class Spellbook:
    wizards: Mapping[str, WizardLevel]
    colleges: Mapping[str, College]
    spells: Mapping[str, Spell]
    range: float
    no_wizard: frozenset[str]
    resistant: Mapping[str, int]

    def wizard(self, level: str) -> WizardLevel:
        return lookup(self.wizards, level, "magic.toml", "wizards")  # type: ignore[no-any-return]

    def college(self, college: str) -> College:
        return lookup(self.colleges, college, "magic.toml", "colleges")  # type: ignore[no-any-return]

    def spell(self, spell_id: str) -> Spell:
        return lookup(self.spells, spell_id, "magic.toml", "spells")  # type: ignore[no-any-return]

    def deck(self, college: str) -> tuple[str, ...]:
        """Every card of a college, in the file's order."""
        return tuple(s.id for s in self.spells.values() if s.college == college)

    def reach(self, spell: Spell) -> float:
        return spell.range or self.range


def _spell(spell_id: str, raw: dict[str, object], colleges: Mapping[str, College]) -> Spell:
    where = f"magic.toml [spells.{spell_id}]"
    spell = structure(Spell, {"id": spell_id, **raw}, where)
    problems = []
    if spell.college not in colleges:
        problems.append(f"college {spell.college!r} is not in [colleges]")
    if spell.effect not in TARGETS:
        problems.append(f"unknown effect {spell.effect!r}")
    elif spell.target != TARGETS[spell.effect] and not (
            TARGETS[spell.effect] == "any" and spell.target in ("enemy", "friend")):
        problems.append(f"a {spell.effect} spell is cast on {TARGETS[spell.effect]!r}, "
                        f"not {spell.target!r}")
    if not 2 <= spell.cast <= 6:
        problems.append(f"casting number {spell.cast} is not 2 to 6")
    if unknown := [c for c in spell.dispels if c not in colleges]:
        problems.append(f"dispels unknown colleges {unknown}")
    if spell.duration not in DURATIONS:
        problems.append(f"duration {spell.duration!r} is not one of {', '.join(DURATIONS)}")
    if problems:
        raise DataError(f"{where}: " + "; ".join(problems))
    return spell


@cache
def spellbook() -> Spellbook:
    raw = read_toml(PACKAGE, "magic.toml")
    wizards = {key: structure(WizardLevel, {"id": key, **value}, f"magic.toml [wizards.{key}]")
               for key, value in raw["wizards"].items()}
    colleges = {key: structure(College, {"id": key, **value}, f"magic.toml [colleges.{key}]")
                for key, value in raw["colleges"].items()}
    spells = {key: _spell(key, value, colleges) for key, value in raw["spells"].items()}
    magic = raw["magic"]
    return Spellbook(
        wizards=MappingProxyType(wizards), colleges=MappingProxyType(colleges),
        spells=MappingProxyType(spells), range=float(magic["range"]),
        no_wizard=frozenset(magic.get("no_wizard", ())),
        resistant=MappingProxyType({str(k): int(v)
                                    for k, v in magic.get("resistant", {}).items()}))
