"""The Man O' War ship templates (ahoy_tui/rules/man_o_war/data/ships.toml) checked against the
reference, and the loader's own checks.

1. Every template whose ``source`` starts with "MOC" is checked row by row against its card in
   ../shared/reference/later-rulesets.md, section "### 1.3 Ship templates found (MOC)", which is
   parsed here at test time: class, crew, speeds (sail and its speed with the wind astern in
   brackets, oars and the bracketed ramming speed, steam, magic), Battle Honours, the split bar,
   the Below the Waterline boxes, save, speed loss and "first hit has no effect", and every hit
   location: its d6 number(s), band, name, boxes and save. Rows are matched by d6 number and band,
   so a card's two rows of one name are told apart. A failure names the ship and the row. Skipped
   when the reference is not beside the project (a clean clone).
2. Every template, aimed each way it can be (high and low on a card with the split bar, else
   at her), has at most one location per d6 score; a broken copy makes the loader's check
   (``tables._check``) raise a DataError naming the ship.
3. Every template of the project's own design (``source = "project"``) is listed by name in
   docs/rules/man-o-war.md (skipped until that page exists).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import attrs
import pytest

from ahoy_tui.rules.man_o_war import tables as tables_module
from ahoy_tui.rules.man_o_war.tables import DataError, Location, Template, tables

PROJECT = Path(__file__).resolve().parents[3]
REFERENCE = PROJECT.parent / "shared" / "reference" / "later-rulesets.md"
SECTION = "### 1.3 Ship templates found (MOC)"
DOC = PROJECT / "docs" / "rules" / "man-o-war.md"

# The reference's card headings and the ships.toml ids they are kept under.
HEADINGS: dict[str, str] = {
    "Empire Greatship": "greatship",
    "Empire Wargalley": "wargalley",
    "Bretonnian Corsair": "corsair",
    "Dwarf Dreadnought": "dreadnought",
    "Dwarf Ironclad": "ironclad",
    "Chaos Dwarf Great Leveller Battlebarge": "great_leveller",
    "Chaos Dwarf Hull-Destroyer": "hull_destroyer",
    'Dark Elf "Black Arc"': "black_ark",
    "Undead Floating Necropolis": "floating_necropolis",
    "Undead Ghostship": "ghostship",
    "Lizardman Templeship": "templeship",
}

# Locations ships.toml names otherwise than the card, keyed by (template id, the card's name,
# d6 numbers, band). The Dreadnought's card has two rows both called "Paddle" (d6 4 and 6,
# low); ships.toml tells them apart as the port and the starboard paddle. Other rows that share
# a name keep it and are told apart by their d6 number alone: the Great Leveller's two "Engine"
# rows (d6 4 and 5, low) and the Templeship's "Oar Deck ×3" (d6 4/5/6 given as one row, "1 each":
# three locations of one box, each "Oar Deck").
RENAMED: dict[tuple[str, str, tuple[int, ...], str], str] = {
    ("dreadnought", "Paddle", (4,), "low"): "Port Paddle",
    ("dreadnought", "Paddle", (6,), "low"): "Starboard Paddle",
}

# The card's speed words and the Move fields they give; the bracketed speed goes to the second
# field. "Sail 6" (9")": 9" with the wind astern. "Oars 4" (6")": on oared ships the bracket is
# read as ramming speed (the reference's inference, §1.2, which ships.toml follows). A bracket
# after "Magic" repeats the speed (wind does not matter to sorcery): Move has no field for it.
MEANS: dict[str, tuple[str, str | None]] = {
    "sail": ("sail", "astern"),
    "sails": ("sail", "astern"),
    "oars": ("oars", "ramming"),
    "steam": ("steam", None),
    "magic": ("magic", None),
}
SPEEDS = ("sail", "oars", "steam", "magic")


@dataclass(frozen=True)
class Row:
    """One location row of a reference card; ``count`` > 1 for a row standing for several
    locations of one name ("Oar Deck ×3", one d6 number each)."""

    numbers: tuple[int, ...]
    band: str
    name: str
    count: int
    boxes: int
    save: int

    def __str__(self) -> str:
        numbers = "/".join(str(n) for n in self.numbers)
        band = f" {self.band}" if self.band else ""
        times = f" ×{self.count}" if self.count > 1 else ""
        return f"row d6 {numbers}{band} {self.name!r}{times}"

    def locations(self) -> list[tuple[tuple[int, ...], str]]:
        """The (d6 numbers, band) of each location the row stands for."""
        if self.count > 1:
            return [((n,), self.band) for n in self.numbers]
        return [(self.numbers, self.band)]


@dataclass
class Card:
    """A ship template as the reference gives it."""

    title: str
    ship_class: str
    crew: int
    honours: int
    speeds: dict[str, tuple[int, int | None]]
    split: bool | None  # None: the heading does not say
    btw_boxes: int
    btw_save: int
    btw_speed_loss: int
    btw_first_no_effect: bool
    banded: bool = False  # its table has a Band column
    rows: list[Row] = field(default_factory=list)

    @property
    def has_split(self) -> bool:
        """Whether the card has the split bar: as the heading says, else as its table shows
        (the Black Arc's heading gives no split, but its rows are high, middle and low)."""
        return self.banded if self.split is None else self.split


HEADING = re.compile(r"^\*\*(?P<title>.+?)\*\*(?: \(fan\))? — (?P<facts>.+)$")


def _number(pattern: str, text: str, what: str, title: str) -> int:
    found = re.search(pattern, text)
    assert found, f"the reference's {title} card: no {what} in {text!r}"
    return int(found.group(1))


def _card(title: str, facts: str) -> Card:
    found = re.match(r"(MOW|SOL|IND);", facts)
    assert found, f"the reference's {title} card: no class in {facts!r}"
    speeds = {word.lower(): (int(speed), int(bracket) if bracket else None)
              for word, speed, bracket
              in re.findall(r"\b(Sails?|Oars|Steam|Magic) (\d+)\"(?: \((\d+)\"\))?", facts)}
    split: bool | None = None
    if re.search(r"\bno split\b", facts):
        split = False
    elif re.search(r"\bsplit \d+%", facts):
        split = True
    btw = re.search(r"(?:Below Waterline|BTW) (\d+)(?: boxes)?, save (\d)\+", facts)
    assert btw, f"the reference's {title} card: no Below the Waterline in {facts!r}"
    loss = re.search(r"each BTW hit speed [−-](\d+)\"", facts)
    return Card(
        title=title, ship_class=found.group(1).lower(),
        crew=_number(r"\bCrew (\d+)", facts, "crew", title),
        honours=_number(r"\bHonours (\d+)", facts, "Honours", title),
        speeds=speeds, split=split,
        btw_boxes=int(btw.group(1)), btw_save=int(btw.group(2)),
        btw_speed_loss=int(loss.group(1)) if loss else 0,
        btw_first_no_effect="First hit has no effect" in facts)


def _row(title: str, columns: list[str], cells: list[str]) -> Row:
    assert len(cells) == len(columns), f"the reference's {title} card: row {cells}"
    cell = dict(zip(columns, cells, strict=True))
    numbers = tuple(int(n) for n in re.split(r"[,/]", cell["d6"]))
    named = re.fullmatch(r"(.+?)(?: ×(\d+))?", cell["location"])
    assert named, f"the reference's {title} card: row {cells}"
    count = int(named.group(2) or 1)
    assert count in (1, len(numbers)), f"the reference's {title} card: row {cells}"
    boxes = re.fullmatch(r"(\d+)(?: each)?", cell["boxes"])
    save = re.fullmatch(r"(\d)\+", cell["save"])
    assert boxes and save, f"the reference's {title} card: row {cells}"
    return Row(numbers=numbers, band=cell.get("band", ""), name=named.group(1), count=count,
               boxes=int(boxes.group(1)), save=int(save.group(1)))


def parse_cards(text: str) -> dict[str, Card]:
    """The cards of §1.3, by heading: a bold heading line with the card's facts, then a table
    of its locations (other lines between, notes on the ship, are passed over)."""
    start = text.index(SECTION) + len(SECTION)
    end = text.find("\n### ", start)
    cards: dict[str, Card] = {}
    card: Card | None = None
    columns: list[str] = []
    for line in text[start:end if end >= 0 else None].splitlines():
        line = line.strip()
        heading = HEADING.match(line)
        if heading:
            card = _card(heading["title"], heading["facts"])
            cards[card.title] = card
            columns = []
        elif line.startswith("|") and card is not None:
            cells = [c.strip() for c in line.strip("|").split("|")]
            if not columns:
                columns = [c.lower() for c in cells]
                card.banded = "band" in columns
            elif not all(set(c) <= set("-: ") for c in cells):
                card.rows.append(_row(card.title, columns, cells))
        elif not line.startswith("|"):
            columns = []
    return cards


@pytest.fixture(scope="module")
def cards() -> dict[str, Card]:
    if not REFERENCE.exists():
        pytest.skip(f"the reference is not beside the project ({REFERENCE})")
    cards = parse_cards(REFERENCE.read_text("utf-8"))
    assert cards, f"no ship cards found under {SECTION!r} in {REFERENCE}"
    return cards


def _label(numbers: tuple[int, ...], band: str) -> str:
    return "d6 " + "/".join(str(n) for n in numbers) + (f" {band}" if band else "")


def mismatches(t: Template, card: Card) -> list[str]:
    """Every way template ``t`` differs from its reference ``card``, each naming the ship and,
    for a location, the card's row."""
    ship = f"{card.title} ({t.id})"
    out: list[str] = []

    def differs(what: str, ours: object, theirs: object) -> None:
        if ours != theirs:
            out.append(f"{ship}: {what} is {ours!r} in ships.toml, {theirs!r} in the reference")

    differs("class", t.ship_class, card.ship_class)
    differs("crew", t.crew, card.crew)
    differs("honours", t.honours, card.honours)
    differs("split", t.split, card.has_split)
    differs("btw.boxes", t.btw.boxes, card.btw_boxes)
    differs("btw.save", t.btw.save, card.btw_save)
    differs("btw.speed_loss", t.btw.speed_loss, card.btw_speed_loss)
    differs("btw.first_no_effect", t.btw.first_no_effect, card.btw_first_no_effect)

    given: dict[str, float] = dict.fromkeys(SPEEDS, 0.0)  # a means the card lacks: 0
    for word, (speed, bracket) in card.speeds.items():
        means, second = MEANS[word]
        given[means] = float(speed)
        if second and bracket is not None:
            given[second] = float(bracket)
    if not given["sail"]:
        given["astern"] = 0.0
    for means, speed in given.items():
        differs(f"move.{means}", getattr(t.move, means), speed)

    # Match rows by d6 numbers and band, not by name (names repeat on a card).
    ours: dict[tuple[tuple[int, ...], str], Location] = {}
    for loc in t.locations:
        spot = (tuple(sorted(loc.numbers)), loc.band)
        if spot in ours:
            out.append(f"{ship}: ships.toml has two locations at {_label(*spot)}: "
                       f"{ours[spot].name!r} and {loc.name!r}")
        ours[spot] = loc
    matched: set[tuple[tuple[int, ...], str]] = set()
    for row in card.rows:
        for numbers, band in row.locations():
            spot = (tuple(sorted(numbers)), band)
            loc = ours.get(spot)
            if loc is None:
                hint = [f"{other.name!r} at {_label(*at)}" for at, other in ours.items()
                        if other.name == RENAMED.get((t.id, row.name, numbers, band), row.name)]
                out.append(f"{ship}, {row}: ships.toml has no location at {_label(*spot)}"
                           + (f" (it has {', '.join(hint)})" if hint else ""))
                continue
            matched.add(spot)
            where = f"{ship}, {row}" + (f", its {_label(numbers, '')}" if row.count > 1 else "")
            name = RENAMED.get((t.id, row.name, numbers, band), row.name)
            if loc.name != name:
                out.append(f"{where}: named {loc.name!r} in ships.toml, {name!r} expected")
            if loc.boxes != row.boxes:
                out.append(f"{where}: boxes {loc.boxes} in ships.toml, {row.boxes} in the "
                           "reference")
            if loc.save != row.save:
                out.append(f"{where}: save {loc.save}+ in ships.toml, {row.save}+ in the "
                           "reference")
    for spot, loc in ours.items():
        if spot not in matched:
            out.append(f"{ship}: ships.toml's {loc.name!r} at {_label(*spot)} is on no row "
                       "of the card")
    return out


# --- 1. the MOC templates against the reference ----------------------------------------------

def test_every_moc_template_has_its_card_in_the_reference(cards: dict[str, Card]) -> None:
    moc = {t.id for t in tables().templates.values() if t.source.startswith("MOC")}
    assert moc == set(HEADINGS.values()), "ships.toml's MOC templates and HEADINGS differ"
    assert set(cards) == set(HEADINGS), "the reference's §1.3 cards and HEADINGS differ"


@pytest.mark.parametrize(("heading", "template_id"), HEADINGS.items(), ids=list(HEADINGS.values()))
def test_a_moc_template_matches_its_card_row_by_row(
        cards: dict[str, Card], heading: str, template_id: str) -> None:
    if heading not in cards:
        pytest.fail(f"the reference has no card {heading!r} under {SECTION!r}")
    card = cards[heading]
    assert card.rows, f"the reference's {heading} card: no location rows parsed"
    if card.split is not None:  # the heading and the table agree on the split bar
        assert card.split == card.banded, f"the reference's {heading} card: split vs bands"
    problems = mismatches(tables().template(template_id), card)
    assert not problems, "\n".join(problems)


def test_a_typo_in_a_template_is_named_by_ship_and_row(cards: dict[str, Card]) -> None:
    """The check itself: a copy of the Dreadnought with its starboard paddle's save, its crew
    and the Boiler's d6 number changed is caught on each, by ship and row."""
    dreadnought = tables().template("dreadnought")
    locations = list(dreadnought.locations)
    for i, loc in enumerate(locations):
        if loc.name == "Starboard Paddle":
            locations[i] = attrs.evolve(loc, save=5)
        elif loc.name == "Boiler":
            locations[i] = attrs.evolve(loc, numbers=(1,))
    broken = attrs.evolve(dreadnought, crew=5, locations=tuple(locations))
    problems = mismatches(broken, cards["Dwarf Dreadnought"])
    assert len(problems) == 4, problems
    assert all(p.startswith("Dwarf Dreadnought (dreadnought)") for p in problems)
    assert any("crew is 5 in ships.toml, 4 in the reference" in p for p in problems)
    assert any("row d6 6 low 'Paddle': save 5+ in ships.toml, 4+" in p for p in problems)
    assert any("row d6 5 low 'Boiler': ships.toml has no location at d6 5 low "
               "(it has 'Boiler' at d6 1 low)" in p for p in problems)
    assert any("'Boiler' at d6 1 low is on no row" in p for p in problems)


def test_the_reference_cards_parse() -> None:
    """The parser on a card of the reference's form: a row for several locations, "1 each"."""
    text = "\n".join([
        SECTION, "",
        '**Lizardman Templeship** (fan) — MOW; Crew 5; Oars 6" (8"); Honours 8; split 53%; '
        "BTW 4 boxes, save 5+. (`lizardman/templeship.txt`)", "",
        "| d6 | Band | Location | Boxes | Save | Effect |",
        "|---|---|---|---|---|---|",
        "| 2 | middle | Fwd Temple | 1 | 3+ | Serpent Sting lost |",
        '| 4/5/6 | low | Oar Deck ×3 | 1 each | 4+ | speed −2" each |', "",
        "Notes on her.", "", "### 1.4 Flyers (MOC)", "**Not a card** — MOW; Crew 1",
    ])
    (card,) = parse_cards(text).values()
    assert (card.title, card.ship_class, card.crew, card.honours) == (
        "Lizardman Templeship", "mow", 5, 8)
    assert card.speeds == {"oars": (6, 8)} and card.split and card.banded
    assert (card.btw_boxes, card.btw_save, card.btw_speed_loss) == (4, 5, 0)
    assert card.rows == [Row((2,), "middle", "Fwd Temple", 1, 1, 3),
                         Row((4, 5, 6), "low", "Oar Deck", 3, 1, 4)]
    assert card.rows[1].locations() == [((4,), "low"), ((5,), "low"), ((6,), "low")]


# --- 2. one location per d6 score, whichever way she is aimed at ------------------------------

@pytest.mark.parametrize("template_id", list(tables().templates))
def test_each_aim_hits_at_most_one_location_per_score(template_id: str) -> None:
    t = tables().template(template_id)
    for aim in ("high", "low") if t.split else ("",):
        for score in range(1, 7):
            hit = [loc.name for loc in t.locations
                   if score in loc.numbers and loc.hit_from(aim)]
            assert len(hit) <= 1, f"{t.id}: a {score} aimed {aim or 'at her'} hits {hit}"


def _moved(template_id: str, name: str, numbers: tuple[int, ...]) -> Template:
    t = tables().template(template_id)
    assert name in {loc.name for loc in t.locations}
    return attrs.evolve(t, locations=tuple(
        attrs.evolve(loc, numbers=numbers) if loc.name == name else loc for loc in t.locations))


@pytest.mark.parametrize(("template_id", "name", "numbers"), [
    ("greatship", "Gun Deck", (4,)),  # low: Bows and Gun Deck both on a 4
    ("greatship", "Forecastle", (4,)),  # middle: on a 4 with the Fore Mast (high), the Bows (low)
    ("wargalley", "Mast", (4, 5)),  # no split: Mast and Fore Castle both on a 5
])
def test_a_template_with_two_locations_on_one_score_is_refused(
        template_id: str, name: str, numbers: tuple[int, ...]) -> None:
    broken = _moved(template_id, name, numbers)
    with pytest.raises(DataError, match=rf"\[ships\.{template_id}\].* hits "):
        tables_module._check(broken)


# --- 3. the project's own templates are written down -----------------------------------------

def test_the_project_templates_are_listed_in_the_docs() -> None:
    if not DOC.exists():
        pytest.skip(f"{DOC.relative_to(PROJECT)} is not written yet")
    doc = DOC.read_text("utf-8")
    designed = [t for t in tables().templates.values() if t.source == "project"]
    assert designed
    missing = [f"{t.name} ({t.id})" for t in designed if t.name not in doc]
    assert not missing, f"{DOC.relative_to(PROJECT)} does not list: {', '.join(missing)}"
