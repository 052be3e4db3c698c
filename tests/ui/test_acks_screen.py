"""ACKS II sea combat on the battle screen, played by keys as a captain would: the hex
battlemap, the vessel sheets, the initiative track, a declaration and a step; the replay viewer
and the new-game preview on hexes; at 80×24 and larger."""

from __future__ import annotations

import html
import random
import re
from pathlib import Path

import pytest
from textual.widgets import Select

from ahoy_tui.engine import Game
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.hexgrid import facing_named, neighbour
from ahoy_tui.rules.acks import view
from ahoy_tui.rules.acks.actions import Step
from ahoy_tui.rules.acks.model import Declared, Grapple
from ahoy_tui.rules.acks.scenario import BUILTIN
from ahoy_tui.session import LocalSession
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.screens.acks import AcksScreen
from ahoy_tui.ui.screens.new_game import NewGameScreen
from ahoy_tui.ui.screens.replay import ReplayScreen
from ahoy_tui.ui.screens.take_over import TakeOverScreen
from ahoy_tui.ui.widgets.choices import ChoiceList, ValuePicker
from ahoy_tui.ui.widgets.hex_map import ARROWS, HexMap
from ahoy_tui.ui.widgets.initiative_track import InitiativeTrack
from ahoy_tui.ui.widgets.sea_map import SeaMap
from ahoy_tui.ui.widgets.vessel_sheets import VesselSheets

SMALL = (80, 24)
LARGE = (120, 40)
SCENARIOS = BUILTIN          # every built-in battle, the decks of part 2 among them


@pytest.fixture(autouse=True)
def _saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path / "saves"))


def screen_text(app: AhoyApp) -> str:
    text = re.sub(r"<[^>]+>", "", app.export_screenshot())
    return html.unescape(text).replace("\xa0", " ")


def session(tmp_path: Path, scenario: str = "quinquereme", game: Game | None = None,
            seed: int = 1) -> LocalSession:
    game = game or Game.new("acks", scenario, seed=seed)
    return LocalSession(game, path=tmp_path / "acks.json", seats=("p1", "p2"))


def sheet_text(app: AhoyApp, vessel: str) -> str:
    return str(app.screen.query_one(f"#card-{vessel}").content)


def track_text(app: AhoyApp) -> str:
    return str(app.screen.query_one(InitiativeTrack).content)


# --- the screen opens ----------------------------------------------------------------------------

@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "120x40"])
@pytest.mark.parametrize("scenario", SCENARIOS)
async def test_the_screen_opens_for_each_scenario(tmp_path: Path, scenario: str,
                                                  size: tuple[int, int]) -> None:
    app = AhoyApp(session=session(tmp_path, scenario))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, AcksScreen)
        state = screen.session.state
        hexmap = screen.query_one(HexMap)
        # the room decides; at 80x24 the whole zoom (a row a line) where the vessel to
        # declare and her foe do not fit at the far (the Boarding Bridge's merchantman)
        # (when they fit in neither, the far: the room's)
        followed = hexmap._followed
        small = next((z for z in ("far", "whole") if hexmap.fits(followed, z)), "far")
        assert hexmap.zoom == (small if size == SMALL else "near")
        if size == SMALL and hexmap.fits(followed, small):
            assert all(hexmap.in_view(h, margin=0) for h in followed), followed
        lines = hexmap.text_lines()
        for vessel in state.vessels:  # each at her bow: her facing, a monster its waves
            x, y = hexmap.cell_of(vessel.body.bow)
            assert lines[y][x] == ("≈" if vessel.creature else ARROWS[vessel.body.facing])
        sheets = screen.query_one(VesselSheets)
        assert list(sheets._cards) == [v.id for v in state.vessels]
        assert screen.selected == state.vessels[0].id  # the first to declare
        text = screen_text(app)
        assert f"Round 1, declarations: {state.side_name('p1')}" in text
        assert "to declare" in text  # the track, before the dice
        status = str(screen.query_one("#status").content)
        assert f"round 1/{state.round_limit}" in status and "turn" not in status
        assert screen.query_one(ChoiceList).option_count >= 1
        assert screen.query_one("#choices").size.height >= 1
        assert hexmap.size.width >= 30 and hexmap.size.height >= 10


