"""Control Similar Animals (seed "Control Similar Animals"), on the power kit.

Seed: "The character is able to control one or more species of animal (wolf, lion, house cat,
etc). To determine what type(s) of animals the character controls, roll 3d6. A result of 3 or 18
indicates control of all animals. A result of 4 or 17 indicates control of all of the type which
the character represents ... 5 or 16 means control of d4+1 species, and anything else indicates
one species. Basic Effects: (Quantity, Distance). Quantity: The character may control twice PR
in Damage Points of animals at one time. ... Five times as many can be controlled through
emotions. Animals are allowed a save vs. their willpower plus learning plus DP, minus this
character's PR, on d100. Distance: The maximum distance at which animals can be controlled is PR
(from the result column to the Sphere column) meters, times 2."

* ``control-similar-animals-command`` — an active, single use at one animal (Performance Time 20,
  seed "Power Rolls"). G-114: a character is an animal of a controlled species when its sheet's
  name is one of the species the controller's entry lists (``species = "wolf, lion"``, case and
  a plural ``s`` aside); it must be within the distance the PR on ``distance`` reaches (PR
  Result → Sphere meters × 2) and its current Body DP at most twice the PR on ``quantity``. When
  the use completes, the animal saves on d100 against its Willpower + Learning + current Body DP
  − the controller's PR; a failed save puts it under control: it is commanded out of the fight
  (:class:`AnimalControlled`, then out of action as ``fled``). Default spend: the least distance
  and quantity that reach the animal, the rest on EP.
* At character creation: :func:`controlled_species` (the 3d6 roll).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from mands_rulebook.kit.powers import power_refusals, register_power_actions
from mands_rulebook.kit.powers.attacks import sphere_meters
from mands_rulebook.kit.powers.ratings import power_rating, sheet_power
from mands_rulebook.kit.powers.uses import (
    ACTIVE_TIME,
    POWER_ROW,
    RULES_TEXT,
    PowerSpec,
    PowerSpend,
    PowerUse,
    normalized,
    register_power,
)
from mands_rulebook.kit.range import distance
from mands_sim.api import (
    ActionChart,
    ActionDefinition,
    ActionInProgress,
    DiceSource,
    Encounter,
    Event,
    Intent,
    OutOfAction,
    PercentRolled,
    Register,
    answers_actions,
    hookimpl,
    parse_dice,
    percent_roll,
)

NAME: Final = "Control Similar Animals"
QUANTITY: Final = "quantity"
DISTANCE: Final = "distance"
SPECIES: Final = "species"
"""The sheet entry's key: the species controlled, comma-separated."""
DP_PER_PR: Final = 2  # seed: "twice PR in Damage Points of animals"
EMOTION_MULTIPLIER: Final = 5  # seed: "Five times as many can be controlled through emotions"
DISTANCE_MULTIPLIER: Final = 2  # seed: "PR (from the result column to the Sphere column) ... x 2"
COMMANDED_AWAY: Final = "fled"
"""G-114: the condition of a controlled animal, commanded out of the fight."""
SAVE_PURPOSE: Final = "save vs. Control Similar Animals"

SPECIES_ROLL: Final = "3d6"
ALL_ANIMALS: Final = frozenset({3, 18})  # seed: "3 or 18 indicates control of all animals"
ALL_OF_TYPE: Final = frozenset({4, 17})  # seed: "4 or 17 ... all of the type"
SEVERAL: Final = frozenset({5, 16})  # seed: "5 or 16 means control of d4+1 species"


@dataclass(frozen=True, slots=True)
class SpeciesRoll:
    """What the 3d6 gave: ``all animals``, ``all of its type`` or ``species`` (``count``)."""

    roll: int
    kind: str
    count: int | None


def controlled_species(dice: DiceSource) -> SpeciesRoll:
    """Seed: 3d6 — 3/18 all animals, 4/17 all of the type, 5/16 d4+1 species, else one."""
    roll = parse_dice(SPECIES_ROLL).roll(dice).total
    if roll in ALL_ANIMALS:
        return SpeciesRoll(roll, "all animals", None)
    if roll in ALL_OF_TYPE:
        return SpeciesRoll(roll, "all of its type", None)
    count = parse_dice("d4+1").roll(dice).total if roll in SEVERAL else 1
    return SpeciesRoll(roll, "species", count)


def explicit_quantity(pr: int) -> int:
    """Seed: "twice PR in Damage Points of animals at one time" (PR 10 → 20 DP)."""
    return DP_PER_PR * pr


def emotional_quantity(pr: int) -> int:
    """Seed: "Five times as many can be controlled through emotions" (PR 10 → 100 DP)."""
    return EMOTION_MULTIPLIER * explicit_quantity(pr)


def control_distance(chart: ActionChart, pr: int) -> float:
    """Seed: PR Result → Sphere meters, times 2 (PR 10 → 14 m × 2 = 28 m)."""
    return DISTANCE_MULTIPLIER * sphere_meters(chart, pr)


def save_chance(willpower: int, learning: int, damage_points: int, pr: int) -> int:
    """Seed: "a save vs. their willpower plus learning plus DP, minus this character's PR"."""
    return willpower + learning + damage_points - pr


