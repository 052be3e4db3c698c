"""The Magic Phase and the Wizards' Magic cards (seed "Magic Phase", "Magic", "End Phase: Pick
up Magic cards").

Readings (docs/rules/man-o-war.md):

- Each side's Wizard draws his hand from his own college's deck at the start, in secret (the
  other side sees how many cards, never which). A deck run out is shuffled again from the spent
  cards.
- The initiative side casts one spell, or none; the other side may then try to dispel it with a
  card whose foot names the spell's colour. Then the other way round. Casting and dispelling
  roll a D6 needing the card's casting number or more (a 1 always fails, the rule of one), a
  Wizard Lord adding 1. Every card tried is discarded, cast or dispelled or not.
- A Wizard Lord who fails to cast, or to dispel a spell, of his own college's colour may roll
  again, once a turn; he is asked, so he may keep it for later in the turn.
- Instead of casting, a side may try to dispel an enemy spell still in play (one that lasts).
- A spell cast on a ship must reach her: the card's range (the book's, 24") from the Wizard's
  ship to her hull. A ship warded by her own side's spell cannot be a target of the enemy's.
  A Dwarf ship (the Dwarfs field no Wizard: "amazingly resistant to magic") shrugs off a spell
  cast on her on a 4+.
- A spell that moves an enemy ship never moves her off the table: she stops at its edge, or
  short of anything in her way.
- House rule "no spell on the first turn": the scenario option ``no_spell_first_turn``.
- End Phase, after the counters: a Wizard in the fight (not clinging to wreckage) discards the
  cards he does not want, then fills his hand; the spells of one turn end.
"""

from __future__ import annotations

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import UNIT, distance
from ahoy_tui.rules.man_o_war import damage, fleet_cards, flyers, wizards
from ahoy_tui.rules.man_o_war.actions import CastSpell, DispelSpell
from ahoy_tui.rules.man_o_war.creatures import holding, wound
from ahoy_tui.rules.man_o_war.damage import say
from ahoy_tui.rules.man_o_war.model import COMPASS, Casting, InPlay, Marks, MowState, Ship, Wizard
from ahoy_tui.rules.man_o_war.spellbook import Spell, spellbook
from ahoy_tui.rules.man_o_war.table import obstacles, outline, wholly_on_table

MAGIC = "Magic Phase"
MAGIC_RULES = "Magic"
CARDS = "End Phase: Pick up Magic cards"
WAYS = ("clockwise", "anticlockwise")
MONSTER_HARM = frozenset({"damage", "btw", "blaze", "crew"})  # spells that wound a monster


# --- the hand --------------------------------------------------------------------------------

def muster(state: MowState, dice: Dice) -> MowState:
    """Setup: each Wizard's college is chosen at random, and he draws his hand."""
    book = spellbook()
    colleges = tuple(book.colleges)
    for wizard in state.wizards:
        if not wizard.college:
            roll = dice.die(len(colleges), f"{state.side_name(wizard.side)}: the Wizard's "
                            "college", "Setup", side=wizard.side)
            college = book.college(colleges[roll - 1])
            dice.judge(f"{college.name} ({college.colour})")
            wizard = replace(wizard, college=college.id)
            state = wizards.with_wizard(state, wizard)
            say(dice, "college", f"{state.side_name(wizard.side)}'s "
                f"{book.wizard(wizard.level).name} is a {college.name} Wizard: his spells are "
                f"{college.colour}", "Setup", side=wizard.side)
        state = refill(state, dice, wizard.side)
    return state


def refill(state: MowState, dice: Dice, side: str) -> MowState:
    """Draw cards, in secret, until the Wizard's hand is at full strength."""
    wizard = state.wizard(side)
    if wizard is None or not wizard.in_the_fight:
        return state
    book = spellbook()
    size = book.wizard(wizard.level).hand
    hand, spent = list(wizard.hand), list(wizard.spent)
    drawn = 0
    while len(hand) < size:
        deck = [c for c in book.deck(wizard.college) if c not in hand and c not in spent]
        if not deck:
            if not spent:
                break
            spent = []
            say(dice, "reshuffle", f"{state.side_name(side)}'s Wizard shuffles his spent cards "
                "back into his deck", CARDS, side=side)
            continue
        roll = dice.die(len(deck), f"{state.side_name(side)}: a Magic card drawn", CARDS,
                        side=side)
        hand.append(deck[roll - 1])
        drawn += 1
    if drawn:
        names = ", ".join(book.spell(c).name for c in hand[-drawn:])
        say(dice, "cards_drawn", f"{state.side_name(side)}'s Wizard draws {names}", CARDS,
            side=side)
    return wizards.with_wizard(state, replace(wizard, hand=tuple(hand), spent=tuple(spent)))


