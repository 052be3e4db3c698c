"""A map drawn as a grid of cells, each a character and the component class that styles it:
a row of cells turned into the fewest Rich segments (one a run of the same class)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from rich.segment import Segment
from rich.style import Style

Cell = tuple[str, str]  # (character, component class)


def segments(cells: Iterable[Cell], style: Callable[[str], Style]) -> Iterator[Segment]:
    """The cells as segments, a run of characters of one class to a segment."""
    run: list[str] = []
    current = ""
    for char, name in cells:
        if name != current and run:
            yield Segment("".join(run), style(current))
            run = []
        current = name
        run.append(char)
    if run:
        yield Segment("".join(run), style(current))
