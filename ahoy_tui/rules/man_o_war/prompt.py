"""Plain words for a Man O' War battle: what the rules want now, each action as a player would
say it, the table as text (for headless play), and the Battle Honours as they stand."""

from __future__ import annotations

from typing import Any

from ahoy_tui.engine.geometry import distance, heading_name, point_distance
from ahoy_tui.rules.man_o_war import flow, flyers, magic, monsters, movement, shooting, squadron
from ahoy_tui.rules.man_o_war.actions import (
    Activate,
    Advance,
    Board,
    BoardingChoice,
    Bomb,
    CastSpell,
    ChooseEdge,
    Command,
    Deploy,
    DiscardSpell,
    DispelSpell,
    Emerge,
    EndFire,
    EndMove,
    EndShip,
    Fire,
    FireAntiFlyer,
    Fly,
    FlyerChoice,
    Grapple,
    KeepHand,
    LetItStand,
    Maul,
    MonsterChoice,
    MonsterCourse,
    NoSpell,
    PlaceMonster,
    PlaceTerrain,
    PushClear,
    Ram,
    Reroll,
    SameOrders,
    Scuttle,
    SetCourse,
    SpecialAttack,
    Summon,
    Swim,
    TakePrize,
    Turn,
    TurnOnTheSpot,
    Twice,
)
from ahoy_tui.rules.man_o_war.creatures import body, monster, name, wounds_left
from ahoy_tui.rules.man_o_war.model import COMPASS, Creature, MowState, Phase, Ship
from ahoy_tui.rules.man_o_war.spellbook import spellbook
from ahoy_tui.rules.man_o_war.table import outline


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
        if state.setup_step == "monsters":
            return (f"{who}: Setup — place a sea monster template face down (the enemy sees a "
                    "template, never which monster).")
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
    monster_words = monster_prompt(state, who)
    if monster_words:
        return monster_words
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
        summon = (", or summon a sea monster (4+; a failure ends your turn)"
                  if state.creatures and monsters.summonable(state, state.active) else "")
        return (f"{who}: Battle Phase, turn {state.turn} — activate a Man O' War, an "
                f"Independent or a squadron{summon}.")
    return f"Turn {state.turn}: {state.phase.value}."


def flyer_prompt(state: MowState, who: str) -> str:
    """What a flyer's turn wants now ("" when none is flying)."""
    duel = state.duel
    if duel is not None and duel.decision:
        flyer = flyers.name(state.flyer(duel.flyer))
        if duel.decision == "attacker":
            return f"{who}: your {flyer} did not lose the round — fight on, or break off?"
        return f"{who}: you held the {flyer} — fight on, or drive it off 1\"?"
    flight = state.flight
    if flight is None:
        return ""
    card = flyers.template(state.flyer(flight.flyer))
    if flight.stage == "fly":
        return (f"{who}: the {card.name} flies up to {card.move:g}\" over anything — at an "
                "enemy to attack it, or along a compass point.")
    return (f"{who}: the {card.name} is on the {flyers.target_name(state, flight.target)} — "
            f"its {card.bomb_name}, its boarding action, or done.")


def monster_prompt(state: MowState, who: str) -> str:
    """What a sea monster's turn wants now ("" when none is acting)."""
    flying = flyer_prompt(state, who)
    if flying:
        return flying
    fight = state.struggle
    if fight is not None and fight.decision:
        beast = name(state.creature(fight.creature))
        if fight.decision == "creature":
            return f"{who}: the {beast} won the round — press on, or retreat?"
        return (f"{who}: the {state.ship(fight.ship).name} held the {beast} — press on, or "
                "drive it off?")
    if state.placing:
        creature = state.creature(state.placing)
        if creature.where == "lair":
            return (f"{who}: the enemy's {name(creature)} went back to its lair — place its "
                    "template at least 2\" from any ship.")
        return f"{who}: the {name(creature)} rises — where in its template's area?"
    prowl = state.prowl
    if prowl is None:
        return ""
    creature = state.creature(prowl.creature)
    beast = monster(creature)
    if prowl.stage == "course":
        return (f"{who}: the {beast.name} moves {beast.move} inches — on the surface (to "
                "attack), or diving (immune, at an enemy ship, no attack)?")
    if prowl.stage == "twice":
        return f"{who}: a 6 on the reaction table — the {beast.name} moves twice, or attacks twice?"
    if prowl.stage == "swim":
        how = "at an enemy ship (diving, it must try to touch one)" if prowl.dived else \
            "toward a ship, or along a compass point"
        return f"{who}: the {beast.name} has {prowl.allowance:g}\" to swim — {how}."
    return (f"{who}: the {beast.name} touches the enemy — its {beast.special_name}, its "
            "boarding action, or done.")


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