def secret(event: object, viewer: str) -> bool:
    """Whether ``event`` tells a card in a Wizard's hand that ``viewer`` may not see."""
    rule = getattr(event, "rule", "")
    side = getattr(event, "side", None)
    kind = getattr(event, "kind", "")
    if side == viewer or side is None:
        return False
    return kind == "cards_drawn" or (rule == CARDS and kind in ("", "discarded"))


def _spend(state: MowState, side: str, card: str) -> MowState:
    wizard = state.wizard(side)
    assert wizard is not None
    hand = list(wizard.hand)
    hand.remove(card)
    return wizards.with_wizard(state, replace(wizard, hand=tuple(hand),
                                              spent=(*wizard.spent, card)))


# --- who may cast what -----------------------------------------------------------------------

def banned(state: MowState) -> bool:
    """The house rule: no spell may be cast on the first game turn."""
    return state.turn == 1 and state.house_rule("no_spell_first_turn")


def order(state: MowState) -> tuple[str, str]:
    return state.initiative, state.other(state.initiative)


def in_range(state: MowState, wizard: Wizard, spell: Spell, target: Ship) -> bool:
    return distance(outline(state.ship(wizard.ship)), outline(target)) \
        <= spellbook().reach(spell) + 1e-9


def targets(state: MowState, wizard: Wizard, spell: Spell) -> list[str]:
    """The ships ``spell`` may be cast on ("" alone for a spell on no ship)."""
    if spell.target == "none":
        return [""]
    found = []
    for ship in state.ships:
        if not ship.in_the_fight:
            continue
        mine = ship.side == wizard.side
        if (spell.target == "enemy" and mine) or (spell.target == "friend" and not mine):
            continue
        if not mine and wizards.warded(state, ship.id, wizard.side):
            continue
        if in_range(state, wizard, spell, ship):
            found.append(ship.id)
    # the enemy's ships first: a spell that may fall on either side mostly falls on them
    found.sort(key=lambda s: state.ship(s).side == wizard.side)
    if spell.target == "enemy" and spell.effect in MONSTER_HARM and state.flyers:
        # "Spells may be cast against flyers as if they were ships"
        wizard_hull = outline(state.ship(wizard.ship))
        found += [f.id for f in state.flyers if f.aloft and f.side != wizard.side
                  and distance(wizard_hull, flyers.body(f)) <= spellbook().reach(spell) + 1e-9]
    return found


def castings(state: MowState, side: str) -> list[CastSpell | DispelSpell]:
    """Every spell the side's Wizard may cast now, and every attempt to dispel an enemy spell
    in play."""
    wizard = state.wizard(side)
    if wizard is None or not wizard.in_the_fight or banned(state):
        return []
    book = spellbook()
    found: list[CastSpell | DispelSpell] = []
    for card in dict.fromkeys(wizard.hand):
        spell = book.spell(card)
        if spell.castable:
            ways = WAYS if spell.has_way else ("",)
            found += [CastSpell(card, target, way) for target in targets(state, wizard, spell)
                      for way in ways]
        for lasting in state.in_play:
            if lasting.side != side and book.spell(lasting.card).college in spell.dispels:
                found.append(DispelSpell(card, lasting.id))
    return found


def dispels(state: MowState, side: str, spell: Spell) -> list[str]:
    """The cards in the side's hand that may dispel ``spell`` (by its colour)."""
    wizard = state.wizard(side)
    if wizard is None or not wizard.in_the_fight:
        return []
    book = spellbook()
    return [c for c in dict.fromkeys(wizard.hand) if spell.college in book.spell(c).dispels]


