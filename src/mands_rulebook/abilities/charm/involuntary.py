"""Involuntary charm and horror, the optional rule ``involuntary-beauty`` (seed "Beauty": "If
the character's Beauty is greater than 20 or less than −20, it may be used to Charm or Horrify
involuntarily"; G-158): rolled when the encounter opens. Registered by the package's
``mands_register_optional_rules``."""

from __future__ import annotations

from typing import Final

from mands_rulebook.abilities.charm.allures import BEAUTY_CHARM, HORRIFY, beauty
from mands_rulebook.abilities.charm.effects import work_on
from mands_rulebook.abilities.charm.rolls import attempt
from mands_rulebook.abilities.charm.targets import enemies_in_sight, open_targets
from mands_sim.api import Encounter, Event, Intent, hookimpl, percent_roll

INVOLUNTARY_BEYOND: Final = 20
"""Seed "Beauty": "greater than 20 or less than −20 ... Roll less than or equal to Beauty minus
20 on d100"."""


def involuntary(encounter: Encounter, actor: str) -> list[Event]:
    """d100 ≤ |Beauty| − 20; made, an immediate charm (Beauty > 20) or horror (< −20) roll
    against every enemy fighting in sight (G-235), its Q spent by the mind ("The player may
    still control how excess Q is used")."""
    looks = beauty(encounter, actor)
    chance = abs(looks) - INVOLUNTARY_BEYOND
    if chance <= 0 or not encounter.state[actor].in_action:
        return []
    allure = BEAUTY_CHARM if looks > 0 else HORRIFY
    rolled = percent_roll(encounter, actor, f"involuntary {allure.purpose}", chance)
    events: list[Event] = [rolled]
    targets = open_targets(encounter, actor, allure, sorted(enemies_in_sight(encounter, actor)))
    if not rolled.succeeded or not targets:
        return events
    intent = Intent(allure.action.name, targets[0], "involuntary", {"targets": tuple(targets)})
    made = attempt(encounter, actor, intent, allure, targets)
    if not made.roll.succeeded:
        return [*events, *made.events]
    return [*events, *made.events, *work_on(encounter, actor, targets, allure, made.spent)]


class InvoluntaryBeauty:
    """The ``involuntary-beauty`` optional rule (G-158): rolled when the encounter opens."""

    @hookimpl
    def mands_encounter_opening(self, encounter: Encounter) -> list[Event]:
        events: list[Event] = []
        for actor in encounter.state.ids():
            events += involuntary(encounter, actor)
        return events


INVOLUNTARY_BEAUTY: Final = InvoluntaryBeauty()
