"""Ranges and arcs on the battle screens, played by keys: ACKS II's tape measure on the hex
battlemap (``t``, ``o``, the arrows; hexes and feet, the pieces that reach, their band and arc),
and the line every enemy card or sheet carries while a ship of yours is selected (how far she
is, which weapons reach her, in which band and arc), in several rule systems."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from ahoy_tui.engine import Game
from ahoy_tui.engine.hexgrid import distance
from ahoy_tui.session import LocalSession
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.widgets.hex_map import HexMap
from ahoy_tui.ui.widgets.ship_roster import ShipRoster

LARGE = (120, 40)


@pytest.fixture(autouse=True)
def _saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path / "saves"))


def session(tmp_path: Path, ruleset: str, scenario: str, seed: int = 1) -> LocalSession:
    return LocalSession(Game.new(ruleset, scenario, seed=seed), path=tmp_path / "b.json",
                        seats=("p1", "p2"))


def card_text(app: AhoyApp, ship: str) -> str:
    return str(app.screen.query_one(f"#card-{ship}").content)


async def test_acks_tape_counts_hexes_and_feet_and_names_the_pieces_that_reach(
        tmp_path: Path) -> None:
    app = AhoyApp(session=session(tmp_path, "acks", "quinquereme"))
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.selected = "pride"
        screen.refresh_all()
        await pilot.press("t")
        await pilot.pause()
        hexmap = screen.query_one(HexMap)
        assert screen.tape_on and hexmap.measuring
        pride = screen.session.state.vessel("pride")
        assert hexmap.cursor == pride.hexes[0]          # the tape starts at her bow
        for _ in range(3):
            await pilot.press("up")                     # three hexes on, a hex a press
        await pilot.pause()
        assert distance(hexmap.cursor, pride.hexes[0]) == 3
        tape = str(screen.query_one("#tape", Static).content)
        assert "3 hexes (180')" in tape and "Pride of Aura" in tape
        assert "heavy ballista (bow)" in tape           # the bow piece reaches ahead
        assert "composite bows" in tape                 # and her marines' band
        tapes = [line for line in hexmap.scene.lines if line.kind == "tape"]
        assert [(t.a, t.b) for t in tapes] == [(pride.hexes[0], hexmap.cursor)]  # drawn
        await pilot.press("o")                          # from her first piece
        await pilot.pause()
        tape = str(screen.query_one("#tape", Static).content)
        assert "heavy ballista (bow)" in tape and "medium" in tape   # 3 hexes: 2/5/8
        await pilot.press("t")
        await pilot.pause()
        assert not screen.tape_on and hexmap.cursor is None


async def test_acks_enemy_sheets_say_how_far_and_what_reaches_them(tmp_path: Path) -> None:
    app = AhoyApp(session=session(tmp_path, "acks", "quinquereme"))
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.selected = "pride"
        screen.refresh_all()
        await pilot.pause()
        state = screen.session.state
        gap = min(distance(a, b) for a in state.vessel("pride").hexes
                  for b in state.vessel("gull").hexes)
        assert f"{gap} hexes ({gap * 60}') from Pride of Aura" in card_text(app, "gull")
        assert "from Pride of Aura" not in card_text(app, "pride")   # not on her own


async def test_ahoy_enemy_cards_say_how_far_and_whether_a_gun_bears(tmp_path: Path) -> None:
    app = AhoyApp(session=session(tmp_path, "ahoy", "duel"))
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.selected = "harpy"
        screen.refresh_all()
        await pilot.pause()
        text = card_text(app, "revenge")
        # from the selected ship (the Harpy), short enough for a card at 80 columns
        assert '" off · no gun bears' in text
        assert '" off ·' not in card_text(app, "harpy")  # not on her own
        screen.selected = "revenge"                      # the other way about
        screen.refresh_all()
        await pilot.pause()
        assert '" off · ' in card_text(app, "harpy")
        assert '" off ·' not in card_text(app, "revenge")


async def test_naval_battle_roster_says_how_far_the_enemy_is(tmp_path: Path) -> None:
    game = Game.new("naval-battle", seed=1)
    app = AhoyApp(session=LocalSession(game, path=tmp_path / "n.json", seats=("p1", "p2")))
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        roster = str(app.screen.query_one(ShipRoster).content)
        assert '" from the Eagle of Lothern' in roster


def tape_text(app: AhoyApp) -> str:
    return str(app.screen.query_one("#tape", Static).content)


async def test_naval_battle_tape_from_her_centre_and_from_a_gun(tmp_path: Path) -> None:
    """Naval Battle Rules' sheets screen: t lays the tape from the selected ship, in inches
    centre to centre; o from each of her guns in turn, saying its arc and range."""
    from ahoy_tui.ui.widgets.sea_map import SeaMap

    app = AhoyApp(session=session(tmp_path, "naval-battle", "duel"))
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        screen = app.screen
        ship = screen.session.state.ship(screen.selected)
        await pilot.press("t")
        await pilot.pause()
        sea = screen.query_one(SeaMap)
        assert screen.tape_on and sea.measuring and sea.cursor == (ship.x, ship.y)
        for _ in range(5):
            await pilot.press("right")
        await pilot.pause()
        inches = sea.cursor[0] - ship.x
        assert inches > 0
        assert f'{inches:.1f}" centre to centre to here' in tape_text(app)
        await pilot.press("o")                       # from her first gun
        await pilot.pause()
        text = tape_text(app)
        assert f"from {ship.name}'s " in text and "arc" in text and "range" in text
        await pilot.press("t")
        await pilot.pause()
        assert not screen.tape_on and sea.cursor is None


async def test_naval_battle_tape_on_an_enemy_names_the_guns_that_bear_and_their_band(
        tmp_path: Path) -> None:
    """The tape laid by the arrows from the Eagle of Lothern onto the Grudgebearer, 10" off her
    starboard beam: it names her starboard bolt thrower in range (not her bow's or port's, out
    of their 45° arcs) and her Elf snipers' band (4+ within 18"), the ruleset's own words."""
    import sys

    from ahoy_tui.ui.widgets.sea_map import SeaMap

    sys.path.insert(0, str(Path(__file__).parent))
    from test_naval_battle_ui import close_quarters

    game = Game.new("naval-battle", scenario_data=close_quarters(), seed=1)
    app = AhoyApp(session=LocalSession(game, path=tmp_path / "n.json", seats=("p1", "p2")))
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        screen = app.screen
        state = screen.session.state
        eagle = next(s for s in state.ships if s.name == "Eagle of Lothern")
        enemy = next(s for s in state.ships if s.side != eagle.side)
        screen.selected = eagle.id
        await pilot.press("t")
        await pilot.pause()
        sea = screen.query_one(SeaMap)
        while sea.cursor[0] < enemy.x - 0.5:      # across to her, a cell a press
            await pilot.press("right")
        await pilot.pause()
        tape = tape_text(app)
        expected = screen.session.ruleset.measure(state, eagle.id, None, sea.cursor)
        assert expected.target == enemy.id and expected.words in tape
        assert f'10.0" centre to centre to the {enemy.name}' in tape
        assert 'bear: Bolt Thrower (starboard) in range, snipers 4+ (0-18")' in tape
        assert "(bow)" not in tape and "(port)" not in tape
        lines = [line for line in sea._scene.lines if line.kind == "tape"]
        assert len(lines) == 1 and abs(lines[0].length - 10.0) < 1e-6   # drawn centre to centre
        await pilot.press("o", "o", "o")           # her third gun: the starboard bolt thrower
        await pilot.pause()
        tape = tape_text(app)
        assert "from Eagle of Lothern's Bolt Thrower (starboard)" in tape
        assert "in its arc · in range" in tape


async def test_ramming_speed_tape_from_her_centre_and_her_bow(tmp_path: Path) -> None:
    """Ramming Speed!: t from the selected galley to the cursor, her own shooters that reach
    named in the tape; o from the tip of her ram."""
    from ahoy_tui.ui.widgets.sea_map import SeaMap

    app = AhoyApp(session=session(tmp_path, "ramming-speed", "corvus"))
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        screen = app.screen
        ship = screen.session.state.ship(screen.selected)
        await pilot.press("t")
        await pilot.pause()
        sea = screen.query_one(SeaMap)
        assert screen.tape_on and sea.measuring
        for _ in range(5):
            await pilot.press("right")
        await pilot.pause()
        text = tape_text(app)
        assert f"from {ship.name}: " in text and '" to here · bearing' in text
        assert "archers short (5+)" in text                 # her tower's archers, close by
        await pilot.press("o")
        await pilot.pause()
        assert f"from {ship.name}'s bow: " in tape_text(app)
        await pilot.press("t")
        await pilot.pause()
        assert not screen.tape_on


@pytest.mark.parametrize(("ruleset", "scenario", "words"), [
    ("man-o-war", "empire_bretonnia", '" from the '),
    ("ramming-speed", "corvus", '" from ')])
async def test_the_enemy_cards_say_how_far_from_the_selected_ship(
        tmp_path: Path, ruleset: str, scenario: str, words: str) -> None:
    """Man O' War's template cards and Ramming Speed!'s log sheets: while a ship is selected,
    each enemy card carries the line of how far she is and what of hers reaches; her own and
    her friends' carry none."""
    app = AhoyApp(session=session(tmp_path, ruleset, scenario))
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        screen = app.screen
        state = screen.session.state
        mine = state.ship(screen.selected)
        lines = screen.session.ruleset.bearings(state, mine.id)
        assert lines
        for other in state.ships:
            text = card_text(app, other.id)
            if other.id in lines:
                assert f"{words}{mine.name}" in text and lines[other.id] in text, text
            else:
                assert f"{words}{mine.name}" not in text


