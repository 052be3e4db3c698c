"""Fleets: a side's ships as the players design them, checked against the rules' limits.

A fleet is a named list of ship designs: name, size, propulsion, ironclad, ram, guns (weapon and
mount), crew and missiles by profile, and whether she has a captain. A design has no place on the
table; a scenario places her (:mod:`ahoy_tui.rules.ahoy.deploy`).

Checks follow the Ship Size table and Gun Crews:

* her proper ship's crew (sailors) must be at least her size's Minimum Crew, or she could not be
  sailed under control at all (an error: the fleet cannot be used);
* "the crewmen serving a gun do not count when determining if a ship has enough crew to sail",
  so to sail her and fire her busiest mount (one broadside, or the bow or stern guns) with full
  gun crews she needs Minimum Crew plus that mount's gun crews. Fewer is a warning, not an error:
  the rules let an undercrewed gun fire on a D6 roll. The crew to man every gun at once is shown
  too; a captain re-tells his crew to the engaged broadside each turn, so it is not required.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

import cattrs
from attrs import field, frozen

from ahoy_tui.engine.serialize import make_strict, problem
from ahoy_tui.rules.ahoy.tables import DataError, tables

# Plain words, not rule names (the rules screen reads capitalised text constants as rules).
FORMAT: Final = "ahoy-fleet"
VERSION = 1
PROPULSION = ("sail", "oar", "steam")
MOUNTS = ("port", "starboard", "bow", "stern")
# Limits that keep a fleet a tabletop squadron (as a scenario's; see scenario.py).
MAX_SHIPS = 24
MAX_CREW = 200
MAX_GUNS = 40
MAX_NAME = 40

ERROR: Final = "error"
WARNING: Final = "warning"


class FleetError(ValueError):
    """A fleet that cannot be read, written or used; ``str()`` is one line."""


@frozen
class GunDesign:
    weapon: str = "naval_cannon"
    mount: str = "port"


@frozen
class ShipDesign:
    name: str
    size: str = "medium"
    propulsion: str = "sail"
    ironclad: bool = False
    ram: bool = False
    guns: tuple[GunDesign, ...] = ()
    crew: dict[str, int] = field(factory=lambda: {"sailor": 5})
    missiles: dict[str, str] = field(factory=dict)
    captain: bool = True


@frozen
class Fleet:
    name: str
    ships: tuple[ShipDesign, ...] = ()


@frozen
class Problem:
    """One thing wrong with a fleet: ``level`` is "error" (unusable) or "warning"."""

    level: str
    ship: int | None  # index of the ship, None for the fleet as a whole
    text: str
    field: str = ""   # the field it is about: name, size, crew, gun 2…

    def __str__(self) -> str:
        return self.text


_converter = make_strict(cattrs.Converter(forbid_extra_keys=True))


# --- what a design needs ------------------------------------------------------------------------

def proper_crew(design: ShipDesign) -> int:
    """Models who may sail her and man the guns (crew.toml: ``crew = true``)."""
    known = tables().profiles
    return sum(n for p, n in design.crew.items() if p in known and known[p].crew)


def gun_crews(design: ShipDesign) -> dict[str, int]:
    """Gun crews by mount: each gun's full crew (Gun Crews), for the mounts she has guns on."""
    out: dict[str, int] = {}
    for gun in design.guns:
        if gun.weapon in tables().ordnance:
            out[gun.mount] = out.get(gun.mount, 0) + tables().gun(gun.weapon).crew
    return out


def crew_to_fight(design: ShipDesign) -> int:
    """Minimum Crew plus the gun crews of her busiest mount: sail her and fire one broadside."""
    return _min_crew(design) + max(gun_crews(design).values(), default=0)


def crew_for_all_guns(design: ShipDesign) -> int:
    """Minimum Crew plus a full crew at every gun at once."""
    return _min_crew(design) + sum(gun_crews(design).values())


def _min_crew(design: ShipDesign) -> int:
    size = tables().sizes.get(design.size)
    return size.min_crew if size else 0


