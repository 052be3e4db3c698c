"""Man O' War on the battle screen: the template cards (hit locations by band, boxes with
damage and Blaze markers, saves, crew, Below the Waterline), activations chosen by keys, and a
move previewed on the map; at 80×24 and larger."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest

from ahoy_tui.engine import Game
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.man_o_war.model import Marks
from ahoy_tui.session import LocalSession
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.widgets.sea_map import SeaMap
from ahoy_tui.ui.widgets.template_cards import TemplateCards


@pytest.fixture(autouse=True)
def _saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path / "saves"))


def screen_text(app: AhoyApp) -> str:
    text = re.sub(r"<[^>]+>", "", app.export_screenshot())
    return html.unescape(text).replace("\xa0", " ")


def session(tmp_path: Path, game: Game | None = None) -> LocalSession:
    game = game or Game.new("man-o-war", "empire_bretonnia", seed=3)
    return LocalSession(game, path=tmp_path / "mow.json")


@pytest.mark.parametrize("size", [(80, 24), (130, 44)])
async def test_the_template_card_of_the_selected_ship(tmp_path: Path, size: Any) -> None:
    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen.query_one("#cards"), TemplateCards)
        text = screen_text(app)
        assert "Sigmar's Hammer" in text and "Greatship" in text
        assert "BTW □□□□ 4+" in text and "crew ●●●●● 5/5" in text
        assert "Fore Mast" in text and "HI" in text  # the high band, its d6 number and boxes


async def test_damage_and_blaze_markers_show_in_their_boxes(tmp_path: Path) -> None:
    game = Game.new("man-o-war", "empire_bretonnia", seed=3)
    g = game.state.ship("greatship")
    marks = (Marks(1, 0), Marks(), Marks(), Marks(0, 1), *g.marks[4:])
    state = replace(game.state, ships=tuple(replace(s, marks=marks, btw=1)
                                            if s.id == "greatship" else s
                                            for s in game.state.ships))
    game._states[0] = state  # a position set out for the card: the state itself is not played
    app = AhoyApp(session=session(tmp_path, game))
    async with app.run_test(size=(130, 44)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "■□" in text  # the Fore Mast: one damage marker of two
        assert "▲□" in text  # the Forecastle: one box ablaze
        assert "BTW ■□□□" in text
        assert "2nd hit: speed -2" in text  # what the damaged location's card says


async def test_an_activation_and_a_move_by_keys(tmp_path: Path) -> None:
    from ahoy_tui.engine import get_ruleset

    data = dict(get_ruleset("man-o-war").load_scenario("empire_bretonnia").to_data())
    data["options"] = {**data["options"], "wind": "S",  # on the Greatship's beam
                       "mow_cards": False}  # no cards dealt: the same dice as before
    app = AhoyApp(session=session(tmp_path, Game.new("man-o-war", scenario_data=data, seed=3)))
    async with app.run_test(size=(130, 44)) as pilot:
        await pilot.pause()
        assert "activate a Man O' War" in screen_text(app)
        await pilot.press("1")  # Activate the Sigmar's Hammer
        await pilot.pause()
        assert "set her course" in screen_text(app)
        await pilot.press("1")  # under sail
        await pilot.pause()
        game = app.screen.session
        assert game.state.move is not None and game.state.move.allowance == 6
        ahead = re.search(r"(\d) Ahead 1-6", screen_text(app))
        assert ahead is not None
        await pilot.press(ahead.group(1))  # ahead: the value picker
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert game.state.ship("greatship").x == pytest.approx(11.5)


async def test_her_advance_heads_the_list_of_moves_at_80x24(tmp_path: Path) -> None:
    """Under oars a Wolfship has seven ways to turn and an end to her move besides her
    advance: Ahead is the first row, in sight at 80x24 (it was the eighth, below the turns),
    and the stop short the second."""
    game = Game.new("man-o-war", "empire_bretonnia", seed=1)
    assert game.state.to_act == "p1"  # the Empire won the initiative
    app = AhoyApp(session=session(tmp_path, game))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen.session
        text = screen_text(app)
        wolves = re.search(r"(\d) Activate the squadron of the Wolf of Nuln", text)
        assert wolves is not None, text
        await pilot.press(wolves.group(1))
        await pilot.pause()
        await pilot.press("1")  # the Wolf of Nuln acts
        await pilot.pause()
        oars = re.search(r"(\d) Under oars\n", screen_text(app) + "\n")
        assert oars is not None
        await pilot.press(oars.group(1))
        await pilot.pause()
        assert game.state.move is not None and game.state.move.means == "oars"
        text = screen_text(app)
        assert re.search(r"1 Ahead 1-5\"", text), text
        assert re.search(r"2 Ahead 1-4\" and end her move there", text), text
        assert "3 Turn to port" in text
        await pilot.press("1")  # ahead: the value picker
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert game.state.move is None or game.state.move.used > 0


async def test_the_tape_is_the_range_template_from_her_bow_sides_or_stern(
        tmp_path: Path) -> None:
    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=(130, 44)) as pilot:
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        text = screen_text(app)
        assert "range" in text  # the band (or "beyond long range") of the template's length
        await pilot.press("o")  # from her bow
        await pilot.pause()
        text = screen_text(app)
        assert "fore arc" in text


def _random_battle(seed: int, actions: int | None = None) -> tuple[Game, list[Any]]:
    """A battle of random legal choices: the game after ``actions`` of them (or at its end),
    and every action played."""
    import random

    game = Game.new("man-o-war", "dwarfs_orcs", seed=seed)
    chooser = random.Random(seed)
    played: list[Any] = []
    while not game.over and (actions is None or len(played) < actions):
        action = chooser.choice(list(game.legal_actions()))
        game.play(action)
        played.append(action)
    return game, played


async def test_the_replay_viewer_steps_a_battle_and_takes_over(tmp_path: Path) -> None:
    from ahoy_tui.engine import load_game
    from ahoy_tui.ui.screens.battle import BattleScreen
    from ahoy_tui.ui.screens.replay import ReplayScreen
    from ahoy_tui.ui.screens.take_over import TakeOverScreen

    game, _ = _random_battle(4, actions=60)
    path = game.save(tmp_path / "saves" / "mow-replay.json")
    original = path.read_bytes()
    app = AhoyApp(replay=path)
    async with app.run_test(size=(130, 44)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert isinstance(screen.query_one("#cards"), TemplateCards)
        step = 30
        for _ in range(step):
            await pilot.press("right")
        assert screen.step == step
        assert "BTW" in screen_text(app)
        expected = game.state_hash(step)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, TakeOverScreen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        battle = app.screen
        assert isinstance(battle, BattleScreen)
        assert battle.session.step == step and battle.session.game.state_hash() == expected
        taken = battle.session.path
    assert path.read_bytes() == original
    assert load_game(taken).state_hash() == expected


async def test_the_last_action_opens_the_game_over_summary(tmp_path: Path) -> None:
    from ahoy_tui.ui.screens.game_over import GameOverScreen

    whole, played = _random_battle(6)
    assert whole.over
    game = Game.new("man-o-war", "dwarfs_orcs", seed=6)
    for action in played[:-1]:
        game.play(action)
    app = AhoyApp(session=session(tmp_path, game))
    async with app.run_test(size=(130, 44)) as pilot:
        await pilot.pause()
        app.screen.play(played[-1])  # type: ignore[attr-defined]
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        text = screen_text(app)
        assert whole.state.result.split(":")[0] in text
        assert "Battle Honours" in text and "Karak Grimaz (Dreadnought)" in text
        battle = app.screen_stack[-2]
        await pilot.press("m")  # the map as the battle ended
        await pilot.pause()
        assert app.screen is battle and battle.query_one(SeaMap).display
        await pilot.press("v")  # and the summary again
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert "Karak Grimaz (Dreadnought)" in screen_text(app)


async def test_the_wizards_hand_is_shown_to_his_side_alone(tmp_path: Path) -> None:
    """Against a computer captain: the player's Wizard shows his cards on his ship's card; the
    enemy Wizard shows how many he holds, and neither his cards nor his draws reach the log."""
    from ahoy_tui.ai.captain import make_captain
    from ahoy_tui.rules.man_o_war.spellbook import spellbook
    from ahoy_tui.rules.man_o_war.view import cards
    from ahoy_tui.ui.widgets.dice_log import DiceLog
    from ahoy_tui.ui.widgets.template_cards import render_template_card

    game = Game.new("man-o-war", "sorcery", seed=4)
    mine, theirs = (w.hand for w in game.state.wizards)
    secret = [spellbook().spell(c).name for c in theirs if c not in mine]
    assert secret
    local = LocalSession(game, path=tmp_path / "mow.json",
                         captains={"p2": make_captain("normal", 1, 0.05)})
    app = AhoyApp(session=local)
    async with app.run_test(size=(130, 44)) as pilot:
        await pilot.pause()
        shown = {c.ship: c for c in cards(app.screen._shown())}
        own = render_template_card(shown["greatship"], expanded=True, selected=True).plain
        enemy = render_template_card(shown["galleon"], expanded=True, selected=True).plain
        assert "✦ Master Wizard" in own and spellbook().spell(mine[0]).name in own
        assert "1 Magic card" in enemy and "a card, face down" in enemy
        logged = " ".join(e.describe() for _, e in app.screen.query_one(DiceLog).entries)
        assert "Bretonnia's Wizard draws" not in logged
        assert "The Empire's Wizard draws" in logged
        for name in secret:
            assert name not in enemy and name not in logged
            assert name not in screen_text(app)


async def test_hot_seat_passes_the_terminal_before_a_hand_of_magic_cards(
        tmp_path: Path) -> None:
    """Two players at one terminal: the first to decide has it already; when the other side
    decides next and its Wizard's hand would show, a screen covering the battle asks for the
    terminal to be passed first, and Enter shows that side's hand, not the first's."""
    from ahoy_tui.rules.man_o_war.spellbook import spellbook
    from ahoy_tui.ui.screens.battle import BattleScreen
    from ahoy_tui.ui.screens.hand_over import HandOverScreen
    from ahoy_tui.ui.widgets.choices import ValuePicker

    game = Game.new("man-o-war", "sorcery", seed=7)
    assert game.state.to_act == "p1"
    theirs = game.state.wizard("p2").hand
    app = AhoyApp(session=session(tmp_path, game))
    async with app.run_test(size=(130, 44)) as pilot:
        await pilot.pause()
        battle = app.screen
        assert isinstance(battle, BattleScreen)  # no hand-over for the first
        for _ in range(12):
            if battle.session.state.to_act == "p2":
                break
            await pilot.press("1")
            await pilot.pause()
            if battle.query_one(ValuePicker).display:  # Ahead, the first of her moves
                await pilot.press("enter")
                await pilot.pause()
        assert battle.session.state.to_act == "p2"
        assert isinstance(app.screen, HandOverScreen)
        text = screen_text(app)
        assert "Pass the terminal to Bretonnia" in text and "Magic cards" in text
        assert all(spellbook().spell(c).name not in text for c in theirs)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is battle and battle._shown().wizard("p2").hand == \
            battle.session.state.wizard("p2").hand
        assert all(c == "" for c in battle._shown().wizard("p1").hand)


async def test_a_highlighted_turn_draws_the_turning_template_on_the_map(tmp_path: Path) -> None:
    """The cursor on a turn in the choices: the map draws her hull as the turn will leave it
    (a ghost) and the template's sweep, before anything is played; off it, they go."""
    from ahoy_tui.rules.man_o_war.actions import Activate, SetCourse, Turn
    from ahoy_tui.ui.widgets.choices import ChoiceList

    game = Game.new("man-o-war", "empire_bretonnia", seed=3)
    for _ in range(40):
        legal = game.legal_actions()
        if any(isinstance(a, Turn) for a in legal.fixed):
            break
        pick = next((a for a in legal.fixed if isinstance(a, (Activate, SetCourse))),
                    legal.fixed[0] if legal.fixed else None)
        game.play(pick)
    turn = next(a for a in game.legal_actions().fixed if isinstance(a, Turn))
    step = game.step
    app = AhoyApp(session=session(tmp_path, game))
    async with app.run_test(size=(130, 44)) as pilot:
        await pilot.pause()
        battle = app.screen
        choices = battle.query_one(ChoiceList)
        sea = battle.query_one(SeaMap)
        choices.highlighted = choices._choices.index(turn)
        await pilot.pause()
        assert battle.preview_action == turn and battle.session.step == step
        assert any(h.ghost for h in sea._scene.hulls)
        assert any(line.path for line in sea._scene.lines)
        choices.highlighted = len(choices._choices) - 1  # her move's end: nothing to draw
        await pilot.pause()
        assert not any(h.ghost for h in sea._scene.hulls)


