"""The odds of every Man O' War choice that rolls (issue 35), beyond the broadside, the ram, the
boarding round, the cast and the summons of ``test_odds.py``: pressing on in a boarding action,
a flyer's flight into the target's defensive fire, its bombs and its boarding action or close
combat, fighting on, an anti-flyer weapon's shots, a sea monster's move (its dice and the
Reaction table) and pressing on against it, a Wizard Lord's re-roll, and an advance that runs
her aground. Each set-up's odds equal a count of the dice written here, face by face
(tests/odds_support.py), and the choice played over a thousand seeds lands within a tight bound
of them. Last, random legal battles over every scenario: every choice whose dice roll has odds,
but for the short list below, each with its reason."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from odds_support import D3, D6, chance_of, enumerate_faces, mean_of, within_bound

from ahoy_tui.engine import Game
from ahoy_tui.engine.dice import Dice, Rng
from ahoy_tui.engine.events import DiceRoll, Event
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.game import apply
from ahoy_tui.engine.registry import get_ruleset
from ahoy_tui.rules.man_o_war import flyers
from ahoy_tui.rules.man_o_war import squadron as squadron_orders
from ahoy_tui.rules.man_o_war.actions import (
    Activate,
    Advance,
    Board,
    BoardingChoice,
    Bomb,
    CastSpell,
    EndMove,
    FireAntiFlyer,
    Fly,
    FlyerChoice,
    Grapple,
    Maul,
    MonsterChoice,
    MonsterCourse,
    Reroll,
)
from ahoy_tui.rules.man_o_war.apply import _dispatch
from ahoy_tui.rules.man_o_war.scenario import BUILTIN

from .test_battle import boarding_battle, ship
from .test_flyers import air_sea, over_the_galleon, touching_the_galleon, wing
from .test_magic import wizards_sea
from .test_monsters import beast, gripping, monster_sea, prowling
from .test_movement import aground
from .test_turn_sequence import Sea

RULESET = get_ruleset("man-o-war")
SEEDS = range(1000)


def outcome(odds: Any, name: str) -> Fraction:
    return dict(odds.outcomes)[name]


def seeded(state: Any, action: Any, seed: int) -> Any:
    after, _ = apply(replace(state, rng=Rng(seed, 0)), action)
    return after


def saved(roll: int, need: int, modifier: int) -> bool:
    """The rule of one, written here: a 1 fails, a 6 saves, else the roll and its modifier."""
    return roll != 1 and (roll == 6 or roll + modifier >= need)


# --- pressing on in a boarding action (Boarding Actions) -------------------------------------

def boarded(*faces: int) -> Sea:
    """The Greatship (5 crew, Admiral) has boarded the Galleon (5 crew, 3 broadside batteries
    bearing, Admiral); the round played with ``faces``."""
    sea = Sea(boarding_battle().state)
    return sea.play(Board("b"), *faces)


def test_pressing_on_is_another_round_at_the_crews_left() -> None:
    sea = boarded(6, 1)  # 6+5+1 = 12 against 1+5+3+1 = 10: the Galleon loses one
    assert sea.state.boarding is not None and sea.state.boarding.decision == "attacker"
    odds = RULESET.odds(sea.state, BoardingChoice("press_on"))
    # the Greatship D6 +6 (5 crew, Admiral) against the Galleon's D6 +8 (4 crew, 3 cannons,
    # Admiral)
    dist = enumerate_faces((D6, D6), lambda a, d: (a + 6 > d + 8) - (a + 6 < d + 8))
    assert outcome(odds, "win") == dist[1] == Fraction(6, 36)
    assert outcome(odds, "stand-off") == dist[0]
    assert RULESET.odds(sea.state, BoardingChoice("break_off")) is None
    wins = sum(seeded(sea.state, BoardingChoice("press_on"), seed).ship("b").crew == 3
               and seeded(sea.state, BoardingChoice("press_on"), seed).ship("g").crew == 5
               for seed in SEEDS)
    assert within_bound([1.0] * wins + [0.0] * (len(SEEDS) - wins), float(dist[1]),
                        float(dist[1] * (1 - dist[1])))


def test_a_defender_who_won_and_fights_on_attacks_and_the_cannons_change_sides() -> None:
    sea = boarded(1, 6)  # 1+6 against 6+9: the Greatship loses one
    assert sea.state.boarding is not None and sea.state.boarding.decision == "defender"
    odds = RULESET.odds(sea.state, BoardingChoice("fight_on"))
    # now the Galleon attacks, D6 +6 (5 crew, Admiral), against the Greatship's D6 + 4 crew
    # + 1 Admiral + her broadside batteries bearing on the Galleon (3)
    from ahoy_tui.rules.man_o_war.boarding import cannons_bearing

    cannons = cannons_bearing(sea.ship("g"), sea.ship("b"))
    assert cannons == 3
    win = chance_of(enumerate_faces((D6, D6), lambda a, d: a + 6 > d + 4 + 1 + 3), bool)
    assert outcome(odds, "win") == win
    assert "Galleon D6 +6" in odds.breakdown[0]
    won = 0
    for seed in SEEDS:
        after = seeded(sea.state, BoardingChoice("fight_on"), seed)
        won += after.ship("g").crew == 3 and after.ship("b").crew == 5
    assert within_bound([1.0] * won + [0.0] * (len(SEEDS) - won), float(win),
                        float(win * (1 - win)))


# --- flyers (Airpower, Anti-flyer weapons) ---------------------------------------------------

def flyer_fire(faces: tuple[int, ...], wounds: int, rider: int, beast_scores: tuple[int, ...],
               rider_save: int, beast_save: int, modifier: int) -> int:
    """Wounds left after hits on a flyer, two dice a hit (where it strikes, then the save); 0:
    it fell (dice after that are never rolled, so they count for nothing)."""
    for where, save in zip(faces[::2], faces[1::2], strict=True):
        if where == rider and not saved(save, rider_save, modifier):
            return 0
        if where in beast_scores and not saved(save, beast_save, modifier):
            wounds -= 1
            if wounds == 0:
                return 0
    return wounds


def test_flying_into_base_contact_draws_her_defensive_fire_a_die_a_crew_counter() -> None:
    sea = over_the_galleon()
    sea.arrange("b", crew=2)
    odds = RULESET.odds(sea.state, Fly(toward="b"))
    # the Wyvern Rider (3 wounds): a 6 strikes the Rider (4+), a 4 or 5 the beast (4+)
    dist = enumerate_faces((D6,) * 4, lambda *f: flyer_fire(f, 3, 6, (4, 5), 4, 4, 0))
    assert outcome(odds, "falls") == dist[0]
    assert outcome(odds, "1 wound") == dist[2]
    assert outcome(odds, "2 wounds") == dist.get(1, Fraction(0))
    assert odds.summary.startswith("fired on: ")
    assert RULESET.odds(sea.state, Fly(heading=0, inches=3)) is None  # no contact: no dice
    left = [flyers.wounds_left(seeded(sea.state, Fly(toward="b"), s).flyer("w"))
            if seeded(sea.state, Fly(toward="b"), s).flyer("w").aloft else 0 for s in SEEDS]
    falls = [1.0 if w == 0 else 0.0 for w in left]
    assert within_bound(falls, float(dist[0]), float(dist[0] * (1 - dist[0])))


def test_no_defensive_fire_in_the_odds_of_a_flight_when_the_flyer_strikes_first() -> None:
    sea = over_the_galleon(flyer_first="yes")
    assert RULESET.odds(sea.state, Fly(toward="b")) is None


def bomb_hits_galleon(strike: int, where: int, save: int) -> bool:
    """A Squigbomb: 1-2 miss; then her high band (1 none, 2 Forecastle 4+, 3 Quarterdeck 4+,
    4-6 a mast 5+), the bombs' save modifier 0."""
    if strike <= 2 or where == 1:
        return False
    return not saved(save, 4 if where in (2, 3) else 5, 0)


