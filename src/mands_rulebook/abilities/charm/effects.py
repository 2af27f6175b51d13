"""What a failed save does (seed "Charisma", "Beauty"; G-156): horrified — paralysed for
(1 + the Q on the Sphere chart)d6 segments — or charmed (frightened) and out of the fight."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, Final

from mands_rulebook.abilities.charm.allures import CHARM, HORRIFY, Allure, charisma
from mands_rulebook.abilities.charm.saves import save_against
from mands_rulebook.abilities.charm.targets import open_targets
from mands_sim.api import (
    Column,
    ConditionDefinition,
    ConditionImposed,
    Encounter,
    Event,
    OutOfAction,
    PushedBack,
    lasting_until,
)

HORROR_DICE: Final = 6
"""Seed "Beauty": paralysed "at least 1d6 segments", plus the Q on the Sphere chart in d6."""
DAYS_PER_MONTH: Final = 30
"""Seed "Charisma": "assume a month is 30 days"."""

PARALYSED: Final = ConditionDefinition(
    name="paralysed",
    summary='Paralysed with horror (seed "Beauty"): starts nothing until it passes; what it has '
    "under way waits as long.",
    keeps_actions=True,
    unready=True,  # held as surprise holds: the Throwback Roll takes it as surprised
)
"""A horrified character's condition: its actions in progress are pushed back, not dropped."""


@dataclass(frozen=True, slots=True)
class Horrified(Event):
    """Paralysed with horror for ``segments``, until segment ``until`` (seed "Beauty")."""

    kind: ClassVar[str] = "horrified"
    character: str
    source: str
    dice: tuple[int, ...]
    segments: int
    until: int

    def narrative(self) -> str:
        return f"{self.character} is paralysed with horror for {self.segments} segments."


@dataclass(frozen=True, slots=True)
class Charmed(Event):
    """Charmed (or frightened) by ``source``; the next save comes ``next_save_days`` later."""

    kind: ClassVar[str] = "charmed"
    character: str
    source: str
    condition: str
    next_save_days: float

    def narrative(self) -> str:
        return f"{self.character} is {self.condition} by {self.source}."


def paralysis(encounter: Encounter, source: str, target: str, time_points: int) -> list[Event]:
    """Seed "Beauty": (1 + the Q on the Sphere chart)d6 segments, rolled by the horror's side;
    the target starts nothing before they pass and its actions in progress wait as long."""
    count = 1 + max(0, int(encounter.charts.action.sphere(time_points)))
    faces = tuple(encounter.dice_for(source).face(HORROR_DICE) for _ in range(count))
    segments = sum(faces)
    state = encounter.state[target]
    until = lasting_until(encounter, target, PARALYSED.name, encounter.now + segments)
    events: list[Event] = [
        Horrified(encounter.now, target, source, faces, segments, encounter.now + segments),
        ConditionImposed(encounter.now, target, PARALYSED.name, source, until=until),
    ]
    for running in state.actions:
        end = running.completes_at + segments
        events.append(
            PushedBack(
                encounter.now, target, running.name, running.action_id, segments, end, "horrified"
            )
        )
    return events


def next_save_days(
    encounter: Encounter, target: str, allure: Allure, interval_points: int
) -> float:
    """Seed "Charisma", "Beauty": 0 − ½ Newoen on the Action Chart (Result → Doubles for
    Charisma, → Sphere for Beauty), one row up per ``interval`` point, in 30-day months."""
    newoen = int(encounter.abilities(target).newoen)
    row = -(newoen // 2) + interval_points
    column: Column = "doubles" if allure is CHARM else "sphere"
    return float(encounter.charts.action.from_result(column, row, magnitude=True)) * DAYS_PER_MONTH


def charmed(
    encounter: Encounter, source: str, target: str, allure: Allure, interval: int
) -> list[Event]:
    """A failed save against a charm: charmed (fear: frightened) and out of the fight (G-156)."""
    condition = "frightened" if allure is CHARM and charisma(encounter, source) < 0 else "charmed"
    days = next_save_days(encounter, target, allure, interval)
    return [
        Charmed(encounter.now, target, source, condition, days),
        OutOfAction(encounter.now, target, condition),
    ]


def work_on(
    encounter: Encounter,
    source: str,
    targets: Sequence[str],
    allure: Allure,
    spent: Mapping[str, int],
) -> list[Event]:
    """Every open target saves; a failure is horrified or charmed."""
    events: list[Event] = []
    for target in open_targets(encounter, source, allure, targets):
        save = save_against(encounter, source, target, allure, spent.get("save", 0))
        events.append(save)
        if save.saved:
            continue
        if allure is HORRIFY:
            events += paralysis(encounter, source, target, spent.get("time", 0))
        else:
            events += charmed(encounter, source, target, allure, spent.get("interval", 0))
    return events
