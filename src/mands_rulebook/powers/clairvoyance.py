"""Clairvoyance (seed "Clairvoyance"), on the power kit (``mands_rulebook.kit.powers``).

Seed: "Clairvoyance is the ability to see places other than where the person is. There is a 50%
chance that the character can also hear things in the area being watched. Basic Effects:
Distance, Senses. Distance: Look up the distance to the desired target (in kilometers) on the
Doubles Chart for the PR required. The character must either be looking at a specific distance
and direction, or be looking at a place familiar to the character. Senses: Sight (and Hearing,
if the character can hear) for the power are equal to the character's PR."

It has no combat use: it watches a place the encounter's map does not hold. It is registered as
an action an objective can use (``complete-action`` with ``clairvoyance-view``):

* ``clairvoyance-view`` — look at a place ``kilometers`` away (``Intent.options``; where or
  what is ``place``, for the log). G-117: a passive, single use (Performance Time 10: seed
  "Power Rolls", most mental powers are passive); the distance on the Doubles chart is the
  distance PR it needs (100 km → 7; under 1 km → 0), and a view farther than the PR reaches is
  refused; the PR on ``senses`` is the view's Sight, and its Hearing too if the sheet's entry
  says ``hears = true`` (the 50 % chance, :func:`can_hear`, is rolled when the character is
  made). When it completes, :class:`PlaceViewed` tells what was seen. Default spend: the least
  distance PR, the rest on senses.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from mands_rulebook.kit.powers import power_refusals, register_power_actions
from mands_rulebook.kit.powers.ratings import power_rating, sheet_power
from mands_rulebook.kit.powers.uses import (
    PASSIVE_TIME,
    POWER_ROW,
    RULES_TEXT,
    PowerSpec,
    PowerSpend,
    PowerUse,
    register_power,
)
from mands_sim.api import (
    ActionChart,
    ActionDefinition,
    ActionInProgress,
    ActionOption,
    DiceSource,
    Encounter,
    Event,
    Intent,
    Register,
    answers_actions,
    hookimpl,
    sheet_d100,
)

NAME: Final = "Clairvoyance"
DISTANCE: Final = "distance"
SENSES: Final = "senses"
KILOMETERS: Final = "kilometers"
PLACE: Final = "place"
"""``Intent.options`` keys of a view: how far, and what is watched (for the log)."""
HEARS: Final = "hears"
"""The sheet entry's key: this clairvoyant also hears (seed: a 50 % chance)."""
HEARING_CHANCE: Final = 50  # seed: "There is a 50% chance that the character can also hear"


def distance_pr(chart: ActionChart, kilometers: float) -> int:
    """Seed: the distance in km "on the Doubles Chart for the PR required" (100 km → 7: row 7
    is 64, row 8 128; 1 km → 1; under 1 km → 0)."""
    return max(0, chart.doubles(kilometers)) if kilometers > 0 else 0


def can_hear(dice: DiceSource) -> bool:
    """Seed: a 50 % chance, rolled when the character is made (d100 50 hears, 51 does not)."""
    return sheet_d100(dice) <= HEARING_CHANCE


@dataclass(frozen=True, slots=True)
class PlaceViewed(Event):
    """``character`` watched a place ``kilometers`` away with Sight (and Hearing) ``senses``."""

    kind: ClassVar[str] = "place-viewed"
    character: str
    place: str
    kilometers: float
    sight: int
    hearing: int | None

    def narrative(self) -> str:
        heard = "" if self.hearing is None else f", Hearing {self.hearing}"
        return (
            f"{self.character} watches {self.place or 'a place'} {self.kilometers:g} km away "
            f"(Sight {self.sight}{heard})"
        )


def kilometers(intent: Intent) -> float:
    return intent.number(KILOMETERS, 0)


def view_spend(encounter: Encounter, actor: str, intent: Intent, pr: int) -> Mapping[str, int]:
    """G-117: the least distance PR, the rest on the senses."""
    needed = min(pr, distance_pr(encounter.charts.action, kilometers(intent)))
    return {DISTANCE: needed, SENSES: pr - needed}


def view_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    return {
        KILOMETERS: kilometers(intent),
        PLACE: str(intent.options.get(PLACE, "")),
        "sight": spend[SENSES],
    }


def hears(encounter: Encounter, actor: str) -> bool:
    entry = sheet_power(encounter.character(actor).sheet, CLAIRVOYANCE)
    return entry is not None and bool(entry.extra.get(HEARS, False))


def resolve_view(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """Seed: the view's Sight (and Hearing) are the PR on the senses."""
    sight = action.prepared.whole("sight")
    hearing = sight if hears(encounter, actor) else None
    prepared = action.prepared
    return [
        PlaceViewed(
            encounter.now, actor, prepared.text(PLACE), prepared.number(KILOMETERS), sight, hearing
        )
    ]


VIEW = PowerUse(
    action=ActionDefinition(
        name="clairvoyance-view",
        performance_time=PASSIVE_TIME,  # G-117: a mental power's use is passive (seed)
        is_passive=True,
        ep_row=POWER_ROW,
        summary="See (and maybe hear) a place km away (options kilometers, place): the "
        "distance on the Doubles chart in PR, the rest Sight.",
        options=(
            ActionOption(KILOMETERS, "number", "the distance viewed, in kilometres"),
            ActionOption(PLACE, "text", "the place viewed"),
        ),
    ),
    effects=(DISTANCE, SENSES),
    default_spend=view_spend,
    prepare=view_prepared,
    resolve=resolve_view,
)

CLAIRVOYANCE = PowerSpec(
    name=NAME,
    summary="See places elsewhere: distance (km, Doubles chart) in PR, Sight = the PR left.",
    source=RULES_TEXT,
    uses=(VIEW,),
)


def view_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """A distance of 0 km or more that the whole PR reaches (G-117)."""
    km = kilometers(intent)
    if km < 0:
        return [f"a view's {KILOMETERS} are 0 or more, not {km:g}"]
    needed = distance_pr(encounter.charts.action, km)
    pr = power_rating(encounter, actor, CLAIRVOYANCE)
    return [] if needed <= pr else [f"{km:g} km needs PR {needed}, more than {pr}"]


# --- the hooks -----------------------------------------------------------------------------------


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, CLAIRVOYANCE)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, CLAIRVOYANCE)


@hookimpl
@answers_actions(*CLAIRVOYANCE.actions)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    reasons = power_refusals(encounter, actor, intent, CLAIRVOYANCE)
    if intent.action == VIEW.action.name and not reasons:
        reasons += view_refusals(encounter, actor, intent)
    return reasons
