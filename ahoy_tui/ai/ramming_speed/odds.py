"""The rules' own odds, worked out once: a ram on the ramming table (10.2-10.3), a holed
galley's chance to sink before she plugs (10.5-10.6), and what men are worth in a fight."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from ahoy_tui.rules.ramming_speed import odds as rules_odds
from ahoy_tui.rules.ramming_speed.model import Band, Galley, Man
from ahoy_tui.rules.ramming_speed.tables import tables

CUT = rules_odds.CUT
# what a man is worth in a melee (16.3-16.5: rank gives +1, armour nothing in a melee)
FIGHT = {"admiral": 1.6, "captain": 1.5, "marine": 1.3, "archer": 1.0, "artilleryman": 0.8,
         "sailor": 0.7}


@cache
def loads_odds(modifier: int) -> tuple[tuple[int, float], ...]:
    """(loads, chance) of a ram with this modifier (10.2): the rules' own, as floats."""
    return tuple((loads, float(p)) for loads, p in rules_odds.loads_odds(modifier))


def sink_chance(loads_now: int, added: int, sailor: bool = True) -> float:
    """The chance a galley holed with ``added`` more loads goes down before she is plugged
    (10.5-10.6): the rules' own."""
    return float(rules_odds.sink_chance(loads_now, added, sailor))


def ram_modifier(band: Band, angle: float) -> int:
    return rules_odds.ram_modifier(band, angle)


@cache
def _ram_share(modifier: int, loads_now: int) -> float:
    """A victim's expected loss, as a share of her value: her chance to sink, and a little for
    the water that slows her (10.7) even when she stays up."""
    total = 0.0
    for loads, chance in loads_odds(modifier):
        sink = sink_chance(loads_now, loads)
        water = 0.0 if loads == CUT else min(loads, 4) * 0.06
        total += chance * (sink + (1 - sink) * water)
    return total


def ram_worth(victim: Galley, band: Band, angle: float) -> float:
    """What a ram at ``band`` and ``angle`` is expected to cost the victim, in points."""
    return victim.value * _ram_share(ram_modifier(band, angle), min(victim.loads, 4))


def strength(men: Iterable[Man]) -> float:
    return sum(FIGHT.get(m.rank, 1.0) for m in men)


def accident_worth(ship: Galley) -> float:
    """Wreckage or the shore: a ram on herself at -2 (23.1-23.2)."""
    return ship.value * _ram_share(int(tables()["ram"]["accident"]), min(ship.loads, 4))