# --- the vessel sheets ---------------------------------------------------------------------------

async def test_the_vessel_sheet_shows_her_figures(tmp_path: Path) -> None:
    """A quinquereme at half her shp with half her rowers, winded, her ballista loading, her
    grapple in the Gull: every figure as the tables make it (worked by hand below)."""
    game = Game.new("acks", "quinquereme", seed=1)
    pride = game.state.vessel("pride")
    pride = replace(pride, shp=60, rowers=150, marines=70, winded=True, rested=2,
                    declared=Declared("oar", 90, steer_full=True),
                    pieces=(replace(pride.pieces[0], reload=1), *pride.pieces[1:]))
    state = replace(game.state, vessels=(pride, *game.state.vessels[1:]),
                    grapples=(Grapple("pride", "gull"),))
    game._states[0] = state  # a position set out for the sheet: not played
    app = AhoyApp(session=session(tmp_path, game=game))
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        app.screen.selected = "pride"
        app.screen.refresh_all()
        await pilot.pause()
        text = sheet_text(app, "pride")
        assert "Pride of Aura" in text and "Phaedra" in text
        assert "60/120" in text                         # shp track
        assert "Galley, 5-Rower · 3 hexes" in text
        assert "AC 2 · ram 11d6" in text
        # winded: no faster than cruise (240') × the worse of hull (60/120) and rowers
        # (150/300) = 120'; backwater a third of cruise, 80' × 1/2 = 40', to the nearest 30'
        # = 30'; sail: facing into the north wind, 0 of her 150'
        assert "max oar 120' of 240' · back 30'" in text
        assert "max sail 0' of 150'" in text
        assert "winded, rested 2/10" in text
        assert "sailors 20/20 · rowers 150/300" in text
        assert "marines 70/75, composite bows" in text
        assert "bow   heavy ballista loading 1" in text
        assert "60° ahead · 2/5/8 hex · reload 1" in text
        assert "port  medium catapult ready" in text
        assert "120° port · 2/5/7 hex · reload 2" in text
        assert "stbd  medium catapult ready" in text
        assert "line: hers to Gull" in text
        assert "✓ oar 90', steering all round" in text
        assert "captain Phaedra, level 6, master mariner" in text
        gull = sheet_text(app, "gull")  # not selected: three lines
        assert "25/25" in gull and "facing S, running" in gull
        assert "oar 120' last round" in gull  # nothing declared yet
        assert "grappled (1)" in gull and "captain" not in gull


async def test_a_monster_sheet(tmp_path: Path) -> None:
    game = Game.new("acks", "sea_serpent", seed=1)
    vessels = tuple(replace(v, shp=30, submerged=True) if v.creature else v
                    for v in game.state.vessels)
    game._states[0] = replace(game.state, vessels=vessels)
    app = AhoyApp(session=session(tmp_path, game=game))
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        app.screen.selected = "serpent"
        app.screen.refresh_all()
        await pilot.pause()
        text = sheet_text(app, "serpent")
        assert "hp" in text and "30/60" in text
        # AC 5; it swims three times its running 90' in the open sea
        assert "AC 5 · swims up to 270'\n  submerged" in text
        assert "bite 3d10, +8 to hit" in text


# --- playing by keys -----------------------------------------------------------------------------

def current_count_line(app: AhoyApp) -> str:
    return next(line for line in track_text(app).splitlines() if line.startswith("▶"))


def acting(line: str) -> dict[str, dict[str, bool]]:
    """A count's line of the track read back: each vessel's label, what of hers acts on the
    count and whether it has (``▶ 3 PO moves, port catapult ✓ · Gu bow ballista ✓``)."""
    groups = line.split(" ", 2)[2].split(" · ")
    out: dict[str, dict[str, bool]] = {}
    for group in groups:
        label, _, rest = group.partition(" ")
        out[label] = {item.removesuffix(" ✓"): item.endswith(" ✓")
                      for item in rest.split(", ")}
    return out