def check_ship(design: ShipDesign, index: int = 0) -> list[Problem]:
    """Everything wrong with one design, each one line naming the ship and the field."""
    out: list[Problem] = []
    who = design.name.strip() or f"ship {index + 1}"

    def error(where: str, text: str) -> None:
        out.append(Problem(ERROR, index, f"{who}: {where}: {text}", where))

    def warn(where: str, text: str) -> None:
        out.append(Problem(WARNING, index, f"{who}: {where}: {text}", where))

    if not design.name.strip():
        error("name", "a ship needs a name")
    elif len(design.name) > MAX_NAME:
        error("name", f"at most {MAX_NAME} letters")
    size = tables().sizes.get(design.size)
    if size is None:
        error("size", f"{design.size!r} is not one of {', '.join(tables().sizes)}")
    if design.propulsion not in PROPULSION:
        error("propulsion", f"{design.propulsion!r} is not one of {', '.join(PROPULSION)}")
    elif size is not None:
        try:
            tables().rates(design.propulsion, design.size)
        except DataError as exc:  # a design may wait for its movement table; a battle may not
            warn("propulsion", f"no battle can use her yet: {exc}")
    if design.ram and size is not None and size.ram_dice == 0:
        error("ram", f"{size.name}s may not ram, so may not carry a ram")
    if len(design.guns) > MAX_GUNS:
        error("guns", f"at most {MAX_GUNS} guns")
    for number, gun in enumerate(design.guns, 1):
        if gun.weapon not in tables().ordnance:
            error(f"gun {number}", f"{gun.weapon!r} is not one of {', '.join(tables().ordnance)}")
        if gun.mount not in MOUNTS:
            error(f"gun {number}", f"mount {gun.mount!r} is not one of {', '.join(MOUNTS)}")
    for profile, count in design.crew.items():
        if profile not in tables().profiles or profile == "captain":
            known = [p for p in tables().profiles if p != "captain"]
            error("crew", f"{profile!r} is not one of {', '.join(known)} (the captain is "
                          "a yes or no)")
        elif count < 0:
            error("crew", f"a count of {tables().profile(profile).name}s cannot be negative")
    if sum(max(n, 0) for n in design.crew.values()) > MAX_CREW:
        error("crew", f"at most {MAX_CREW} models")
    for profile, weapon in design.missiles.items():
        if profile not in tables().profiles:
            error("missiles", f"{profile!r} is not a crew profile")
        elif weapon not in tables().missile:
            error("missiles", f"{weapon!r} is not one of {', '.join(tables().missile)}")
        elif (design.crew.get(profile, 0) <= 0
              and not (profile == "captain" and design.captain)):
            warn("missiles", f"no {tables().profile(profile).name}s aboard to carry "
                             f"{tables().missile_weapon(weapon).name}s")
    if size is not None:
        sailors = proper_crew(design)
        if sailors < size.min_crew:
            error("crew", f"{sailors} sailors cannot sail a {size.name} ship (Minimum Crew "
                          f"{size.min_crew})")
        elif sailors < crew_to_fight(design):
            short = crew_to_fight(design) - sailors
            warn("crew", f"{sailors} sailors: {crew_to_fight(design)} needed to sail her and "
                         f"fully man her busiest broadside ({short} short; Gun Crews)")
    return out


def check(fleet: Fleet) -> list[Problem]:
    """Every problem with a fleet: its own, then each ship's in order."""
    out: list[Problem] = []
    if not fleet.name.strip():
        out.append(Problem(ERROR, None, "fleet: name: a fleet needs a name", "name"))
    elif len(fleet.name) > MAX_NAME:
        out.append(Problem(ERROR, None, f"fleet: name: at most {MAX_NAME} letters", "name"))
    if not 1 <= len(fleet.ships) <= MAX_SHIPS:
        out.append(Problem(ERROR, None, f"fleet: ships: 1 to {MAX_SHIPS} ships "
                                        f"({len(fleet.ships)} given)", "ships"))
    seen: set[str] = set()
    for index, design in enumerate(fleet.ships):
        key = design.name.strip().casefold()
        if key and key in seen:
            out.append(Problem(ERROR, index, f"{design.name}: name: two ships share it",
                               "name"))
        seen.add(key)
        out.extend(check_ship(design, index))
    return out


def errors(fleet: Fleet) -> list[Problem]:
    return [p for p in check(fleet) if p.level == ERROR]


def require_usable(fleet: Fleet, source: str) -> None:
    """Raise :class:`FleetError` with the first error, naming ``source``."""
    found = errors(fleet)
    if found:
        raise FleetError(f"{source}: {found[0].text}")


# --- data and files -----------------------------------------------------------------------------

def to_data(fleet: Fleet) -> dict[str, Any]:
    data = _converter.unstructure(fleet)
    for ship in data["ships"]:
        ship["guns"] = list(ship["guns"])
    return {"format": FORMAT, "version": VERSION, **data}


def from_data(data: Any, source: str, damaged: str = "damaged fleet: ") -> Fleet:
    """A fleet from plain data (a file's JSON or a scenario's inline table); one-line errors."""
    if not isinstance(data, Mapping):
        raise FleetError(f"{source}: not a fleet (expected an object)")
    data = dict(data)
    fmt = data.pop("format", FORMAT)
    if fmt != FORMAT:
        raise FleetError(f"{source}: not a fleet (format is {fmt!r}, expected {FORMAT!r})")
    version = data.pop("version", VERSION)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise FleetError(f"{source}: the fleet's version {version!r} is not a whole number "
                         "from 1")
    if version > VERSION:
        raise FleetError(f"{source}: saved by a newer version of Ahoy TUI (fleet format "
                         f"{version}; this program reads up to {VERSION})")
    try:
        return _converter.structure(data, Fleet)
    except (cattrs.BaseValidationError, KeyError, TypeError, ValueError) as exc:
        raise FleetError(f"{source}: {damaged}{problem(exc)}") from None


def to_json(fleet: Fleet) -> str:
    return json.dumps(to_data(fleet), indent=1, ensure_ascii=False) + "\n"


