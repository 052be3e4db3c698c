"""Falling Overboard: a man in the water, swimming or drowning, rescued, climbing back aboard.

Pure functions over :class:`Figure` (a dice cup and the events list where they roll or tell);
the figures come back changed and the caller puts them in the state. The numbers are
``data/boarding.toml`` (``[overboard]``, ``[climb]``).

The readings:

* A **non-player character** (``figure.npc``) overboard is lost, as the seed assumes: he dies in
  1d10 rounds (``dies_in``), counted down at the start of each of his initiatives, down at 0.
  He makes no Swimming throws; nobody climbs out or is rescued in the meantime.
* A **player character** makes a Swimming throw at the start of his initiative each round: d20
  plus the weather's penalty (windy -2, stormy -4) plus 4 with the Swimming proficiency, at
  least his encumbrance in stone. No natural 1 or 20 decides it.
* A failed throw starts **drowning**: that round is his first round drowning (``drowning`` 1),
  and he sinks in it. Each round drowning, at the start of his initiative, he sinks 10' per
  stone of encumbrance (``depth``; a man with no gear does not sink) and makes no throw; at the
  end of his initiative in the fifth round drowning he dies (``down``, 0 hp).
* **Rescue**: an ally afloat in the water (not drowning) grabs him, in lieu of moving, and brings
  him to the surface: drowning ends (``drowning`` and ``depth`` 0) and he swims again from the
  next round. The drowning man imposes half his weight on the rescuer: a man is 15 stone (the
  seed's "usually 7 3/6 stone" is half of that), plus half his gear's stone, rounded up to whole
  stone (PROJECT'S OWN rounding): ``carried_weight``. The rescuer's ``stone`` grows by it (his
  own Swimming throws get harder); the caller takes it off again when he lets go.
* **Climbing aboard**: a ladder or rope lowered is an easy climb, made without a throw; a sheer
  hull is d20 >= 14, +4 with the Climbing proficiency (the core's climbing throws are not in the
  seed: PROJECT'S OWN). A failed climb leaves him where he was (in the water, or hanging by his
  fingers from a hull after a short jump) to try again next round.
* **The weather** of the seed is the battle's wind: strong and very strong are windy, a gale is
  stormy, anything lighter calm (PROJECT'S OWN).
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.acks.model import Figure
from ahoy_tui.rules.tabledata import lookup, read_toml

PACKAGE = "ahoy_tui.rules.acks"
OVERBOARD = "Falling Overboard"


@cache
def boarding_table() -> dict[str, Any]:
    """``data/boarding.toml``: jumping, grapple lines, overboard, climbing."""
    return read_toml(PACKAGE, "boarding.toml")


def _rules() -> dict[str, Any]:
    return boarding_table()["overboard"]


def weather_of(wind_strength: str) -> str:
    """The seed's weather for the battle's wind: ``""`` (calm), ``"windy"`` or ``"stormy"``."""
    return str(lookup(_rules()["wind"], wind_strength, "boarding.toml", "overboard.wind"))


def fall_overboard(figure: Figure, dice: Dice, events: list[Event]) -> Figure:
    """He falls into the water (from a deck, a jump, a line, a bridge): a non-player character
    dies in 1d10 rounds; a player character will make Swimming throws (``swim_round``). Every
    fall into the water comes through here, once."""
    rules = _rules()
    figure = replace(figure, where="water", prone=False, drowning=0, depth=0, dies_in=0)
    if figure.npc and not figure.down:
        rounds = dice.die(rules["npc_dies_die"], f"{figure.name} is lost in the water: rounds",
                          OVERBOARD, side=figure.side, ship=figure.on)
        figure = replace(figure, dies_in=rounds)
        text = f"{figure.name} is in the water, lost: he drowns in {rounds} rounds"
    else:
        text = f"{figure.name} is in the water"
    events.append(Happened("overboard", text, OVERBOARD, side=figure.side, ship=figure.on))
    return figure


def _drowned(figure: Figure, events: list[Event]) -> Figure:
    events.append(Happened("drowned", f"{figure.name} drowns", OVERBOARD, side=figure.side,
                           ship=figure.on, big=not figure.npc))
    return replace(figure, hp=0, down=True)


def swim_throw_needed(figure: Figure) -> int:
    """The target of his Swimming throw: his encumbrance in stone."""
    return figure.stone


def swim_modifier(figure: Figure, weather: str) -> int:
    """The weather's penalty (windy -2, stormy -4) and +4 with the Swimming proficiency."""
    rules = _rules()
    mod = int(lookup(rules["weather"], weather, "boarding.toml", "overboard.weather"))
    if figure.has("swimming"):
        mod += rules["swimming_bonus"]
    return mod


