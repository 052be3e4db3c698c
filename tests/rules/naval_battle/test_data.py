"""The rules tables in ahoy_tui/rules/naval_battle/data/ checked against the seed's own text.

The seed (../shared/seeds/001_3e1c02fe3270c5f3.txt beside the project) is read here and its
charts parsed; every number the data files take from it must match. The seed's worked examples
that are pure table lookups are played through the tables' own arithmetic.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from ahoy_tui.rules.naval_battle import tables as tables_module
from ahoy_tui.rules.naval_battle.tables import DataError, tables

SHARED = Path(__file__).resolve().parents[3].parent / "shared"
SEED = SHARED / "seeds" / "001_3e1c02fe3270c5f3.txt"
RACES = ("orc", "dark_elf", "elf", "dwarf", "skaven", "human", "lizard", "chaos")


@pytest.fixture(scope="module")
def seed() -> str:
    if not SEED.exists():
        pytest.skip(f"the seed text is not beside the project ({SEED})")
    return SEED.read_text("utf-8").replace("\u2019", "'").replace("\xa0", " ")


def chart(text: str, start: str, end: str) -> list[str]:
    """The cells of a chart: the seed prints each cell as a paragraph (cells apart by a blank
    line), so the text from ``start`` up to ``end`` is split on blank lines."""
    begin = text.index(start) + len(start)
    block = text[begin:text.index(end, begin)]
    return [cell.strip() for cell in block.strip("\n").split("\n\n")]


def rows(cells: list[str], columns: int) -> list[list[str]]:
    return [cells[i:i + columns] for i in range(0, len(cells), columns)]


def key(name: str) -> str:
    return name.lower().replace(" ", "_")


def signed(text: str, pattern: str) -> int:
    found = re.search(pattern, text)
    return int(found.group(1)) if found else 0


# --- the loader ------------------------------------------------------------------------------

def test_the_tables_load_once_and_are_read_only():
    t = tables()
    assert tables() is t
    assert set(t.ship_types) == set(RACES)
    assert len(t.guns) == 12
    with pytest.raises(TypeError):
        t.guns["cannon"] = t.gun("bombards")  # type: ignore[index]
    with pytest.raises(TypeError):
        t.fire_stations.needs[1] = 1  # type: ignore[index]
    with pytest.raises(AttributeError):
        t.gun("cannon").action_points = 1  # type: ignore[misc]


def test_unknown_ids_name_the_file_and_the_key():
    t = tables()
    with pytest.raises(DataError, match=r"ships\.toml has no \[ship_types\.gnome\]"):
        t.ship_type("gnome")
    with pytest.raises(DataError, match=r"ships\.toml has no \[modifications\.sails\]"):
        t.modification("sails")
    with pytest.raises(DataError, match=r"shooting\.toml has no \[guns\.musket\]"):
        t.gun("musket")
    with pytest.raises(DataError, match=r"shooting\.toml has no \[rerolls\.\*\*\*\]"):
        t.reroll("***")
    with pytest.raises(DataError, match=r"turn\.toml has no \[boarding\.routed\]"):
        t.boarding_row("routed")
    with pytest.raises(DataError, match=r"crews\.toml has no \[races\.halfling\]"):
        t.race("halfling")
    with pytest.raises(DataError, match=r"crews\.toml has no \[specialists\.cook\]"):
        t.specialist("cook")
    with pytest.raises(DataError, match=r"turn\.toml \[fire_stations\] has no row for 0"):
        t.fire_stations.roll_needed(0)


def test_an_unknown_key_in_a_table_file_is_refused_naming_the_file_and_entry(monkeypatch):
    read = tables_module.read_toml

    def with_extra(package: str, name: str):
        data = read(package, name)
        if name == "shooting.toml":
            data["guns"]["cannon"]["calibre"] = 12
        return data

    monkeypatch.setattr(tables_module, "read_toml", with_extra)
    with pytest.raises(DataError, match=r"shooting\.toml: entry 'cannon' does not fit"):
        tables.__wrapped__()


def test_a_missing_table_is_named(monkeypatch):
    read = tables_module.read_toml

    def without(package: str, name: str):
        data = read(package, name)
        if name == "turn.toml":
            del data["victory"]
        return data

    monkeypatch.setattr(tables_module, "read_toml", without)
    with pytest.raises(DataError, match=r"turn\.toml has no \[victory\]"):
        tables.__wrapped__()


# --- the charts against the seed -------------------------------------------------------------

def test_turn_sequence_and_crew_actions(seed):
    assert "The turn is divided into 5 phases" in seed
    bullets = re.findall(r"^\s*\u2022 (.+)$", seed[:seed.index("All movement")], re.M)
    assert tuple(bullets) == tables().phases
    assert "There are 6 different actions" in seed
    assert len(tables().actions) == 6
    for box in tables().actions:
        assert f"{box} box" in seed or f"{box.lower()} box" in seed or box in seed


def test_ship_types_chart(seed):
    cells = chart(seed, "Ships\n\nType", "Each ship is allowed")
    assert cells[:4] == ["Speed", "Maneuverability", "Armour", "Special"]
    body = rows(cells[4:], 5)
    assert [key(r[0]) for r in body] == list(RACES)
    for name, speed, maneuverability, armour, special in body:
        ship = tables().ship_type(key(name))
        assert ship.name == name
        assert (ship.speed, ship.maneuverability, ship.armour) == (
            int(speed), int(maneuverability), int(armour))
        assert ship.special == special
    assert {r for r in RACES if tables().ship_type(r).creatures} == {"dark_elf", "lizard"}
    assert "Dark elves and Lizards may use creatures" in seed
    assert tuple(tables().creatures.races) == ("dark_elf", "lizard")


def test_modifications(seed):
    text = seed[seed.index("Modifications (1 per ship)"):]
    lines = text.splitlines()[2:6]
    assert "Each ship is allowed to take one modification" in seed
    assert tables().modification_rules.per_ship == 1
    for line, mod in zip(lines, tables().modifications.values(), strict=True):
        assert line.startswith(mod.name + ",")
        percent = re.search(r"-(\d+)% (?:of )?action points \(rounding up\)", line)
        assert mod.cost_percent == (int(percent.group(1)) if percent else 0)
        assert ("Free" in line) == (mod.cost_percent == 0)
        assert ("(ships only)" in line) == mod.ships_only
    light = tables().modification("light")
    assert "results in + 1 Maneuverability and Speed" in lines[3]
    assert (light.maneuverability, light.speed) == (1, 1)


def test_creature_rules(seed):
    text = seed[seed.index("Dark elves and Lizards may use creatures"):]
    c = tables().creatures
    assert f"{c.share_percent}% of a creature ship's action points" in text
    assert "up to 2 modifications of each type" in text
    assert tables().modification_rules.per_creature_of_each_type == 2
    assert "speed and maneuver are reduced to 1 and the armour cannot be modified" in text
    assert (c.ship_speed, c.ship_maneuverability, c.ship_armour_modifiable) == (1, 1, False)
    assert f"For each {c.ranged_action_points_per_d6} creature action points, the damage is 1D6" \
        " with 6's causing fires" in text
    assert "ram damage equal to D6 plus it's total remaining action points" in text
    assert c.ram_die == "D6" and c.fire_on == (6,)
    assert "flounder with a speed and maneuver equal to 1" in text
    assert (c.flounder_speed, c.flounder_maneuverability) == (1, 1)


def test_guns_chart(seed):
    cells = chart(seed, "\nGuns\n\nType", "\n*\n\n* Reroll")
    assert cells[:4] == ["Action points", "Range", "Damage", "Special"]
    body = rows(cells[4:], 5)
    assert [key(r[0]) for r in body] == list(tables().guns)
    for name, action_points, reach, damage, special in body:
        gun = tables().gun(key(name))
        assert (gun.name, gun.range, gun.damage, gun.special) == (name, reach, damage, special)
        assert gun.action_points == int(action_points)
        # Range: an optional minimum, a maximum or "unlimited", and the dice added.
        found = re.fullmatch(r'(?:(\d+)"- )?(\d+|unlimited)"?(?: \+ (.+) dice)?', reach)
        assert found, reach
        assert gun.min_range == int(found.group(1) or 0)
        assert gun.max_range == (0 if found.group(2) == "unlimited" else int(found.group(2)))
        assert gun.range_dice == tuple((found.group(3) or "").replace(" and ", " ").split())
        # Damage: the die and its note's mark (* and ** reroll, *** loses a Goblin).
        die, marks = re.fullmatch(r"(D\d)(\**)", damage).groups()
        assert gun.dice == die
        assert gun.reroll == (marks if len(marks) < 3 else "")
        assert gun.crew_lost == (1 if marks == "***" else 0)
        # Special: fires, automatic hits and fires, misfires, to hit.
        faces = re.search(r"(\d)'s on damage roll|(\d)-(\d) causes fire", special)
        if faces and faces.group(1):
            assert gun.fire_on == (int(faces.group(1)),)
        elif faces:
            assert gun.fire_on == tuple(range(int(faces.group(2)), int(faces.group(3)) + 1))
        else:
            assert gun.fire_on == ()
        chance = re.search(r"50% chance of causing a fire \((\d)\+ on D6\)", special)
        assert gun.fire_roll == (int(chance.group(1)) if chance else 0)
        assert gun.automatic_hit == ("automatic hits" in special.lower())
        fires = re.search(r"(D\d) Automatic Fires", special)
        assert gun.automatic_fires == (fires.group(1) if fires else "")
        misfire = re.search(r"(\d)(?:-(\d))? = misfire", special)
        if misfire:
            low, high = int(misfire.group(1)), int(misfire.group(2) or misfire.group(1))
            assert (gun.misfire, gun.misfire_on) == ("damage_roll", tuple(range(low, high + 1)))
        elif "no misfire" in special:
            assert (gun.misfire, gun.misfire_on) == ("none", ())
        else:
            assert (gun.misfire, gun.misfire_on) == ("artillery_dice", ())
        assert (gun.to_hit == "crew_bs") == ("BS as crew" in special)
        assert (gun.to_hit == "automatic") == gun.automatic_hit


def test_guns_chart_notes(seed):
    text = seed[seed.index("\n* Reroll"):seed.index("Misfires")]
    for mark, faces in re.findall(r"^(\*+) Reroll ([\d&]+)'s and add$", text, re.M):
        reroll = tables().reroll(mark)
        assert reroll.text == f"Reroll {faces}'s and add"
        assert reroll.faces == tuple(int(f) for f in faces.split("&"))
    assert set(tables().rerolls) == {"*", "**"}
    assert "*** Lose 1 Goblin crew" in text
    divers = tables().gun("doom_divers")
    assert (divers.crew_lost, divers.crew_race) == (1, "goblin")
    assert "Goblin" in tables().race(divers.crew_race).name


def test_fire_arc(seed):
    assert "within a 45 degree fire arc (22.5 degrees to each side" in seed
    assert tables().arc.degrees == 45
    start = seed.index("The exceptions to this rule are:")
    exceptions = re.findall(r"^\s*\u2022 (.+)$", seed[start:start + 300], re.M)
    assert exceptions[:3] == ["Doom Divers", "Hand held weapons (Jezzails)", "Swivel Guns"]
    assert set(tables().arc.free) == {"doom_divers", "jezzail", "swivel_gun"}
    assert exceptions[3] == "Guns clearly mounted on rotating platforms"


def test_misfire_chart(seed):
    cells = chart(seed, "Misfire Chart*\n\nDice roll\n\nEffect", "\n*Some crews")
    body = rows(cells, 2)
    assert len(body) == len(tables().misfires) == 3
    for (rolls, text), row in zip(body, tables().misfires.values(), strict=True):
        low, high = map(int, rolls.split("-"))
        assert row.rolls == tuple(range(low, high + 1))
        name, effect = text.split(": ", 1)
        assert row.name == name
        assert effect.startswith(row.effect)
        assert row.crew_lost_per_action_point == (
            1 if "Lose one poker chip per action point" in effect else 0)
        every = re.search(r"a fire starts for every (\d) action points", effect)
        assert row.fires_per_action_points == (int(every.group(1)) if every else 0)
        for roll in row.rolls:
            assert tables().misfire(roll) is row


def test_sniper_fire_chart(seed):
    cells = chart(seed, "Sniper Fire*\n\nRange\n\nTo hit", "\nThe target ship")
    body = rows(cells, 2)
    assert len(body) == len(tables().snipers) == 2
    for (reach, to_hit), band in zip(body, tables().snipers, strict=True):
        low, high = map(int, re.fullmatch(r'(\d+)-(\d+)"', reach).groups())
        assert (band.min_range, band.max_range, band.to_hit) == (low, high, int(to_hit))
    assert "must make an armour save for each hit" in seed


def test_boarding_actions_chart(seed):
    cells = chart(seed, "*Boarding Actions*\n\n  To hit Save Modifier", "\n* Boarding skills")
    body = rows(cells, 3)
    assert [key(r[0]) for r in body] == list(tables().boarding)
    for name, to_hit, save in body:
        row = tables().boarding_row(key(name))
        assert (row.name, row.to_hit, row.save_modifier) == (name, int(to_hit), int(save))
    assert "For each action point you roll a dice" in seed


def test_fire_stations_chart(seed):
    cells = chart(seed, "Die roll necessary to\nput out a fire", "\nNote some races")
    body = rows(cells, 2)
    needs = tables().fire_stations.needs
    assert len(body) == len(needs) == 6
    for points, roll in body:
        assert needs[int(points.rstrip("+"))] == int(roll.rstrip("+"))
    assert body[-1][0] == "6+"
    assert tables().fire_stations.roll_needed(9) == tables().fire_stations.roll_needed(6) == 1
    assert "Each action point represents a 1 in 6 chance" in seed


def test_fire_damage(seed):
    text = seed[seed.index("Fire Damage"):seed.index("Magic and Morale")]
    damage = tables().fire_damage
    assert f"immediately causes {damage.damage_per_fire} point of damage" in text
    assert "There are no armour saves" in text and not damage.armour_saves
    assert "the fires continue to burn next turn" in text and damage.fires_persist


def test_speed_track(seed):
    speed = tables().speed
    assert f'Each point represents {speed.inches_per_point}" of movement' in seed
    assert 'a ship with speed 2 will have a maximum speed of 24"/turn' in seed
    assert speed.maximum(2) == 24
    assert "begin the game traveling at 1/2 of their maximum speed" in seed
    assert '(12"/turn for a ship with speed 2)' in seed
    assert speed.start(2) == 12
    assert f'{speed.up_cost} action points to speed up by 1"/turn.' in seed
    assert f'{speed.down_cost} action point to slow down by 1"/turn.' in seed


def test_maneuvers(seed):
    m = tables().maneuvers
    assert "a turn to port, steady as she goes and a turn to starboard" in seed
    assert m.names == ("a turn to port", "steady as she goes", "a turn to starboard")
    assert "Steady as she goes is a free maneuver" in seed and m.free == ("steady",)
    assert f"equal to {m.turn_cost_percent}% of the ships original action point total" in seed
    assert f"turned {m.turn_degrees} degrees to the left" in seed
    assert "these turns revert to steady as she goes" in seed and m.unpaid == "steady"


def test_collisions(seed):
    c = tables().collisions
    text = seed[seed.index("\nCollisions"):seed.index("Boarding the enemy ship")]
    assert f"combined speed of the ships divided by {c.speed_divisor} plus the roll of a dice" \
        in text
    assert "If a 6 is rolled, add 6, and roll again" in text and c.explode_on == (6,)
    assert "take half damage" in text and c.front_divisor == 2
    assert "Armour saves apply in both cases" in text and c.armour_saves


def test_crews_chart(seed):
    cells = chart(seed, "Crews\n\nRace\n\nAbilities", "\nSpecialists")
    body = rows(cells, 2)
    assert [key(r[0]) for r in body] == list(tables().races)
    for name, abilities in body:
        race = tables().race(key(name))
        assert (race.name, race.abilities) == (name, abilities)
        assert race.fire_fighting == signed(abilities, r"([+-]\d) to put out fires")
        assert race.boarding == signed(abilities, r"([+-]\d) in boarding")
        assert race.boarding_save == signed(abilities, r"([+-]\d) to armour saves resulting")
        assert race.shooting == signed(abilities, r"([+-]\d) (?:in )?shooting")
        assert race.misfire == signed(abilities, r"([+-]\d) on misfire chart")
        assert race.rerolls_per_turn == (1 if "one reroll per turn" in abilities else 0)
        assert race.max_shooting_range == signed(abilities, r'(\d+)" maximum in shooting')
    assert "either a mixed crew (Orc/Goblin) or an entirely Goblin crew" in seed


def test_specialists_chart(seed):
    cells = chart(seed, "Specialist\n\nFunction\n\nAbilities", "\nVictory Points")
    cells = [c for c in cells if c]
    body = rows(cells[:15], 3)
    body[-1][2] += " " + " ".join(cells[15:])  # the Master Gunner's cell runs over a break
    assert [key(r[0]) for r in body] == list(tables().specialists)
    assert "lists the 5 different specialists" in seed
    for name, function, abilities in body:
        s = tables().specialist(key(name))
        assert (s.name, s.function, s.abilities) == (name, function, abilities)
        for box in s.actions:
            assert box in tables().actions
            assert box.split()[-1] in function
        assert s.boarding_dice == (2 if "rolls two dice" in abilities else 1)
        assert s.sniper_hits_saved == ("do not get an armour save" not in abilities)
        assert s.also_fire_stations == ("automatically count as being on fire stations"
                                        in abilities)
        assert s.fire_fighting_crew == (2 if "counts as two regular crew" in abilities else 1)
        assert s.misfire_rerolls_per_turn == (1 if "reroll the first misfire" in abilities
                                              else 0)
    assert "trade crew chits for specialists at one chit per specialist" in seed
    assert tables().specialist_rules.cost_chits == 1


def test_victory_points(seed):
    text = seed[seed.index("\nVictory Points"):]
    assert f"The average ship is size {tables().victory.average_size}" in text
    assert re.search(r"= Damage done x\s+50\s+your ship's size", text)


# --- the seed's worked examples ----------------------------------------------------------------

def test_example_orders_and_movement(seed):
    """The 10-crew ship of maneuver 3 at 10"/turn: 4 chits on speed, 2 on maneuvers."""
    text = seed[seed.index("This ship has maneuver 3"):seed.index("The following diagram")]
    assert 'traveling at 10"/turn' in text
    assert "2 crew to maneuvers, 4 to speed, 2 to snipers and 2 to boarders" in text
    speed = 10 + tables().speed.change(up=4)
    assert 'increase its speed to 12" per turn' in text and speed == 12
    assert "partitioned distance of 4 inches" in text
    assert tables().maneuvers.leg(speed, 3) == 4
    assert "(in this case 1 action point)" in text
    turn = tables().maneuvers.turn_cost(10)
    assert turn == 1
    assert "Two turns have been ordered and the necessary two chits" in text
    assert 2 * turn == 2


