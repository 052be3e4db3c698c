"""ACKS II sea combat on the general battle screen: the hex battlemap, the initiative track, the
vessel sheets, the choices.

Each round starts with the declarations: one row for each way a vessel may go (oar, backwater,
sail; the captain steering all round or not) opens a value picker for her speed in feet, and the
map marks how far straight on that speed takes her (``•`` sure, ``?`` on a natural 4+). Then the
counts run down: the track beside the map names who acts on each, and the vessel moving has the
hexes her next step may take marked (an arrow the way she would go, ``×`` a ram). ``a`` shows the
selected vessel's engine arcs (they show unasked while her engines choose a target).

When enemy vessels come alongside, their decks are laid (5' squares, a man a letter): ``d``
turns the map to the deck battlemaps of the boarding, with the selected man's sheet in a line
beneath, and back to the sea battlemap. A click on a man selects him (or ``[`` and ``]``, the
previous and next man); on a deck, that deck takes the middle. ``f`` plays a boarding fight on
by itself, round after round, stopping at the next decision (the ruleset's ``fight_on``).
"""

from __future__ import annotations

import re
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Static

from ahoy_tui.engine.events import Happened
from ahoy_tui.engine.hexgrid import distance
from ahoy_tui.ui.parts import BattleParts
from ahoy_tui.ui.screens.battle import BattleScreen, side_name
from ahoy_tui.ui.screens.deck_view import DeckView
from ahoy_tui.ui.screens.hex_tape import HexTapeMeasure
from ahoy_tui.ui.widgets.choices import ChoiceList, NumberChoice
from ahoy_tui.ui.widgets.deck_map import DeckMap
from ahoy_tui.ui.widgets.dice_log import DiceLog
from ahoy_tui.ui.widgets.hex_map import HexMap
from ahoy_tui.ui.widgets.initiative_track import InitiativeTrack
from ahoy_tui.ui.widgets.vessel_sheets import VesselSheets

PHASE_TOPICS = {"declare": "Pre-Initiative Declarations", "counts": "Round Sequence",
                "over": "Victory"}
# The general screen's keys but the move line (a move is played a hex at a time), with the arcs
# beside them; the tape measure counts hexes (``HexTapeMeasure``).
UNUSED = {"move_line", "keyed_choice('!')"}
NO_DECK = "No boarding yet: the decks open when an enemy vessel comes alongside"
DECKS_LAID = "Boarding: the decks are laid (d: the deck battlemaps)"
FIGHT_DECIDE = "Something to decide now: the fight stops for your choice"
SEA_LEGEND = """\
↑P, PO …  a vessel across her hexes, her two letters; the arrow at her bow is her facing
blue, red  the first side's vessels, the second's; bright: the vessel selected
dim        a vessel going down, a monster submerged;  ≈  a sea monster
P2, PR     a hex two vessels share: each one's letter in its colour (or the first and the
           count); a click there lists them
* on red   a vessel aflame (burning pitch on her deck)
↑ ↗ ↖ green  where her next step may take her bow;  ×  a ram
lit green  the hex the highlighted choice leads to
• red      the line of fire of the highlighted shot, volley or grapple, to its target
~ ═ amber  a grappling line (between neighbours, the edge they share); a harpoon's cable
• ?        how far a declared speed takes her straight on: sure, and on a natural 4+
∙ amber    the hexes her engines reach (a: all of them)"""
DECK_LEGEND = """\
·  planks    ─ │  her rails    > <  her bow    ⌂  her steering oars    #  an engine
c  a captain    m  a marine    s  a sailor    r  a rower    o  an officer
   (a capital letter: a character, the scenario's named man: C, M …)
blue, red  each side's men; bright: the man selected
=  a boarding bridge or ramp (amber: not fastened)    ╎  a grapple line (a man on it)
~  water: a man hanging from a hull (brown), swimming (blue), drowning (purple)
*  burning pitch"""
FIGHT_ON_PACE = 0.05   # seconds between the choices of a fight played on by itself


WORTH = re.compile(r"\s*\(worth [^()]*\)")
WORTH_TAIL = re.compile(r";\s*worth [^()]*(?=\))")


def without_worth(note: str) -> str:
    """A captain's note without his own scores: "… (worth +5)" and "(3 hexes; worth -11)"
    lose them."""
    return WORTH_TAIL.sub("", WORTH.sub("", note)).rstrip()


