"""A battle in a plain terminal, without the Textual screen: read the table, pick a numbered choice.

Each side is played by a human at the keyboard or by ``random`` (uniform over the legal
actions). Every action is autosaved (a new battle's file is written with its first action, so
a launch that plays none leaves none behind); ``u`` undoes, ``r`` redoes, ``s`` saves, ``q`` quits.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from ahoy_tui.ai import make_captain
from ahoy_tui.ai.captain import checked_decision
from ahoy_tui.engine import Game, IllegalAction, InvalidAction, SaveError, load_game
from ahoy_tui.engine.legal import ActionRange
from ahoy_tui.paths import default_saves_dir
from ahoy_tui.session import (
    HUMAN,
    captain_data,
    decision_after,
    decision_before,
    player_data,
    undo_refusal,
    who_plays,
)

KEYS = "Other keys: u undo · r redo · s save · l latest events · ? this help · q save and quit."


def help_text(ruleset: Any) -> str:
    """How to play this rule system in plain text: its own choices, its own move line (the
    ruleset's ``move_line_help``), never another rule system's words."""
    lines = [f"{ruleset.title}: type the number of a choice and Enter. A choice shown with "
             "\"[give a value LOW-HIGH]\" takes its number and then the value: \"3 5\"."]
    if callable(getattr(ruleset, "move_line", None)):
        words = getattr(ruleset, "move_line_help", "")
        lines.append(f"Or type : and a move line, played a step at a time: {words}".rstrip())
    lines.append(KEYS)
    return "\n".join(lines)


def describe_state(game: Game) -> str:
    return game.ruleset.describe_state(game.state)


def choices(game: Game) -> list[tuple[str, Any]]:
    """(label, fixed action or ActionRange) for each numbered choice."""
    legal = game.legal_actions()
    state = game.state
    out: list[tuple[str, Any]] = [(game.ruleset.describe_action(state, a), a) for a in legal.fixed]
    for r in legal.ranges:
        label = game.ruleset.describe_action(state, r.template)
        label = label.replace(f"{getattr(r.template, r.field)}\"", f"{r.low}-{r.high}\"")
        out.append((f"{label}  [give a value {r.low}-{r.high}]", r))
    return out


def play(args: argparse.Namespace, stdin: TextIO | None = None,
         stdout: TextIO | None = None) -> int:
    stdin = stdin or sys.stdin
    out = stdout or sys.stdout

    def say(text: str = "") -> None:
        out.write(text + "\n")
        out.flush()

    try:
        if args.load:
            game = load_game(args.load)
            save_path = Path(args.load)
        else:
            from ahoy_tui.commands import fleet_scenario

            game = Game.new(args.ruleset, args.scenario, scenario_file=args.scenario_file,
                            scenario_data=fleet_scenario(args), seed=args.seed)
            folder = Path(args.saves) if args.saves else default_saves_dir()
            stamp = time.strftime("%Y%m%d-%H%M%S")
            save_path = folder / f"{game.scenario.name}-{game.seed}-{stamp}.json"
    except (SaveError, ValueError, KeyError) as exc:
        say(f"ahoy: {exc}")
        return 2
    try:
        # who plays each side: as given, else (a loaded battle) as the save says, else a person
        captains = {}
        for i, side in enumerate(game.ruleset.sides):
            level = getattr(args, side, None) or who_plays(game.players, side)
            if level == HUMAN:
                continue
            kept = game.players.get(side, {})
            think = getattr(args, "think", None) or float(kept.get("think", 1.0))
            captains[side] = make_captain(level, game.seed + i, think=think)
    except ValueError as exc:
        say(f"ahoy: {exc}")
        return 2
    seats = frozenset(game.ruleset.sides) - set(captains)
    game.players = {side: captain_data(captains[side]) if side in captains
                    else player_data(HUMAN) for side in game.ruleset.sides}
    game.policy = getattr(args, "undo", None) or game.policy or "casual"
    game.autosave = save_path
    try:
        if game.last_step:  # a loaded battle: the file says who plays it now
            game.save(save_path)
        # a new one is written with its first action: a launch that plays none leaves no save
    except SaveError as exc:
        say(f"ahoy: {exc}")
        return 2

    def saved_words(then: str = "") -> str:
        if not game.last_step and not save_path.exists():
            return "Nothing played: no save written."
        return f"Saved to {save_path}." + then
    say(f"{game.scenario.title}: {game.scenario.description}")
    say(f"Autosaving to {save_path}.")
    say(help_text(game.ruleset))
    for event in game.events_at(0):
        say(f"  · {event.describe()}")
    shown = game.step
    while not game.over:
        side = game.to_act or "p1"
        captain = captains.get(side)
        if captain is not None:
            decision = checked_decision(captain, game.view(side), game.legal_actions())
            say(f"[{side}] {game.ruleset.describe_action(game.state, decision.action)}")
            _report(say, game.play(decision.action))
            shown = game.step
            continue
        if shown is not None:
            say("")
            say(describe_state(game))
            shown = None
        say("")
        say(f"» {game.prompt()}")
        options = choices(game)
        for number, (label, _) in enumerate(options, start=1):
            say(f"  {number:>3}) {label}")
        out.write("> ")
        out.flush()
        line = stdin.readline()
        if not line:
            say("")
            say(saved_words())
            return 0
        command = line.strip()
        if command in ("q", "quit"):
            say(saved_words(f" Continue with: ahoy play --load {save_path}"))
            return 0
        if command == "?":
            say(help_text(game.ruleset))
            continue
        if command.startswith(":"):
            if _play_line(game, command[1:].strip(), say):
                shown = game.step
            continue
        if command == "u":  # the player's own last decision, and the captains' answers after it
            refusal = undo_refusal(game, seats, game.policy)
            if refusal:
                say(f"Cannot undo: {refusal}.")
                continue
            target = decision_before(game, seats)
            game.goto(target if target is not None else game.step)
            say(f"Undone. Back at step {game.step}.")
            shown = game.step
            continue
        if command == "r":  # as recorded, the captains' answers with their dice
            if game.step >= game.last_step:
                say("Nothing to redo.")
                continue
            game.goto(decision_after(game, seats))
            say(f"Redone. On at step {game.step}.")
            shown = game.step
            continue
        if command == "s":
            say(f"Saved to {game.save(save_path)}.")
            continue
        if command == "l":
            for step, event in game.events_since(max(0, game.step - 5)):
                say(f"  [{step}] {event.describe()}")
            continue
        action = _parse_choice(command, options)
        if isinstance(action, str):
            say(action)
            continue
        try:
            _report(say, game.play(action))
        except (IllegalAction, InvalidAction) as exc:
            say(f"Refused: {exc}")
            continue
        except SaveError as exc:  # not on disk, so not played
            say(f"Not played: {exc}")
            continue
        shown = game.step
    say("")
    say(describe_state(game))
    say("")
    say(f"=== {game.state.result} ===")
    say(f"Saved to {save_path}. Replay it with: ahoy replay {save_path}")
    return 0


def _play_line(game: Game, text: str, say: Any) -> bool:
    """Play a typed move line (the ruleset's ``move_line``) an action at a time, as far as the
    rules allow, saying what each did; False (and why, said) if nothing was played."""
    parse = getattr(game.ruleset, "move_line", None)
    if parse is None:
        say(f"{game.ruleset.title} has no move line: type a choice's number.")
        return False
    ready = getattr(game.ruleset, "move_line_ready", None)
    why = ready(game.state) if ready is not None else ""
    try:
        actions = [] if why else parse(game.state, text, None)
    except ValueError as exc:
        why = f"Refused: {exc}"
    if why or not actions:
        say(why or f"An empty move line: {getattr(game.ruleset, 'move_line_help', '')}")
        return False
    for done, action in enumerate(actions):
        if game.over or action not in game.legal_actions():
            # the dice changed the picture (a collision): the rest of the line waits
            say(f"Played {done} of the line's {len(actions)} steps: the rest is no longer "
                "to be had.")
            break
        say(f"  {game.ruleset.describe_action(game.state, action)}")
        _report(say, game.play(action))
    return True


def _report(say: Any, events: tuple[Any, ...]) -> None:
    for event in events:
        say(f"  · {event.describe()}")


def _parse_choice(command: str, options: list[tuple[str, Any]]) -> Any:
    parts = command.split()
    if not parts or not parts[0].isdigit():
        return "Type a choice's number (or ? for help)."
    number = int(parts[0])
    if not 1 <= number <= len(options):
        return f"There is no choice {number}."
    _, choice = options[number - 1]
    if isinstance(choice, ActionRange):
        if len(parts) < 2 or not parts[1].lstrip("-").isdigit():
            return f"Choice {number} needs a value from {choice.low} to {choice.high}: " \
                   f"\"{number} {math.ceil((choice.low + choice.high) / 2)}\"."
        value = int(parts[1])
        if not choice.low <= value <= choice.high:
            return f"The value must be from {choice.low} to {choice.high}."
        return choice.at(value)
    return choice
