"""Computer captains for Warhammer Ahoy!: ``easy`` (a readable heuristic seaman), ``normal``
(scores each choice by its expected outcome) and ``hard`` (searches ahead with the engine,
sampling its own dice). Found by the entry point ``ahoy`` in the group ``ahoy_tui.captains``."""

from __future__ import annotations

from typing import Any


def levels() -> dict[str, Any]:
    from ahoy_tui.ai.ahoy.easy import EasyCaptain
    from ahoy_tui.ai.ahoy.hard import HardCaptain
    from ahoy_tui.ai.ahoy.normal import NormalCaptain

    return {"easy": EasyCaptain, "normal": NormalCaptain, "hard": HardCaptain}
