"""Minds and numbers the skill plugins' tests share (``tests/test_rulebook_skills_*.py``).

The grunt of :mod:`tests.data.fighters` (Strength 10, Agility 10, Learning 10, Newoen 14, Hand
Damage 5, VP 28, Body DP 5, Mass ≈ 63 kg, a Normal character): Combat Roll twice Agility 20 on
the Sphere chart = 11, figured Combat Pool ⌊10 ÷ 10⌋ = 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mands_sim.actions import Intent, QualityAllocation, Wait
from mands_sim.events import Event
from mands_sim.kernel.encounter import Encounter
from tests.data.fighters import fight, grunt

GRUNT_COMBAT_ROLL = 11
GRUNT_HAND_DAMAGE = 5
GRUNT_VP = 28


class Scripted:
    """Starts the given intents one after another (then nothing); spends Q as told."""

    def __init__(
        self, intents: Sequence[Intent] = (), spend: QualityAllocation | None = None
    ) -> None:
        self.intents = list(intents)
        self.spend = spend or QualityAllocation()

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        return self.intents.pop(0) if self.intents else None

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return self.spend


def duel(
    attacker: dict[str, Any],
    intent: Intent,
    *,
    spend: QualityAllocation | None = None,
    dice: dict[str, list[int]] | None = None,
    defender: dict[str, Any] | None = None,
    others: int = 0,
    until: int = 20,
    defaults: dict[str, Any] | None = None,
) -> list[Event]:
    """``attacker`` (the first side) tries ``intent`` on a passive grunt ``target``; the log."""
    fighters = {"attacker": attacker, "target": defender or grunt()}
    fighters.update({f"other{i}": grunt() for i in range(others)})
    minds: dict[str, object] = {"attacker": Scripted([intent], spend)}
    minds.update({name: Scripted() for name in fighters if name != "attacker"})
    encounter = fight(fighters, dice=dice or {}, minds=minds, defaults=defaults)
    encounter.run(until=until)
    return encounter.log


def of(events: Sequence[Event], kind: type[Event]) -> list[Any]:
    """The events of one kind, in order."""
    return [event for event in events if isinstance(event, kind)]