def test_bombs_each_strike_above_the_miss_then_a_high_location_and_its_save() -> None:
    sea = touching_the_galleon()
    odds = RULESET.odds(sea.state, Bomb("b"))
    one = chance_of(enumerate_faces((D6, D6, D6), bomb_hits_galleon), bool)
    # the three bombs one after another: which of them strike home, each as likely as counted
    hits = enumerate_faces(((True,) * one.numerator + (False,) * (one.denominator
                                                                 - one.numerator),) * 3,
                           lambda *b: sum(b))
    for n in range(4):
        assert outcome(odds, f"{n} hit{'s' * (n != 1)}") == hits[n]
    assert odds.expected["hits"] == 3 * one
    failed = [float(sum(1 for e in after_events(sea.state, Bomb("b"), seed)
                        if isinstance(e, DiceRoll) and "save for the" in e.purpose
                        and e.outcome == "failed")) for seed in SEEDS]
    assert within_bound(failed, float(3 * one), float(3 * one * (1 - one)))


def after_events(state: Any, action: Any, seed: int) -> list[Event]:
    _, events = apply(replace(state, rng=Rng(seed, 0)), action)
    return list(events)


def boarding_by_a_flyer(a: int, d: int, a2: int, d2: int) -> str:
    """The Wyvern Rider (D6 +3) against the Galleon's 2 crew, round after round while it wins:
    "dead" (her crew), "wounded" (the Rider), "draw", with the crew lost."""
    crew = 2
    for mine, theirs in ((a, d), (a2, d2)):
        if mine + 3 > theirs + crew:
            crew -= 1
            if crew == 0:
                return "dead 2"
            continue
        return f"{'wounded' if theirs + crew > mine + 3 else 'draw'} {2 - crew}"
    raise AssertionError


