"""Every rule the Man O' War engine cites (in the log, or refusing an action) opens a topic of
the Rules screen."""

from __future__ import annotations

import random
import re
from pathlib import Path

from ahoy_tui.engine import Game, get_ruleset
from ahoy_tui.rules import man_o_war
from ahoy_tui.ui.screens.rules import topic_index


def test_every_rule_cited_has_a_summary() -> None:
    topics = get_ruleset("man-o-war").rule_topics()
    cited: set[str] = set()
    for seed, scenario in enumerate(("empire_bretonnia", "dwarfs_orcs", "elves", "sorcery",
                                             "leviathans", "eyries")):
        game = Game.new("man-o-war", scenario, seed=seed)
        chooser = random.Random(seed)
        while not game.over:
            legal = game.legal_actions()
            game.play(legal[chooser.randrange(len(legal))])
        cited |= {e.rule for step in range(game.step + 1) for e in game.events_at(step)
                  if e.rule}
    # every rule a module names: its constants, and the rules its refusals give
    folder = Path(man_o_war.__file__).parent
    for module in folder.glob("*.py"):
        text = module.read_text("utf-8")
        cited |= set(re.findall(r'^[A-Z_]+ = "([A-Z][^"]+)"$', text, re.MULTILINE))
        cited |= set(re.findall(r'return "([A-Z][A-Za-z &:\']+)", ', text))
    assert {"Combat & Damage", "Boarding Actions", "Movement under sail", "Squadrons"} <= cited
    missing = sorted(rule for rule in cited if topic_index(topics, rule) is None)
    assert missing == []
