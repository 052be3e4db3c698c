"""The in-game Rules screen: every rule the engine cites has a summary, the summaries are the
project's own words, and the screen opens at the rule in play."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Input, Label, Markdown, OptionList

from ahoy_tui.rules.ahoy.summaries import summaries
from ahoy_tui.ui.screens.rules import RulesScreen, topic_index

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "ahoy_tui"
RULES = sorted((PACKAGE / "rules" / "ahoy").glob("*.py"))
# Where the functions that take a ``rule`` argument are defined (the rules, the dice, the errors).
SIGNATURES = [*RULES, PACKAGE / "engine" / "dice.py", PACKAGE / "engine" / "errors.py"]
SEED = Path("/work/shared/seeds/000_b69373d9e8a5585a.txt")
if not SEED.exists():
    SEED = ROOT.parent / "shared" / "seeds" / "000_b69373d9e8a5585a.txt"


# --- the rule names the engine cites ---------------------------------------------------------


def _rule_positions() -> dict[str, set[int]]:
    """For each function (or exception class) taking a ``rule`` parameter: its position among
    the call's positional arguments."""
    found: dict[str, set[int]] = {}
    for path in SIGNATURES:
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ClassDef):
                for init in node.body:
                    if isinstance(init, ast.FunctionDef) and init.name == "__init__":
                        names = [a.arg for a in init.args.args][1:]
                        if "rule" in names:
                            found.setdefault(node.name, set()).add(names.index("rule"))
            elif isinstance(node, ast.FunctionDef):
                names = [a.arg for a in node.args.args]
                if names[:1] == ["self"]:
                    names = names[1:]
                if "rule" in names:
                    found.setdefault(node.name, set()).add(names.index("rule"))
    return found