def test_a_flyers_boarding_action_goes_on_while_it_wins_until_her_crew_are_dead() -> None:
    sea = touching_the_galleon()
    sea.arrange("b", crew=2)
    odds = RULESET.odds(sea.state, Grapple("b"))
    dist = enumerate_faces((D6,) * 4, boarding_by_a_flyer)
    assert outcome(odds, "her crew all dead") == dist["dead 2"]
    assert outcome(odds, "wounded") == chance_of(dist, lambda k: k.startswith("wounded"))
    assert outcome(odds, "draw") == chance_of(dist, lambda k: k.startswith("draw"))
    crew = sum(int(k.split()[1]) * p for k, p in dist.items())
    assert odds.expected["crew"] == crew
    lost = [float(2 - seeded(sea.state, Grapple("b"), s).ship("b").crew) for s in SEEDS]
    variance = sum((int(k.split()[1]) - crew) ** 2 * p for k, p in dist.items())
    assert within_bound(lost, float(crew), float(variance))


def test_fighting_on_after_a_draw_is_the_boarding_action_again() -> None:
    sea = touching_the_galleon()
    sea.play(Grapple("b"), 3, 1)  # 3+3 against 1+5: a draw; the Galleon chooses
    assert sea.state.duel is not None and sea.state.duel.decision == "defender"
    fight_on = RULESET.odds(sea.state, FlyerChoice("fight_on"))
    assert fight_on == RULESET.odds(touching_the_galleon().state, Grapple("b"))
    # its first round: D6 +3 against D6 +5
    first = enumerate_faces((D6, D6), lambda a, d: (a + 3 > d + 5) - (a + 3 < d + 5))
    assert outcome(fight_on, "draw") > first[0]  # a draw now, or after rounds it won
    assert RULESET.odds(sea.state, FlyerChoice("drive_off")) is None


def test_close_combat_flyer_against_flyer_the_loser_a_wound_both_on_a_draw() -> None:
    sea = air_sea(wing("w", "wyvern_rider", "p1", 30, 24),
                  wing("p", "pegasus_knight", "p2", 34, 24))
    sea.play(Activate("w")).play(Fly(toward="p"), 1)  # its one die of defensive fire misses
    odds = RULESET.odds(sea.state, Grapple("p"))
    dist = enumerate_faces((D6, D6), lambda a, d: (a + 3 > d + 2) - (a + 3 < d + 2))
    assert outcome(odds, "wounds it") == dist[1]
    assert outcome(odds, "both") == dist[0]
    assert outcome(odds, "wounded") == dist[-1]
    hurt = [float(seeded(sea.state, Grapple("p"), s).flyer("p").wounds == 1
                  and seeded(sea.state, Grapple("p"), s).flyer("w").wounds == 0) for s in SEEDS]
    assert within_bound(hurt, float(dist[1]), float(dist[1] * (1 - dist[1])))


def anti_flyer_sea() -> Sea:
    sea = air_sea(wing("p", "pegasus_knight", "p2", 24, 30),
                  ships=(ship("g", "p1", "greatship", 20, 24, "E", admiral=True,
                              anti_flyer=True),
                         ship("b", "p2", "galleon", 60, 24, "W", admiral=True)))
    return sea.play(Activate("g")).play(EndMove())


def test_an_anti_flyer_weapon_two_shots_each_on_the_flyers_template_at_minus_one() -> None:
    sea = anti_flyer_sea()
    odds = RULESET.odds(sea.state, FireAntiFlyer("p"))
    # the Pegasus Knight: 2 wounds; a 6 the Rider (4+), a 4 or 5 the beast (5+); saves -1
    dist = enumerate_faces((D6,) * 4, lambda *f: flyer_fire(f, 2, 6, (4, 5), 4, 5, -1))
    assert outcome(odds, "falls") == dist[0]
    assert outcome(odds, "1 wound") == dist[1]
    falls = [float(not seeded(sea.state, FireAntiFlyer("p"), s).flyer("p").aloft)
             for s in SEEDS]
    assert within_bound(falls, float(dist[0]), float(dist[0] * (1 - dist[0])))


