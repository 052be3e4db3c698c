"""Man O' War: the sea monsters, loaded once from ``data/creatures.toml``.

The seed gives the rules for sea monsters but no monster: every one in the file is the
project's own, as data a player can read and extend. An unknown id, or a monster that breaks
the file's rules, raises :class:`DataError` naming the file and the key.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from attrs import frozen

from ahoy_tui.engine.dice import parse_expr
from ahoy_tui.rules.tabledata import DataError, lookup, read_toml, structure

PACKAGE = "ahoy_tui.rules.man_o_war"
SPECIALS = frozenset({"damage", "btw", "blaze", "crew"})
AIMS = ("", "high", "low")


@frozen
class Monster:
    """A sea monster's template: its cost, Wound track, movement in dice inches, save, size on
    the table, Battle Honours, and its special attack."""

    id: str
    name: str
    points: int
    wounds: int
    move: str
    save: int
    length: float
    beam: float
    honours: int
    special: str
    amount: str
    special_name: str
    text: str
    aim: str = ""
    special_save: int = 0

    @property
    def move_dice(self) -> int:
        """How many dice its move rolls."""
        return parse_expr(self.move)[0]


@frozen
class Bestiary:
    monsters: Mapping[str, Monster]
    template_length: float
    template_beam: float
    summon: int
    lair_clearance: float
    retreat: float

    def monster(self, kind: str) -> Monster:
        return lookup(self.monsters, kind, "creatures.toml", "monster")  # type: ignore[no-any-return]


def _monster(kind: str, raw: dict[str, object]) -> Monster:
    where = f"creatures.toml [monster.{kind}]"
    monster = structure(Monster, {"id": kind, **raw}, where)
    problems = []
    try:
        count, sides, bonus = parse_expr(monster.move)
        if count < 1 or sides != 6 or bonus:
            problems.append(f"move {monster.move!r} is not a number of D6 (\"2D6\")")
    except ValueError:
        problems.append(f"move {monster.move!r} is not a dice expression")
    try:
        parse_expr(monster.amount)
    except ValueError:
        problems.append(f"amount {monster.amount!r} is not a dice expression")
    if monster.special not in SPECIALS:
        problems.append(f"special {monster.special!r} is not one of {', '.join(sorted(SPECIALS))}")
    if monster.aim not in AIMS:
        problems.append(f"aim {monster.aim!r} is not high, low or empty")
    if monster.wounds < 1 or not 2 <= monster.save <= 6:
        problems.append("a monster has at least one wound and a save of 2 to 6")
    if monster.length <= 0 or monster.beam <= 0:
        problems.append("a monster has a length and beam above 0")
    if problems:
        raise DataError(f"{where}: " + "; ".join(problems))
    return monster


@cache
def bestiary() -> Bestiary:
    raw = read_toml(PACKAGE, "creatures.toml")
    rules = raw["monsters"]
    monsters = {key: _monster(key, value) for key, value in raw.get("monster", {}).items()}
    return Bestiary(
        monsters=MappingProxyType(monsters), template_length=float(rules["template_length"]),
        template_beam=float(rules["template_beam"]), summon=int(rules["summon"]),
        lair_clearance=float(rules["lair_clearance"]), retreat=float(rules["retreat"]))
