"""The deck battlemaps in the replay viewer: with rules that lay decks (ACKS II), ``d`` turns the
map to the decks laid at the step shown and back; stepping redraws them, and the map comes back
when no deck is laid at the step shown. With other rules ``d`` is not offered."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from ahoy_tui.ai.captain import make_captain
from ahoy_tui.engine import Game
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.screens.replay import NO_DECK, ReplayScreen
from ahoy_tui.ui.widgets.deck_map import DeckMap
from ahoy_tui.ui.widgets.hex_map import HexMap
from ahoy_tui.ui.widgets.sea_map import SeaMap

SIZE = (120, 40)
AFTER = 2  # actions played on once the decks are laid


@pytest.fixture(autouse=True)
def _saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path / "saves"))


def boarding_game(seed: int = 1) -> Game:
    """A boarding played by two normal captains until the decks are laid, and a few actions
    on (as ``ai.tournament.play_match`` plays)."""
    game = Game.new("acks", "boarding_bridge", seed=seed)
    captains = {"p1": make_captain("normal", seed=1), "p2": make_captain("normal", seed=2)}

    def play() -> None:
        state = game.state
        legal = game.legal_actions()
        side = state.to_act or "p1"
        action = legal[0] if len(legal) == 1 else captains[side].decide(
            game.ruleset.view(state, side), legal).action
        game.play(action)

    while not game.state.figures and not game.over and game.last_step < 500:
        play()
    for _ in range(AFTER):
        if not game.over:
            play()
    assert game.state.figures, "no deck laid"
    return game


@pytest.fixture
def acks_log(tmp_path: Path) -> Path:
    return boarding_game().save(tmp_path / "boarding.json")


def screen_text(app: AhoyApp) -> str:
    text = re.sub(r"<[^>]+>", "", app.export_screenshot())
    return html.unescape(text).replace("\xa0", " ")


def footer_offers_deck(app: AhoyApp) -> bool:
    """Whether the footer (the screen's last line) shows the ``d`` key."""
    footer = screen_text(app).rstrip().splitlines()[-1]
    return re.search(r"(^|\s)d Deck", footer) is not None


async def settled(pilot, app: AhoyApp) -> None:
    """Wait until the screen is drawn whole and still: the footer has its keys and two looks
    a tenth of a second apart agree (a loaded machine draws the footer and the map late)."""
    last = ""
    for _ in range(100):
        text = screen_text(app)
        if "Close" in text.rstrip().splitlines()[-1] and text == last:
            return
        last = text
        await pilot.pause(0.1)
    raise AssertionError("the screen never settled")


def replay_screen(app: AhoyApp) -> ReplayScreen:
    screen = app.screen
    assert isinstance(screen, ReplayScreen)
    return screen


def messages(app: AhoyApp) -> list[str]:
    return [n.message for n in app._notifications]


def shows_decks(screen: ReplayScreen) -> bool:
    deck, hexmap = screen.query_one(DeckMap), screen.query_one(HexMap)
    assert deck.display != hexmap.display  # one or the other
    return deck.display


async def test_d_shows_the_decks_laid_at_the_step_and_back(acks_log: Path) -> None:
    app = AhoyApp(replay=acks_log)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settled(pilot, app)
        screen = replay_screen(app)
        assert not shows_decks(screen)  # the map to begin with
        assert footer_offers_deck(app)
        assert "d decks" in screen_text(app)  # and the keys beneath the prompt say so
        await pilot.press("end")
        game = screen.game
        assert screen.step == game.last_step
        await pilot.press("d")
        await pilot.pause()
        assert shows_decks(screen) and screen.deck_on
        state = game.state_at(game.last_step)
        scene = game.ruleset.deck_scene(state, screen.deck_focus, screen.figure)
        assert screen.query_one(DeckMap).scene == scene
        text = screen_text(app)
        names = [d.name for d in scene.decks]
        assert names and all(name in text for name in names)
        drawn = "\n".join(screen.query_one(DeckMap).text_lines())
        letters = {f.letter for f in scene.figures}
        assert {"C", "m"} <= letters and all(letter in drawn for letter in letters)
        # the selected man's sheet beneath
        assert scene.sheet is not None
        assert scene.sheet.name in str(screen.query_one("#deck-sheet").content)
        assert not messages(app)
        await pilot.press("d")  # and the map again
        await pilot.pause()
        assert not shows_decks(screen) and not screen.deck_on
        assert not messages(app)


async def test_stepping_redraws_the_decks_and_falls_back_to_the_map(acks_log: Path) -> None:
    app = AhoyApp(replay=acks_log)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settled(pilot, app)
        screen = replay_screen(app)
        game = screen.game
        hook = game.ruleset.deck_scene
        await pilot.press("end", "d")
        await pilot.pause()
        assert shows_decks(screen)
        await pilot.press("left")  # still laid a step back: the decks of that step
        await pilot.pause()
        assert screen.step == game.last_step - 1 and shows_decks(screen)
        assert game.state_at(screen.step).figures
        assert screen.query_one(DeckMap).scene == hook(game.state_at(screen.step),
                                                       screen.deck_focus, screen.figure)
        await pilot.press("home")  # no deck at the set-up: the map again, and a word why
        await pilot.pause()
        assert screen.step == 0 and not shows_decks(screen) and not screen.deck_on
        assert messages(app) == [f"{NO_DECK}: back to the map"]
        assert screen.query_one(HexMap).scene is not None
        await pilot.press("d")  # nothing to show here
        await pilot.pause()
        assert not shows_decks(screen)
        assert messages(app)[-1] == NO_DECK
        assert NO_DECK in " ".join(screen_text(app).split())


async def test_without_decks_d_is_not_offered_and_does_nothing(tmp_path: Path) -> None:
    game = Game.new("ahoy", "duel", seed=5)
    for _ in range(6):
        game.play(game.legal_actions()[0])
    path = game.save(tmp_path / "duel.json")
    app = AhoyApp(replay=path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settled(pilot, app)
        screen = replay_screen(app)
        assert not screen.query(DeckMap) and not screen.query("#deck-sheet")
        assert "d" not in screen.active_bindings
        assert not footer_offers_deck(app) and "d decks" not in screen_text(app)
        before = screen_text(app)
        await pilot.press("d")
        await settled(pilot, app)
        assert not screen.deck_on and not screen.has_class("-deck")
        assert screen.query_one(SeaMap).display
        assert not messages(app)
        assert screen_text(app) == before