# --- a sea monster (Sea Monsters, Sea Monster Reaction) ---------------------------------------

def serpent_moving() -> Sea:
    sea = monster_sea(beast("s", "sea_serpent", "p2", 30, 10))
    return prowling(sea, "s")


def reaction(*faces: int) -> str:
    """Three dice of the Serpent's move and the Reaction die: no double, else the table (1 its
    lair, 2 frenzied, 3-5 under control, 6 twice)."""
    move, die = faces[:3], faces[3]
    if len(set(move)) == 3:
        return "none"
    return {1: "lair", 2: "frenzied", 6: "twice"}.get(die, "control")


def test_a_monsters_move_its_dice_in_inches_and_a_double_on_the_reaction_table() -> None:
    sea = serpent_moving()
    odds = RULESET.odds(sea.state, MonsterCourse(False))
    assert odds == RULESET.odds(sea.state, MonsterCourse(True))  # diving rolls the same
    dist = enumerate_faces((D6,) * 4, reaction)
    assert outcome(odds, "no double") == dist["none"] == Fraction(120, 216)
    assert outcome(odds, "back to its lair") == dist["lair"]
    assert outcome(odds, "frenzied: at its own side's nearest ship") == dist["frenzied"]
    inches = enumerate_faces((D6,) * 3, lambda a, b, c: a + b + c)
    assert odds.expected["inches"] == mean_of(inches) == Fraction(21, 2)
    allowances = []
    lairs = []
    for seed in SEEDS:
        after = seeded(sea.state, MonsterCourse(False), seed)
        lairs.append(float(after.creature("s").where == "lair"))
        rolls = [e for e in after_events(sea.state, MonsterCourse(False), seed)
                 if isinstance(e, DiceRoll) and "movement" in e.purpose]
        allowances.append(float(rolls[0].result))
    variance = mean_of({(v - Fraction(21, 2)) ** 2: p for v, p in inches.items()})  # type: ignore[misc]
    assert within_bound(allowances, 10.5, float(variance))
    assert within_bound(lairs, float(dist["lair"]), float(dist["lair"] * (1 - dist["lair"])))


def test_pressing_on_against_a_monster_is_another_round_at_the_crew_left() -> None:
    sea = gripping()
    sea.play(Maul("g"), 6, 1)  # 6+5 against 1+5 crew+...: the Kraken devours one
    assert sea.state.struggle is not None and sea.state.struggle.decision == "creature"
    from ahoy_tui.rules.man_o_war.boarding import cannons_toward
    from ahoy_tui.rules.man_o_war.creatures import body, wounds_left

    kraken = sea.state.creature("k")
    g = sea.ship("g")
    theirs = g.crew + cannons_toward(g, body(kraken)) + 1
    odds = RULESET.odds(sea.state, MonsterChoice("press_on"))
    devours = chance_of(enumerate_faces((D6, D6), lambda m, s: m + wounds_left(kraken) >
                                        s + theirs), bool)
    assert outcome(odds, "devours") == devours
    assert RULESET.odds(sea.state, MonsterChoice("retreat")) is None
    won = [float(seeded(sea.state, MonsterChoice("press_on"), s).ship("g").crew == g.crew - 1
                 and seeded(sea.state, MonsterChoice("press_on"), s).creature("k").wounds
                 == kraken.wounds) for s in SEEDS]
    assert within_bound(won, float(devours), float(devours * (1 - devours)))


# --- a Wizard Lord's re-roll (Magic) ------------------------------------------------------------

def test_a_wizard_lords_reroll_is_the_same_d6_and_bonus_again() -> None:
    sea = wizards_sea(("lord", "jade", ("kelp_tangle", "mist", "sea_spray")))
    sea.play(CastSpell("kelp_tangle", "b"), 1)  # a 1: fails; his own college, so a re-roll
    odds = RULESET.odds(sea.state, Reroll(True))
    # Kelp Tangle casts on 3+; a Wizard Lord adds 1; a 1 always fails
    cast = chance_of(enumerate_faces((D6,), lambda f: f != 1 and f + 1 >= 3), bool)
    assert outcome(odds, "cast") == cast == Fraction(5, 6)
    assert RULESET.odds(sea.state, Reroll(False)) is None
    done = [float(seeded(sea.state, Reroll(True), s).ship("b").no_movement
                  or seeded(sea.state, Reroll(True), s).casting is not None) for s in SEEDS]
    assert within_bound(done, float(cast), float(cast * (1 - cast)))


# --- running aground (Obstructions) -----------------------------------------------------------

