"""The odds hook (``rules/man_o_war/odds.py``): for forced set-ups the odds a player is shown
equal an enumeration written here, face by face, of the location die and the save; and the
choice played a thousand times through the rules' own ``apply`` lands within a tight bound."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from ahoy_tui.engine.dice import Rng
from ahoy_tui.engine.events import DiceRoll
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.game import apply
from ahoy_tui.engine.odds import percent
from ahoy_tui.engine.registry import get_ruleset
from ahoy_tui.rules.man_o_war.actions import Board, CastSpell, Fire

from .test_combat import broadside
from .test_magic import wizards_sea

RULESET = get_ruleset("man-o-war")
SEEDS = range(1000)


def enumerate_chance(hit, *dice):
    cases = list(itertools.product(*(range(1, sides + 1) for sides in dice)))
    return Fraction(sum(1 for faces in cases if hit(faces)), len(cases))


def gun_deck_shot(faces, modifier):
    """A shot aimed low at the Galleon: 2 Forecastle, 3 Quarterdeck (the middle band), 4 Bows,
    5 Gun Deck, 6 Stern (low), each saving on 4+ (the rule of one: a 1 fails, a 6 saves); a 1
    strikes nothing."""
    location, save = faces
    if location < 2:
        return False
    return save == 1 or (save != 6 and save + modifier < 4)


def test_a_broadside_at_close_range_is_three_shots_each_a_location_and_a_save_at_minus_two():
    sea = broadside(2.0)
    odds = RULESET.odds(sea.state, Fire("starboard", "b", "low"))
    one = enumerate_chance(lambda f: gun_deck_shot(f, -2), 6, 6)
    assert one == Fraction(25, 36)
    for n in range(4):
        want = enumerate_chance(
            lambda f, n=n: sum(gun_deck_shot(f[i:i + 2], -2) for i in (0, 2, 4)) == n,
            6, 6, 6, 6, 6, 6)
        assert dict(odds.outcomes)[f"{n} hit{'s' * (n != 1)}"] == want
    assert odds.expected["hits"] == 3 * one
    assert "close range" in odds.breakdown[0]


def test_at_long_range_the_save_has_no_modifier():
    sea = broadside(8.0)
    odds = RULESET.odds(sea.state, Fire("starboard", "b", "low"))
    assert odds.expected["hits"] == 3 * enumerate_chance(lambda f: gun_deck_shot(f, 0), 6, 6)


def test_a_broadside_played_a_thousand_times_lands_on_its_odds():
    sea = broadside(2.0)
    action = Fire("starboard", "b", "low")
    odds = RULESET.odds(sea.state, action)
    failed = []
    for seed in SEEDS:
        _, events = apply(replace(sea.state, rng=Rng(seed, 0)), action)
        failed.append(sum(1 for e in events if isinstance(e, DiceRoll)
                          and "save for the" in e.purpose and e.outcome == "failed"))
    assert abs(sum(failed) / len(failed) - float(odds.expected["hits"])) < 0.08
    none = sum(1 for n in failed if n == 0) / len(failed)
    assert abs(none - float(dict(odds.outcomes)["0 hits"])) < 0.04


def boarding_sea():
    from .test_battle import boarding_battle

    return boarding_battle().state


def test_a_boarding_round_is_a_d6_each_plus_crew_cannons_and_the_admiral():
    state = boarding_sea()
    odds = RULESET.odds(state, Board("b"))
    # the Greatship: 5 crew + 1 Admiral; the Galleon: 5 crew + 3 batteries + 1 Admiral
    assert dict(odds.outcomes)["win"] == enumerate_chance(lambda f: f[0] + 6 > f[1] + 9, 6, 6)
    assert dict(odds.outcomes)["stand-off"] == enumerate_chance(
        lambda f: f[0] + 6 == f[1] + 9, 6, 6)


def test_a_boarding_round_played_a_thousand_times_lands_on_its_odds():
    state = boarding_sea()
    action = Board("b")
    odds = RULESET.odds(state, action)
    crew = state.ship("b").crew, state.ship("g").crew
    wins = ties = 0
    for seed in SEEDS:
        after, _ = apply(replace(state, rng=Rng(seed, 0)), action)
        lost = crew[0] - after.ship("b").crew, crew[1] - after.ship("g").crew
        wins += lost == (1, 0)
        ties += lost == (1, 1)
    assert abs(wins / len(SEEDS) - float(dict(odds.outcomes)["win"])) < 0.04
    assert abs(ties / len(SEEDS) - float(dict(odds.outcomes)["stand-off"])) < 0.04


def test_a_cast_is_a_d6_on_the_cards_number_and_a_one_always_fails():
    sea = wizards_sea(("champion", "bright", ("fireball",)),
                      ("champion", "bright", ("quench",)))
    odds = RULESET.odds(sea.state, CastSpell("fireball", "b"))
    # Fireball casts on 3+; a champion adds nothing
    assert dict(odds.outcomes)["cast"] == enumerate_chance(lambda f: f[0] != 1 and f[0] >= 3, 6)


def test_a_monsters_boarding_action_is_its_wounds_left_against_the_crew_and_cannons():
    from ahoy_tui.rules.man_o_war.actions import Maul
    from ahoy_tui.rules.man_o_war.boarding import cannons_toward
    from ahoy_tui.rules.man_o_war.creatures import body, wounds_left

    from .test_monsters import gripping

    sea = gripping()
    state = sea.state
    kraken = state.creature(state.prowl.creature)
    ship = state.ship("g")
    mine = wounds_left(kraken)
    theirs = ship.crew + cannons_toward(ship, body(kraken)) + (1 if ship.admiral else 0)
    odds = RULESET.odds(state, Maul("g"))
    assert dict(odds.outcomes)["devours"] == enumerate_chance(
        lambda f: f[0] + mine > f[1] + theirs, 6, 6)
    devoured = 0
    for seed in SEEDS:
        after, _ = apply(replace(state, rng=Rng(seed, 0)), Maul("g"))
        devoured += after.ship("g").crew == ship.crew - 1 and \
            after.creature(kraken.id).wounds == kraken.wounds
    assert abs(devoured / len(SEEDS) - float(dict(odds.outcomes)["devours"])) < 0.04


def summoning(wizard: bool):
    from ahoy_tui.rules.man_o_war.model import Wizard

    from .test_monsters import beast, monster_sea

    sea = monster_sea(beast("s", "sea_serpent", "p1", 30, 9, where="template", heading=6))
    if wizard:
        sea.state = replace(sea.state, wizards=(Wizard("p1", "lord", "bright", "g"),))
    return sea.state


@pytest.mark.parametrize("wizard", [False, True])
def test_a_summons_is_a_d6_needing_four_a_wizard_adding_his_bonus(wizard):
    from ahoy_tui.rules.man_o_war.actions import Summon

    odds = RULESET.odds(summoning(wizard), Summon("s"))
    bonus = 1 if wizard else 0                        # a Wizard Lord adds 1 (as test_monsters)
    assert dict(odds.outcomes)["rises"] == enumerate_chance(lambda f: f[0] + bonus >= 4, 6)
    assert odds.summary == ("67% rises" if wizard else "50% rises")
    assert any("turn is over" in line for line in odds.breakdown)


def test_a_summons_played_a_thousand_times_lands_on_its_odds():
    from ahoy_tui.rules.man_o_war.actions import Summon

    state = summoning(True)
    odds = RULESET.odds(state, Summon("s"))
    risen = sum(apply(replace(state, rng=Rng(seed, 0)), Summon("s"))[0].placing == "s"
                for seed in SEEDS)
    assert abs(risen / len(SEEDS) - float(dict(odds.outcomes)["rises"])) < 0.04


def test_a_hit_on_a_mast_already_destroyed_counts_for_nothing_in_the_odds():
    """Played at 80x24: the Couronne's Aft Mast was destroyed (no criticals there), and a shot
    aimed high still counted a hit on it. Now her high band reads 2 Forecastle, 3 Quarterdeck
    (4+), 4 Fore Mast, 5 Main Mast (5+), and 6 the Aft Mast to no effect."""
    from ahoy_tui.rules.man_o_war.model import Marks

    sea = broadside(2.0)
    galleon = sea.ship("b")
    aft = next(i for i, loc in enumerate(galleon.card.locations) if loc.name == "Aft Mast")
    marks = tuple(Marks(2, 0) if i == aft else m for i, m in enumerate(galleon.marks))
    sea.arrange("b", marks=marks)
    odds = RULESET.odds(sea.state, Fire("starboard", "b", "high"))

    def tells(faces):
        location, save = faces
        need = {2: 4, 3: 4, 4: 5, 5: 5}.get(location)
        return need is not None and save != 6 and (save == 1 or save - 2 < need)

    one = enumerate_chance(tells, 6, 6)
    assert odds.expected["hits"] == 3 * one
    assert any("Aft Mast (destroyed, no criticals: no effect)" in line
               for line in odds.breakdown)


def test_a_mean_of_one_hit_is_said_one_hit():
    """Played at 80x24: "Odds 1 hits · 75% any"."""
    from ahoy_tui.rules.man_o_war.odds import counted

    assert counted(Fraction(1), "hit") == "1 hit"
    assert counted(Fraction(7, 5), "hit") == "1.4 hits"
    assert counted(Fraction(0), "wound") == "0 wounds"


# --- a volley's critical hits: the chance she sinks, or is abandoned, counted face by face -------

class _NeedMore(Exception):
    """The rules asked for a die past the faces given: count each face of it in turn."""


class _Faces(list):  # type: ignore[type-arg]
    """The faces of a face-by-face count: the cup always finds some (never the seed's), and
    asking past the last raises :class:`_NeedMore`."""

    def __bool__(self) -> bool:
        return True

    def pop(self, index: int = -1) -> object:
        if not len(self):
            raise _NeedMore
        return super().pop(index)


def every_face(play):
    """Each way the dice can fall for ``play`` (the rules' own ``apply``), face by face, with
    its chance: a die the rules roll is tried at each of its six faces."""
    from ahoy_tui.engine import dice as cup

    stack: list[list[int]] = [[]]
    while stack:
        prefix = stack.pop()
        token = cup._forced.set(_Faces(prefix))
        try:
            result = play()
        except _NeedMore:
            stack.extend([*prefix, face] for face in range(1, 7))
            continue
        finally:
            cup._forced.reset(token)
        yield Fraction(1, 6 ** len(prefix)), result


def test_a_volleys_chance_of_sinking_her_by_a_critical_hit_is_the_rules_own_count():
    """Two cannons at close range (-2) at a Galleon holed three times of four, one crew counter
    left, her Bows destroyed and her Gun Deck one box from it: a shot on the Bows (or on the
    Gun Deck after the first destroys it) is a critical hit, a 5 or 6 on the table (Holed, the
    Magazine) sinks her, a 2 (Crew killed) or a hit on the Quarterdeck abandons her. The odds
    equal every face of every die the rules roll for that Fire."""
    from ahoy_tui.rules.man_o_war.model import Marks

    sea = broadside(2.0)
    galleon = sea.state.ship("b")
    marks = list(galleon.marks)
    marks[5], marks[6] = Marks(1, 0), Marks(1, 0)  # the Bows destroyed; the Gun Deck 1 of 2
    sea.arrange("g", batteries_lost=(0, 0, 1))  # two broadside cannons left
    sea.arrange("b", btw=3, crew=1, marks=tuple(marks))
    fire = Fire("starboard", "b", "low")

    def play():
        new, events = apply(sea.state, fire)
        ship = new.ship("b")
        critical = any(getattr(e, "kind", "") == "critical_effect" for e in events)
        return ship.sunk, ship.crew == 0, critical, ship.no_movement or ship.no_firing

    sinks = abandoned = critical = crippled = Fraction(0)
    for chance, (sunk, empty, struck, stopped) in every_face(play):
        sinks += chance * sunk
        abandoned += chance * empty
        critical += chance * struck
        crippled += chance * stopped
    odds = RULESET.odds(sea.state, fire)
    assert sinks > 0 and abandoned > 0
    assert odds.expected["sinks"] == sinks
    assert odds.expected["abandoned"] == abandoned
    assert odds.expected["critical"] == critical
    assert f"rudder jammed or guns silenced: {percent(crippled)}" in "\n".join(odds.breakdown)
    assert f"{percent(sinks)} sinks" in odds.summary
    assert any(line.startswith("  Bows (destroyed: a critical hit): ") for line in odds.breakdown)


def test_a_single_shot_at_an_undamaged_ship_can_bring_no_critical_and_says_so():
    sea = broadside(2.0)
    sea.arrange("g", batteries_lost=(0, 0, 2))
    odds = RULESET.odds(sea.state, Fire("starboard", "b", "low"))
    assert odds.expected["critical"] == 0 and odds.expected["sinks"] == 0
    assert "crit" not in odds.summary
    assert any("a critical hit: not with this volley" in line for line in odds.breakdown)


def test_the_odds_of_a_shot_a_friend_in_the_way_takes_say_whose_hull_the_hits_strike():
    """Played in the Kinstrife: "Fire starboard at the Dreadreaver (in the way: the Sea Eagle
    (a friend), struck first)" showed "0.4 hits · 36% any" under the list, as if on the enemy;
    the summary now names her first ("Sea Eagle (a friend): 0.4 hits"), and the chances are
    of her own hull."""
    from ahoy_tui.rules.man_o_war.odds import shot_chance

    from .test_combat import ship

    wolves = (ship("w1", "p1", "wolfship", 34.8, 24, "N", squadron="w", flagship=True),
              ship("w2", "p1", "wolfship", 10, 10, "E", squadron="w"),
              ship("w3", "p1", "wolfship", 10, 13, "E", squadron="w"))
    sea = broadside(8.0, *wolves)
    odds = RULESET.odds(sea.state, Fire("starboard", "b", "low"))
    assert odds.summary.startswith("Wolfship (a friend): ")
    assert odds.expected["hits"] == 3 * shot_chance(sea.state.ship("w1"), "", 0)
    assert RULESET.odds(broadside(8.0).state, Fire("starboard", "b", "low")) \
        .summary[0].isdigit()  # the target herself: no name before it