def swim_round(figure: Figure, weather: str, dice: Dice, events: list[Event]) -> Figure:
    """The start of his initiative in the water (and, drowning, its end): a non-player
    character's rounds run down; a character afloat makes his Swimming throw; a drowning one
    sinks, and dies at the end of his fifth round drowning. A figure down is left as he is."""
    if figure.where != "water":
        raise ValueError(f"{figure.name} is not in the water")
    if figure.down:
        return figure
    rules = _rules()
    if figure.npc:
        left = max(0, figure.dies_in - 1)
        figure = replace(figure, dies_in=left)
        return _drowned(figure, events) if left == 0 else figure
    if not figure.drowning:
        need = swim_throw_needed(figure)
        mod = swim_modifier(figure, weather)
        face = dice.die(rules["swim_die"], f"{figure.name} swims (Swimming)", OVERBOARD,
                        side=figure.side, ship=figure.on,
                        need=f"{need}+" + (f" ({mod:+d})" if mod else ""))
        if face + mod >= need:
            dice.judge("afloat")
            return figure
        dice.judge("drowning")
        events.append(Happened("drowning", f"{figure.name} is drowning", OVERBOARD,
                               side=figure.side, ship=figure.on, big=True))
    sunk = figure.depth + rules["sink_per_stone_ft"] * figure.stone
    figure = replace(figure, drowning=figure.drowning + 1, depth=sunk)
    if figure.drowning >= rules["drowning_rounds"]:
        return _drowned(figure, events)
    return figure


def swim_speed(figure: Figure, running: bool) -> int:
    """Feet a round swimming: a quarter of his combat speed (he may attack after it) or of his
    running speed (no attack, and he may become winded)."""
    speed = figure.running_ft if running else figure.combat_ft
    return speed // _rules()["swim_divisor"]


def carried_weight(figure: Figure) -> int:
    """The stone a drowning man imposes on whoever carries him up: half his weight (a man's
    15 stone and his gear), rounded up."""
    rules = _rules()
    return math.ceil((rules["man_stone"] + figure.stone) * rules["carried_share"])


def rescue(drowning: Figure, rescuer: Figure,
           events: list[Event] | None = None) -> tuple[Figure, Figure]:
    """An ally afloat grabs the drowning man (in lieu of moving) and carries him to the
    surface: his drowning ends; the rescuer's encumbrance grows by ``carried_weight``.
    Returns (the rescued, the rescuer)."""
    if drowning.where != "water" or not drowning.drowning or drowning.down:
        raise ValueError(f"{drowning.name} is not drowning")
    if drowning.npc:
        raise ValueError(f"{drowning.name} is a non-player character, lost overboard")
    if (rescuer.side != drowning.side or rescuer.where != "water" or rescuer.drowning
            or rescuer.down):
        raise ValueError(f"{rescuer.name} cannot reach {drowning.name}")
    load = carried_weight(drowning)
    saved = replace(drowning, drowning=0, depth=0)
    carrier = replace(rescuer, stone=rescuer.stone + load)
    if events is not None:
        events.append(Happened("rescue", f"{rescuer.name} brings {drowning.name} up "
                               f"(+{load} stone)", OVERBOARD, side=rescuer.side,
                               ship=rescuer.on))
    return saved, carrier


def climb_needed(figure: Figure, rope: bool) -> int:
    """The d20 his climb needs (0: made without a throw)."""
    rules = boarding_table()["climb"]
    return int(rules["rope"] if rope else rules["sheer"])


def climb_aboard(figure: Figure, rope: bool, dice: Dice, events: list[Event], *,
                 onto: str = "") -> Figure:
    """He climbs on board ``onto`` (else the vessel ``on``) from the water, or up from hanging
    by his fingers: easy with a ladder or rope lowered, a throw up a sheer hull otherwise. On
    deck he stands at a square the caller gives him; a failed climb leaves him where he was."""
    if figure.down or figure.where not in ("water", "hanging") or figure.drowning:
        raise ValueError(f"{figure.name} cannot climb aboard")
    if figure.npc and figure.where == "water":
        raise ValueError(f"{figure.name} is a non-player character, lost overboard")
    vessel = onto or figure.on
    need = climb_needed(figure, rope)
    if need > 0:
        bonus = boarding_table()["climb"]["climbing_bonus"] if figure.has("climbing") else 0
        face = dice.die(20, f"{figure.name} climbs the sheer hull (Climbing)", OVERBOARD,
                        side=figure.side, ship=vessel,
                        need=f"{need}+" + (f" (+{bonus})" if bonus else ""))
        if face + bonus < need:
            dice.judge("falls back")
            return figure
        dice.judge("climbs")
    how = "up the rope" if rope else "up the hull"
    events.append(Happened("climb", f"{figure.name} climbs aboard {how}", OVERBOARD,
                           side=figure.side, ship=vessel))
    return replace(figure, where="deck", on=vessel, prone=False, depth=0, dies_in=0)
