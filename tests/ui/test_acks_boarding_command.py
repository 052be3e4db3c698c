"""A boarding you command on the ACKS II screen (issue 36, item 9), at 80×24: ``[`` and ``]``
select the men on the deck battlemaps from the keyboard; the choice of how many go opens a
value picker; ``f`` plays a fight with nothing to decide on by itself and stops at the next
decision."""

from __future__ import annotations

from pathlib import Path

import pytest

from ahoy_tui.engine import Game
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.acks.actions import Board, Fight
from ahoy_tui.rules.acks.model import Actor, Phase
from ahoy_tui.session import LocalSession
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.screens.acks import AcksScreen
from ahoy_tui.ui.widgets.deck_map import DeckMap

SMALL = (80, 24)


def boarding() -> Game:
    """The quinquereme scenario with the Gull beside the Pride's bow hex and both decks laid
    (as in test_acks_deck.py: a position set out for the screen)."""
    from ahoy_tui.engine.hexgrid import Body, facing_named
    from ahoy_tui.rules.acks.deck import lay_decks
    from ahoy_tui.ui.widgets.hex_map import axial

    game = Game.new("acks", "quinquereme", seed=1)
    state = game.state
    gull = replace(state.vessel("gull"), body=Body(axial(16, 23), facing_named("S"), 1))
    state = replace(state, vessels=tuple(gull if v.id == "gull" else v
                                         for v in state.vessels))
    game._states[0] = lay_decks(state)
    return game


def sheet_text(app: AhoyApp) -> str:
    return str(app.screen.query_one("#deck-sheet").content)


@pytest.fixture(autouse=True)
def _saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path / "saves"))


def session(tmp_path: Path, game: Game) -> LocalSession:
    return LocalSession(game, path=tmp_path / "acks.json", seats=("p1", "p2"))


def on_the_pride_count(game: Game, fighting: bool) -> Game:
    """The Pride's deck crew on their count; with ``fighting``, a corsair of the Gull's
    already on her deck, so the fight on deck is offered."""
    state = game.state
    # room on both decks: the Gull's men after her first ten and the Pride's marines after
    # her first twenty are gone (down)
    gull = [f.id for f in state.figures if f.crew_of == "gull"][10:]
    pride = [f.id for f in state.figures if f.crew_of == "pride" and f.role == "marine"][20:]
    figures = tuple(f for f in state.figures if f.id not in {*gull, *pride})
    if fighting:
        from ahoy_tui.rules.acks.deck import deck_size

        length, width = deck_size(state.vessel("pride"))
        corsair = next(f for f in figures if f.crew_of == "gull" and f.role == "marine")
        taken = {(f.x, f.y) for f in figures if f.on == "pride" and f.where == "deck"}
        spot = next((x, y) for x in range(length) for y in range(width)
                    if (x, y) not in taken)
        figures = tuple(replace(f, on="pride", x=spot[0], y=spot[1]) if f.id == corsair.id
                        else f for f in figures)
    actor = Actor("pride:crew", "pride", "p1", "crew", 3, 3)
    game._states[0] = replace(state, phase=Phase.COUNTS, count=3, actors=(actor,),
                              to_act="p1", figures=figures)
    return game


async def test_brackets_select_the_men_on_the_decks_from_the_keyboard(tmp_path: Path) -> None:
    app = AhoyApp(session=session(tmp_path, boarding()))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, AcksScreen)
        await pilot.press("d")
        await pilot.pause()
        scene = screen.query_one(DeckMap).scene
        men = [f.id for f in scene.figures]
        first = screen.figure
        await pilot.press("right_square_bracket")
        await pilot.pause()
        second = screen.figure
        assert second == men[(men.index(first) + 1) % len(men)]
        assert [f.id for f in screen.query_one(DeckMap).scene.figures if f.selected] == [second]
        name = screen.session.state.figure(second).name
        assert sheet_text(app).startswith(name)
        await pilot.press("left_square_bracket")
        await pilot.pause()
        assert screen.figure == first


async def test_how_many_board_is_a_value_to_choose(tmp_path: Path) -> None:
    game = on_the_pride_count(boarding(), fighting=False)
    app = AhoyApp(session=session(tmp_path, game))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        labels = [label for label, _ in screen.choices()]
        assert any("jumping across, the whole party" in label for label in labels)
        assert any("jumping across, 1-" in label and "of the party" in label
                   for label in labels)
        ranged = next(row for label, row in screen.choices()
                      if "jumping across, 1-" in label)
        assert isinstance(ranged.template, Board) and ranged.field == "men"


async def test_f_with_something_to_decide_does_nothing(tmp_path: Path) -> None:
    game = on_the_pride_count(boarding(), fighting=True)
    app = AhoyApp(session=session(tmp_path, game))
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, AcksScreen)
        state = screen.session.state
        assert Fight("p1", "pride") in screen.session.legal_actions()
        # the Pride's crew may also volley or board: a decision, so f does nothing
        assert screen.session.ruleset.fight_on(state) is None
        await pilot.press("f")
        await pilot.pause()
        assert not screen.fighting_on and screen.session.state is state
        assert any("Something to decide" in n.message for n in app._notifications)


def only_the_fight(game: Game) -> Game:
    """Two of the Pride's marines and her captain on her deck, no bow or gear, the Gull drawn
    off: on her count the fight on deck is all there is to do."""
    from ahoy_tui.engine.hexgrid import Body, facing_named
    from ahoy_tui.ui.widgets.hex_map import axial

    state = game.state
    # the Gull drawn off out of reach (no jump, no line), her corsair left on the Pride
    away = Body(axial(3, 3), facing_named("N"), 1)
    bare = replace(state, vessels=tuple(
        replace(v, missile="", gear=()) if v.id == "pride"
        else replace(v, body=away) if v.id == "gull" else v for v in state.vessels))
    keep = [f for f in bare.figures if not (f.crew_of == "pride" and f.role != "captain")
            or f.id in {"pride:m1", "pride:m2"}]
    game._states[0] = replace(bare, figures=tuple(keep))
    return game


async def test_f_plays_the_fight_on_until_something_is_to_decide(tmp_path: Path) -> None:
    game = only_the_fight(on_the_pride_count(boarding(), fighting=True))
    app = AhoyApp(session=session(tmp_path, game))
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, AcksScreen)
        assert isinstance(screen.session.ruleset.fight_on(screen.session.state), Fight)
        await pilot.press("f")
        for _ in range(60):
            await pilot.pause(0.05)
            if not screen.fighting_on:
                break
        assert not screen.fighting_on
        assert any("Fight on: the fight plays on" in n.message for n in app._notifications)
        assert screen.session.step >= 1                     # the fight was fought
        after = screen.session.state
        # it stopped at a decision (or the end), never past one
        assert after.over or screen.session.ruleset.fight_on(after) is None \
            or not screen.session.may_act()
