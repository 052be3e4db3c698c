"""The project's own summary of each rule, for the Rules screen (not the rulebook's text).

Each ruleset package keeps its summaries in ``rules_summary.md``: one ``## Title`` per topic,
an optional ``Also:`` line naming the rule names (as the engine cites them) that open this
topic, then the summary in Markdown.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from attrs import frozen


@frozen
class Topic:
    title: str
    also: tuple[str, ...]
    text: str

    def matches(self, rule: str) -> bool:
        """Whether a rule name cited by the engine ("Critical Hits (Rudder Damaged)") is this
        topic."""
        if not rule:
            return False
        base = rule.split(" (")[0].strip().lower()
        names = (self.title.lower(), *(a.lower() for a in self.also))
        return base in names or rule.lower() in names


@cache
def read_summaries(package: str) -> tuple[Topic, ...]:
    """The topics of a ruleset package's ``rules_summary.md``."""
    text = resources.files(package).joinpath("rules_summary.md").read_text("utf-8")
    topics = []
    for block in text.split("\n## ")[1:]:
        title, _, body = block.partition("\n")
        also: tuple[str, ...] = ()
        lines = body.strip().splitlines()
        if lines and lines[0].startswith("Also:"):
            also = tuple(a.strip() for a in lines[0][5:].split(";") if a.strip())
            lines = lines[1:]
        topics.append(Topic(title.strip(), also, "\n".join(lines).strip()))
    return tuple(topics)