def test_example_armour_saves(seed):
    text = seed[seed.index("Example: a ship with armor 5"):]
    found = re.search(r"armor (\d) takes six hits .*? rolling ([\d,]+) and a (\d)", text)
    armour = int(found.group(1))
    dice = [*map(int, found.group(2).split(",")), int(found.group(3))]
    failed = [roll for roll in dice if not tables().armour.saves(armour, roll)]
    assert len(dice) == 6
    assert f"{len(failed)} poker chits are removed" in text
    assert len(failed) == 4


def test_example_misfire_fires(seed):
    assert "(For example, 4 action points = 2 fires)" in seed
    assert tables().misfire(3).fires(4) == 2
    assert tables().misfire(3).fires(6) == 2
    assert tables().misfire(1).crew_lost(tables().gun("great_cannon").action_points) == 5


def test_example_creature_ship(seed):
    """The size 50 Dark Elf ship pulled by a sea dragon."""
    text = seed[seed.index("Example creature ship"):seed.index("Ship's Crews")]
    assert "A size 50 (50 action points/chits) dark elf ship is pulled by a sea dragon" in text
    dragon = tables().creatures.share(50)
    assert f"The dragon replaces {dragon} action points" in text
    armour, speed = tables().modification("armour"), tables().modification("speed")
    cost = armour.cost(dragon)
    assert speed.cost(dragon) == cost
    assert f"pays {cost} action points per upgrade (10% of {dragon} rounded up)" in text
    base = tables().ship_type("dark_elf")
    creature = (base.speed + speed.speed, base.maneuverability,
                base.armour + 2 * armour.armour)
    assert "resulting in a 3 3 4 creature" in text and creature == (3, 3, 4)
    remaining = dragon - 3 * cost
    assert f"The remaining {remaining} action points can be used to move" in text
    dice = tables().creatures.ranged_dice(remaining)
    assert f'the dragon can shoot {remaining}" for {dice}D6 damage' in text
    assert f"ram for D6 + {remaining} damage" in text
    assert f"The ship the dragon pulls has {50 - dragon} remaining action points" in text


