"""The initiative track: the round's counts running down, and who acts on each.

Before the dice it lists each vessel's declaration (or that it is awaited); then each count
still to come with the vessels that move, engines, deck crews and monsters that act on it, the
count being played marked ``▶`` and whoever has acted on it ticked. The counts already played
are gone from it, as they are from the Judge's count. It is fed a ``rules.acks.view.Track``
(any value with the same fields will do).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

SIDE_STYLES = {"p1": "bold blue", "p2": "bold red"}


def _entries(text: Text, row: Any) -> None:
    """Who acts on a count, vessel by vessel: her label in her side's colour, then what of
    hers acts (her move, an engine, her deck crew), each ticked and dimmed once it has."""
    by_vessel: dict[tuple[str, str], list[Any]] = {}
    for entry in row.entries:
        by_vessel.setdefault((entry.label, entry.side), []).append(entry)
    for i, ((label, side), entries) in enumerate(by_vessel.items()):
        if i:
            text.append(" · ", style="dim")
        done = all(e.done for e in entries)
        text.append(label, style="dim" if done else SIDE_STYLES.get(side, "bold"))
        for j, entry in enumerate(entries):
            text.append("," if j else "", style="dim")
            if entry.done:
                text.append(f" {entry.who} ✓", style="dim")
            else:
                text.append(f" {entry.who}", style="" if row.current else "dim")


def render_track(track: Any, *, compact: bool = False) -> Text:
    """The track as text: a line a count, or (``compact``, a short terminal) the count being
    played on a line and the counts still to come run together after it, each with the
    vessels that act on it (what acts is said when the count comes)."""
    text = Text()
    if track.phase == "declare":
        text.append(f"Round {track.round} · declarations\n", style="bold")
        for line in track.declarations:
            text.append(f" {line.label} ", style=SIDE_STYLES.get(line.side, "bold"))
            if line.words:
                text.append(f"✓ {line.words}\n", style="dim")
            else:
                text.append("… to declare\n", style="italic")
        return text
    rows = [row for row in track.counts if row.count <= track.count]
    if not rows:
        return Text(f"Round {track.round}", style="bold")
    top = track.counts[0].count
    text.append(f"Round {track.round} · count {track.count}", style="bold")
    if top > track.count:
        text.append(f" (from {top})", style="dim")
    text.append("\n")
    for n, row in enumerate(rows):
        if compact and n:  # a count to come: only whose vessels act on it
            text.append("  then " if n == 1 else " │ ", style="dim")
            text.append(f"{row.count}", style="bold")
            for label, side in dict.fromkeys((e.label, e.side) for e in row.entries):
                text.append(f" {label}", style=SIDE_STYLES.get(side, "bold"))
            continue
        text.append("▶" if row.current else " ", style="bold")
        text.append(f"{row.count:>2} ", style="bold reverse" if row.current else "bold")
        _entries(text, row)
        text.append("\n")
    return text


class InitiativeTrack(Static):
    """The round's initiative counts and who acts on them; ``compact`` on a short terminal."""

    compact: reactive[bool] = reactive(False)
    _shown: Any = None

    def show(self, track: Any) -> None:
        if track == self._shown:
            return  # unchanged: no repaint
        self._shown = track
        self._paint()

    def watch_compact(self) -> None:
        self._paint()

    def _paint(self) -> None:
        if self._shown is None:
            return
        text = render_track(self._shown, compact=self.compact)
        text.rstrip()
        self.update(text)