def decider(state: MowState) -> str:
    """The side that must choose in the Magic Phase now."""
    casting = state.casting
    if casting is None:
        return order(state)[state.magic_step]
    if casting.step == "reroll_cast":
        return casting.side
    if casting.lasting:  # the side's own attempt to dispel a spell in play
        return casting.side
    return state.other(casting.side)


def magic_step(state: MowState, dice: Dice) -> tuple[MowState, bool]:
    """Carry the Magic Phase on past the sides with nothing to cast: the state, and whether a
    side must choose now (else both have had their turn)."""
    if state.casting is not None:
        return state, True
    while state.magic_step < 2:
        side = order(state)[state.magic_step]
        if castings(state, side):
            return state, True
        wizard = state.wizard(side)
        if wizard is not None and wizard.in_the_fight:
            why = ("no spell may be cast on the first turn" if banned(state) else
                   "no card he holds has a target within reach" if wizard.hand else
                   "he holds no card")
            say(dice, "no_spell", f"{state.side_name(side)}'s Wizard casts nothing: {why}",
                MAGIC, side=side)
        state = replace(state, magic_step=state.magic_step + 1)
    return state, False


# --- casting and dispelling ------------------------------------------------------------------

def _roll(state: MowState, dice: Dice, side: str, card: Spell, what: str) -> bool:
    wizard = state.wizard(side)
    assert wizard is not None
    bonus = spellbook().wizard(wizard.level).bonus
    ok, face = dice.need(card.cast, f"{state.side_name(side)}: {what}", MAGIC_RULES,
                         side=side, modifier=bonus)
    if face == 1 and ok:  # the rule of one: a 1 always fails
        dice.judge("failure (a 1 always fails)")
        return False
    return ok


def _may_reroll(state: MowState, side: str, colour: str) -> bool:
    wizard = state.wizard(side)
    return bool(wizard is not None and not wizard.rerolled
                and spellbook().wizard(wizard.level).reroll and wizard.college == colour)


def cast(state: MowState, dice: Dice, side: str, card: str, target: str, way: str) -> MowState:
    book = spellbook()
    spell = book.spell(card)
    state = _spend(state, side, card)
    on = f" on the {state.ship(target).name}" if target else ""
    say(dice, "cast", f"{state.side_name(side)}'s Wizard casts {spell.name}{on}", MAGIC,
        side=side, big=True)
    casting = Casting(side, card, target, way)
    return _after_cast(state, dice, casting, _roll(state, dice, side, spell,
                                                   f"casting {spell.name}"))


def _after_cast(state: MowState, dice: Dice, casting: Casting, ok: bool) -> MowState:
    spell = spellbook().spell(casting.card)
    if not ok:
        if _may_reroll(state, casting.side, spell.college):
            return replace(state, casting=replace(casting, step="reroll_cast"))
        say(dice, "miscast", f"{spell.name} fails", MAGIC_RULES, side=casting.side)
        return _next(state)
    if dispels(state, state.other(casting.side), spell):
        return replace(state, casting=replace(casting, step="dispel"))
    enemy = state.other(casting.side)
    why = ("has no Wizard" if state.wizard(enemy) is None else
           f"holds no card to dispel a {spell.college} spell")
    say(dice, "no_dispel", f"{state.side_name(enemy)} cannot dispel {spell.name}: "
        f"their side {why}", MAGIC_RULES, side=enemy)
    return resolve(state, dice, casting)


def need_to_roll(state: MowState, side: str, card: str) -> int:
    """The score ``side``'s Wizard needs on a D6 to cast or dispel with ``card`` (its number,
    less a Wizard Lord's +1; a 1 always fails)."""
    wizard = state.wizard(side)
    bonus = spellbook().wizard(wizard.level).bonus if wizard is not None else 0
    return max(2, spellbook().spell(card).cast - bonus)


def dispel(state: MowState, dice: Dice, card: str, lasting: str = "") -> MowState:
    """The side deciding tries to dispel the spell just cast (or ``lasting``, a spell in play)
    with ``card``."""
    if lasting:
        casting = Casting(order(state)[state.magic_step], "", lasting=lasting, dispel=card)
    else:
        assert state.casting is not None
        casting = replace(state.casting, dispel=card)
    side, against = _dispeller(state, casting), _against(state, casting)
    state = _spend(state, side, card)
    tool = spellbook().spell(card)
    say(dice, "dispel", f"{state.side_name(side)}'s Wizard tries to dispel {against.name} "
        f"with {tool.name}", MAGIC, side=side)
    return _after_dispel(state, dice, casting, _roll(state, dice, side, tool,
                                                     f"dispelling {against.name}"))