def test_example_creature_ship_line_disagrees_with_the_rules(seed):
    """The example calls the pulled ship "2 3 5"; the rules say speed and maneuver 1 and the
    armour of a normal ship of the race (6 for a Dark Elf). The data follows the rules."""
    assert "pulling a 2 3 5 ship" in seed
    c, base = tables().creatures, tables().ship_type("dark_elf")
    assert (c.ship_speed, c.ship_maneuverability, base.armour) == (1, 1, 6)


def test_example_victory_points(seed):
    text = seed[seed.index("\nVictory Points"):]
    v = tables().victory
    assert "if your ship is size 100 and you do 20 damage on me it will count as 10" in text
    assert v.points(20, 100) == 10
    assert "a dingy with 10 crew doing the same 20 damage will amount 100 victory points" in text
    assert v.points(20, 10) == 100
    assert "1:1 for an average size 50 ship" in text and v.points(1, 50) == 1
    assert "1:5 for the 10 crew dingy" in text and v.points(1, 10) == 5
    # The seed prints "1:1/5 for the 100 crew ship"; its own formula and example give 1/2.
    assert "1:1/5 for the 100 crew ship" in text and v.points(1, 100) == Fraction(1, 2)


# --- readings the data makes (no seed needed) ----------------------------------------------------

