"""What happened: the events an action causes.

Two kinds. A :class:`DiceRoll` is every die thrown, with its purpose and the rule that asked for
it. A :class:`Happened` is anything else worth telling the players: a ship moved, was hit, struck
her colours, sank; the wind changed; a phase began. ``big`` marks the moments a screen should
shout about (a sinking, a critical hit, a strike).
"""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen


@frozen
class DiceRoll:
    """A roll of the dice: ``dice`` is D6, D3, 2D6, 3D6 or artillery; ``faces`` each die thrown."""

    dice: str
    faces: tuple[int | str, ...]
    result: int | str
    purpose: str
    rule: str
    side: str | None = None
    ship: str | None = None
    need: str = ""
    outcome: str = ""
    event: ClassVar[str] = "roll"

    def describe(self) -> str:
        faces = "+".join(str(f) for f in self.faces) if len(self.faces) > 1 else ""
        shown = f"{faces}={self.result}" if faces else str(self.result)
        need = f" vs {self.need}" if self.need else ""
        outcome = f" = {self.outcome}" if self.outcome else ""
        return f"{self.purpose}: {self.dice} {shown}{need}{outcome}"


@frozen
class Happened:
    """Something the rules made happen, told in the game's own words."""

    kind: str
    text: str
    rule: str = ""
    side: str | None = None
    ship: str | None = None
    big: bool = False
    at: tuple[float, float] | None = None  # where on the table, for a map (a shot's splash)
    event: ClassVar[str] = "happened"

    def describe(self) -> str:
        return self.text


Event = DiceRoll | Happened
