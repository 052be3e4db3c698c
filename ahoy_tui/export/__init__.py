"""Sharing a battle: a recording, pictures, an after-action report, from any saved log.

``cast`` (an asciicast v2 recording of the replay viewer), ``svg`` (the battle screen at a step,
or one a turn), ``report`` (one self-contained HTML file) and ``report-md`` (Markdown with its
charts beside it). ``ahoy replay FILE --export KIND``, the replay viewer's and the game-over
screen's ``x``, and the lobby's report of a finished online game all come here.
"""

from __future__ import annotations

from pathlib import Path

from ahoy_tui.engine import Game

KINDS = ("cast", "svg", "report", "report-md")
SUFFIXES = {"cast": ".cast", "svg": ".svg", "report": ".html", "report-md": ".md"}
WORDS = {"cast": "a recording (asciicast)", "svg": "a picture of the screen (SVG)",
         "report": "an after-action report (HTML)",
         "report-md": "an after-action report (Markdown)"}


def default_path(source: Path | None, game: Game, kind: str, folder: Path | None = None) -> Path:
    """Where an export goes when no name is given: beside the log, named after it."""
    stem = source.stem if source is not None else f"{game.scenario.name}-{game.seed}"
    where = folder if folder is not None else (source.parent if source is not None else Path())
    return where / f"{stem}{SUFFIXES[kind]}"


def export(game: Game, kind: str, out: Path, *, size: tuple[int, int] | None = None,
           speed: float = 1.0, step: int | None = None, turns: bool = False,
           side: str | None = None) -> list[Path]:
    """Write ``game`` as ``kind`` to ``out``: the files written (ValueError in words)."""
    if kind == "cast":
        from ahoy_tui.export.cast import DEFAULT_SIZE, write_cast

        return [write_cast(game, out, size=size or DEFAULT_SIZE, speed=speed)]
    if kind == "svg":
        from ahoy_tui.export.cast import DEFAULT_SIZE
        from ahoy_tui.export.svg import write_svg

        return write_svg(game, out, step=step, turns=turns, size=size or DEFAULT_SIZE)
    if kind == "report":
        from ahoy_tui.export.report import write_html

        return [write_html(game, out, side=side)]
    if kind == "report-md":
        from ahoy_tui.export.report import write_markdown

        return write_markdown(game, out, side=side)
    raise ValueError(f"no export {kind!r} (exports: {', '.join(KINDS)})")
