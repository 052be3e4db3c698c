"""Man O' War: the sea monsters and the flyers, loaded once from ``data/creatures.toml``.

The seed gives the rules for sea monsters and flyers but no monster and only two flyers (the
reference's Wyvern Rider and Manticore Lord): the rest are the project's own, as data a player
can read and extend. An unknown id, or a creature that breaks the file's rules, raises
:class:`DataError` naming the file and the key.
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
class FlyerTemplate:
    """A flyer's template: cost, wounds, move, size, honours; the d6 scores that strike its
    Rider (killed: removed) and its beast (a wound), with their saves; its bombs or missiles;
    its close combat bonus attacking; the defensive fire it has against other flyers."""

    id: str
    name: str
    race: str
    points: int
    wounds: int
    move: float
    length: float
    beam: float
    honours: int
    rider: tuple[int, ...]
    beast: tuple[int, ...]
    rider_save: int
    beast_save: int
    bombs: int
    bomb_miss: int
    bomb_save: int
    bomb_name: str
    text: str
    attack_bonus: int = 0
    defence: int = 0

    def struck(self, score: int) -> str:
        """What a hit rolling ``score`` strikes: "rider", "beast" or "" (a miss)."""
        if score in self.rider:
            return "rider"
        return "beast" if score in self.beast else ""


@frozen
class AntiFlyer:
    cost: int
    allowance: int
    range: float
    shots: int
    save: int


@frozen
class Bestiary:
    monsters: Mapping[str, Monster]
    flyers: Mapping[str, FlyerTemplate]
    flyer_allowance: int
    anti_flyer: AntiFlyer
    template_length: float
    template_beam: float
    summon: int
    lair_clearance: float
    retreat: float

    def monster(self, kind: str) -> Monster:
        return lookup(self.monsters, kind, "creatures.toml", "monster")  # type: ignore[no-any-return]

    def flyer(self, kind: str) -> FlyerTemplate:
        return lookup(self.flyers, kind, "creatures.toml", "flyer")  # type: ignore[no-any-return]


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


def _flyer(kind: str, raw: dict[str, object]) -> FlyerTemplate:
    where = f"creatures.toml [flyer.{kind}]"
    flyer = structure(FlyerTemplate, {"id": kind, **raw}, where)
    problems = []
    scores = (*flyer.rider, *flyer.beast)
    if len(set(scores)) != len(scores) or any(not 1 <= n <= 6 for n in scores):
        problems.append("rider and beast are d6 scores, none in both")
    if not flyer.beast:
        problems.append("a flyer has a beast to hit")
    if flyer.wounds < 1 or flyer.move <= 0 or flyer.bombs < 0:
        problems.append("a flyer has a wound, a move and no negative bombs")
    if (flyer.rider and not 2 <= flyer.rider_save <= 6) or not 2 <= flyer.beast_save <= 6:
        problems.append("saves are 2 to 6")
    if problems:
        raise DataError(f"{where}: " + "; ".join(problems))
    return flyer


@cache
def bestiary() -> Bestiary:
    raw = read_toml(PACKAGE, "creatures.toml")
    rules = raw["monsters"]
    monsters = {key: _monster(key, value) for key, value in raw.get("monster", {}).items()}
    flyers = {key: _flyer(key, value) for key, value in raw.get("flyer", {}).items()}
    anti = structure(AntiFlyer, raw["anti_flyer"], "creatures.toml [anti_flyer]")
    return Bestiary(
        monsters=MappingProxyType(monsters), flyers=MappingProxyType(flyers),
        flyer_allowance=int(raw["flyers"]["allowance"]), anti_flyer=anti,
        template_length=float(rules["template_length"]),
        template_beam=float(rules["template_beam"]), summon=int(rules["summon"]),
        lair_clearance=float(rules["lair_clearance"]), retreat=float(rules["retreat"]))