async def declare_both(pilot, app: AhoyApp) -> None:
    """Phaedra: the first row (oar, steering all round), one step up from the speed the picker
    starts at; the Corsairs hold their course (the last row)."""
    screen = app.screen
    await pilot.press("1")
    picker = screen.query_one(ValuePicker)
    assert picker.display and picker.value == 120  # her speed last round
    await pilot.press("right")
    assert picker.value == 150
    await pilot.press("enter")
    await pilot.pause()
    await pilot.press("end", "enter")
    await pilot.pause()


async def test_a_declaration_and_a_step_by_keys(tmp_path: Path) -> None:
    app = AhoyApp(session=session(tmp_path, seed=1))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        state = screen.session.state
        bow = state.vessel("pride").body.bow
        await pilot.press("1")
        await pilot.pause()
        # 120': two hexes straight on, marked on the map; 150' adds a half hex (a 4+)
        reach = [m for m in screen.query_one(HexMap).scene.marks if m.kind == "reach"]
        north = facing_named("N")
        assert [m.hex for m in reach] == [neighbour(bow, north),
                                          neighbour(neighbour(bow, north), north)]
        picked = str(screen.query_one(ValuePicker).content)
        assert "Pride of Aura: under oar at 120', captain steering all round → 2 hexes" in picked
        assert "(0-240 by 30)" in picked  # her sprint, in 30' steps
        await pilot.press("right")
        assert "→ 2 hexes, 3 on a 4+" in str(screen.query_one(ValuePicker).content)
        assert [m.char for m in screen.query_one(HexMap).scene.marks
                if m.kind == "reach"] == ["•", "•", "?"]
        await pilot.press("enter")
        await pilot.pause()
        assert screen.session.state.vessel("pride").declared == Declared("oar", 150, True)
        assert screen.session.state.to_act == "p2"
        await pilot.press("end", "enter")  # the Corsairs: hold course
        await pilot.pause()
        state = screen.session.state
        assert state.phase.value == "counts" and state.to_act == "p1"
        # her count (seed 1): the hexes her next step may take are marked on the map
        steps = {m.hex: m.char for m in screen.query_one(HexMap).scene.marks
                 if m.kind == "step"}
        assert steps[neighbour(bow, north)] == "↑"
        assert steps[neighbour(bow, facing_named("NW"))] == "↖"
        assert steps[neighbour(bow, facing_named("NE"))] == "↗"
        assert "Pride of Aura: ahead" in screen_text(app)
        await pilot.press("1")  # ahead
        await pilot.pause()
        after = screen.session.state
        assert isinstance(screen.session.game.action_at(screen.session.step), Step)
        assert after.vessel("pride").body.bow == neighbour(bow, north)
        assert after.vessel("pride").moved == 1


async def test_the_initiative_track_names_who_acts_on_the_count(tmp_path: Path) -> None:
    app = AhoyApp(session=session(tmp_path, seed=1))
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        assert "PO … to declare" in track_text(app)
        await declare_both(pilot, app)
        assert "PO ✓ oar 150', steering all round" not in track_text(app)  # the dice rolled
        state = app.screen.session.state
        labels = view.labels(state)
        line = current_count_line(app)
        assert line.startswith(f"▶{state.count:>2} ")
        on_count = [a for a in state.actors if a.total == state.count]
        assert on_count
        expected: dict[str, dict[str, bool]] = {}
        for actor in on_count:
            vessel = state.vessel(actor.vessel)
            if actor.role == "captain":
                words = "moves"
            elif actor.role == "crew":
                words = "deck crew"
            else:
                piece = next(p for p in vessel.pieces if p.id == actor.piece)
                mount = {"starboard": "stbd"}.get(piece.mount, piece.mount)
                words = f"{mount} {piece.kind.split('_')[-1]}"
            expected.setdefault(labels[actor.vessel], {})[words] = actor.done
        assert acting(line) == expected
        others = {a.id for a in state.actors if a.total != state.count}
        assert others  # on the lower counts, each on its own line
        assert acting(line)["PO"]["moves"] is False
        await pilot.press("1")  # the Pride's first hex: her move not yet done
        await pilot.pause()
        assert acting(current_count_line(app))["PO"]["moves"] is False