TAPE_FROM = [("ahoy", "duel", "a gun"), ("naval-battle", "duel", "a gun"),
             ("ramming-speed", "corvus", "her bow"),
             ("man-o-war", "empire_bretonnia", "her fore, a side or aft"),
             ("acks", "quinquereme", "an artillery piece")]


def first_with_origins(screen: object) -> str:
    """A ship of the battle whose tape may be laid from more than one place."""
    session = screen.session  # type: ignore[attr-defined]
    state = session.state
    ships = getattr(state, "vessels", None) or state.ships
    return next(s.id for s in ships
                if len(session.ruleset.tape_origins(state, s.id)) > 1)


@pytest.mark.parametrize(("ruleset", "scenario", "words"), TAPE_FROM)
async def test_the_tapes_o_is_named_in_the_rules_words(
        tmp_path: Path, ruleset: str, scenario: str, words: str) -> None:
    """In every rule system the tape's hint says what o lays it from, and F1 names the key so:
    Ahoy!'s and Naval Battle's guns, Ramming Speed!'s bow, Man O' War's front and sides, ACKS
    II's artillery pieces; the ruleset's ``tape_from`` says it, no test of its id."""
    from ahoy_tui.ui.screens.battle_basics import tape_from
    from ahoy_tui.ui.screens.keys import KeysScreen

    app = AhoyApp(session=session(tmp_path, ruleset, scenario))
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert tape_from(screen.session.ruleset) == words   # Ahoy!'s by the default
        screen.selected = first_with_origins(screen)
        screen.refresh_all()
        await pilot.press("t")
        await pilot.pause()
        assert screen.tape_on
        assert f"o: from {words} · t or Esc: done" in tape_text(app)
        await pilot.press("t", "f1")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        rows = {what.split(":")[0]: key for key, what in app.screen.rows}
        assert rows[f"Tape from {words}"] == "o"
        assert ("Tape from a gun" in rows) == (words == "a gun")


async def test_the_tapes_words_come_from_the_ruleset_and_o_is_not_offered_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The words are the ruleset's hook, whatever the rules: given other words, the hint says
    them; a ship with nowhere else to lay the tape from has no o in the hint."""
    from ahoy_tui.engine import get_ruleset

    rules = get_ruleset("naval-battle")
    monkeypatch.setattr(type(rules), "tape_from", "a bucket of bilge", raising=False)
    app = AhoyApp(session=session(tmp_path, "naval-battle", "duel"))
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("t")
        await pilot.pause()
        assert "o: from a bucket of bilge" in tape_text(app)
        monkeypatch.setattr(type(rules), "tape_origins",
                            lambda self, state, ship: ((None, state.ship(ship).name),))
        screen.refresh_all()
        await pilot.pause()
        assert "o: from" not in tape_text(app) and "t or Esc: done" in tape_text(app)
