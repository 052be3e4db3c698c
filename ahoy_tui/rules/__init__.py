"""The rulesets of this project, one package each.

Nothing imports this package to find them: each is declared by an entry point in the group
``ahoy_tui.rulesets`` (pyproject.toml), as any other package's ruleset would be.
"""
