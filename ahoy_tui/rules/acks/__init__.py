"""ACKS II sea combat (../shared/seeds/003_3cf731ec76126644.txt), being built (issue 19).

So far: its tables as data (``tables``), on the hex geometry of ``engine.hexgrid``. The ruleset
itself (setup, rounds by initiative count, movement, ramming, fire) and its entry point come
next; until then no ``acks`` ruleset is registered.
"""