def _dispeller(state: MowState, casting: Casting) -> str:
    return casting.side if casting.lasting else state.other(casting.side)


def _against(state: MowState, casting: Casting) -> Spell:
    book = spellbook()
    if casting.lasting:
        return book.spell(next(s for s in state.in_play if s.id == casting.lasting).card)
    return book.spell(casting.card)


def _after_dispel(state: MowState, dice: Dice, casting: Casting, ok: bool) -> MowState:
    if not ok and _may_reroll(state, _dispeller(state, casting),
                              _against(state, casting).college):
        return replace(state, casting=replace(casting, step="reroll_dispel"))
    return _dispel_outcome(state, dice, casting, ok)


def let_it_stand(state: MowState, dice: Dice) -> MowState:
    casting = state.casting
    assert casting is not None
    return resolve(state, dice, casting)


def reroll(state: MowState, dice: Dice, take: bool) -> MowState:
    """A Wizard Lord's re-roll of a failed cast or dispel of his own colour (``take``), or the
    failure stands and he keeps his re-roll for later in the turn."""
    casting = state.casting
    assert casting is not None
    book = spellbook()
    dispelling = casting.step == "reroll_dispel"
    side = _dispeller(state, casting) if dispelling else casting.side
    spell = book.spell(casting.dispel if dispelling else casting.card)
    casting = replace(casting, step="")
    state = replace(state, casting=casting)
    ok = False
    if take:
        wizard = state.wizard(side)
        assert wizard is not None
        state = wizards.with_wizard(state, replace(wizard, rerolled=True))
        say(dice, "reroll", f"{state.side_name(side)}'s Wizard Lord rolls again", MAGIC_RULES,
            side=side)
        what = f"dispelling {_against(state, casting).name}" if dispelling \
            else f"casting {spell.name}"
        ok = _roll(state, dice, side, spell, f"{what}, again")
    else:
        say(dice, "no_reroll", f"{state.side_name(side)}'s Wizard Lord keeps his re-roll",
            MAGIC_RULES, side=side)
    if dispelling:
        return _dispel_outcome(state, dice, casting, ok)
    if not ok:
        say(dice, "miscast", f"{spell.name} fails", MAGIC_RULES, side=side)
        return _next(state)
    return _after_cast(state, dice, casting, True)


def _dispel_outcome(state: MowState, dice: Dice, casting: Casting, ok: bool) -> MowState:
    """A dispel's last word: the spell goes, or it stands."""
    against = _against(state, casting)
    side = _dispeller(state, casting)
    if ok:
        say(dice, "dispelled", f"{against.name} is dispelled", MAGIC_RULES, side=side, big=True)
        if casting.lasting:
            state = replace(state, in_play=tuple(s for s in state.in_play
                                                 if s.id != casting.lasting))
        return _next(state)
    say(dice, "not_dispelled", f"The dispel fails: {against.name} stands", MAGIC_RULES,
        side=side)
    return _next(state) if casting.lasting else resolve(state, dice, casting)


def _next(state: MowState) -> MowState:
    return replace(state, casting=None, magic_step=state.magic_step + 1)


# --- what the spells do ----------------------------------------------------------------------

