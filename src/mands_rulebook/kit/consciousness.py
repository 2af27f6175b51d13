"""The consciousness check (``docs/rules/decisions.md`` G-17): at Body DP 0 or below, a roll to
stay conscious; the out-of-action rules make it, Editing Points may edit it afterwards, and a
knocked-out character makes it again to come to."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mands_sim.events import Event


@dataclass(frozen=True, slots=True)
class ConsciousnessCheck(Event):
    """G-17: at Body DP ≤ 0, a roll to stay conscious."""

    kind: ClassVar[str] = "consciousness-check"
    character: str
    target: int
    total: int
    stays_conscious: bool

    def narrative(self) -> str:
        verdict = "stays conscious" if self.stays_conscious else "fails"
        return (
            f"{self.character} rolls {self.total} against {self.target} to stay conscious "
            f"and {verdict}."
        )