async def test_at_80_by_24_the_track_shows_every_count_to_come(tmp_path: Path) -> None:
    app = AhoyApp(session=session(tmp_path, seed=10))  # seed 10: thirteen actors, 7 counts
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await declare_both(pilot, app)
        state = app.screen.session.state
        track = app.screen.query_one(InitiativeTrack)
        assert track.compact
        text = track_text(app)
        wrapped = track.content.wrap(app.console, track.content_size.width)
        assert len(wrapped) <= track.content_size.height  # nothing cut off
        labels = view.labels(state)
        now = acting(text.splitlines()[1])  # on the count being played: who and what
        assert now == {labels[a.vessel]: {view.who_acts(state, b): b.done for b in state.actors
                                          if b.total == state.count and b.vessel == a.vessel}
                       for a in state.actors if a.total == state.count}
        later = sorted({a.total for a in state.actors if a.total < state.count},
                       reverse=True)
        assert len(later) >= 4
        then = " ".join(text.splitlines()[2:])  # the counts to come: whose vessels act
        assert then.startswith(f"  then {later[0]} ")
        shown = {int(part.split()[0]): set(part.split()[1:])
                 for part in then.removeprefix("  then ").split(" │ ")}
        assert shown == {count: {labels[a.vessel] for a in state.actors if a.total == count}
                         for count in later}


async def test_the_screen_keys_select_centre_zoom_undo_save_and_open_the_rules(
        tmp_path: Path) -> None:
    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        screen = app.screen
        hexmap = screen.query_one(HexMap)
        assert screen.selected == "pride"
        await pilot.press("right_square_bracket")  # the next vessel: her sheet, the map on her
        await pilot.pause()
        assert screen.selected == "gull"
        assert screen.query_one("#card-gull").has_class("-selected")
        assert [v.ship for v in hexmap.scene.vessels if v.selected] == ["gull"]
        assert hexmap.in_view(screen.session.state.vessel("gull").body.bow)
        await pilot.press("left_square_bracket", "left_square_bracket")
        assert screen.selected == "shrike"
        hexmap.scroll_to(0, hexmap.max_scroll_y, animate=False)  # the far corner
        await pilot.pause()
        shrike = screen.session.state.vessel("shrike").body.bow
        assert not hexmap.in_view(shrike)
        await pilot.press("c")
        await pilot.pause()
        assert hexmap.in_view(shrike)
        await pilot.press("minus")  # the map zooms whatever has the focus
        assert hexmap.zoom == "far"
        await pilot.press("plus")
        assert hexmap.zoom == "near"
        await pilot.press("1", "enter")  # a declaration, then taken back
        await pilot.pause()
        assert screen.session.step == 1
        await pilot.press("u")
        await pilot.pause()
        assert screen.session.step == 0 and screen.session.state.vessel("pride").declared is None
        await pilot.press("s")
        await pilot.pause()
        assert screen.session.path.exists()
        await pilot.press("question_mark")
        await pilot.pause()
        rules = app.screen
        assert type(rules).__name__ == "RulesScreen"
        assert rules.topics[rules.opened].title == "Declarations"


# --- the replay viewer and the new game ----------------------------------------------------------

def played(seed: int = 4, actions: int = 60) -> Game:
    game = Game.new("acks", "quinquereme", seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        options = game.legal_actions().fixed
        if not options:
            break
        game.play(rng.choice(options))
    return game


async def test_the_replay_viewer_steps_an_acks_battle_on_the_hex_map(tmp_path: Path) -> None:
    game = played()
    path = game.save(tmp_path / "acks-battle.json")
    first = next(s for s in range(1, game.last_step + 1)
                 if isinstance(game.action_at(s), Step))
    vid = game.action_at(first).vessel
    app = AhoyApp(replay=path)
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        hexmap = screen.query_one(HexMap)
        assert not screen.query(SeaMap)
        assert hexmap.scene == view.hex_scene(game.state_at(0), screen.selected)
        for _ in range(first - 1):
            await pilot.press("right")
        before = game.state_at(first - 1).vessel(vid).body
        shown = next(v for v in hexmap.scene.vessels if v.ship == vid)
        assert shown.hexes == before.hexes
        await pilot.press("right")  # her step: the map shows her where she went
        after = game.state_at(first).vessel(vid).body
        shown = next(v for v in hexmap.scene.vessels if v.ship == vid)
        assert screen.step == first and shown.hexes == after.hexes != before.hexes
        assert "counts" in str(screen.query_one("#status").content)
        await pilot.press("pagedown")  # the next round's first step
        assert game.state_at(screen.step).round == game.state_at(first).round + 1
        assert game.state_at(screen.step - 1).round == game.state_at(first).round
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, TakeOverScreen)


