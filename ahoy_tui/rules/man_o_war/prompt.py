"""Plain words for a Man O' War battle: what the rules want now, each action as a player would
say it, the table as text (for headless play), and the Battle Honours as they stand."""

from __future__ import annotations

from typing import Any

from ahoy_tui.engine.geometry import heading_name
from ahoy_tui.rules.man_o_war import flow
from ahoy_tui.rules.man_o_war.actions import (
    Activate,
    Advance,
    Board,
    BoardingChoice,
    CastSpell,
    ChooseEdge,
    Command,
    Deploy,
    DiscardSpell,
    DispelSpell,
    EndFire,
    EndMove,
    EndShip,
    Fire,
    KeepHand,
    LetItStand,
    NoSpell,
    PlaceTerrain,
    PushClear,
    Ram,
    Reroll,
    Scuttle,
    SetCourse,
    TakePrize,
    Turn,
    TurnOnTheSpot,
)
from ahoy_tui.rules.man_o_war.model import COMPASS, MowState, Phase, Ship
from ahoy_tui.rules.man_o_war.spellbook import spellbook


def _side(state: MowState, side: str | None) -> str:
    return state.side_names[state.side_index(side)] if side else ""


def prompt(state: MowState) -> str:
    if state.over:
        return state.result
    who = _side(state, state.to_act)
    if state.phase == Phase.SETUP:
        if state.setup_step == "terrain":
            return (f"{who}: Setup — place a piece of terrain ({sum(state.sections)} left) in a "
                    "section that still has one.")
        if state.setup_step == "edge":
            return f"{who}: you won the set-up roll — set up on the east or the west?"
        return (f"{who}: Setup — place a Man O' War, an Independent or a squadron within 9\" "
                f"of your {state.edges[state.side_index(state.to_act or 'p1')]} edge.")
    if state.won:
        return (f"{who}: the {state.ship(state.won).name} is yours — put crew aboard and take "
                "her as a prize, or scuttle her (Captured ships).")
    fight = state.boarding
    if fight is not None and fight.decision:
        if fight.decision == "attacker":
            return f"{who}: your boarders won the round — press on or break off?"
        return f"{who}: your crew held — cut the grapples, or fight on?"
    if state.phase == Phase.MAGIC:
        return magic_prompt(state, who)
    if state.phase == Phase.END and state.end_step == "cards":
        return (f"{who}: End Phase — discard any Magic cards your Wizard does not want; his "
                "hand is then filled up.")
    if state.current:
        ship = state.ship(state.current)
        if state.stage == "move":
            move = state.move
            if move is None:
                return (f"{who}: the {ship.name} moves — set her course (or end her move "
                        "where she is).")
            if move.into_wind:
                return (f"{who}: the {ship.name} starts into the wind — one turn out of it, "
                        "or stay.")
            return (f"{who}: the {ship.name} has {move.remaining:.1f}\" left — advance, turn "
                    "(2\" with the Turning Template), or end her move.")
        if state.stage == "fire":
            return f"{who}: the {ship.name} may fire — choose a side, a target and the aim."
        if state.stage == "board":
            return f"{who}: the {ship.name} touches an enemy — board her, or end her turn."
    if state.phase == Phase.BATTLE:
        if state.acting:
            return f"{who}: which ship of the squadron acts next?"
        return (f"{who}: Battle Phase, turn {state.turn} — activate a Man O' War, an "
                "Independent or a squadron.")
    return f"Turn {state.turn}: {state.phase.value}."


def magic_prompt(state: MowState, who: str) -> str:
    casting = state.casting
    if casting is None:
        return (f"{who}: Magic Phase, turn {state.turn} — your Wizard may cast a spell (or "
                "try to dispel an enemy spell in play), or cast none.")
    spell = spellbook().spell(casting.card) if casting.card else None
    if casting.step == "dispel" and spell is not None:
        return (f"{who}: the enemy casts {spell.name} ({spellbook().college(spell.college).colour})"
                " — try to dispel it with a card that names its colour, or let it stand.")
    return (f"{who}: your Wizard Lord failed a roll of his own colour — roll again (once a "
            "turn), or let it stand?")


def _card(card: str) -> str:
    return spellbook().spell(card).name if card else "a card"


