"""Naval Battle Rules for Fantasy Gaming (Adam Clark & Jason Russell): ruleset id ``naval-battle``.

Not yet playable: the package holds only the ruleset's tables as data (``data/*.toml``, read by
:func:`tables.tables`), each checked against the rules text by ``tests/rules/naval_battle``. It
is not registered with the engine; ``docs/rules/naval_battle.md`` lists every rule and where its
numbers live.
"""
