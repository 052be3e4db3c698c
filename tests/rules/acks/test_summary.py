"""The Rules screen for ACKS II sea combat (``?``): every rule name the acks rules put on an
event or a refusal opens a topic of ``rules_summary.md``, by its title or its ``Also:`` list.

The rule names are gathered three ways: by playing random battles of every built-in scenario
through ``engine.Game`` and reading each event's ``rule``; by asking ``legal.explain`` why a
handful of moves are refused along the way; and by reading the package's source (its rule
constants, every ``rule`` argument, the ``(rule, reason)`` tuples ``explain`` returns), so that
rules random play seldom reaches (a head-on ram, a collision, winded rowers) are held to it too.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path
from typing import Any

from ahoy_tui.engine import Game
from ahoy_tui.engine import dice as dice_module
from ahoy_tui.rules import acks
from ahoy_tui.rules.acks import RULESET
from ahoy_tui.rules.acks.actions import Declare, Done, Ram, Step
from ahoy_tui.rules.acks.legal import explain
from ahoy_tui.rules.acks.model import Phase
from ahoy_tui.rules.acks.scenario import BUILTIN
from ahoy_tui.ui.screens.rules import topic_index

MODULES = sorted(Path(acks.__file__).parent.glob("*.py"))


def _covered(rule: str) -> bool:
    names = {n.lower() for t in RULESET.rule_topics() for n in (t.title, *t.also)}
    return rule.strip().lower() in names


# --- the rules in play --------------------------------------------------------------------------

def _probes(state: Any) -> list[Any]:
    """Moves to ask ``explain`` about: wrong declarations, steps out of turn or out of the rules,
    a step into an enemy that is not made as a ram, passing for the other side."""
    side = state.to_act or "p1"
    other = "p2" if side == "p1" else "p1"
    out: list[Any] = [Done(other, "nobody")]
    for v in state.vessels:
        if v.side != side:
            continue
        out += [Declare(side, v.id, "oar", 990), Declare(side, v.id, "sail", 990),
                Declare(side, v.id, "backwater", 990)]
        out += [Step(side, v.id, how) for how in ("ahead", "port", "starboard", "back",
                                                   "back_port")]
        out += [Ram(side, v.id, "ahead", o.id) for o in state.vessels if o.side != side]
    return out


def rules_in_play(seeds: tuple[int, ...] = (0, 1)) -> dict[str, str]:
    """Every rule an event named, and every rule ``explain`` gave for a refused move, in random
    battles of the built-in scenarios (with where it was seen)."""
    found: dict[str, str] = {}
    for scenario in BUILTIN:
        for seed in seeds:
            game = Game.new("acks", scenario, seed=seed)
            chooser = random.Random(seed)
            while not game.over:
                state = game.state
                legal = list(game.legal_actions())
                if game.step % 5 == 0 or state.phase is Phase.DECLARE:
                    for probe in _probes(state):
                        if probe not in legal:
                            rule, _ = explain(state, probe)
                            found.setdefault(rule, f"{scenario}/{seed}: explain {probe!r}")
                game.play(legal[chooser.randrange(len(legal))])
            rule, _ = explain(game.state, Done("p1", "nobody"))
            found.setdefault(rule, f"{scenario}/{seed}: explain after the end")
            for step in range(game.step + 1):
                for event in game.events_at(step):
                    if event.rule:
                        found.setdefault(event.rule, f"{scenario}/{seed}: step {step}")
    return found


# --- the rules in the source -----------------------------------------------------------------

def _rule_positions(paths: list[Path]) -> dict[str, set[int]]:
    """For each function taking a ``rule`` parameter: its place among the positional
    arguments of a call."""
    found: dict[str, set[int]] = {"Happened": {2}}   # Happened(kind, text, rule, ...)
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.FunctionDef):
                names = [a.arg for a in node.args.args]
                if names[:1] == ["self"]:
                    names = names[1:]
                if "rule" in names:
                    found.setdefault(node.name, set()).add(names.index("rule"))
    return found


def _strings(node: ast.AST, constants: dict[str, str]) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.Name) and node.id in constants:
        return [constants[node.id]]
    if isinstance(node, ast.IfExp):
        return _strings(node.body, constants) + _strings(node.orelse, constants)
    return []


def rules_in_source() -> dict[str, str]:
    """Every rule name the acks package can cite: capitalised module constants that name a
    rule, any ``rule`` argument (by keyword or by position, ``Happened``'s third), and the
    first of each ``(rule, reason)`` pair a ``-> tuple[str, str]`` function returns."""
    trees = {path: ast.parse(path.read_text("utf-8")) for path in MODULES}
    positions = _rule_positions([*MODULES, Path(dice_module.__file__)])
    constants: dict[str, str] = {}
    found: dict[str, str] = {}
    for path, tree in trees.items():
        for node in tree.body:
            if (isinstance(node, ast.Assign) and len(node.targets) == 1
                    and isinstance(node.targets[0], ast.Name) and node.targets[0].id.isupper()
                    and isinstance(node.value, ast.Constant)
                    and isinstance(node.value.value, str)):
                constants[node.targets[0].id] = node.value.value
                if node.value.value[:1].isupper():   # not PACKAGE, RULESET_ID
                    found.setdefault(node.value.value, f"{path.name}: {node.targets[0].id}")
    for path, tree in trees.items():
        for node in ast.walk(tree):
            where = f"{path.name}:{getattr(node, 'lineno', '?')}"
            if isinstance(node, ast.Call):
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                for keyword in node.keywords:
                    if keyword.arg == "rule":
                        for value in _strings(keyword.value, constants):
                            found.setdefault(value, where)
                for index in positions.get(name, ()):
                    if index < len(node.args):
                        for value in _strings(node.args[index], constants):
                            found.setdefault(value, where)
            elif isinstance(node, ast.FunctionDef) and node.returns is not None \
                    and ast.unparse(node.returns).startswith("tuple[str, str]"):
                for ret in ast.walk(node):
                    if isinstance(ret, ast.Return) and isinstance(ret.value, ast.Tuple) \
                            and len(ret.value.elts) == 2:
                        for value in _strings(ret.value.elts[0], constants):
                            found.setdefault(value, where)
    return found


# --- the tests -----------------------------------------------------------------------------------

def test_the_summary_parses_into_topics_each_with_words():
    topics = RULESET.rule_topics()
    assert len(topics) >= 20
    assert all(t.text and t.also for t in topics)
    assert len({t.title for t in topics}) == len(topics)


def test_the_scan_finds_the_rules_cited_in_every_way():
    cited = rules_in_source()
    for name in ("Pre-Initiative Declarations",   # a constant in legal
                 "Sea Combat",                   # a literal passed to Happened
                 "Sailing Movement",             # a literal passed to dice.nd
                 "Stacking on the Sea Battlemap",   # StepPlan(rule=...)
                 "Victory",                      # (rule, reason) in legal.explain
                 "Head-On Ramming", "Collisions", "Oar Sprinting",
                 "Firing and Winching a Heavy Harpoon Ballista", "Damage and sinking"):
        assert name in cited, name


def test_every_rule_cited_in_the_source_opens_a_topic():
    missing = {rule: where for rule, where in rules_in_source().items() if not _covered(rule)}
    assert missing == {}


def test_every_rule_met_in_random_battles_opens_a_topic_and_the_screen_finds_it():
    seen = rules_in_play()
    assert {"Initiative Rolls", "Pre-Initiative Declarations", "Round Sequence",
            "Victory"} <= set(seen)
    missing = {rule: where for rule, where in seen.items() if not _covered(rule)}
    assert missing == {}
    topics = RULESET.rule_topics()
    assert all(topic_index(topics, rule) is not None for rule in seen)