async def test_the_new_game_preview_draws_hexes_for_acks(tmp_path: Path) -> None:
    app = AhoyApp()
    async with app.run_test(size=LARGE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        choose = form.query_one("#ruleset", Select)
        choose.value = "ahoy"
        await pilot.pause()
        assert form.query_one(SeaMap).display
        choose.value = "acks"
        await pilot.pause()
        hexmap = form.query_one(HexMap)
        assert hexmap.display and not form.query_one(SeaMap).display
        assert hexmap.zoom == "far"  # the whole battlemap at a glance
        state = Game.new("acks", form.scenario, seed=1).state
        assert hexmap.scene == view.hex_scene(state)


async def test_a_quick_one_and_enter_typed_together_declare_at_the_suggested_speed(
        tmp_path: Path) -> None:
    """Keys typed faster than the screen draws (or pasted over SSH): the Enter typed at once
    after "1" confirms the picker "1" opened, and is not lost on the list behind it."""
    from textual import events

    app = AhoyApp(session=session(tmp_path, seed=1))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        for key, char in (("1", "1"), ("enter", "\r")):      # no pause between them
            app.post_message(events.Key(key, char))
        for _ in range(40):                # a busy machine: let the keys be handled
            await pilot.pause()
            if screen.session.state.vessel("pride").declared is not None:
                break
        assert screen.session.state.vessel("pride").declared == Declared("oar", 120, True)
        assert not screen.query_one(ValuePicker).display


# --- the odds line at 80x24 ------------------------------------------------------------------

ALONGSIDE = Path(__file__).parent / "data" / "acks_boarding_bridge_alongside.json"


@pytest.mark.parametrize("learning", [False, True], ids=["battle", "learn"])
async def test_with_five_choices_and_a_two_line_prompt_the_odds_line_stays_on_the_screen(
        tmp_path: Path, learning: bool) -> None:
    """The Boarding Bridge, round 3, count 1 (played to by the easy captains, seed 0): the
    Harpe alongside the Golden Fleece, her deck crew's six choices (board, lower the bridge,
    shoot, grapple, hold, board jumping across) under a two-line prompt. Whichever is
    highlighted, its odds line is on the screen, under the list and above the keys."""
    import shutil

    from ahoy_tui.ui.widgets.odds_line import OddsLine, side_view

    path = tmp_path / "alongside.json"
    shutil.copy(ALONGSIDE, path)
    loaded = LocalSession.load(path)
    game = LocalSession(loaded.game, path=path, seats=("p1", "p2"), learning=learning)
    app = AhoyApp(session=game)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        rules, state = screen.session.ruleset, screen.session.state
        prompt = screen.query_one("#prompt")
        assert len(rules.prompt(state)) > SMALL[0] - 2   # two lines at 80 columns
        choices = screen.query_one(ChoiceList)
        rows = choices._choices
        assert len(rows) >= 5
        view_ = side_view(rules, state, state.to_act)
        line = screen.query_one(OddsLine)
        footer_y = SMALL[1] - 1
        shown = 0
        choices.focus()
        await pilot.press("home")
        for index in range(len(rows)):
            if index:
                await pilot.press("down")
            await pilot.pause()
            assert choices.highlighted == index
            target, _ = screen._odds_target()
            odds = rules.odds(view_, target) if target is not None else None
            if odds is None:
                continue
            shown += 1
            assert line.display and line.odds == odds, index
            assert choices.region.bottom <= line.region.y < footer_y, (index, line.region)
            assert prompt.region.bottom <= choices.region.y
            # what the screen shows at its row is the odds line, reading the odds
            assert screen.get_widget_at(line.region.x + 2, line.region.y)[0] is line, index
            assert ("Odds " + odds.summary)[:24] in str(line.render()), index
        assert shown >= 4
