"""The lists of rule systems are read without importing the rules, and say what the rules say."""

from __future__ import annotations

import json
import subprocess
import sys

from ahoy_tui.engine import rulesets
from ahoy_tui.engine.catalogue import catalogue


def test_the_catalogue_lists_every_rule_system_as_the_registry_does():
    assert [(e.id, e.title, e.order) for e in catalogue()] == [
        (r.id, r.title, getattr(r, "order", 1000)) for r in rulesets()]


def test_the_title_line_is_made_without_importing_a_rule_system():
    code = ("import json, sys\n"
            "from ahoy_tui.ui.screens.title import tagline\n"
            "line = tagline()\n"
            "rules = [m for m in sys.modules if m.startswith('ahoy_tui.rules.')]\n"
            "print(json.dumps([line, rules]))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    line, imported = json.loads(out)
    assert imported == []
    for ruleset in rulesets():
        assert ruleset.title in line