SPOTS = ("its centre", "its north-west", "its north-east", "its south-west", "its south-east")
QUARTER = ("its centre", "its north-west quarter", "its north-east quarter",
           "its south-west quarter", "its south-east quarter")


def _way(state: MowState) -> str:
    """Which way an advance goes: astern when she backs water."""
    return "Astern" if state.move is not None and state.move.backwards else "Ahead"


def _inches(state: MowState, inches: int) -> str:
    """An advance's inches as she will go them: the last whole inch of the range is what is
    left of her move (4 with 3.5" left is 3.5")."""
    move = state.move
    if move is not None and inches > move.remaining + 1e-9 > 0:
        return f"{round(move.remaining, 1):g}"
    return f"{inches}"


def _span(values: tuple[int, ...], state: MowState | None = None) -> str:
    last = _inches(state, values[-1]) if state is not None else f"{values[-1]}"
    return last if values[0] == values[-1] else f"{values[0]}-{last}"


def describe_choice(state: MowState, template: Any, field: str, values: tuple[int, ...]) -> str:
    """A folded choice in words, before its value is picked ("" to let the screen word it)."""
    if isinstance(template, PlaceMonster) and field == "spot":
        return (f"Place the template at one of {len(values)} spots, 6\" apart (numbered from "
                "the north-west)")
    if isinstance(template, Emerge):
        return "It rises at the centre of its template's area, or in a quarter of it"
    if isinstance(template, Advance) and field == "inches" and values and template.stop:
        return (f"{_way(state)} {_span(values, state)}\" and end her move there "
                "(stopping short)")
    if isinstance(template, Advance) and field == "inches" and values:
        ahead = movement.advance_words(state, values[-1])
        return f"{_way(state)} {_span(values, state)}\"" + (f" (all of it: {ahead})" if ahead
                                                            else "")
    if isinstance(template, PlaceTerrain) and field == "spot":
        spots = [SPOTS[v].removeprefix("its ") for v in values if 0 <= v < len(SPOTS)]
        return (f"{template.piece.capitalize()} in section {template.section + 1}: its "
                f"{', '.join(spots[:-1])} or {spots[-1]}" if len(spots) > 1 else "")
    return ""


def _flight_gap(state: MowState, toward: str) -> str:
    """How far the flyer flying is from ``toward``: " (8.5\" away)"."""
    flight = state.flight
    if flight is None or not state.has_flyer(flight.flyer):
        return ""
    mine = flyers.body(state.flyer(flight.flyer))
    if state.has_flyer(toward):
        theirs = flyers.body(state.flyer(toward))
    else:
        theirs = shooting.target_outline(state, toward)
    return f" ({distance(mine, theirs):.1f}\" away)"


def _swim_gap(state: MowState, toward: str) -> str:
    """How far the monster swimming is from the ship ``toward``, and how far its dice let it
    swim: " (8.5\" away; 7\" to swim)"."""
    prowl = state.prowl
    if prowl is None or not state.has_creature(prowl.creature) or not state.has_ship(toward):
        return ""
    gap = distance(body(state.creature(prowl.creature)), outline(state.ship(toward)))
    return f" ({gap:.1f}\" away; {prowl.allowance:g}\" to swim)"


def _summon_gap(state: MowState, creature_id: str) -> str:
    """Where a face-down template lies from the nearest enemy ship: "; 12.0\" from the
    Galleon"."""
    if not state.has_creature(creature_id):
        return ""
    creature = state.creature(creature_id)
    enemies = [s for s in state.ships if s.side != creature.side and s.afloat and s.on_table]
    if not enemies:
        return ""
    gaps = [(point_distance((creature.x, creature.y), outline(s)), s.name) for s in enemies]
    gap, ship = min(gaps)
    return f"; its template {gap:.1f}\" from the {ship}"