def slug(name: str) -> str:
    """A name as a file name or ship id: lower case letters, digits and underscores."""
    return re.sub(r"[^a-z0-9]+", "_", name.casefold()).strip("_") or "fleet"


def fleets_dir() -> Path:
    from ahoy_tui.paths import default_fleets_dir

    return default_fleets_dir()


def fleet_path(name: str, folder: Path | None = None) -> Path:
    return (folder or fleets_dir()) / f"{slug(name)}.json"


def save(fleet: Fleet, folder: Path | None = None) -> Path:
    """Write a usable fleet atomically to ``<folder>/<slug>.json``; returns the path."""
    from ahoy_tui.engine.saves import write_atomic

    path = fleet_path(fleet.name, folder)
    require_usable(fleet, str(path))
    try:
        write_atomic(path, to_json(fleet))
    except OSError as exc:
        raise FleetError(f"{path}: cannot write: {exc.strerror or exc}") from None
    return path


def load_file(path: Path | str) -> Fleet:
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise FleetError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise FleetError(f"{path}: is a folder, not a fleet") from None
    except OSError as exc:
        raise FleetError(f"{path}: cannot read: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise FleetError(f"{path}: not a fleet (not UTF-8 text)") from None
    if not text.strip():
        raise FleetError(f"{path}: the file is empty")
    try:
        data = json.loads(text)
    except RecursionError:
        raise FleetError(f"{path}: not a fleet: the JSON is nested too deeply") from None
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()) - 1 or exc.msg.startswith("Unterminated string"):
            raise FleetError(f"{path}: the file is truncated (its JSON ends too early)") from None
        raise FleetError(f"{path}: not a fleet: invalid JSON at line {exc.lineno}, column "
                         f"{exc.colno} ({exc.msg})") from None
    if isinstance(data, dict) and "format" not in data:
        raise FleetError(f"{path}: not a fleet (no \"format\": {FORMAT!r})")
    return from_data(data, str(path))


def saved(folder: Path | None = None) -> list[tuple[Path, Fleet | FleetError]]:
    """Every fleet file in the folder, by file name: the fleet, or why it cannot be read."""
    folder = folder or fleets_dir()
    try:
        paths = sorted(p for p in folder.glob("*.json") if p.is_file())
    except OSError:
        return []
    out: list[tuple[Path, Fleet | FleetError]] = []
    for path in paths:
        try:
            out.append((path, load_file(path)))
        except FleetError as exc:
            out.append((path, exc))
    return out


def find(name: str, folder: Path | None = None) -> Fleet:
    """A saved fleet by its name (or file name), or a fleet file by its path."""
    path = Path(name)
    if path.suffix == ".json" and (path.is_absolute() or path.exists() or "/" in name):
        return load_file(path)
    target = fleet_path(name, folder)
    if target.exists():
        return load_file(target)
    known = [f.name for _, f in saved(folder) if isinstance(f, Fleet)]
    raise FleetError(f"no saved fleet {name!r} in {target.parent} (saved: "
                     f"{', '.join(known) or 'none'})")


def summary(design: ShipDesign) -> str:
    """One line for lists: size, propulsion, fittings, guns, crew."""
    size = tables().sizes.get(design.size)
    bits = [size.name if size else design.size, design.propulsion]
    if design.ironclad:
        bits.append("ironclad")
    if design.ram:
        bits.append("ram")
    counts: dict[str, int] = {}
    for gun in design.guns:
        counts[gun.weapon] = counts.get(gun.weapon, 0) + 1
    for weapon, n in counts.items():
        try:
            bits.append(f"{n} × {tables().gun(weapon).name}")
        except DataError:
            bits.append(f"{n} × {weapon}")
    bits.append(f"crew {sum(max(n, 0) for n in design.crew.values())}"
                + (" + captain" if design.captain else ""))
    return ", ".join(bits)


# --- what a fleet screen offers (the UI asks these through the ruleset; it imports no rules) --

def size_choices() -> list[tuple[str, str]]:
    """(name, id) of every ship size, smallest first."""
    return [(s.name, key) for key, s in sorted(tables().sizes.items(), key=lambda i: i[1].rank)]


def weapon_choices() -> list[tuple[str, str]]:
    """(name, id) of every gun (Ordnance)."""
    return [(o.name, key) for key, o in tables().ordnance.items()]


def missile_choices() -> list[tuple[str, str]]:
    """(name, id) of every missile weapon a crewman may carry."""
    return [(m.name, key) for key, m in tables().missile.items()]


def profiles() -> list[tuple[str, str, bool]]:
    """(id, name, proper ship's crew) of every crew profile, the captain included."""
    return [(key, p.name, p.crew) for key, p in tables().profiles.items()]


def size_name(size_id: str) -> str:
    size = tables().sizes.get(size_id)
    return size.name if size else size_id


def min_crew(design: ShipDesign) -> int | None:
    """Her size's Minimum Crew (Ship Size table); None for an unknown size."""
    size = tables().sizes.get(design.size)
    return size.min_crew if size else None