def resolve(state: MowState, dice: Dice, casting: Casting) -> MowState:
    """The spell takes effect."""
    book = spellbook()
    spell = book.spell(casting.card)
    state = replace(state, casting=None)
    if casting.target and state.has_flyer(casting.target):
        # a wound for each point of damage, fire or crew the spell does
        state = flyers.spell_wounds(state, dice, casting.target, spell.amount, casting.side,
                                    spell.name)
        return _next(state)
    target = state.ship(casting.target) if casting.target else None
    if target is not None:
        resist = book.resistant.get(target.card.race)
        if resist and target.side != casting.side:
            ok, _ = dice.need(resist, f"{target.name}: resisting {spell.name}", MAGIC_RULES,
                              side=target.side, ship=target.id, success="resisted",
                              failure="not resisted")
            if ok:
                say(dice, "resisted", f"The {target.name} shrugs off {spell.name}: the Dwarfs "
                    "are resistant to magic", MAGIC_RULES, side=target.side, ship=target.id)
                return _next(state)
    if target is not None and target.side != casting.side:
        charm = fleet_cards.bonus(target, "warded")
        if charm:
            ok, _ = dice.need(charm, f"{target.name}: her Warding Talisman against {spell.name}",
                              MAGIC_RULES, side=target.side, ship=target.id,
                              success="warded off", failure="no help")
            if ok:
                say(dice, "resisted", f"The {target.name}'s talisman wards off {spell.name}",
                    MAGIC_RULES, side=target.side, ship=target.id)
                return _next(state)
    state = _effect(state, dice, casting, spell, target)
    if target is not None and state.creatures and spell.effect in MONSTER_HARM:
        # "Spells affect both ship and attacking monster": a wound a point of the spell
        for beast in holding(state, state.ship(target.id)):
            state = wound(state, dice, beast, spell.amount, by=casting.side, cause=spell.name)
    return _next(state)


def _effect(state: MowState, dice: Dice, casting: Casting, spell: Spell,
            target: Ship | None) -> MowState:
    effect, amount = spell.effect, spell.amount
    by = casting.side
    if effect == "wind":
        step = amount if casting.way == "clockwise" else -amount
        wind = (state.wind + step) % 8
        say(dice, "wind", f"{spell.name}: the wind turns {amount} point{'s' if amount > 1 else ''} "
            f"{casting.way}; it now blows toward {COMPASS[wind]}", MAGIC_RULES, big=True)
        return replace(state, wind=wind)
    assert target is not None
    name = target.name
    if effect == "damage":
        for _ in range(amount):
            aim = damage.strike_where(dice, target, spell.name, MAGIC_RULES)
            state = damage.hit_ship(state, dice, target.id, aim=aim, source=spell.name, by=by)
            if state.ship(target.id).gone:
                break
        return state
    if effect == "btw":
        return damage.btw_hits(state, dice, target.id, amount, save=True, by=by,
                               cause=spell.name)
    if effect == "blaze":
        for _ in range(amount):
            state = damage.blaze_somewhere(state, dice, target.id, spell.name, MAGIC_RULES)
        return state
    if effect == "crew":
        return damage.lose_crew(state, dice, target.id, amount, spell.name)
    if effect in ("no_movement", "no_firing"):
        words = "no movement" if effect == "no_movement" else "no firing"
        say(dice, effect, f"{spell.name}: a {words} counter on the {name}", MAGIC_RULES,
            side=target.side, ship=target.id)
        return damage.with_ship(state, replace(target, **{effect: True}))
    if effect == "turn":
        return _turn(state, dice, target, amount, casting.way, spell)
    if effect == "push":
        return _push(state, dice, target, amount, spell)
    if effect in ("speed", "shield", "ward"):
        until = state.turn if spell.duration == "turn" else 0
        lasting = InPlay(f"{casting.side}:{casting.card}:{target.id}", casting.side,
                         casting.card, target.id, until)
        kept = tuple(s for s in state.in_play if s.id != lasting.id)
        how = "this turn" if until else "until dispelled"
        say(dice, effect, f"{spell.name} on the {name} ({how})", MAGIC_RULES,
            side=target.side, ship=target.id)
        return replace(state, in_play=(*kept, lasting))
    if effect == "douse":
        marks = tuple(Marks(m.damaged + m.blazing, 0) for m in target.marks)
        say(dice, "douse", f"{spell.name}: every Blaze on the {name} is out", MAGIC_RULES,
            side=target.side, ship=target.id)
        return damage.with_ship(state, replace(target, marks=marks))
    if effect == "repair":
        return _repair(state, dice, target, amount, spell)
    if effect == "rally":
        crew = min(target.card.crew, target.crew + amount)
        say(dice, "rally", f"{spell.name}: the {name} has {crew} crew counters "
            f"({crew - target.crew} back)", MAGIC_RULES, side=target.side, ship=target.id)
        return damage.with_ship(state, replace(target, crew=crew))
    raise ValueError(f"magic.toml: no rule for the effect {effect!r}")