@dataclass(frozen=True, slots=True)
class AnimalControlled(Event):
    """``animal`` failed its save: ``character`` controls it (G-114: it leaves the fight)."""

    kind: ClassVar[str] = "animal-controlled"
    character: str
    animal: str

    def narrative(self) -> str:
        return f"{self.character} takes control of {self.animal} and sends it away"


# --- who is an animal it controls ----------------------------------------------------------------


def species_of(name: str) -> str:
    """A species or sheet name for matching: letters only, case aside, a plural ``s`` off."""
    word = normalized(name)
    return word[:-1] if word.endswith("s") and len(word) > 1 else word


def controls(encounter: Encounter, actor: str, animal: str) -> bool:
    """G-114: the animal's sheet name is one of the species on the controller's entry."""
    entry = sheet_power(encounter.character(actor).sheet, CONTROL_SIMILAR_ANIMALS)
    if entry is None:
        return False
    listed = {species_of(s) for s in str(entry.extra.get(SPECIES, "")).split(",") if s.strip()}
    return species_of(encounter.character(animal).sheet.name) in listed


def body_dp(encounter: Encounter, animal: str) -> int:
    return int(encounter.state[animal].damage_points)


def least_distance_pr(chart: ActionChart, meters: float, pr: int) -> int:
    """The least PR (up to ``pr``) whose distance reaches ``meters``."""
    return next((p for p in range(pr + 1) if control_distance(chart, p) >= meters), pr)


def command_spend(encounter: Encounter, actor: str, intent: Intent, pr: int) -> Mapping[str, int]:
    """G-114: the least distance and quantity that reach the animal, the rest on EP."""
    target = str(intent.target)
    reach = least_distance_pr(encounter.charts.action, distance(encounter, actor, target), pr)
    quantity = min(pr - reach, max(0, math.ceil(body_dp(encounter, target) / DP_PER_PR)))
    return {DISTANCE: reach, QUANTITY: quantity, "ep": pr - reach - quantity}


def command_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    return {
        "reach": control_distance(encounter.charts.action, spend[DISTANCE]),
        "quantity": explicit_quantity(spend[QUANTITY]),
    }


def save_roll(encounter: Encounter, actor: str, animal: str) -> PercentRolled:
    """The animal's d100 save (G-114: its current Body DP; the controller's whole PR)."""
    character = encounter.current(animal)
    chance = save_chance(
        int(character.figured.willpower),
        int(character.sheet.abilities.learning),
        body_dp(encounter, animal),
        power_rating(encounter, actor, CONTROL_SIMILAR_ANIMALS),
    )
    return percent_roll(encounter, animal, SAVE_PURPOSE, chance)


def resolve_command(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """The animal, still in action, reached and not too big, saves or is controlled."""
    animal = str(action.intent.target)
    if not encounter.state[animal].in_action:
        return []
    reached = distance(encounter, actor, animal) <= action.prepared.number("reach")
    if not reached or body_dp(encounter, animal) > action.prepared.whole("quantity"):
        return []
    save = save_roll(encounter, actor, animal)
    if save.succeeded:
        return [save]
    return [
        save,
        AnimalControlled(encounter.now, actor, animal),
        OutOfAction(encounter.now, animal, COMMANDED_AWAY),
    ]


COMMAND = PowerUse(
    action=ActionDefinition(
        name="control-similar-animals-command",
        performance_time=ACTIVE_TIME,  # seed "Power Rolls": most powers take 20
        ep_row=POWER_ROW,
        needs_target=True,
        summary="Control an animal of a controlled species within PR (Sphere) m x 2 and 2 x PR "
        "DP: it saves on d100 vs Willpower + Learning + DP - PR or is sent away.",
    ),
    effects=(QUANTITY, DISTANCE),
    default_spend=command_spend,
    prepare=command_prepared,
    resolve=resolve_command,
)

CONTROL_SIMILAR_ANIMALS = PowerSpec(
    name=NAME,
    summary="Control animals of a species: 2 x PR DP of them, PR (Sphere) m x 2 away.",
    source=RULES_TEXT,
    uses=(COMMAND,),
)


def command_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """An animal of a controlled species, in reach of the whole PR and small enough (G-114)."""
    animal = intent.target
    if animal is None or animal not in encounter.state.ids() or animal == actor:
        return [f"{intent.action} needs an animal as its target"]
    if not controls(encounter, actor, animal):
        return [f"{animal} is no animal of a species {actor} controls (G-114)"]
    pr, chart = power_rating(encounter, actor, CONTROL_SIMILAR_ANIMALS), encounter.charts.action
    if distance(encounter, actor, animal) > control_distance(chart, pr):
        return [f"{animal} is farther than {control_distance(chart, pr):g} m"]
    if body_dp(encounter, animal) > explicit_quantity(pr):
        return [f"{animal}'s {body_dp(encounter, animal)} DP are more than {explicit_quantity(pr)}"]
    return []


# --- the hooks -----------------------------------------------------------------------------------


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, CONTROL_SIMILAR_ANIMALS)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, CONTROL_SIMILAR_ANIMALS)


@hookimpl
@answers_actions(*CONTROL_SIMILAR_ANIMALS.actions)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    reasons = power_refusals(encounter, actor, intent, CONTROL_SIMILAR_ANIMALS)
    if intent.action == COMMAND.action.name and not reasons:
        reasons += command_refusals(encounter, actor, intent)
    return reasons
