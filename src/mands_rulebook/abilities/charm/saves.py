"""The target's d100 save vs. Willpower against a charm or horror (seed "Charisma", "Beauty";
G-155, G-156): Beauty (Sphere), the Weirdness Bonus, 3 off per point of Q."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from mands_rulebook.abilities.charm.allures import (
    BEAUTY_CHARM,
    CHARM,
    HORRIFY,
    Allure,
    CharmDefaults,
    beauty,
)
from mands_sim.api import Encounter, Event, percent_save

SAVE_PENALTY_PER_QUALITY: Final = 3
"""Seed "Charisma", "Beauty": "a penalty of 3 for each point of Q" on the target's save."""
WEIRDNESS_PER_SAVE: Final = 2
WEIRDNESS_PER_FAILURE: Final = -1
"""Seed "Beauty": a save vs. horrification made adds 2 to the Weirdness Bonus, one failed −1."""


@dataclass(frozen=True, slots=True)
class CharmSave(Event):
    """A target's d100 save vs. Willpower against ``source``'s ``action`` (seed "Beauty")."""

    kind: ClassVar[str] = "charm-save"
    character: str
    source: str
    action: str
    family: str
    willpower: int
    beauty_modifier: int
    """Beauty (Sphere): a bonus against a Beauty charm, a penalty against horror (G-155)."""
    weirdness_bonus: int
    quality_penalty: int
    roll: int
    saved: bool

    @property
    def target(self) -> int:
        return self.willpower + self.beauty_modifier + self.weirdness_bonus - self.quality_penalty

    def narrative(self) -> str:
        result = "saves" if self.saved else "fails"
        against = f"{self.source}'s {self.action}"
        return f"{self.character} {result} against {against}: {self.roll} vs. {self.target}."


def weirdness_bonus(encounter: Encounter, actor: str) -> int:
    """Seed "Weirdness Bonus" (10 − Beauty below 10), +2 per save vs. horrification made, −1
    per one failed (seed "Beauty")."""
    bonus = int(encounter.figured(actor).weirdness_bonus)
    for e in encounter.log:
        if isinstance(e, CharmSave) and e.character == actor and e.action == HORRIFY.action.name:
            bonus += WEIRDNESS_PER_SAVE if e.saved else WEIRDNESS_PER_FAILURE
    return bonus


def beauty_modifier(encounter: Encounter, source: str, target: str, allure: Allure) -> int:
    """Beauty (Sphere): a bonus against a Beauty charm, a penalty against horror. G-155
    ``target`` reads the target's own Beauty (the example: Beauty 16 → −10, 31 → −12, 6 → −6);
    ``source`` the charmer's, or the horror's magnitude (Beauty −4 → −4)."""
    if allure is CHARM:
        return 0
    if encounter.defaults.of(CharmDefaults).G155_beauty_save_modifier == "target":
        looked_up = int(encounter.charts.action.sphere(beauty(encounter, target)))
        return looked_up if allure is BEAUTY_CHARM else -looked_up
    looked_up = int(encounter.charts.action.sphere(beauty(encounter, source)))
    return looked_up if allure is BEAUTY_CHARM else -abs(looked_up)


def save_against(
    encounter: Encounter, source: str, target: str, allure: Allure, save_points: int
) -> CharmSave:
    """d100 ≤ Willpower ± Beauty (Sphere) + Weirdness Bonus (horror) − 3 per Q point; the
    "bonus of up to Willpower, depending on the situation" is not given (G-156)."""
    weird = weirdness_bonus(encounter, target) if allure is HORRIFY else 0
    looks = beauty_modifier(encounter, source, target, allure)
    penalty = SAVE_PENALTY_PER_QUALITY * save_points
    willpower = int(encounter.figured(target).willpower)
    purpose = f"save vs. {allure.action.name}"
    odds = percent_save(encounter, target, purpose, score=willpower, bonus=looks + weird - penalty)
    return CharmSave(
        encounter.now, target, source, allure.action.name, allure.family, willpower, looks,
        weird, penalty, odds.roll, odds.succeeded,
    )  # fmt: skip
