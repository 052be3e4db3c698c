"""The tape measure as Naval Battle Rules measure (issue 14): centre to centre, and a gun's
45° arc judged from her centre (the readings of Shooting)."""

from __future__ import annotations

from ahoy_tui.rules.naval_battle import view
from ahoy_tui.rules.naval_battle.model import BOARDING, GUNS, Gun

from .combat_helpers import battle, ship


def table(tx: float, ty: float) -> object:
    gunship = ship("gunship", "p1", stations=((GUNS, "human", 6),), x=0, y=0, heading=0,
                   guns=(Gun("g", "cannon", bearing=2), Gun("b", "cannon", bearing=6)))
    target = ship("target", "p2", stations=((BOARDING, "human", 20),), x=tx, y=ty)
    return battle(gunship, target)


def test_the_tape_runs_centre_to_centre_to_a_ship_or_a_point():
    state = table(20, 0)
    tape = view.measure(state, "gunship", None, (20, 0))
    assert tape.inches == 20.0 and tape.target == "target" and tape.in_line is None
    assert tape.start == (0, 0) and tape.end == (20, 0)
    assert '20.0" centre to centre to the Target' in tape.words
    point = view.measure(state, "gunship", None, (0, 12))
    assert point.inches == 12.0 and point.target == "" and "to here" in point.words


def test_from_a_gun_it_says_whether_the_end_lies_in_its_arc_and_range():
    abeam = view.measure(table(20, 8), "gunship", "g", (20, 8))  # 21.8° aft of the beam
    assert abeam.in_line is True and "in its arc" in abeam.words and "in range" in abeam.words
    beyond = view.measure(table(20, 8.6), "gunship", "g", (20, 8.6))  # 23.3°
    assert beyond.in_line is False and "outside its 45° arc" in beyond.words
    other_side = view.measure(table(20, 0), "gunship", "b", (20, 0))  # the port gun
    assert other_side.in_line is False
    origins = view.tape_origins(table(20, 0), "gunship")
    assert [gun for gun, _ in origins] == [None, "g", "b"]
    assert origins[1][1] == "Gunship's Cannon (starboard)"


# --- which weapons reach, in which band (issue 35's tape) --------------------------------------

def armed(tx: float, ty: float, *, race: str = "human", guns: tuple[Gun, ...] = (),
          creature: object = None) -> object:
    gunship = ship("gunship", "p1", race=race, stations=((GUNS, race, 6),), x=0, y=0,
                   heading=0, guns=guns, creature=creature)  # type: ignore[arg-type]
    target = ship("target", "p2", stations=((BOARDING, "human", 20),), x=tx, y=ty)
    return battle(gunship, target)


BROADSIDE = (Gun("g", "cannon", bearing=2), Gun("b", "cannon", bearing=6),
             Gun("m", "catapults_and_mortars", bearing=2), Gun("s", "swivel_gun", bearing=0))


def test_from_her_centre_the_tape_names_every_gun_that_bears_and_its_band():
    # 20" due east (starboard abeam): the starboard cannon in its 48"; the starboard mortar past
    # its 12" least range; the swivel gun turns freely but reaches 12" only; the port cannon
    # faces away; her (Human, +0) snipers in the chart's 18-30" band, a 6 to hit
    words = view.measure(armed(20, 0, guns=BROADSIDE), "gunship", None, (20, 0)).words
    assert ("bear: Cannon (starboard) in range, Catapults and Mortars (starboard) in range, "
            'snipers 6+ (18-30")') in words
    assert "port" not in words and "Swivel" not in words
    assert words.endswith("nothing blocks a shot")


