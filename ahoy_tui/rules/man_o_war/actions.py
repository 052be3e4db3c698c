"""The actions of a Man O' War battle: every choice a player makes is one of these values.

Named for the rules: a squadron (or a Man O' War, or an Independent) is activated, each of its
ships is taken in hand, sets her course, advances and turns, rams, fires her batteries aimed
high or low, and boards; a boarding action asks the winner of each round to press on or break
off, to cut grapples or fight on; a ship won is taken as a prize or scuttled.
"""

from __future__ import annotations

from typing import ClassVar

from attrs import field, frozen

from ahoy_tui.engine.serialize import ADDED


@frozen
class PlaceTerrain:
    """Setup: place a piece of terrain (``kind``) in a 2' section that still has a feature to
    place, at one of five spots (0 its centre, 1-4 its north-west, north-east, south-west and
    south-east quarters)."""

    kind: ClassVar[str] = "place_terrain"
    piece: str
    section: int
    spot: int


@frozen
class ChooseEdge:
    """Setup: the winner of the set-up roll chooses to set up on the east or west side."""

    kind: ClassVar[str] = "choose_edge"
    edge: str


@frozen
class Deploy:
    """Setup: place a Man O' War, an Independent or a squadron (``unit``) within 9" of one's own
    edge, her centre (a squadron's flagship's) ``y`` inches from the north edge."""

    kind: ClassVar[str] = "deploy"
    unit: str
    y: int


@frozen
class Activate:
    """Battle Phase: activate a Man O' War, an Independent or a squadron of Ships of the Line
    (``unit``: the ship's id, or the squadron's)."""

    kind: ClassVar[str] = "activate"
    unit: str


@frozen
class Command:
    """Take the next ship of the activated squadron in hand (committed to finish her)."""

    kind: ClassVar[str] = "command"
    ship: str


@frozen
class SetCourse:
    """Begin her move: by ``means`` ("sail", "oars", "steam", "magic"); under oars ``pace`` is
    "cruise", "ramming" (Ramming speed: no turns) or "backwards" (up to 2" astern)."""

    kind: ClassVar[str] = "set_course"
    means: str
    pace: str = "cruise"


@frozen
class Advance:
    """Move straight ahead (astern when backing) this many inches; with ``stop``, and end her
    move there (stopping short in one choice, as going her whole move is)."""

    kind: ClassVar[str] = "advance"
    inches: int
    # added later: out of the action's digest (its dice) while False, so old saves replay
    stop: bool = field(default=False, metadata={ADDED: True})


@frozen
class SameOrders:
    """A ship of the squadron acting moves as the first of them to move this activation did:
    the same course, the same advances and turns, then her move ends (the squadron's one
    order, the project's own: Squadrons)."""

    kind: ClassVar[str] = "same_orders"


@frozen
class Turn:
    """Turn one point (45°) with the Turning Template, using 2" of her move."""

    kind: ClassVar[str] = "turn"
    side: str  # "port" | "starboard"


@frozen
class TurnOnTheSpot:
    """Under oars: turn 90° on the spot for half her move, or 180° for all of it."""

    kind: ClassVar[str] = "turn_on_the_spot"
    side: str
    degrees: int


@frozen
class PushClear:
    """Begun in contact: push clear along the other ship's side, for half her move."""

    kind: ClassVar[str] = "push_clear"
    way: str  # "ahead" | "astern"


@frozen
class Ram:
    """Ramming: she touched ``target`` after 3" straight; the target saves below the waterline
    or takes the rammer's damage."""

    kind: ClassVar[str] = "ram"
    target: str


@frozen
class EndMove:
    kind: ClassVar[str] = "end_move"


@frozen
class Fire:
    """Fire every battery she has ready on ``side`` ("fore", "aft", "port", "starboard",
    "turret") at ``target``, aimed ``aim`` ("high", "low", or "" where the target's card has no
    split bar)."""

    kind: ClassVar[str] = "fire"
    side: str
    target: str
    aim: str = ""


@frozen
class EndFire:
    kind: ClassVar[str] = "end_fire"


@frozen
class Board:
    """Begin a boarding action against a ship she touches."""

    kind: ClassVar[str] = "board"
    target: str


@frozen
class BoardingChoice:
    """The decision a round of a boarding action leaves: the attacker "press_on" or
    "break_off"; the defender "cut_grapples" or "fight_on" (a winning defender fighting on
    becomes the attacker)."""

    kind: ClassVar[str] = "boarding_choice"
    choice: str


@frozen
class TakePrize:
    """Captured ships: put ``crew`` counters aboard the ship won and keep her as a prize."""

    kind: ClassVar[str] = "take_prize"
    ship: str
    crew: int


@frozen
class Scuttle:
    """Captured ships: scuttle the ship won (she goes down in the End Phase)."""

    kind: ClassVar[str] = "scuttle"
    ship: str


@frozen
class EndShip:
    """She has done all she will this Battle Phase."""

    kind: ClassVar[str] = "end_ship"



# --- the Magic Phase and the End Phase's cards (seed "Magic Phase", "Magic", "End Phase") ------
@frozen
class CastSpell:
    """Magic Phase: the Wizard casts a card from his hand (``card``, a spell's id) on the ship
    ``target`` ("" for a spell on no ship), ``way`` "clockwise" or "anticlockwise" where the
    card turns a ship or the wind."""

    kind: ClassVar[str] = "cast_spell"
    card: str
    target: str = ""
    way: str = ""