def test_percentages_round_up():
    mod = tables().modification("maneuverability")
    assert [mod.cost(n) for n in (10, 11, 25, 50, 51)] == [1, 2, 3, 5, 6]
    assert tables().modification("light").cost(50) == 0
    assert tables().maneuvers.turn_cost(25) == 3
    assert tables().creatures.share(51) == 26


def test_sniper_bands_and_reach():
    t = tables()
    assert [t.sniper_to_hit(d) for d in (0, 12, 18, 18.5, 30, 30.5)] == [5, 5, 5, 6, 6, None]


def test_misfire_chart_modified_rolls_stay_on_the_chart():
    t = tables()
    assert t.misfire(3 + t.race("skaven").misfire).name == "Explosion"
    assert t.misfire(0).name == "Explosion"
    assert t.misfire(7).name == "Weapon Jam"


def test_speed_changes_buy_whole_inches():
    s = tables().speed
    assert s.change(up=3) == 1
    assert s.change(down=3) == -3
    assert [s.start(t.speed) for t in tables().ship_types.values()] == [
        12, 12, 18, 6, 12, 12, 6, 12]


def test_collision_damage_before_the_die():
    c = tables().collisions
    assert c.fixed(12, 12) == 4
    assert c.fixed(12, 5) == 2


def test_armour_saves_with_modifiers():
    a = tables().armour
    assert a.saves(5, 5) and not a.saves(5, 4)
    # Winning boarders (-2) against armour 5: not even a 6 saves; a Dwarf (armour 4, +1) on 5.
    winning = tables().boarding_row("winning").save_modifier
    assert not a.saves(5, 6, winning)
    dwarf = tables().ship_type("dwarf").armour
    assert a.saves(dwarf, 5, winning + tables().race("dwarf").boarding_save)
    assert not a.saves(dwarf, 4, winning + tables().race("dwarf").boarding_save)
