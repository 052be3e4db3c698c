"""The dice: a replayable RNG, a cup that records every roll, forced dice for tests."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest

from ahoy_tui.engine.dice import (
    ARTILLERY_FACES,
    MISFIRE,
    Dice,
    Rng,
    forced,
    parse_expr,
)
from ahoy_tui.engine.events import DiceRoll, Happened


def cup(seed: int = 1, counter: int = 0) -> Dice:
    return Dice(Rng(seed, counter), [])


def rolls(dice: Dice) -> list[DiceRoll]:
    return [e for e in dice.events if isinstance(e, DiceRoll)]


# --- Rng ------------------------------------------------------------------------------------


def test_rng_is_a_pure_function_of_seed_and_counter():
    a = [Rng(12345, 0).face(i, 6) for i in range(200)]
    b = [Rng(12345, 0).face(i, 6) for i in range(200)]
    assert a == b
    # die number counter+index: shifting the counter shifts the sequence.
    assert [Rng(12345, 50).face(i, 6) for i in range(150)] == a[50:]
    assert all(1 <= f <= 6 for f in a)


def test_different_seeds_roll_different_dice():
    sequences = {tuple(Rng(seed).face(i, 6) for i in range(40)) for seed in range(10)}
    assert len(sequences) == 10


def test_two_cups_from_the_same_rng_roll_the_same():
    first, second = cup(99, 7), cup(99, 7)
    assert [first.d6("p", "r") for _ in range(30)] == [second.d6("p", "r") for _ in range(30)]
    assert first.events == second.events


def test_faces_are_roughly_uniform():
    dice = cup(2024)
    counts = Counter(dice.d6("uniformity", "test") for _ in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    for face in range(1, 7):
        # expected 10,000 with a standard deviation near 91: 3% is more than 3 sigma.
        assert abs(counts[face] - 10_000) < 300, counts
    assert dice.rng == Rng(2024, 60_000)


def test_consecutive_faces_are_not_correlated():
    faces = [Rng(77).face(i, 6) for i in range(30_000)]
    mean = sum(faces) / len(faces)
    cov = sum((a - mean) * (b - mean) for a, b in itertools.pairwise(faces))
    var = sum((a - mean) ** 2 for a in faces)
    assert abs(cov / var) < 0.03


# --- the cup consumes the counter --------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "used"),
    [
        (lambda d: d.d6("p", "r"), 1),
        (lambda d: d.d3("p", "r"), 1),
        (lambda d: d.nd6(3, "p", "r"), 3),
        (lambda d: d.artillery("p", "r"), 1),
        (lambda d: d.expr("4", "p", "r"), 0),
        (lambda d: d.expr("D3+1", "p", "r"), 1),
        (lambda d: d.expr("2D6", "p", "r"), 2),
        (lambda d: d.expr("2D3", "p", "r"), 2),
        (lambda d: d.ld_test(7, 0, "p", "r"), 2),
        (lambda d: d.i_test(3, "p", "r"), 1),
        (lambda d: d.need(4, "p", "r"), 1),
    ],
)
def test_rng_advances_by_the_number_of_dice(roll, used):
    dice = cup(5, 10)
    roll(dice)
    assert dice.rng == Rng(5, 10 + used)
    roll(dice)
    assert dice.rng == Rng(5, 10 + 2 * used)


def test_dice_read_the_generator_in_order():
    rng = Rng(31337, 4)
    dice = Dice(rng, [])
    got = [dice.d6("p", "r") for _ in range(5)]
    assert got == [rng.face(i, 6) for i in range(5)]
    # the next cup, built from where this one stopped, continues the same stream.
    more = Dice(dice.rng, [])
    assert more.d6("p", "r") == rng.face(5, 6)


# --- forced dice --------------------------------------------------------------------------------


def test_forced_faces_are_used_in_order():
    with forced(6, 1, 4, 2, 3):
        dice = cup()
        assert dice.d6("p", "r") == 6
        assert dice.d6("p", "r") == 1
        assert dice.nd6(2, "p", "r") == (4, 2)
        assert dice.d3("p", "r") == 2  # the D6 behind it is 3
    assert dice.rng == Rng(1, 5)


def test_forced_faces_run_out_into_the_generator():
    with forced(5):
        dice = cup(8)
        assert dice.d6("p", "r") == 5
        second = dice.d6("p", "r")
    assert second == Rng(8).face(1, 6)


def test_forced_artillery_faces():
    with forced(MISFIRE, 10, 2):
        dice = cup()
        assert dice.artillery("p", "r") == MISFIRE
        assert dice.artillery("p", "r") == 10
        assert dice.artillery("p", "r") == 2
    assert rolls(dice)[0].outcome == "misfire"
    assert rolls(dice)[1].outcome == ""
    assert dice.rng == Rng(1, 3)


@pytest.mark.parametrize("face", [0, 7, -1, MISFIRE, "6", 2.5])
def test_forced_rejects_faces_not_on_a_d6(face):
    dice = None
    with pytest.raises(AssertionError, match="not a face"), forced(face):
        dice = cup()
        dice.d6("p", "r")
    assert dice is not None and dice.events == []


@pytest.mark.parametrize("face", [1, 3, 5, 12, "hit"])
def test_forced_rejects_faces_not_on_the_artillery_die(face):
    with pytest.raises(AssertionError, match="artillery"), forced(face):
        cup().artillery("p", "r")


def test_forced_d3_takes_a_d6_face():
    with forced(6, 4):
        dice = cup()
        assert (dice.d3("p", "r"), dice.d3("p", "r")) == (3, 2)
    with pytest.raises(AssertionError, match="not a face"), forced(7):
        cup().d3("p", "r")


def test_unused_forced_faces_fail_the_block():
    with pytest.raises(AssertionError, match="never rolled"), forced(3, 4, 5):
        cup().d6("p", "r")


def test_forced_block_with_every_face_used_passes_and_ends():
    with forced(2):
        cup().d6("p", "r")
    # outside the block the generator is back.
    assert cup(3).d6("p", "r") == Rng(3).face(0, 6)


# --- kinds of roll ----------------------------------------------------------------------------


@pytest.mark.parametrize(("d6", "d3"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_d3_is_half_a_d6_rounded_up_and_keeps_the_d6_face(d6, d3):
    with forced(d6):
        dice = cup()
        assert dice.d3("purpose", "Rule") == d3
    (roll,) = rolls(dice)
    assert roll.dice == "D3"
    assert roll.faces == (d6,)
    assert roll.result == d3
    assert d3 == math.ceil(d6 / 2)


def test_d3_from_the_generator_matches_its_d6():
    dice = cup(4242)
    for _ in range(200):
        result = dice.d3("p", "r")
        face = dice.last_roll.faces[0]
        assert result == math.ceil(face / 2)


def test_nd6_keeps_every_face_in_one_event():
    with forced(6, 2, 5):
        dice = cup()
        faces = dice.nd6(3, "Leadership", "Rule")
    assert faces == (6, 2, 5)
    (roll,) = rolls(dice)
    assert roll.dice == "3D6"
    assert roll.faces == (6, 2, 5)
    assert roll.result == 13


def test_artillery_die_faces_map_from_a_d6():
    assert ARTILLERY_FACES == (2, 4, 6, 8, 10, MISFIRE)
    dice = cup(606)
    seen = set()
    for i in range(600):
        face = dice.artillery("p", "r")
        assert face == ARTILLERY_FACES[Rng(606).face(i, 6) - 1]
        seen.add(face)
    assert seen == set(ARTILLERY_FACES)
    assert all(r.dice == "artillery" for r in rolls(dice))
    assert all((r.outcome == "misfire") == (r.result == MISFIRE) for r in rolls(dice))


# --- expressions ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "parsed"),
    [("4", (0, 0, 4)), ("D6", (1, 6, 0)), ("D3", (1, 3, 0)), ("2D6", (2, 6, 0)),
     ("D3+1", (1, 3, 1)), ("2d6+3", (2, 6, 3)), (" d 3 + 1 ", (1, 3, 1)), ("0", (0, 0, 0))],
)
def test_parse_expr(text, parsed):
    assert parse_expr(text) == parsed


@pytest.mark.parametrize(
    "text", ["", "D", "D4", "D8", "2D", "D6+", "D6-1", "D6+x", "three", "1.5", "-3", "D6+1+1",
             "2 D6 D6", "+1"],
)
def test_parse_expr_rejects_garbage(text):
    with pytest.raises(ValueError, match="not a dice expression"):
        parse_expr(text)


def test_expr_plain_number_rolls_nothing():
    dice = cup()
    assert dice.expr("4", "p", "r") == 4
    assert dice.events == []
    assert dice.rng == Rng(1, 0)


def test_expr_d3_plus_one():
    with forced(5):
        dice = cup()
        assert dice.expr("D3+1", "Critical", "Rule") == 4  # D3 of a 5 is 3
    (roll,) = rolls(dice)
    assert (roll.dice, roll.faces, roll.result) == ("D3", (5,), 3)


def test_expr_2d6_is_one_event_with_both_faces():
    with forced(3, 6):
        dice = cup()
        assert dice.expr("2D6", "Damage", "Rule") == 9
    (roll,) = rolls(dice)
    assert (roll.dice, roll.faces, roll.result) == ("2D6", (3, 6), 9)


def test_expr_d6():
    with forced(2):
        dice = cup()
        assert dice.expr("D6+2", "p", "r") == 4
    assert rolls(dice)[0].dice == "D6"


def test_expr_bad_text_raises_before_rolling():
    dice = cup()
    with pytest.raises(ValueError):
        dice.expr("D7", "p", "r")
    assert dice.events == []
    assert dice.rng == Rng(1, 0)


# --- tests and targets --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("faces", "ld", "mod", "passed"),
    [((3, 4), 7, 0, True), ((4, 4), 7, 0, False), ((4, 4), 7, 1, True), ((6, 6), 12, 0, True),
     ((1, 1), 3, -2, False), ((1, 1), 3, -1, True), ((5, 4), 8, 1, True)],
)
def test_ld_test_passes_iff_total_at_most_ld_plus_modifier(faces, ld, mod, passed):
    with forced(*faces):
        dice = cup()
        assert dice.ld_test(ld, mod, "Avoid", "Avoiding Rammers", side="p1", ship="x") is passed
    (roll,) = rolls(dice)
    assert roll.dice == "2D6"
    assert roll.faces == faces
    assert roll.result == sum(faces)
    assert roll.outcome == ("passed" if passed else "failed")
    assert str(ld) in roll.need
    assert (roll.side, roll.ship) == ("p1", "x")


@pytest.mark.parametrize("face", range(1, 7))
@pytest.mark.parametrize("initiative", range(0, 8))
def test_i_test(face, initiative):
    with forced(face):
        dice = cup()
        passed = dice.i_test(initiative, "Swim", "Swimming")
    if face == 1:
        assert passed
    elif face == 6:
        assert not passed
    else:
        assert passed is (face <= initiative)
    assert rolls(dice)[0].outcome == ("passed" if passed else "failed")


@pytest.mark.parametrize(
    ("face", "target", "modifier", "ok"),
    [(4, 4, 0, True), (3, 4, 0, False), (3, 4, 1, True), (6, 6, -1, False), (1, 2, 1, True)],
)
def test_need(face, target, modifier, ok):
    with forced(face):
        dice = cup()
        result = dice.need(target, "Hit", "Shooting", modifier=modifier, success="hit",
                           failure="miss")
    assert result == (ok, face)
    (roll,) = rolls(dice)
    assert roll.result == face + modifier
    assert roll.faces == (face,)
    assert roll.outcome == ("hit" if ok else "miss")
    assert roll.need.startswith(f"{target}+")


# --- events -----------------------------------------------------------------------------------


def test_every_roll_is_an_event_with_purpose_and_rule():
    dice = cup(17)
    dice.d6("a", "Rule A", side="p1", ship="s1")
    dice.d3("b", "Rule B")
    dice.nd6(2, "c", "Rule C")
    dice.artillery("d", "Rule D")
    dice.expr("D6", "e", "Rule E")
    dice.expr("3", "plain", "Rule none")
    dice.ld_test(7, 0, "f", "Rule F")
    dice.i_test(3, "g", "Rule G")
    dice.need(4, "h", "Rule H")
    got = [(r.purpose, r.rule) for r in rolls(dice)]
    assert got == [("a", "Rule A"), ("b", "Rule B"), ("c", "Rule C"), ("d", "Rule D"),
                   ("e", "Rule E"), ("f", "Rule F"), ("g", "Rule G"), ("h", "Rule H")]
    assert len(dice.events) == 8
    first = rolls(dice)[0]
    assert (first.side, first.ship) == ("p1", "s1")
    # the events hold every die thrown, in the generator's order (artillery as its D6).
    thrown = [ARTILLERY_FACES.index(f) + 1 if r.dice == "artillery" else f
              for r in rolls(dice) for f in r.faces]
    assert thrown == [Rng(17).face(i, 6) for i in range(10)]
    assert dice.rng == Rng(17, 10)


def test_judge_rewrites_the_last_roll():
    with forced(2, 5):
        dice = cup()
        dice.d6("first", "r")
        dice.d6("second", "r")
    dice.events.append(Happened("note", "something happened"))
    dice.judge("hit", "4+")
    first, second = rolls(dice)
    assert (first.outcome, first.need) == ("", "")
    assert (second.outcome, second.need) == ("hit", "4+")
    assert (second.faces, second.purpose) == ((5,), "second")
    assert isinstance(dice.events[-1], Happened)
    dice.judge("saved")  # keeps the need already written
    assert (rolls(dice)[1].outcome, rolls(dice)[1].need) == ("saved", "4+")
    assert dice.last_roll == rolls(dice)[1]


def test_judge_and_last_roll_need_a_roll():
    dice = cup()
    dice.events.append(Happened("note", "nothing rolled"))
    with pytest.raises(ValueError):
        dice.judge("hit")
    with pytest.raises(LookupError):
        _ = dice.last_roll
