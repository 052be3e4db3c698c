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
        """The roll as a player says it across the table: ``snipers: 5D6: 6 1 4 2 3 vs 5+
        (+1): 2 hits`` (each die counted on its own), ``Ld test: 2D6 5+1 = 6 vs Ld 8 + 1 = 9:
        passed`` (a total), ``to wound: D6 4 vs 4+: wounds`` (one die)."""
        outcome = f": {self.outcome}" if self.outcome else ""
        need = self.need
        if need.endswith(" each") and len(self.faces) > 1:
            faces = " ".join(str(f) for f in self.faces)
            return f"{self.purpose}: {self.dice}: {faces} vs {need[:-5]}{outcome}"
        if len(self.faces) > 1:
            shown = f"{'+'.join(str(f) for f in self.faces)} = {self.result}"
        else:
            shown = str(self.result)
            if self.dice == "D3":
                pass  # a D3 is said as its score, never as the D6 behind it (4−2 = 2)
            elif self.faces and self.faces[0] != self.result:  # a modified die: 5+1 = 6
                shown = f"{self.faces[0]}{self._plus()} = {self.result}"
        return f"{self.purpose}: {self.dice} {shown}{f' vs {need}' if need else ''}{outcome}"

    def _plus(self) -> str:
        face, result = self.faces[0], self.result
        if isinstance(face, int) and isinstance(result, int):
            change = result - face
            return f"{'+' if change >= 0 else '−'}{abs(change)}"
        return ""


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
