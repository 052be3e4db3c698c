"""A battle's log read for a report: the ruleset's facts at every step (its ``report_facts``
hook), worked into turns, ships' fates and tracks, and key moments with their dice.

Nothing here knows a ruleset: what a ship's damage or a side's points are called, and what
counts as a ship lost, come from the facts. A report made for one ``side`` of a battle not yet
over is that side's view: every state through the ruleset's ``view``, only the events the side
is shown (``event_visible``), and the dice to come never looked at.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from attrs import field, frozen

from ahoy_tui.engine import Game
from ahoy_tui.engine.events import DiceRoll, Happened
from ahoy_tui.engine.report import ReportFacts, ShipFacts

MOST_DICE = 12  # the dice told with one key moment
MOST_TOLD = 6  # the rules' own words told with it


class NoFacts(ValueError):
    """The rules give no facts for a report."""


@frozen
class TurnLine:
    """One game turn, as it stood at its end."""

    turn: int
    step: int  # the last step of the turn
    points: tuple[tuple[str, float], ...]
    damage: tuple[tuple[str, float], ...]  # damage each side's ships took in the turn
    crew_lost: tuple[tuple[str, int], ...]  # crew each side lost in the turn


@frozen
class Moment:
    """A key moment: what happened, when, and the dice rolled at that step."""

    step: int
    turn: int
    text: str
    side: str = ""
    kind: str = ""  # "first blood", "fate", "mark", "figure", "event"
    dice: tuple[str, ...] = ()
    told: tuple[str, ...] = ()  # the rules' own words for it (the step's big events)


@frozen
class ShipLine:
    """One ship over the battle."""

    id: str
    name: str
    side: str
    fate: str
    lost: bool
    fate_turn: int  # 0 while she fights
    damage: float  # taken, all told
    crew_start: int
    crew_end: int
    track: tuple[tuple[int, float, float], ...]  # (turn, x, y): set-up (turn 0), each turn's end


@frozen
class Battle:
    """Everything a report says, worked out from the log."""

    title: str
    rules: str
    scenario: str
    seed: int
    steps: int
    over: bool
    result: str
    winner: str | None
    view_of: str | None  # the side whose view it is (a battle not over), else None
    sides: tuple[tuple[str, str, str], ...]  # (id, name, who commanded)
    ships: tuple[ShipLine, ...]
    turns: tuple[TurnLine, ...]
    moments: tuple[Moment, ...]
    last: ReportFacts
    figures: tuple[tuple[str, str, str], ...] = ()  # (name, side, fate) at the end
    words: Mapping[str, str] = field(factory=dict)

    def side_name(self, side: str) -> str:
        return next((name for s, name, _ in self.sides if s == side), side)

    def ships_lost(self, side: str) -> int:
        return sum(1 for ship in self.ships if ship.side == side and ship.lost)


def who_commanded(players: Mapping[str, Mapping[str, Any]], side: str) -> str:
    """In words: "a person", "the easy captain", "alice" (online)."""
    who = players.get(side, {})
    if who.get("player") == "ai" and who.get("level"):
        return f"the computer captain ({who['level']})"
    name = who.get("name")
    return str(name) if name else "a person"


def facts_of(game: Game, step: int, side: str | None) -> ReportFacts:
    state = game.state_at(step)
    hook = getattr(game.ruleset, "report_facts", None)
    if hook is None:
        raise NoFacts(f"{game.ruleset.title} gives no facts for a report")
    if side is not None:
        state = game.ruleset.view(state, side)
    facts = hook(state)
    assert isinstance(facts, ReportFacts)
    return facts


def _events(game: Game, step: int, side: str | None) -> list[Any]:
    events = list(game.events_at(step))
    visible = getattr(game.ruleset, "event_visible", None)
    if side is not None and visible is not None:
        events = [e for e in events if visible(e, side)]
    return events


def _by_side(ships: tuple[ShipFacts, ...], sides: list[str], what: str) -> dict[str, float]:
    totals = dict.fromkeys(sides, 0.0)
    for ship in ships:
        if ship.side in totals:
            totals[ship.side] += getattr(ship, what)
    return totals


def read_battle(game: Game, *, side: str | None = None, end: int | None = None,
                commanders: Mapping[str, str] | None = None) -> Battle:
    """The report's facts of ``game`` up to step ``end`` (the present), for everyone (``side``
    None) or, while the battle is not over, as ``side`` sees it. ``commanders``: who commanded
    each side, in words, where the log does not say (a server's players)."""
    end = game.step if end is None else end
    over = game.state_at(end).over
    seen = None if over else side
    facts = [facts_of(game, s, seen) for s in range(end + 1)]
    first, last = facts[0], facts[-1]
    sides = [s for s, _ in last.sides]
    names = dict(last.sides)
    turns: list[TurnLine] = []
    before_damage = _by_side(first.ships, sides, "damage")
    before_crew = _by_side(first.ships, sides, "crew")
    ends = [s for s in range(end + 1) if s == end or facts[s + 1].turn != facts[s].turn]
    tracks: dict[str, list[tuple[int, float, float]]] = {
        ship.id: [(0, ship.x, ship.y)] for ship in first.ships}
    for s in ends:
        f = facts[s]
        damage = _by_side(f.ships, sides, "damage")
        crew = _by_side(f.ships, sides, "crew")
        turns.append(TurnLine(
            f.turn, s, tuple(f.points),
            tuple((side_, damage[side_] - before_damage[side_]) for side_ in sides),
            tuple((side_, int(before_crew[side_] - crew[side_])) for side_ in sides)))
        before_damage, before_crew = damage, crew
        for ship in f.ships:
            tracks.setdefault(ship.id, []).append((f.turn, ship.x, ship.y))
    moments = _moments(game, facts, seen)
    start = {ship.id: ship for ship in first.ships}
    fate_turn: dict[str, int] = {}
    for f in facts:
        for ship in f.ships:
            if ship.fate and ship.id not in fate_turn:
                fate_turn[ship.id] = f.turn
            elif not ship.fate:
                fate_turn.pop(ship.id, None)
    lines = tuple(
        ShipLine(ship.id, ship.name, ship.side, ship.fate, ship.lost,
                 fate_turn.get(ship.id, 0) if ship.fate else 0, ship.damage,
                 start[ship.id].crew if ship.id in start else ship.crew, ship.crew,
                 tuple(tracks.get(ship.id, ())))
        for ship in last.ships)
    state = game.state_at(end)
    players = game.players
    return Battle(
        title=game.scenario.title, rules=game.ruleset.title, scenario=game.scenario.name,
        seed=game.seed, steps=end, over=over, result=state.result if over else "",
        winner=state.winner if over else None, view_of=seen,
        sides=tuple((s, names[s], (commanders or {}).get(s) or who_commanded(players, s))
                    for s in sides),
        ships=lines, turns=tuple(turns), moments=tuple(moments), last=last,
        figures=tuple((f.name, f.side, f.fate) for f in last.figures),
        words={"points": last.points_word, "damage": last.damage_word,
               "crew": last.crew_word, "turn": last.turn_word, "units": last.units})


def _moments(game: Game, facts: list[ReportFacts], side: str | None) -> list[Moment]:
    moments: list[Moment] = []
    blooded = False
    marked: set[tuple[str, str]] = set()
    for step in range(1, len(facts)):
        before = {ship.id: ship for ship in facts[step - 1].ships}
        now = facts[step]
        found: list[tuple[str, str, str]] = []  # (kind, side, text)
        for ship in now.ships:
            was = before.get(ship.id)
            if was is None:
                continue
            if not blooded and ship.damage > was.damage:
                blooded = True
                found.append(("first blood", ship.side,
                              f"First blood: {ship.name} is hit "
                              f"({_number(ship.damage - was.damage)} {now.damage_word})"))
            if ship.fate and ship.fate != was.fate:
                found.append(("fate", ship.side, f"{ship.name}: {ship.fate}"))
            for mark in ship.marks:
                if mark not in was.marks and (ship.id, mark) not in marked:
                    marked.add((ship.id, mark))
                    found.append(("mark", ship.side, f"{ship.name}: {mark}"))
        was_fates = {(f.name, f.side): f.fate for f in facts[step - 1].figures}
        for figure in now.figures:
            if figure.fate and was_fates.get((figure.name, figure.side), "") != figure.fate:
                found.append(("figure", figure.side, f"{figure.name}: {figure.fate}"))
        events = _events(game, step, side)
        if not found:
            continue
        dice = tuple(e.describe() for e in events if isinstance(e, DiceRoll))
        if len(dice) > MOST_DICE:  # the last ones decided it
            dice = ("…", *dice[-MOST_DICE:])
        told = tuple(e.describe() for e in events if isinstance(e, Happened) and e.big)
        if len(told) > MOST_TOLD:  # the first ones say what began
            told = (*told[:MOST_TOLD], "…")
        for kind, who, text in found:
            moments.append(Moment(step, now.turn, text, who, kind, dice, told))
    return moments


def _number(value: float) -> str:
    return f"{value:g}"
