"""Share a battle (``x`` in the replay viewer and on the game-over screen): a recording, a
picture of the screen, or an after-action report, written beside the battle's log.

The export is made in a worker thread (a recording replays the whole battle headless), and the
screen says where it went when it is done."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from ahoy_tui.engine import Game
from ahoy_tui.export import KINDS, WORDS, default_path, export


class ExportScreen(ModalScreen[str | None]):
    """Which export: the choice is returned (None when cancelled)."""

    DEFAULT_CSS = """
    ExportScreen { align: center middle; }
    ExportScreen > Vertical {
        width: 64; height: auto; padding: 1 2; border: thick $accent; background: $surface;
    }
    ExportScreen OptionList { height: auto; margin: 1 0; }
    """
    BINDINGS = [Binding("escape,q", "cancel", "Cancel")]

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"Share this battle (written in {self.folder}):")
            yield OptionList(*(Option(f"{WORDS[kind]}", id=kind) for kind in KINDS),
                             id="kinds")
            yield Label("Enter to write it · Esc to cancel", classes="hint")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


def export_folder(path: Path | None, app: object) -> Path:
    """Beside the log, or in the saves folder."""
    if path is not None:
        return path.parent
    saves = getattr(app, "saves", None)
    if isinstance(saves, Path):
        return saves
    from ahoy_tui.paths import default_saves_dir

    return default_saves_dir()


def offer_exports(screen: ModalScreen[None] | object, game: Game, path: Path | None,
                  *, step: int | None = None) -> None:
    """Ask which export, then write it and say where (``screen`` is the asking screen)."""
    app = screen.app  # type: ignore[attr-defined]
    folder = export_folder(path, app)

    def chosen(kind: str | None) -> None:
        if kind is not None:
            _export(app, game, kind, default_path(path, game, kind, folder), step)

    app.push_screen(ExportScreen(folder), chosen)


def _export(app: object, game: Game, kind: str, out: Path, step: int | None) -> None:
    notify = app.notify  # type: ignore[attr-defined]
    notify(f"Writing {WORDS[kind]} to {out.name}…", timeout=4)

    def done(words: str, severity: str) -> None:
        app.call_from_thread(notify, words, title="Share",  # type: ignore[attr-defined]
                             severity=severity, timeout=10)

    app.run_worker(lambda: _write(game, kind, out, step, done),  # type: ignore[attr-defined]
                   thread=True, group="export", exclusive=False)


def _write(game: Game, kind: str, out: Path, step: int | None,
           done: Callable[[str, str], None]) -> None:
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        written = export(game, kind, out, step=step)
    except (ValueError, OSError) as exc:
        done(str(exc), "error")
        return
    done(f"{WORDS[kind][0].upper()}{WORDS[kind][1:]} written: {written[0]}", "information")
