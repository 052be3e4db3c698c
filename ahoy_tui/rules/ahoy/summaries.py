"""The project's own summary of each Ahoy! rule, for the Rules screen: ``rules_summary.md``
beside this module, read by :mod:`ahoy_tui.rules.summaries`."""

from __future__ import annotations

from ahoy_tui.rules.summaries import Topic, read_summaries

__all__ = ["Topic", "summaries"]


def summaries() -> tuple[Topic, ...]:
    return read_summaries("ahoy_tui.rules.ahoy")