def _strings(node: ast.AST, constants: dict[str, str]) -> list[str]:
    """The rule names an expression can be: a literal, a module constant, either branch of a
    conditional, any operand of ``or``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.Name) and node.id in constants:
        return [constants[node.id]]
    if isinstance(node, ast.IfExp):
        return _strings(node.body, constants) + _strings(node.orelse, constants)
    if isinstance(node, ast.BoolOp):
        return [s for v in node.values for s in _strings(v, constants)]
    return []


def cited_rules() -> dict[str, str]:
    """Every rule name the Ahoy! engine can put in an event's or a refusal's ``rule``, with
    where it was found. Scanned from the source:

    - module constants in capitals (``RULE = "Swimming"``, ``RUDDER = "Critical Hits (…)"``);
    - the ``rule`` argument of any call, by keyword or by position (``tell``, ``dice.d6``,
      ``IllegalAction``, ``damage_ship``…), and any value assigned to a variable ``rule``;
    - the first element of the (rule, reason) tuples returned by ``-> tuple[str, str]``
      functions (``legal.explain``, ``movement.turn_blocked``…);
    - the values of the ``*_rule`` lookup functions (``movement._pace_rule``).
    """
    positions = _rule_positions()
    trees = {path: ast.parse(path.read_text("utf-8")) for path in RULES}
    constants: dict[str, str] = {}
    found: dict[str, str] = {}

    def add(values: list[str], where: str) -> None:
        for value in values:
            found.setdefault(value, where)

    for path, tree in trees.items():
        for node in tree.body:
            if (isinstance(node, ast.Assign) and len(node.targets) == 1
                    and isinstance(node.targets[0], ast.Name) and node.targets[0].id.isupper()
                    and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
                constants[node.targets[0].id] = node.value.value
                add([node.value.value], f"{path.name}: {node.targets[0].id}")
    for path, tree in trees.items():
        for node in ast.walk(tree):
            where = f"{path.name}:{getattr(node, 'lineno', '?')}"
            if isinstance(node, ast.Call):
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                for keyword in node.keywords:
                    if keyword.arg == "rule":
                        add(_strings(keyword.value, constants), where)
                for index in positions.get(name, ()):
                    if index < len(node.args):
                        add(_strings(node.args[index], constants), where)
            elif isinstance(node, ast.Assign):
                if any(isinstance(t, ast.Name) and t.id == "rule" for t in node.targets):
                    add(_strings(node.value, constants), where)
            elif isinstance(node, ast.FunctionDef):
                returns = ast.unparse(node.returns) if node.returns else ""
                if returns.startswith("tuple[str, str]"):
                    for ret in ast.walk(node):
                        if isinstance(ret, ast.Return) and ret.value is not None:
                            for part in ast.walk(ret.value):
                                if isinstance(part, ast.Tuple) and len(part.elts) == 2:
                                    add(_strings(part.elts[0], constants), where)
                if node.name.endswith("_rule"):
                    for part in ast.walk(node):
                        if isinstance(part, ast.Dict):
                            for value in part.values:
                                add(_strings(value, constants), where)
    return found


def test_the_scan_finds_the_rules_cited_in_every_way():
    cited = cited_rules()
    for name in ("Turns and phases",            # (rule, reason) in legal.explain
                 "Critical Hits (Rudder Damaged)",  # a constant
                 "Naval Cannons (misfires)",
                 "Armour saves",                # a literal passed to dice.d6
                 "Wind Direction (Light Airs and Gales)",
                 "Movement Rates for Sailing Ships",
                 "Ships Adrift",
                 "Disengaging From a Boarding Action",  # movement._pace_rule
                 "Victory"):
        assert name in cited, name
    assert len(cited) >= 40


def test_every_rule_the_engine_cites_opens_a_topic():
    topics = summaries()
    missing = {rule: where for rule, where in cited_rules().items()
               if not any(t.matches(rule) for t in topics)}
    assert not missing, f"rules with no topic in rules_summary.md: {missing}"


def test_the_battle_screens_phase_rules_open_a_topic():
    for rule in ("Gun Crews", "Movement", "Naval Cannons"):
        assert topic_index(summaries(), rule) is not None


# --- the summaries themselves ----------------------------------------------------------------


def test_topics_are_non_empty_with_unique_titles():
    topics = summaries()
    assert len(topics) >= 40
    titles = [t.title.lower() for t in topics]
    assert len(set(titles)) == len(titles)
    names = titles + [a.lower() for t in topics for a in t.also]
    assert len(set(names)) == len(names), "an Also name repeats a title or another Also name"
    for topic in topics:
        lines = [line for line in topic.text.splitlines() if line.strip()]
        assert len(lines) >= 3, topic.title
        assert not topic.text.startswith("Also:"), topic.title


def test_the_topics_follow_the_rulebook_order():
    titles = [t.title for t in summaries()]
    order = ["Turns and phases", "Wind Direction", "Movement", "Slowing Down", "Turning",
             "In Irons", "Stationary Ships", "Ships Adrift", "Sailing Off the Table",
             "Ships Moving Out of Control", "Shooting at Ships", "Jolly Boats", "Taking Damage",
             "Strike Yer Colours", "Critical Hits", "Naval Cannons", "Point Blank",
             "Rake the decks", "Gun Crews", "Missile Weapons", "Ramming", "Avoiding Rammers",
             "Rammed Ships", "The Rammer", "Rams", "Ramming and Ships Becoming Entangled",
             "Ramming and Jolly Boats", "Collision", "Boarding Actions",
             "Movement of Boarded/Boarding Ships", "Disengaging From a Boarding Action",
             "Surrendering a Boarded Ship", "Swimming", "Anchors", "Fire Aboard Ships",
             "Kaboom!", "Victory"]
    assert [t for t in titles if t in order] == order


def _normal(text: str) -> str:
    text = (text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"')
            .replace("\u201d", '"').replace("º", "°"))
    text = re.sub(r"[*_`|#>]", " ", text)
    return " ".join(re.findall(r"[a-z0-9'\"+°-]+", text.lower()))


def _passages(text: str) -> list[str]:
    """A topic's prose as the reader sees it: wrapped lines joined into paragraphs and bullets;
    each table row on its own."""
    passages: list[str] = []
    current: list[str] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("|", "- ")):
            if current:
                passages.append(" ".join(current))
                current = []
            if line.startswith("|"):
                passages.append(line)
                continue
        if line:
            current.append(line)
    if current:
        passages.append(" ".join(current))
    return passages


@pytest.mark.skipif(not SEED.exists(), reason="the rulebook seed text is not here")
def test_no_summary_pastes_the_rulebook():
    seed = _normal(SEED.read_text("utf-8"))
    window = 12
    pasted = []
    for topic in summaries():
        for passage in _passages(topic.text):
            words = _normal(passage).split()
            for i in range(len(words) - window + 1):
                run = " ".join(words[i:i + window])
                if run in seed:
                    pasted.append((topic.title, run))
    assert not pasted, pasted


# --- the screen ------------------------------------------------------------------------------


class RulesApp(App[None]):
    def __init__(self, rule: str) -> None:
        super().__init__()
        self.rule = rule

    def compose(self) -> ComposeResult:
        yield Label("the battle")

    def on_mount(self) -> None:
        self.push_screen(RulesScreen(self.rule))


def _highlighted(screen: RulesScreen) -> str:
    menu = screen.query_one("#topics", OptionList)
    assert menu.highlighted is not None
    return str(menu.get_option_at_index(menu.highlighted).prompt)


@pytest.mark.asyncio
async def test_the_screen_opens_at_the_rule_in_play_and_escape_goes_back():
    app = RulesApp("Critical Hits (Rudder Damaged)")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        assert _highlighted(screen) == "Critical Hits"
        topic = next(t for t in summaries() if t.title == "Critical Hits")
        page = screen.query_one(Markdown)
        assert topic.text in page.source
        assert "In play: Critical Hits (Rudder Damaged)" in page.source
        assert page.query("MarkdownTable"), "the critical hit table is rendered"
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, RulesScreen)


@pytest.mark.asyncio
async def test_moving_down_the_list_shows_the_next_topic_and_q_goes_back():
    app = RulesApp("Critical Hits (Rudder Damaged)")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        await pilot.press("down")
        await pilot.pause()
        assert _highlighted(screen) == "Naval Cannons"
        assert "Heavy Naval Cannon" in screen.query_one(Markdown).source
        await pilot.press("q")
        await pilot.pause()
        assert not isinstance(app.screen, RulesScreen)


@pytest.mark.asyncio
async def test_typing_filters_the_topics():
    app = RulesApp("Movement")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        await pilot.press("k", "a", "b")
        await pilot.pause()
        assert screen.query_one("#filter", Input).value == "kab"
        menu = screen.query_one("#topics", OptionList)
        prompts = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert prompts[0] == "Kaboom!"
        assert "Movement" not in prompts
        assert "S6 hit" in screen.query_one(Markdown).source
        await pilot.press("enter", "question_mark")   # back to the list, then ? closes
        await pilot.pause()
        assert not isinstance(app.screen, RulesScreen)


@pytest.mark.asyncio
async def test_an_unknown_rule_opens_the_first_topic():
    app = RulesApp("No Such Rule")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        assert _highlighted(screen) == "Turns and phases"
        assert "In play" not in screen.query_one(Markdown).source
