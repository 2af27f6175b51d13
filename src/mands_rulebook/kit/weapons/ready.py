"""The weapon a character holds ready: its events and the rule state that keeps it.

Drawing a weapon readies it when the draw completes (:class:`WeaponReadied`, G-42, G-62); a
thrown weapon leaves the hand when the throw resolves (:class:`WeaponThrown`,
``docs/rules/combat.md`` §15). :data:`READIED` keeps what each character holds, changed only by
those two events (:mod:`mands_sim.rule_state`); :func:`weapon_readied` reads it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from mands_sim.events import Event
from mands_sim.kernel.encounter import Encounter
from mands_sim.rule_state import RuleState


@dataclass(frozen=True, slots=True)
class WeaponReadied(Event):
    """A character has drawn ``weapon`` and holds it ready (``docs/rules/decisions.md`` G-42,
    G-62)."""

    kind: ClassVar[str] = "weapon-readied"
    character: str
    weapon: str

    def narrative(self) -> str:
        return f"{self.character} readies the {self.weapon}."


@dataclass(frozen=True, slots=True)
class WeaponThrown(Event):
    """A thrown weapon has left its thrower's hand (``docs/rules/combat.md`` §15): nothing is
    held ready any more, and the character carries one ``weapon`` fewer."""

    kind: ClassVar[str] = "weapon-thrown"
    character: str
    weapon: str
    target: str | None

    def narrative(self) -> str:
        at = f" at {self.target}" if self.target else ""
        return f"{self.character} throws the {self.weapon}{at}."


def _drawn(held: str | None, event: WeaponReadied) -> str | None:
    return event.weapon


def _thrown(held: str | None, event: WeaponThrown) -> str | None:
    return None


READIED: Final[RuleState[str | None]] = RuleState(
    "readied",
    None,
    {WeaponReadied: _drawn, WeaponThrown: _thrown},
    summary="the weapon each character holds ready (None: empty hands)",
)
"""The weapon a character holds ready, by name; ``None``: empty hands."""


def weapon_readied(encounter: Encounter, who: str) -> str | None:
    """The weapon ``who`` holds ready, or ``None``."""
    return encounter.state[who].get(READIED)


__all__ = ["READIED", "WeaponReadied", "WeaponThrown", "weapon_readied"]
