"""Computer captains for ACKS II sea combat (hex battlemap, one-minute rounds, initiative
counts).

``easy`` rows for the nearest enemy and rams whatever it can; ``normal`` weighs every track
each vessel can make by where it leaves her (rams by the rules' odds, the enemies still to
move, next round's rams, fire bearing, the edge) and declares the speed that offers the best;
``hard`` plays the normal captain's best few tracks out to the end of the round on dice of his
own. Each decides from its side's view alone (no dice to come).
"""

from __future__ import annotations

from typing import Any


def levels() -> dict[str, Any]:
    from ahoy_tui.ai.acks.easy import EasyCaptain
    from ahoy_tui.ai.acks.hard import HardCaptain
    from ahoy_tui.ai.acks.normal import NormalCaptain

    return {"easy": EasyCaptain, "normal": NormalCaptain, "hard": HardCaptain}