async def test_the_magic_phase_at_80_by_24(tmp_path: Path) -> None:
    """The smallest terminal: the Magic Phase's prompt and a spell to cast are on screen, and a
    key casts it."""
    game = Game.new("man-o-war", "sorcery", seed=7)  # the Empire's Wizard is first to cast
    assert game.state.phase.value == "magic" and game.state.to_act == "p1"
    app = AhoyApp(session=session(tmp_path, game))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Magic Phase" in text and "1 Cast " in text
        await pilot.press("1")
        await pilot.pause()
        assert app.screen.session.state.wizard("p1").spent  # the card was tried


async def test_the_map_keys_work_after_a_computer_captain_s_turn(tmp_path: Path) -> None:
    """+, - and the arrows left and right answer on the map whatever has the keys, after a
    captain's turn as before it (they were dead until m gave the map the keys)."""
    from ahoy_tui.ai import make_captain
    from ahoy_tui.ui.widgets.sea_map import SeaMap

    game = Game.new("man-o-war", "empire_bretonnia", seed=3)
    assert game.state.to_act == "p2"  # Bretonnia's captain acts first
    app = AhoyApp(session=LocalSession(game, path=tmp_path / "mow.json", seats=("p1",),
                                       captains={"p2": make_captain("easy", 1)}))
    async with app.run_test(size=(100, 34)) as pilot:
        app.screen.captain_delay = 0.01
        for _ in range(100):
            await pilot.pause(0.05)
            if app.screen.session.may_act():
                break
        session = app.screen.session
        assert session.may_act() and session.step >= 1  # the captain has played
        sea = app.screen.query_one(SeaMap)
        assert app.focused is not sea
        scale = sea.scale
        await pilot.press("plus")
        await pilot.pause()
        assert sea.scale < scale  # zoomed in
        x = sea.scroll_x
        await pilot.press("right")
        await pilot.pause()
        assert sea.scroll_x > x or sea.max_scroll_x == 0
        await pilot.press("minus")
        await pilot.pause()
        assert sea.scale == scale


