"""Every rule the Naval Battle engine cites opens a topic of the Rules screen."""

from __future__ import annotations

from ahoy_tui.ai import make_captain
from ahoy_tui.engine import Game, get_ruleset
from ahoy_tui.rules.naval_battle import legal
from ahoy_tui.ui.screens.rules import topic_index


def test_every_rule_cited_in_a_battle_has_a_summary() -> None:
    topics = get_ruleset("naval-battle").rule_topics()
    cited: set[str] = set()
    for scenario, seed in (("duel", 3), ("dragon", 4)):
        game = Game.new("naval-battle", scenario, seed=seed)
        captains = {"p1": make_captain("easy", seed), "p2": make_captain("normal", seed)}
        while not game.over:
            side = game.to_act or "p1"
            game.play(captains[side].decide(game.view(side), game.legal_actions()).action)
        cited |= {e.rule for step in range(game.step + 1) for e in game.events_at(step)
                  if e.rule}
    cited |= {value for name, value in vars(legal).items()
              if name.isupper() and isinstance(value, str)
              and value[:1].isupper()}  # the rules a refused sheet names
    assert len(cited) > 12
    missing = sorted(rule for rule in cited if topic_index(topics, rule) is None)
    assert missing == []
