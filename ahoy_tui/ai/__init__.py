"""Computer captains: they see only what their side may see, and roll no dice of the game's."""

from ahoy_tui.ai.captain import Captain, Decision, make_captain

__all__ = ["Captain", "Decision", "make_captain"]