async def test_the_bracket_keys_reach_the_flyers_cards_and_the_cards_follow_the_acting_ship(
        tmp_path: Path) -> None:
    from ahoy_tui.rules.man_o_war.actions import Activate

    game = Game.new("man-o-war", "eyries", seed=1)
    app = AhoyApp(session=LocalSession(game, path=tmp_path / "mow.json"))
    async with app.run_test(size=(130, 44)) as pilot:
        await pilot.pause()
        screen = app.screen
        flyer_ids = {f.id for f in game.state.flyers}
        seen = set()
        for _ in range(len(game.state.ships) + len(flyer_ids) + 1):
            await pilot.press("right_square_bracket")
            await pilot.pause()
            seen.add(screen.selected)
            if screen.selected in flyer_ids:  # its card is the one opened
                assert screen.query_one(f"#card-{screen.selected}").has_class("-selected")
        assert flyer_ids <= seen  # every flyer's card is reached with ]
    # the ship acting has her card as soon as she is activated, before her course is set
    game.play(Activate("dragonship"))
    assert game.state.current == "dragonship" and game.state.move is None
    app = AhoyApp(session=LocalSession(game, path=tmp_path / "mow2.json"))
    async with app.run_test(size=(130, 44)) as pilot:
        await pilot.pause()
        app.screen.selected = "eagle1"
        app.screen.after_events(())
        await pilot.pause()
        assert app.screen.selected == "dragonship"