class AcksScreen(DeckView, HexTapeMeasure, BattleScreen, inherit_bindings=False):
    """Declare, then play the counts hex by hex on the sea battlemap."""

    NO_DECK = NO_DECK
    DECKS_GONE = "No decks laid: back to the sea battlemap"

    CSS_PATH = ["battle.tcss", "../widgets/guide_panel.tcss", "../widgets/vessel_sheets.tcss",
                "../widgets/initiative_track.tcss", "../widgets/deck_map.tcss"]
    DEFAULT_CSS = """
    AcksScreen #deck-map { display: none; width: 1fr; height: 100%; }
    AcksScreen #deck-sheet { display: none; height: 1; padding: 0 1; background: $boost; }
    AcksScreen.-deck #map { display: none; }
    AcksScreen.-deck #deck-map, AcksScreen.-deck #deck-sheet { display: block; }
    """
    BINDINGS = [
        *Screen.BINDINGS,
        *(b for b in BattleScreen.BINDINGS
          if isinstance(b, Binding) and b.action not in UNUSED),
        Binding("a", "arcs", "Arcs",
                tooltip="the selected vessel's engine arcs, within long range"),
        Binding("d", "deck", "Deck",
                tooltip="the deck battlemaps of a boarding (5' squares), or the sea again"),
        Binding("f", "fight_on", "Fight on", show=False,
                tooltip="play the boarding fight on by itself, round after round, until "
                        "there is something to decide (f again stops it)"),
        Binding("L", "legend", "Legend", show=False,
                tooltip="what the map's marks and colours mean (the sea, or the decks)"),
        Binding("plus,equals_sign", "zoom('in')", "Zoom in", show=False,
                tooltip="the map: a zoom nearer (the nearest outlines every hex)"),
        Binding("minus", "zoom('out')", "Zoom out", show=False,
                tooltip="the map: more of the battlemap, a dot a hex (again: a row a line)"),
    ]

    def __init__(self, session: Any) -> None:
        super().__init__(session)
        self.arcs = False  # every engine's arc of the selected vessel, not only those acting
        self._laid = False  # some deck was laid at the last redraw
        self.fighting_on = False  # the fight plays on by itself until a decision

    def compose_side(self) -> ComposeResult:
        yield InitiativeTrack(id="track")
        yield VesselSheets(id="cards")
        yield DiceLog(id="log")

    # --- showing -------------------------------------------------------------------------------
    def refresh_all(self) -> None:
        super().refresh_all()
        self.query_one(InitiativeTrack).show(self.session.ruleset.track(self._shown()))
        if self.fighting_on:
            self.set_timer(FIGHT_ON_PACE, self._fight_step)

    # --- the captains' notes -------------------------------------------------------------------
    def captain_played(self, before: Any, decision: Any, what: str,
                       events: tuple[Any, ...]) -> None:
        """As on every battle screen, but the captain's own score of his choice ("worth -11")
        stays in the reason line beneath the prompt, out of the player's log."""
        side = before.to_act or ""
        full = f"{side_name(before, side)}: {what} — {decision.why}"
        self.last_captain_note = full
        self.query_one(DiceLog).add([(self.session.step,
                                      Happened("captain", without_worth(full), side=side))])
        self.after_events(events)

    # --- fighting on ---------------------------------------------------------------------------
    def action_fight_on(self) -> None:
        """Play the fight on by itself (the ruleset's ``fight_on`` choice each time), stopping
        at the next decision; pressed again, stop."""
        if self.fighting_on:
            self._stop_fighting("Fight on: stopped")
            return
        hook = getattr(self.session.ruleset, "fight_on", None)
        session = self.session
        if hook is None or session.state.over or not session.may_act() \
                or session.captain_to_act() is not None:
            self.notify("Fight on: not your decision now", severity="warning", timeout=3)
            return
        if hook(session.state) is None:
            self.notify(FIGHT_DECIDE, severity="warning", timeout=3)
            return
        self.fighting_on = True
        self.notify("Fight on: the fight plays on until there is something to decide "
                    "(f stops it)", timeout=3)
        self._fight_step()

    def _fight_step(self) -> None:
        if not self.fighting_on or not self.is_attached:
            return
        session = self.session
        if session.state.over:
            self._stop_fighting("The battle is over")
            return
        if not session.may_act() or session.captain_to_act() is not None:
            return      # the other side's captain decides; the next redraw looks again
        action = self.session.ruleset.fight_on(session.state)
        if action is None:
            self._stop_fighting(FIGHT_DECIDE)
            return
        self.play(action)

    def _stop_fighting(self, why: str) -> None:
        self.fighting_on = False
        self.notify(why, timeout=4)

    def action_select_ship(self, step: int) -> None:
        """On the deck battlemaps ``[`` and ``]`` select the previous and next man."""
        if self.deck_on:
            self.select_man(step)
            return
        super().action_select_ship(step)

    def _highlighted(self) -> Any:
        """The choice the list stands on (not a row of values): the map marks where it
        leads."""
        choices = self.query_one(ChoiceList)
        rows, index = choices._choices, choices.highlighted
        if not choices.display or index is None or not 0 <= index < len(rows):
            return None
        row = rows[index]
        return None if isinstance(row, NumberChoice) else row

    @on(ChoiceList.OptionHighlighted, "#choices")
    def mark_highlighted(self) -> None:
        """The map marks the hex the highlighted choice leads to (and keeps its target in
        view)."""
        if self.preview_action is None and not self.deck_on:
            self._redraw_map()
            vessel = getattr(self._highlighted(), "vessel", None)
            if vessel is not None and getattr(self._highlighted(), "target", None):
                self._follow(vessel)

    def _redraw_map(self) -> None:
        preview = self.preview_action if self.preview_action is not None \
            else self._highlighted()
        scene = self.session.ruleset.hex_scene(self._shown(), self.selected,
                                               preview_action=preview, arcs=self.arcs)
        self.query_one(HexMap).show(self.with_tape(scene))
        if self.deck_on:
            self.redraw_deck()

    def _natural_selection(self) -> str | None:
        """The vessel the decision is about: the one moving, the captain choosing a head-on's
        outcome, the first of the side's actors on this count, or the first to declare."""
        state = self.session.state
        if state.over or state.to_act is None:
            return None
        mover = next((v for v in state.vessels if v.moving), None)
        if mover is not None:
            return str(mover.id)
        if state.head_on is not None:
            return str(state.head_on.chooser)
        if state.phase.value == "declare":
            return next((v.id for v in state.vessels if v.side == state.to_act and v.afloat
                         and v.declared is None), None)
        return next((a.vessel for a in state.actors if a.total == state.count
                     and not a.done and a.side == state.to_act), None)

    def on_mount(self) -> None:
        self.query_one("#main").mount(DeckMap(id="deck-map"), after="#map")
        self.mount(Static(id="deck-sheet"), before="#bottom")
        super().on_mount()
        self._laid = self.deck_scene(None) is not None
        if self.selected is not None:
            self.call_after_refresh(self._follow, self.selected)

    def on_resize(self, event: Resize) -> None:
        """A new size may change the map's zoom: look again for the vessel and her foe. On a
        short terminal the track runs the counts to come together."""
        super().on_resize(event)
        self.query_one(InitiativeTrack).compact = not self.has_class("-tall")
        if self.selected is not None:
            self.call_after_refresh(self._follow, self.selected)

    def _follow(self, ship_id: str) -> None:
        """Keep the vessel being decided about in view with the enemy she deals with, at the
        nearest zoom that holds both (until the player zooms)."""
        state = self.session.state
        vessel = next((v for v in state.vessels if v.id == ship_id and v.in_action), None)
        if vessel is None:
            return
        foe = self._foe_of(vessel)
        self.query_one(HexMap).follow(*vessel.hexes, *(foe.hexes if foe else ()))

    def _foe_of(self, vessel: Any) -> Any:
        """The enemy she deals with: the target of the choice highlighted, else one she is
        grappled, bridged or locked in a hex with, else the nearest."""
        state = self.session.state
        foes = [v for v in state.vessels if v.side != vessel.side and v.in_action]
        if not foes:
            return None
        action = self._highlighted()
        aimed = getattr(action, "target", None) if getattr(action, "vessel", None) == \
            vessel.id else None
        held = {g.b if g.a == vessel.id else g.a for g in state.grapples
                if vessel.id in (g.a, g.b)}
        held |= {b.target if b.vessel == vessel.id else b.vessel for b in state.bridges
                 if vessel.id in (b.vessel, b.target)}

        def rank(foe: Any) -> tuple[bool, bool, int]:
            gap = min(distance(a, b) for a in vessel.hexes for b in foe.hexes)
            return foe.id != aimed, foe.id not in held, gap
        return min(foes, key=rank)

    def action_centre(self) -> None:
        if self.deck_on:
            self.centre_on_man()
            return
        if self.selected:
            self.query_one(HexMap).centre_on_ship(self.selected)

    def action_focus_map(self) -> None:
        self.query_one(DeckMap if self.deck_on else HexMap).focus()

    def after_events(self, events: tuple[Any, ...]) -> None:
        """As on every battle screen; and the first time decks are laid, a word that ``d``
        shows them."""
        super().after_events(events)
        laid = self.deck_scene(None) is not None   # the rules say whether a deck is laid
        if laid and not self._laid and not self.deck_on:
            self.notify(DECKS_LAID, timeout=5)
        self._laid = laid

    def _phase_rule(self) -> str:
        return PHASE_TOPICS.get(self.session.state.phase.value, "Sea Combat")

    # --- the map -------------------------------------------------------------------------------
    @on(HexMap.Clicked)
    def hex_clicked(self, event: HexMap.Clicked) -> None:
        """A click selects the vessel in the hex; in a hex several share, it lists them all
        and selects the next of them each time."""
        here = self.query_one(HexMap).at_hex(event.hex)
        if len(here) > 1:
            ships = [v.ship for v in here if v.ship]
            at = ships.index(self.selected) if self.selected in ships else -1
            self.selected = ships[(at + 1) % len(ships)]
            names = "; ".join(f"{v.name or v.label} ({v.label})" for v in here)
            self.notify(f"In this hex: {names}", timeout=6)
            self.refresh_all()
            return
        if event.ship is not None:
            self.selected = event.ship
            self.refresh_all()

    def action_legend(self) -> None:
        """What the marks and colours of the map shown mean."""
        from ahoy_tui.ui.screens.notice import NoticeScreen

        if self.deck_on:
            self.app.push_screen(NoticeScreen("The deck battlemaps", DECK_LEGEND))
        else:
            self.app.push_screen(NoticeScreen("The sea battlemap", SEA_LEGEND))

    def action_zoom(self, zoom: str) -> None:
        self.query_one(HexMap).action_zoom(zoom)

    def action_arcs(self) -> None:
        self.arcs = not self.arcs
        self.notify("Engine arcs: " + ("all of the selected vessel's" if self.arcs
                                       else "only while they choose a target"), timeout=2)
        self._redraw_map()

    # --- the deck battlemaps (``DeckView``) ---------------------------------------------------
    def deck_source(self) -> tuple[Any, Any]:
        return self.session.ruleset, self._shown()

    def deck_closed(self) -> None:
        if self.selected is not None:
            self.call_after_refresh(self._follow, self.selected)

    # --- declaring a speed ---------------------------------------------------------------------
    def _open_picker(self, choice: NumberChoice, start: int | None = None) -> None:
        vessel = getattr(choice.template, "vessel", None)
        if vessel is not None and vessel != self.selected:
            self.selected = vessel  # her sheet, and her reach on the map
            self.query_one(VesselSheets).show(self.session.ruleset.cards(self._shown()),
                                              vessel, self.bearings())
            self.action_centre()
        super()._open_picker(choice, start)

    def _suggest(self, choice: NumberChoice) -> int:
        """A speed starts at the one she went at last round."""
        if getattr(choice.template, "kind", "") == "declare":
            state = self.session.state
            return choice.nearest(state.vessel(choice.template.vessel).speed)
        return super()._suggest(choice)

    def describe_value(self, action: Any) -> str:
        """A speed with the hexes it makes on her count (a half hex: one more on a natural
        4+ on her captain's initiative die)."""
        words = super().describe_value(action)
        hexes = self.session.ruleset.speed_hexes(self.session.state, action)
        if hexes is None:
            return words
        sure, lucky = hexes
        if lucky == sure:
            return f"{words} → {sure} hex{'es' * (sure != 1)}"
        return f"{words} → {sure} hex{'es' * (sure != 1)}, {lucky} on a 4+"

    def _follow_preview(self) -> None:
        hexmap = self.query_one(HexMap)
        scene = hexmap.scene
        if scene is not None:
            reach = [m.hex for m in scene.marks if m.kind == "reach"]
            if reach:
                hexmap.keep_in_view(reach[0], reach[-1])


PARTS = BattleParts(screen=AcksScreen, cards=VesselSheets, map=HexMap)
