"""What the screens show a ruleset's battles with: its battle screen, its ship cards and, for
rules with secret orders, its order sheet.

Each ruleset names its parts the same way it names itself, by an entry point (group
``ahoy_tui.ui``, the name its id, the object a :class:`BattleParts`), so nothing on the shared
screens asks which rules are being played::

    [project.entry-points."ahoy_tui.ui"]
    ahoy = "ahoy_tui.ui.screens.battle:PARTS"

Rules that name no parts are played on the general battle screen (map, record cards, choices),
which asks the ruleset for everything it shows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from attrs import frozen
from textual.screen import Screen
from textual.widget import Widget

from ahoy_tui.engine.registry import plugins
from ahoy_tui.ui.widgets.sea_map import SeaMap

GROUP = "ahoy_tui.ui"


@frozen
class BattleParts:
    """One ruleset's parts.

    ``screen`` makes the battle screen for a session (local or remote); ``cards`` is the widget
    of the ships' record cards, shown beside the map in battle and in the replay viewer (it has
    ``show(cards, selected)``); ``order_sheet`` is the widget orders are written on in secret,
    or None for rules whose orders are given one action at a time; ``map`` is the widget the
    table is drawn on (the sea map in inches, or the hex map), which says what it draws of a
    state (``scene_of(ruleset, state, selected)``), is fed it with ``show(scene, selected)`` and
    centres on a ship with ``centre_on_ship``.
    """

    screen: Callable[[Any], Screen[None]]
    cards: type[Widget]
    order_sheet: type[Widget] | None = None
    map: type[Widget] = SeaMap


def drawable(ruleset: Any) -> bool:
    """Whether the screens can show this ruleset's battles: it names parts of its own, or gives
    the table (``scene``) and the record cards (``cards``) the general battle screen draws.
    Others are played in plain text (``ahoy play --headless``)."""
    if getattr(ruleset, "id", ruleset) in plugins(GROUP):
        return True
    return callable(getattr(ruleset, "scene", None)) and callable(getattr(ruleset, "cards", None))


def no_table_words(ruleset: Any) -> str:
    """What to tell a player who asks the screens for rules they cannot draw."""
    title = getattr(ruleset, "title", ruleset)
    rid = getattr(ruleset, "id", ruleset)
    return (f"{title} draws no table for the screens: play it with "
            f"'ahoy play --headless --ruleset {rid}', replay it with 'ahoy replay FILE --text'")


def parts_for(ruleset: Any) -> BattleParts:
    """The parts of ``ruleset`` (a ruleset or its id)."""
    point = plugins(GROUP).get(getattr(ruleset, "id", ruleset))
    if point is None:
        from ahoy_tui.ui.screens.battle import PARTS

        return PARTS
    parts = point.load()
    if not isinstance(parts, BattleParts):
        raise TypeError(f"entry point {point.name} = {point.value} is not a BattleParts")
    return parts