async def test_the_card_follows_the_squadron_activated_before_a_ship_is_taken_in_hand(
        tmp_path: Path) -> None:
    """Played at 80x24: the Man O' War's card open, the side activates a squadron, and the
    card panel showed the Man O' War still while it asked which ship of the squadron acts.
    Now the squadron's first ship is selected and her card shown, and a ship of the squadron
    looked at with ] stays selected."""
    from ahoy_tui.rules.man_o_war.actions import Activate
    from ahoy_tui.ui.widgets.choices import ChoiceList

    game = Game.new("man-o-war", "empire_bretonnia", seed=3)
    side = game.state.to_act
    squadron = next(a for a in game.legal_actions().fixed if isinstance(a, Activate)
                    and len([s for s in game.state.ships if s.squadron == a.unit]) > 1)
    ships = [s.id for s in game.state.ships if s.squadron == squadron.unit]
    flagship = next(s.id for s in game.state.ships if s.side == side and not s.squadron)
    app = AhoyApp(session=session(tmp_path, game))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.selected = flagship
        screen.refresh_all()
        await pilot.pause()
        choices = screen.query_one(ChoiceList)
        await pilot.press(str(choices._choices.index(squadron) + 1))
        await pilot.pause()
        state = screen.session.state
        assert state.acting and not state.current  # which ship of the squadron acts?
        assert screen.selected == ships[0]
        assert state.ship(ships[0]).name in screen_text(app)
        screen.selected = ships[1]
        screen.after_events(())
        await pilot.pause()
        assert screen.selected == ships[1]