def _turn(state: MowState, dice: Dice, target: Ship, amount: int, way: str,
          spell: Spell) -> MowState:
    step = 1 if way == "clockwise" else -1
    ship = target
    turned = 0
    for _ in range(amount):
        moved = replace(ship, heading=(ship.heading + step) % 8)
        if not wholly_on_table(state, moved) or _blocked(state, moved):
            break
        ship, turned = moved, turned + 1
    say(dice, "spell_turn", f"{spell.name}: the {target.name} turns {turned} point"
        f"{'s' if turned != 1 else ''} {way}" + ("" if turned == amount else
                                                 " (no room to turn farther)"),
        MAGIC_RULES, side=target.side, ship=target.id)
    return damage.with_ship(state, ship)


def _blocked(state: MowState, ship: Ship) -> bool:
    mine = outline(ship)
    return any(distance(mine, poly) <= 0.0 for _, _, poly in obstacles(state, but=ship.id))


def _push(state: MowState, dice: Dice, target: Ship, amount: int, spell: Spell) -> MowState:
    """Driven the way the wind blows, a tenth of an inch at a time: never off the table, never
    into anything."""
    dx, dy = UNIT[state.wind % 8]
    ship = target
    moved = 0.0
    for _ in range(int(amount * 10)):
        step = replace(ship, x=ship.x + dx * 0.1, y=ship.y + dy * 0.1)
        if not wholly_on_table(state, step) or _blocked(state, step):
            break
        ship, moved = step, moved + 0.1
    say(dice, "spell_push", f"{spell.name}: the {target.name} is driven {moved:.1f}\" toward "
        f"{COMPASS[state.wind]}" + ("" if moved >= amount - 0.05 else " (and stops short)"),
        MAGIC_RULES, side=target.side, ship=target.id)
    return damage.with_ship(state, ship)


def _repair(state: MowState, dice: Dice, target: Ship, amount: int, spell: Spell) -> MowState:
    mended, taken = damage.mend(target, amount)
    say(dice, "repair", f"{spell.name}: {taken} damage marker{'s' if taken != 1 else ''} off "
        f"the {target.name}", MAGIC_RULES, side=target.side, ship=target.id)
    return damage.with_ship(state, mended)


# --- the End Phase ---------------------------------------------------------------------------

def may_discard(state: MowState, side: str) -> bool:
    wizard = state.wizard(side)
    return bool(wizard is not None and wizard.in_the_fight and wizard.hand)


def discard(state: MowState, dice: Dice, side: str, card: str) -> MowState:
    state = _spend(state, side, card)
    say(dice, "discarded", f"{state.side_name(side)}'s Wizard discards a card", CARDS,
        side=side)
    return state


def cards_step(state: MowState, dice: Dice) -> tuple[MowState, bool]:
    """Pick up Magic cards, initiative side first: the state, and whether a side must choose
    what to discard now; after both, the spells of one turn end."""
    while state.magic_step < 2:
        side = order(state)[state.magic_step]
        if may_discard(state, side):
            return state, True
        state = keep_hand(state, dice)
    ended = [s for s in state.in_play if s.until and s.until <= state.turn]
    if ended:
        book = spellbook()
        for spell in ended:
            say(dice, "spell_ends", f"{book.spell(spell.card).name} ends", CARDS)
    gone = [s for s in state.in_play if not state.ship(s.target).in_the_fight]
    if ended or gone:
        state = replace(state, in_play=tuple(s for s in state.in_play
                                             if s not in ended and s not in gone))
    return replace(state, wizards=tuple(replace(w, rerolled=False) if w.rerolled else w
                                        for w in state.wizards)), False


def keep_hand(state: MowState, dice: Dice) -> MowState:
    """The side choosing keeps the rest of its hand: fill it up, and the other side's turn."""
    side = order(state)[state.magic_step]
    state = refill(state, dice, side)
    return replace(state, magic_step=state.magic_step + 1)


def cards_decider(state: MowState) -> str:
    return order(state)[state.magic_step]