@frozen
class NoSpell:
    """Magic Phase: cast nothing this turn."""

    kind: ClassVar[str] = "no_spell"


@frozen
class DispelSpell:
    """Magic Phase: try to dispel, with ``card`` from the Wizard's hand, the spell just cast or
    (``lasting``: its id among the spells in play) an enemy spell still in play."""

    kind: ClassVar[str] = "dispel_spell"
    card: str
    lasting: str = ""


@frozen
class LetItStand:
    """Magic Phase: make no attempt to dispel the spell just cast."""

    kind: ClassVar[str] = "let_it_stand"


@frozen
class Reroll:
    """Magic Phase: a Wizard Lord re-rolls his failed cast or dispel (``take``), or lets the
    failure stand and keeps his re-roll for later in the turn."""

    kind: ClassVar[str] = "reroll"
    take: bool


@frozen
class DiscardSpell:
    """End Phase: the Wizard discards an unwanted card before his hand is filled again."""

    kind: ClassVar[str] = "discard_spell"
    card: str


@frozen
class KeepHand:
    """End Phase: keep the rest of the hand; it is filled up to strength."""

    kind: ClassVar[str] = "keep_hand"


@frozen
class PlaceMonster:
    """Set-up, or a monster gone back to its lair: place its template, face down, at one of the
    table's 6" spots (``spot``, numbered row by row from the north-west)."""

    kind: ClassVar[str] = "place_monster"
    monster: str
    spot: int


@frozen
class Summon:
    """Battle Phase, instead of activating a ship or squadron: summon a sea monster from its
    template (4+, a spellcaster adding his casting bonus; a failure ends the side's turn)."""

    kind: ClassVar[str] = "summon"
    monster: str


@frozen
class Emerge:
    """The monster summoned rises in its template's area: at its centre (0) or the middle of
    one of its quarters (1-4: north-west, north-east, south-west, south-east)."""

    kind: ClassVar[str] = "emerge"
    spot: int


@frozen
class MonsterCourse:
    """At the start of its move the monster swims on the surface (and may attack) or dives
    (a submerged counter: immune to attack, and no attack this turn)."""

    kind: ClassVar[str] = "monster_course"
    dive: bool = False


@frozen
class Twice:
    """A 6 on the Sea Monster Reaction table: the monster moves twice, or attacks twice."""

    kind: ClassVar[str] = "twice"
    what: str  # "move" | "attack"


@frozen
class Swim:
    """The monster swims straight toward the ship ``toward`` (stopping when it touches her), or
    ``inches`` along the compass point ``heading`` (0 north, clockwise)."""

    kind: ClassVar[str] = "swim"
    toward: str = ""
    heading: int = 0
    inches: int = 0


@frozen
class SpecialAttack:
    """The monster's special attack (its template's) on a ship it touches."""

    kind: ClassVar[str] = "special_attack"
    target: str


@frozen
class Maul:
    """The monster's boarding action against a ship it touches: D6 + its wounds against D6 +
    her crew (and cannons, Admiral, Marines)."""

    kind: ClassVar[str] = "maul"
    target: str


@frozen
class MonsterChoice:
    """After a round of a monster's boarding action: its side presses on or retreats; the ship's
    side presses on or drives it off."""

    kind: ClassVar[str] = "monster_choice"
    choice: str  # "press_on" | "retreat" | "drive_off"


@frozen
class Fly:
    """A flyer flies straight at ``toward`` (a ship, a sea monster or a flyer: it stops in base
    contact, and attacks), or ``inches`` along the compass point ``heading``, over anything."""

    kind: ClassVar[str] = "fly"
    toward: str = ""
    heading: int = 0
    inches: int = 0


@frozen
class Bomb:
    """The flyer's special attack (its missiles or bombs) on what it touches."""

    kind: ClassVar[str] = "bomb"
    target: str


@frozen
class Grapple:
    """The flyer's boarding action against a ship it touches, or close combat with a flyer or
    a sea monster."""

    kind: ClassVar[str] = "grapple"
    target: str


@frozen
class FlyerChoice:
    """After a round with a flyer: fight on, drive it off (1" away), or break off."""

    kind: ClassVar[str] = "flyer_choice"
    choice: str  # "fight_on" | "drive_off" | "break_off"


@frozen
class FireAntiFlyer:
    """After her cannons, a Man O' War fires her anti-flyer weapon at one flyer in range."""

    kind: ClassVar[str] = "fire_anti_flyer"
    target: str


MowAction = (PlaceTerrain | ChooseEdge | Deploy | Activate | Command | SetCourse | Advance
             | SameOrders | Turn
             | TurnOnTheSpot | PushClear | Ram | EndMove | Fire | EndFire | Board | BoardingChoice
             | TakePrize | Scuttle | EndShip | CastSpell | NoSpell | DispelSpell | LetItStand
             | Reroll | DiscardSpell | KeepHand | PlaceMonster | Summon | Emerge | MonsterCourse
             | Twice | Swim | SpecialAttack | Maul | MonsterChoice | Fly | Bomb | Grapple
             | FlyerChoice | FireAntiFlyer)
