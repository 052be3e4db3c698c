"""Sea monsters on the Man O' War battle screen: the enemy's template face down on the map and
on its card (never which monster), one's own monster named; a monster risen drawn on the map
with its Wound track on its card; every choice of a monster's turn put in words."""

from __future__ import annotations

import html
import random
import re
from pathlib import Path
from typing import Any

import pytest

from ahoy_tui.ai.captain import make_captain
from ahoy_tui.engine import Game
from ahoy_tui.engine.fast import replace
from ahoy_tui.session import LocalSession
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.widgets.choices import NumberChoice, collapse
from ahoy_tui.ui.widgets.sea_map import SeaMap


@pytest.fixture(autouse=True)
def _saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path / "saves"))


def screen_text(app: AhoyApp) -> str:
    text = re.sub(r"<[^>]+>", "", app.export_screenshot())
    return html.unescape(text).replace("\xa0", " ")


async def test_the_enemy_template_is_face_down_and_ones_own_is_named(tmp_path: Path) -> None:
    from ahoy_tui.rules.man_o_war.view import cards
    from ahoy_tui.ui.widgets.template_cards import render_template_card

    game = Game.new("man-o-war", "leviathans", seed=1)  # the Empire first
    local = LocalSession(game, path=tmp_path / "mow.json",
                         captains={"p2": make_captain("normal", 1, 0.05)})
    app = AhoyApp(session=local)
    async with app.run_test(size=(130, 44)) as pilot:
        await pilot.pause()
        shown = {c.ship: c for c in cards(app.screen._shown())}
        own = render_template_card(shown["kraken"], expanded=True, selected=True).plain
        enemy = render_template_card(shown["serpent"], expanded=True, selected=True).plain
        assert "Giant Kraken" in own and "face down" in own
        assert "Sea monster" in enemy and "face down" in enemy and "Serpent" not in enemy
        assert "Serpent" not in screen_text(app)
        assert app.screen.query_one(SeaMap)
        assert "??????" in screen_text(app)  # the templates lie on the map, face down
        assert "Summon a sea monster" in screen_text(app)


async def test_a_monster_risen_is_drawn_with_its_wound_track(tmp_path: Path) -> None:
    game = Game.new("man-o-war", "leviathans", seed=1)  # the Empire first
    risen = tuple(replace(c, where="surfaced", wounds=2) if c.id == "kraken" else c
                  for c in game.state.creatures)
    game._states[0] = replace(game.state, creatures=risen)  # set out for the screen
    app = AhoyApp(session=LocalSession(game, path=tmp_path / "mow.json"))
    async with app.run_test(size=(130, 44)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Activate the Giant Kraken" in text
        from ahoy_tui.rules.man_o_war.view import cards
        from ahoy_tui.ui.widgets.template_cards import render_template_card

        card = next(c for c in cards(app.screen._shown()) if c.ship == "kraken")
        drawn = render_template_card(card, expanded=True, selected=True).plain
        assert "wounds ●●●●○○ 4/6" in drawn and "save 4+" in drawn
        assert "Tentacles" in drawn
        scene = app.screen.session.ruleset.scene(app.screen._shown())
        assert [h.fill for h in scene.hulls if h.ship == "kraken"] == ["≈"]


def _words(state: Any, game: Game) -> list[str]:
    ruleset = game.ruleset
    out = []
    legal = ruleset.legal_actions(state)
    for row in collapse(list(legal.fixed)):
        if isinstance(row, NumberChoice):
            out.append(ruleset.describe_choice(state, row.template, row.field, row.values)
                       or ruleset.describe_action(state, row.at(row.values[0])))
        else:
            out.append(ruleset.describe_action(state, row))
    out += [ruleset.describe_action(state, r.at(r.low)) for r in legal.ranges]
    return out


@pytest.mark.parametrize("scenario, placement", [("leviathans", ""), ("leviathans", "rules"),
                                                 ("eyries", ""), ("eyries", "rules")])
def test_every_choice_of_a_monsters_or_flyers_turn_is_put_in_words(scenario: str,
                                                                    placement: str) -> None:
    monster_kinds = ("PlaceMonster", "Summon", "Emerge", "MonsterCourse", "Twice", "Swim",
                     "SpecialAttack", "Maul", "MonsterChoice", "Fly", "Bomb", "Grapple",
                     "FlyerChoice", "FireAntiFlyer")
    seen: set[str] = set()
    for seed in range(4):
        game = Game.new("man-o-war", scenario, seed=seed,
                        options={"placement": placement} if placement else None)
        chooser = random.Random(seed)
        while not game.over and game.step < 700:
            state = game.state
            assert game.ruleset.prompt(state).strip()
            for words in _words(state, game):
                assert words and not any(words.startswith(k + "(") for k in monster_kinds), \
                    words
            legal = game.legal_actions()
            fixed = list(legal.fixed)
            pick = [a for a in fixed if type(a).__name__ in (
                "Summon", "Maul", "SpecialAttack", "Bomb", "Grapple", "FireAntiFlyer")
                or (type(a).__name__ == "Fly" and a.toward)]
            action = chooser.choice(pick) if pick and chooser.random() < 0.8 else \
                legal[chooser.randrange(len(legal))]
            seen.add(type(action).__name__)
            game.play(action)
    wanted = {"Summon", "MonsterCourse", "Swim"} if scenario == "leviathans" else {"Fly"}
    assert wanted <= seen


async def test_a_flyer_on_the_map_and_its_card(tmp_path: Path) -> None:
    from ahoy_tui.rules.man_o_war.view import cards
    from ahoy_tui.ui.widgets.template_cards import render_template_card

    game = Game.new("man-o-war", "eyries", seed=1)
    app = AhoyApp(session=LocalSession(game, path=tmp_path / "mow.json"))
    async with app.run_test(size=(130, 44)) as pilot:
        await pilot.pause()
        shown = {c.ship: c for c in cards(app.screen._shown())}
        eagle = render_template_card(shown["eagle_a"], expanded=True, selected=True).plain
        assert "Great Eagle" in eagle and "flyer · flying" in eagle
        assert "wounds ●● 2/2" in eagle
        ark = render_template_card(shown["ark"], expanded=False, selected=False).plain
        assert "anti-flyer weapon" in ark
        scene = app.screen.session.ruleset.scene(app.screen._shown())
        fills = {h.ship: h.fill for h in scene.hulls}
        assert fills["eagle_a"] == fills["manticore_a"] == "^" and fills["ark"] == ""
        assert "^^" in screen_text(app)  # drawn as flyers on the map


async def test_a_monsters_turn_at_80_by_24(tmp_path: Path) -> None:
    """The smallest terminal: the monster's prompt and its choices are on screen, and a key
    plays one."""
    from ahoy_tui.rules.man_o_war.actions import Activate

    game = Game.new("man-o-war", "leviathans", seed=1)  # the Empire first
    risen = tuple(replace(c, where="surfaced") if c.id == "kraken" else c
                  for c in game.state.creatures)
    game._states[0] = replace(game.state, creatures=risen)
    game.play(Activate("kraken"))
    app = AhoyApp(session=LocalSession(game, path=tmp_path / "mow.json"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Giant Kraken moves 2D6" in text
        assert "1 Swim on the surface" in text and "2 Dive" in text
        await pilot.press("1")
        await pilot.pause()
        prowl = app.screen.session.state.prowl
        assert prowl is not None and prowl.allowance >= 2