def _needs(state: MowState, card: str) -> str:
    """The score the side deciding needs to dispel with ``card``: " (4+ on a D6)"."""
    if not card or not state.to_act or state.wizard(state.to_act) is None:
        return ""
    return f" ({magic.need_to_roll(state, state.to_act, card)}+ on a D6)"


def _fire_words(state: MowState, side: str, target: str) -> str:
    """The range band of a shot, and what lies first under the template short of the target,
    said before it is fired: " (long range; in the way: the Grail Maiden (a friend))"."""
    if not state.current or not state.has_ship(state.current):
        return ""
    ship = state.ship(state.current)
    poly = shooting.target_outline(state, target)
    reach = shooting.in_reach(ship, side, poly)
    if reach is None:
        return ""
    blocker = shooting.in_the_way(state, ship, side, target)
    return f" ({reach[1]} range" + (f"; in the way: {blocker}, struck first" if blocker
                                    else "") + ")"


def _target(state: MowState, target: str) -> str:
    """A ship's name, a sea monster's, or a flyer's."""
    if state.has_flyer(target):
        return flyers.called(state, state.flyer(target))
    if state.has_creature(target):
        return name(state.creature(target))
    return state.ship(target).name


def describe(state: MowState, action: Any) -> str:
    match action:
        case PlaceMonster(monster=creature, spot=spot):
            x, y = monsters.grid(state)[spot] if 0 <= spot < len(monsters.grid(state)) \
                else (0.0, 0.0)
            what = "its lair" if state.has_creature(creature) and \
                state.creature(creature).where == "lair" else "a template, face down,"
            return f"Place {what} {x:g}\" from the west, {y:g}\" from the north"
        case Summon(monster=creature):
            return f"Summon a sea monster (4+{_summon_gap(state, creature)})"
        case Emerge(spot=spot):
            return (f"It rises at {QUARTER[spot]}" if 0 <= spot < len(QUARTER)
                    else "It rises in its template's area")
        case MonsterCourse(dive=dive):
            return "Dive (a submerged counter)" if dive else "Swim on the surface"
        case Twice(what=what):
            return "Move twice" if what == "move" else "Attack twice"
        case Swim(toward=toward, heading=heading, inches=inches):
            if toward:
                return f"Swim at the {state.ship(toward).name}{_swim_gap(state, toward)}"
            return f"Swim {inches}\" {heading_name(heading)}"
        case SpecialAttack(target=target):
            prowl = state.prowl
            words = monster(state.creature(prowl.creature)).special_name if prowl else "Attack"
            return f"{words} on the {state.ship(target).name}"
        case Maul(target=target):
            return f"Fall on the {state.ship(target).name}'s crew"
        case MonsterChoice(choice=choice):
            return {"press_on": "Press on", "retreat": "Retreat",
                    "drive_off": "Drive it off"}.get(choice, choice)
        case Fly(toward=toward, heading=heading, inches=inches):
            if toward:
                return f"Fly at the {_target(state, toward)}{_flight_gap(state, toward)}"
            return f"Fly {inches}\" {heading_name(heading)}"
        case Bomb(target=target):
            flight = state.flight
            words = flyers.template(state.flyer(flight.flyer)).bomb_name if flight else "Bombs"
            return f"{words} on the {_target(state, target)}"
        case Grapple(target=target):
            verb = "Board" if state.has_ship(target) else "Close with"
            return f"{verb} the {_target(state, target)}"
        case FlyerChoice(choice=choice):
            return {"fight_on": "Fight on", "drive_off": "Drive it off",
                    "break_off": "Break off"}.get(choice, choice)
        case FireAntiFlyer(target=target):
            return f"Anti-flyer weapon at the {_target(state, target)}"
        case EndMove() if state.flight is not None:
            return "It flies no farther"
        case EndShip() if state.flight is not None:
            return "It is done"
        case EndMove() if state.prowl is not None:
            return "It swims no farther"
        case EndShip() if state.prowl is not None:
            return "It is done"
        case CastSpell(card=card, target=target, way=way):
            on = f" on the {_target(state, target)}" if target else ""
            return f"Cast {_card(card)}{on}" + (f", {way}" if way else "")
        case NoSpell():
            return "Cast no spell"
        case DispelSpell(card=card, lasting=lasting):
            if lasting:
                spell = next((s for s in state.in_play if s.id == lasting), None)
                what = (f"{_card(spell.card)} on the {state.ship(spell.target).name}"
                        if spell is not None else "a spell in play")
                return f"Dispel {what} with {_card(card)}{_needs(state, card)}"
            return f"Dispel it with {_card(card)}{_needs(state, card)}"
        case LetItStand():
            return "Let it stand"
        case Reroll(take=take):
            return "Roll again" if take else "Let the failure stand (keep the re-roll)"
        case DiscardSpell(card=card):
            return f"Discard {_card(card)}"
        case KeepHand():
            return "Keep the rest and fill the hand"
        case PlaceTerrain(piece=piece, section=section, spot=spot):
            where = SPOTS[spot] if 0 <= spot < len(SPOTS) else f"spot {spot}"
            return f"{piece.capitalize()} in section {section + 1}, {where}"
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
        case Advance(inches=inches, stop=stop):
            ahead = movement.advance_words(state, inches)
            return (f"{_way(state)} {_inches(state, inches)}\""
                    + (" and end her move" if stop else "")
                    + (f": {ahead}" if ahead else ""))
        case SameOrders():
            leader = state.ship(state.orders_by).name if state.has_ship(state.orders_by) \
                else "squadron"
            ahead = _following(state)
            return f"As the {leader}: {squadron.words(state)}" + (f" ({ahead})" if ahead else "")
        case Turn(side=side):
            return f"Turn to {side}"
        case TurnOnTheSpot(side=side, degrees=degrees):
            return f"Turn {degrees}° to {side} on the spot"
        case PushClear(way=way):
            return f"Push clear {way}"
        case Ram(target=target):
            return f"Ram the {_target(state, target)}"
        case EndMove():
            return "End her move"
        case Fire(side=side, target=target, aim=aim):
            return (f"Fire {side} at the {_target(state, target)}"
                    + (f", aimed {aim}" if aim else "") + _fire_words(state, side, target))
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
    lines += [creature_line(c) for c in state.creatures if c.placed]
    lines += [f"{f.id}: {flyers.name(f)} ({f.side}) at ({f.x:.1f}, {f.y:.1f}); wounds "
              f"{flyers.wounds_left(f)}/{flyers.template(f).wounds}"
              + ("" if f.aloft else " [dead]") for f in state.flyers if f.placed]
    return "\n".join(lines)


