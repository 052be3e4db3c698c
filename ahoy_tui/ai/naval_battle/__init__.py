"""Computer captains for Naval Battle Rules. (Being written: until then every level plays the
filled-in example sheets the rules offer.)"""

from __future__ import annotations

from typing import Any


def levels() -> dict[str, Any]:
    from ahoy_tui.ai.captain import RandomCaptain

    return {"easy": RandomCaptain, "normal": RandomCaptain, "hard": RandomCaptain}