async def test_a_ship_on_a_slant_is_drawn_along_her_heading(tmp_path: Path) -> None:
    """Issue 38: a hull lying on a diagonal heading was drawn as a block of cells square to the
    grid. Now her cells run along her keel, stern to bow, each a slanting stroke the way she
    lies (╱ north-east, ╲ south-east); a ship square to the grid keeps her block."""
    game = Game.new("man-o-war", "empire_bretonnia", seed=3)
    greatship = game.state.ship("greatship")
    state = replace(game.state, ships=tuple(
        replace(s, heading=1, x=30.0, y=24.0) if s.id == "greatship" else s
        for s in game.state.ships))
    game._states[0] = state  # a position set out for the map: the state itself is not played
    app = AhoyApp(session=session(tmp_path, game))
    async with app.run_test(size=(130, 44)) as pilot:
        await pilot.pause()
        sea = app.screen.query_one(SeaMap)
        app.screen.selected = "reikland"
        sea.auto = False
        sea.scale = 1.0
        app.screen.refresh_all()
        await pilot.pause()
        side = f"seamap--{greatship.side}"
        near = greatship.card.length  # her cells: those of her side's colour about her centre
        cells = [(c, r, ch) for r, row in enumerate(sea._rows) for c, (ch, style) in
                 enumerate(row) if style == side
                 and abs((c - 0.5) * sea.sx - 30) < near and abs((r - 0.5) * sea.sy - 24) < near]
        strokes = [(c, r) for c, r, ch in cells if ch == "╱"]
        assert len(strokes) >= 6 and not [ch for _, _, ch in cells if ch == "▒"]
        low = max(strokes, key=lambda cell: cell[1])   # her stern: the south-west end
        high = min(strokes, key=lambda cell: cell[1])  # her bow: the north-east end
        assert high[0] > low[0] and high[1] < low[1]
        wolf = next(s for s in state.ships if s.side == greatship.side and s.heading % 2 == 0)
        assert wolf.heading % 2 == 0  # square to the grid: her block as before
        assert any(ch == "▒" for row in sea._rows for ch, _ in row)
