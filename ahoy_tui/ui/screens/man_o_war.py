"""Man O' War on the general battle screen: the sea map, the template cards, the choices."""

from __future__ import annotations

from ahoy_tui.ui.parts import BattleParts
from ahoy_tui.ui.screens.battle import BattleScreen
from ahoy_tui.ui.widgets.template_cards import TemplateCards

PARTS = BattleParts(screen=BattleScreen, cards=TemplateCards)