def test_an_advance_that_runs_her_aground_shows_the_save_and_the_d3() -> None:
    sea = aground("rocks")
    odds = RULESET.odds(sea.state, Advance(6))
    # the Greatship's Below the Waterline save; failed, a D3 of hits, no save
    need = sea.ship("g").card.btw.save
    dist = enumerate_faces((D6, D3), lambda s, h: 0 if saved(s, need, 0) else h)
    assert outcome(odds, "holds") == dist[0]
    for n in (1, 2, 3):
        assert outcome(odds, f"{n} BTW") == dist[n]
    assert odds.summary.startswith("aground: ")
    assert RULESET.odds(sea.state, Advance(1)) is None  # 1" is short of the rocks
    btw = [float(seeded(sea.state, Advance(6), s).ship("g").btw) for s in SEEDS]
    expected = mean_of(dist)
    variance = mean_of({(v - expected) ** 2: p for v, p in dist.items()})  # type: ignore[misc]
    assert within_bound(btw, float(expected), float(variance))


# --- every rolling choice of a random battle has odds --------------------------------------------

# Choices whose dice are no outcome to weigh, with the reason.
NO_ODDS = {
    # the End Phase: keeping the rest of the hand draws cards up to strength from a deck the
    # side cannot see, whatever it kept; there is nothing else to choose
    "keep_hand": "the hand is filled from a hidden deck",
}

AGGRESSIVE = ("fire", "board", "ram", "bomb", "grapple", "fire_anti_flyer", "maul",
              "special_attack", "summon", "cast_spell", "dispel_spell")


def _pick(legal: list[Any], chooser: random.Random) -> Any:
    """A random legal choice, the fighting ones and flights at a target more often, so that
    every kind of roll is met."""
    keen = [a for a in legal if a.kind in AGGRESSIVE or getattr(a, "toward", "")
            or getattr(a, "choice", "") in ("press_on", "fight_on") or a.kind == "reroll"]
    if keen and chooser.random() < 0.7:
        return keen[chooser.randrange(len(keen))]
    return legal[chooser.randrange(len(legal))]


def _rolls(state: Any, action: Any) -> bool:
    """Whether the choice's own rules roll dice (not the turn sequence carried on after it)."""
    events: list[Event] = []
    _dispatch(squadron_orders.record(state, action), Dice(state.rng, events), action)
    return any(isinstance(e, DiceRoll) for e in events)


def _view(state: Any) -> Any:
    """What the side deciding sees, with no dice in it (as the screens ask the odds)."""
    return replace(RULESET.view(state, state.to_act), rng=Rng(0))


def test_every_rolling_choice_of_random_battles_has_odds() -> None:
    seen: set[str] = set()
    missing: list[str] = []
    for scenario in BUILTIN:
        for seed in range(4):
            game = Game.new("man-o-war", scenario, seed=seed,
                            options={"placement": "rules" if seed % 2 else "",
                                     "flyer_first": seed == 3})
            chooser = random.Random(seed)
            while not game.over and game.step < 1500:
                action = _pick(list(game.legal_actions()), chooser)
                state = game.state
                if _rolls(state, action):
                    seen.add(action.kind)
                    if action.kind not in NO_ODDS and RULESET.odds(_view(state), action) is None:
                        missing.append(f"{scenario} {seed} step {game.step}: {action!r}")
                game.play(action)
    assert not missing, missing[:5]
    print(sorted(seen))
    assert seen >= {"fire", "board", "boarding_choice", "cast_spell", "dispel_spell",
                    "summon", "monster_course", "maul", "special_attack", "monster_choice",
                    "fly", "bomb", "grapple", "flyer_choice", "fire_anti_flyer", "advance"}


def test_after_a_stand_off_the_defender_fighting_on_reads_the_odds_as_hers() -> None:
    """Played at 80x24: after a stand-off the Wolf of Altdorf, boarded, was asked to fight on
    and shown "58% win · 28% lose": the Grail Maiden's chances. The side choosing reads its
    own ship's: she wins the round when the boarders lose it."""
    sea = boarded(4, 1)  # 4+6 against 1+9: a stand-off, both lose one; the Galleon decides
    assert sea.state.boarding is not None and sea.state.boarding.decision == "tie"
    odds = RULESET.odds(sea.state, BoardingChoice("fight_on"))
    # the Greatship (4 crew, Admiral) attacks at D6 +5 against the Galleon's D6 +4+3+1
    theirs = enumerate_faces((D6, D6), lambda a, d: (d + 8 > a + 5) - (d + 8 < a + 5))
    assert outcome(odds, "win") == theirs[1]
    assert outcome(odds, "lose") == theirs[-1]
    assert odds.summary.startswith(f"{round(float(theirs[1]) * 100)}% win")