def describe(state: MowState, action: Any) -> str:
    match action:
        case CastSpell(card=card, target=target, way=way):
            on = f" on the {state.ship(target).name}" if target else ""
            return f"Cast {_card(card)}{on}" + (f", {way}" if way else "")
        case NoSpell():
            return "Cast no spell"
        case DispelSpell(card=card, lasting=lasting):
            if lasting:
                spell = next((s for s in state.in_play if s.id == lasting), None)
                what = (f"{_card(spell.card)} on the {state.ship(spell.target).name}"
                        if spell is not None else "a spell in play")
                return f"Dispel {what} with {_card(card)}"
            return f"Dispel it with {_card(card)}"
        case LetItStand():
            return "Let it stand"
        case Reroll(take=take):
            return "Roll again" if take else "Let the failure stand (keep the re-roll)"
        case DiscardSpell(card=card):
            return f"Discard {_card(card)}"
        case KeepHand():
            return "Keep the rest and fill the hand"
        case PlaceTerrain(piece=piece, section=section, spot=spot):
            spots = ("its centre", "its north-west", "its north-east", "its south-west",
                     "its south-east")
            return f"{piece.capitalize()} in section {section + 1}, {spots[spot]}"
        case ChooseEdge(edge=edge):
            return f"Set up on the {edge}"
        case Deploy(unit=unit, y=y):
            ships = [s for s in state.reserve if (s.squadron or s.id) == unit]
            lead = next((s for s in ships if s.flagship), ships[0])
            what = f"the {lead.name}" if len(ships) == 1 else f"the squadron of the {lead.name}"
            return f"Place {what} {y}\" from the north edge"
        case Activate(unit=unit):
            return f"Activate {flow.unit_name(state, unit)}"
        case Command(ship=ship):
            return f"The {state.ship(ship).name} acts"
        case SetCourse(means=means, pace=pace):
            words = {"sail": "Under sail", "oars": "Under oars", "steam": "Under steam",
                     "magic": "Driven by sorcery"}[means]
            if pace == "ramming":
                words += " at Ramming speed"
            elif pace == "backwards":
                words = "Back water (up to 2\")"
            return words
        case Advance(inches=inches):
            return f"Ahead {inches}\""
        case Turn(side=side):
            return f"Turn to {side}"
        case TurnOnTheSpot(side=side, degrees=degrees):
            return f"Turn {degrees}° to {side} on the spot"
        case PushClear(way=way):
            return f"Push clear {way}"
        case Ram(target=target):
            return f"Ram the {state.ship(target).name}"
        case EndMove():
            return "End her move"
        case Fire(side=side, target=target, aim=aim):
            return (f"Fire {side} at the {state.ship(target).name}"
                    + (f", aimed {aim}" if aim else ""))
        case EndFire():
            return "Hold fire"
        case Board(target=target):
            return f"Board the {state.ship(target).name}"
        case BoardingChoice(choice=choice):
            return choice.replace("_", " ").capitalize()
        case TakePrize(ship=ship, crew=crew):
            return f"Take the {state.ship(ship).name} as a prize with {crew} crew"
        case Scuttle(ship=ship):
            return f"Scuttle the {state.ship(ship).name}"
        case EndShip():
            return "She is done"
    return repr(action)


def ship_line(ship: Ship) -> str:
    card = ship.card
    marks = ", ".join(f"{loc.name} {m.damaged}d{'+' + str(m.blazing) + 'B' if m.blazing else ''}"
                      for loc, m in zip(card.locations, ship.marks, strict=True) if m.filled)
    state = []
    for flag, word in ((ship.admiral, "Admiral"), (ship.flagship, "flagship"),
                       (ship.straggler, "straggler"), (ship.aground, "aground"),
                       (ship.abandoned, "abandoned"), (ship.no_movement, "no movement"),
                       (ship.no_firing, "no firing"), (bool(ship.captured_by), "prize"),
                       (ship.sunk, "sunk"), (ship.left_table, "left the table")):
        if flag:
            state.append(word)
    return (f"{ship.id}: {ship.name} ({card.name}, {ship.side}) at ({ship.x:.1f}, "
            f"{ship.y:.1f}) heading {heading_name(ship.heading)}; crew {ship.crew}, BTW "
            f"{ship.btw}/{card.btw.boxes}" + (f"; {marks}" if marks else "")
            + (f" [{', '.join(state)}]" if state else ""))


def table_text(state: MowState) -> str:
    lines = [f"Turn {state.turn} · {state.phase.value} · wind blowing {COMPASS[state.wind]} · "
             + standing(state)]
    lines += [ship_line(s) for s in state.ships]
    lines += [f"{m.kind} {m.id} at ({m.x:.1f}, {m.y:.1f})" for m in state.markers]
    return "\n".join(lines)


def standing(state: MowState) -> str:
    return "Battle Honours " + " · ".join(
        f"{name.removeprefix('The ')} {h}" for name, h in zip(state.side_names, state.honours,
                                                               strict=True))


def victory_words(state: MowState) -> str:
    limit = (f"\n\nAt the end of turn {state.turn_limit} the battle is decided on Battle "
             "Honours: the Below the Waterline boxes of every enemy ship sunk or captured "
             "(scuttled and abandoned ones count as sunk), 5 for an enemy Admiral killed "
             "or captured, and 1, 2 or 3 for an enemy Wizard Champion, Master Wizard or "
             "Wizard Lord." if state.turn_limit else "")
    return ("The battle ends when every ship of one side is sunk, taken or abandoned: the other "
            f"side wins.{limit}\n\nNow: {standing(state)}.")