def creature_line(creature: Creature) -> str:
    """A sea monster as text: its template face down, or the monster and its wounds."""
    where = f"at ({creature.x:.1f}, {creature.y:.1f})"
    if creature.where == "template":
        what = (f"{name(creature)} template" if creature.kind else "a sea monster template")
        return f"{creature.id}: {what} ({creature.side}), face down {where}"
    if creature.where == "dead":
        return f"{creature.id}: {name(creature)} ({creature.side}), dead"
    beast = monster(creature)
    return (f"{creature.id}: {beast.name} ({creature.side}) {creature.where} {where}; wounds "
            f"{wounds_left(creature)}/{beast.wounds}")


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


def _following(state: MowState) -> str:
    """What following the squadron's order will do, said before she follows it, as an advance
    of her own says it (she touches a ship, may ram, runs aground, leaves the table), or the
    step the rules will refuse her ("" for a clear way): the order played on a copy, as
    ``apply._same_orders`` plays it."""
    from ahoy_tui.engine.dice import Dice
    from ahoy_tui.engine.events import DiceRoll, Event
    from ahoy_tui.rules.man_o_war.apply import _dispatch
    from ahoy_tui.rules.man_o_war.legal import explain, legal

    ship_id = state.current
    for step in state.orders:
        action = squadron.action_of(step)
        if state.stage != "move" or state.current != ship_id:
            return ""
        if action not in legal(state):
            _, why = explain(state, action)
            return f"she stops short: {why}"
        if isinstance(action, Advance):
            ahead = movement.advance_words(state, float(action.inches))
            if ahead:
                return ahead
        events: list[Event] = []
        state = _dispatch(state, Dice(state.rng, events), action)
        if any(isinstance(e, DiceRoll) for e in events):
            return ""  # a die decides the rest (running aground): the odds say it
    return ""
