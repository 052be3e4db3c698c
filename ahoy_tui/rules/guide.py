"""A rule system's guide for a first battle: what the rules ask now and why, in the project's own
words, read from ``guide.toml`` beside the ruleset (as its scenarios are).

A guide is a list of topics, each one rule a newcomer meets, in the order he needs them, and a
line for each kind of choice. At a decision the guide picks the first topic of the file that
fits the situation (its phase, and one of its kinds among the legal actions) and has not been
shown yet, so each rule is introduced once, when it first matters; when every topic that fits
has been seen, the first that fits is shown again in its short form. A topic naming neither a
phase nor kinds speaks only where no other fits. Under it, one line for each
kind of choice offered now, saying what it would do. The guide only explains: it plays nothing
and hides nothing (every choice stays on the list, ``?`` opens the rules).

``guide.toml``::

    [[topics]]
    id = "activation"            # remembered as seen
    phase = ["battle"]           # the state's phase (its value); empty or left out: any
    kinds = ["activate"]         # any of these among the legal actions; left out: any
    rule = "Activation"          # the Rules screen's topic (``?``)
    text = "..."                 # the first time
    again = "..."                # later (left out: the text again)

    [choices]
    activate = "..."             # what choosing an action of this kind does
"""

from __future__ import annotations

import tomllib
from collections.abc import Collection, Iterable
from pathlib import Path
from typing import Any

from attrs import frozen

GUIDE_FILE = "guide.toml"


@frozen
class Topic:
    """One rule as the guide introduces it."""

    id: str
    phase: tuple[str, ...]
    kinds: tuple[str, ...]
    rule: str
    text: str
    again: str


@frozen
class Guidance:
    """What the guide says at one decision: the topic's words (``first``: its first showing),
    the rule it introduces (a Rules screen topic) and a line for each kind of choice offered."""

    topic: str
    rule: str
    text: str
    choices: tuple[str, ...]
    first: bool

    def words(self) -> str:
        """The whole of it as plain text (what the panel and the plain-text game show)."""
        lines = [self.text]
        lines.extend(f"• {line}" for line in self.choices)
        if self.rule:
            lines.append(f"Rule: {self.rule} (? opens the rules)")
        return "\n".join(lines)


class GuideError(ValueError):
    """A guide file that cannot be read, in one line."""


def _texts(value: Any, where: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise GuideError(f"{where}: must be text or a list of text")
    return tuple(value)


def _text(data: dict[str, Any], key: str, where: str, default: str = "") -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise GuideError(f"{where}.{key}: must be text")
    return " ".join(value.split())


class Guide:
    """A ruleset's guide, read once from its ``guide.toml``."""

    def __init__(self, topics: Iterable[Topic], choices: dict[str, str]) -> None:
        self.topics = tuple(topics)
        self.choices = dict(choices)

    @classmethod
    def read(cls, path: Path) -> Guide:
        try:
            data = tomllib.loads(path.read_text("utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise GuideError(f"{path.name}: {exc}") from exc
        topics = []
        for index, raw in enumerate(data.get("topics", [])):
            where = f"{path.name}: topics[{index}]"
            if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
                raise GuideError(f"{where}: a topic needs an id")
            text = _text(raw, "text", where)
            topics.append(Topic(id=raw["id"], phase=_texts(raw.get("phase"), f"{where}.phase"),
                                kinds=_texts(raw.get("kinds"), f"{where}.kinds"),
                                rule=_text(raw, "rule", where), text=text,
                                again=_text(raw, "again", where, text) or text))
        choices = data.get("choices", {})
        if not isinstance(choices, dict):
            raise GuideError(f"{path.name}: choices: must be a table")
        return cls(topics, {kind: _text(choices, kind, f"{path.name}: choices")
                            for kind in choices})

    def fitting(self, phase: str, kinds: Collection[str]) -> list[Topic]:
        """The topics that fit a decision in ``phase`` offering actions of ``kinds``."""
        return [t for t in self.topics
                if (not t.phase or phase in t.phase)
                and (not t.kinds or any(k in kinds for k in t.kinds))]

    def guidance(self, phase: str, kinds: Collection[str],
                 seen: Collection[str] = ()) -> Guidance | None:
        """What to say at a decision: the first fitting topic not yet ``seen`` in full, else
        the first fitting one again in short; with a line for each kind of choice offered."""
        fit = self.fitting(phase, kinds)
        if not fit:
            return None
        # a topic for any decision (no phase, no kinds) only where no other fits
        fit = [t for t in fit if t.phase or t.kinds] or fit
        fresh = [t for t in fit if t.id not in seen]
        topic = fresh[0] if fresh else fit[0]
        lines = tuple(f"{kind.replace('_', ' ')}: {self.choices[kind]}"
                      for kind in kinds if kind in self.choices)
        return Guidance(topic=topic.id, rule=topic.rule,
                        text=topic.text if fresh else topic.again, choices=lines,
                        first=bool(fresh))


def legal_kinds(legal: Any) -> tuple[str, ...]:
    """The kinds of the legal actions, in the order offered, each once: the actions listed, the
    number ranges' (their template's) and the order forms'."""
    kinds: list[str] = []
    found = [*legal.fixed, *(r.template for r in legal.ranges)]
    for action in found:
        kind = getattr(action, "kind", "")
        if kind and kind not in kinds:
            kinds.append(kind)
    for form in legal.forms:
        kind = getattr(form.kind, "kind", "")
        if kind and kind not in kinds:
            kinds.append(kind)
    return tuple(kinds)


def phase_of(state: Any) -> str:
    phase = getattr(state, "phase", "")
    return str(getattr(phase, "value", phase))


class GuideHook:
    """A ruleset's ``guide`` hook: ``guide(state, side, seen)`` says what the rules ask of
    ``side`` now (None when it is not that side's decision, or no topic fits). Its guide is read
    from ``guide.toml`` in ``folder`` the first time it is asked."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / GUIDE_FILE
        self._guide: Guide | None = None

    @property
    def guide(self) -> Guide:
        if self._guide is None:
            self._guide = Guide.read(self.path)
        return self._guide

    def __call__(self, ruleset: Any, state: Any, side: str,
                 seen: Collection[str] = ()) -> Guidance | None:
        if state.over or state.to_act != side:
            return None
        kinds = legal_kinds(ruleset.legal_actions(state))
        return self.guide.guidance(phase_of(state), kinds, seen)