def test_past_the_charts_range_a_gun_reaches_on_the_artillery_die():
    # 51" east: 3" past the cannon's 48", so the artillery die must show 4 or more (it hits no
    # farther than range + die); 58" is the best die's 10; at 58.5" no die makes it up
    def first(tx: float) -> str:
        return view.measure(armed(tx, 0, guns=BROADSIDE[:1]), "gunship", None,
                            (tx, 0)).words

    assert "Cannon (starboard) the artillery die 4+" in first(51)
    assert "Cannon (starboard) the artillery die 2+" in first(49)
    assert "Cannon (starboard) the artillery die 10+" in first(58)
    assert "nothing of hers reaches" in first(58.5)   # and the snipers' 30" long passed


def test_inside_the_least_range_a_mortar_does_not_bear_and_the_snipers_band_is_near():
    words = view.measure(armed(8, 0, guns=BROADSIDE), "gunship", None, (8, 0)).words
    assert "Catapults and Mortars" not in words       # 8" is inside its 12"
    assert "Swivel gun (bow) in range" in words       # free to turn, 12" reach
    assert 'snipers 5+ (0-18")' in words
    mortar = view.measure(armed(8, 0, guns=BROADSIDE), "gunship", "m", (8, 0)).words
    assert 'inside its 12" least range' in mortar and "in its arc" in mortar


def test_the_snipers_band_is_their_races():
    # an Elf crew shoots +1 (5+ becomes 4+); a Lizard's primitive weapons reach 18" only; a
    # Chaos crew (-1) cannot hit at all in the 18-30" band
    assert 'snipers 4+ (0-18")' in view.measure(armed(10, 0, race="elf"), "gunship", None,
                                                (10, 0)).words
    assert "snipers" not in view.measure(armed(20, 0, race="lizard"), "gunship", None,
                                         (20, 0)).words
    assert 'snipers 4+ (0-18")' in view.measure(armed(10, 0, race="lizard"), "gunship", None,
                                                (10, 0)).words
    assert "snipers" not in view.measure(armed(20, 0, race="chaos"), "gunship", None,
                                         (20, 0)).words
    assert 'snipers 6+ (0-18")' in view.measure(armed(10, 0, race="chaos"), "gunship", None,
                                                (10, 0)).words


def test_a_creatures_ranged_attack_reaches_its_chits_in_inches():
    from ahoy_tui.rules.naval_battle.model import Creature

    dragon = Creature("Sea Dragon", chits=14, share=14, speed_value=3, maneuverability=3,
                      armour=5)
    near = view.measure(armed(14, 0, creature=dragon), "gunship", None, (14, 0)).words
    assert "the Sea Dragon's ranged attack (2D6)" in near     # 14 action points: 2 D6
    far = view.measure(armed(14.5, 0, creature=dragon), "gunship", None, (14.5, 0)).words
    assert "Sea Dragon" not in far


def test_to_a_point_the_guns_bear_on_the_point_itself():
    # no ship there: the point 30" off her port beam, the port cannon's
    words = view.measure(armed(0, 40, guns=BROADSIDE[:2]), "gunship", None, (-30, 0)).words
    assert "to here" in words and "Cannon (port) in range" in words
    assert "starboard" not in words


def test_each_enemys_record_says_what_bears_on_her_in_the_tapes_words():
    from ahoy_tui.rules.naval_battle.ranges import bearings

    state = armed(20, 0, guns=BROADSIDE)
    lines = bearings(state, "gunship")
    assert lines == {"target": '20.0" from the Gunship · bear: Cannon (starboard) in range, '
                               'Catapults and Mortars (starboard) in range, snipers 6+ (18-30")'}
    assert view.measure(state, "gunship", None, (20, 0)).words.split(" · ")[1] \
        == lines["target"].split(" · ")[1]                     # the tape says the same
    far = bearings(armed(0, 60, guns=BROADSIDE), "gunship")  # 60" astern: nothing reaches
    assert far == {"target": '60.0" from the Gunship · nothing of hers reaches'}
    # the other way about: the Target has no guns, but her snipers reach 20" too
    assert bearings(state, "target") == {"gunship": '20.0" from the Target · bear: snipers 6+ '
                                                    '(18-30")'}
