"""Convert To Energy (seed "Convert To Energy"), on the power kit (``mands_rulebook.kit.powers``).

Seed: "This is the ability to convert one's own matter to energy and travel in the same manner
as that energy does. The player must choose an energy form. As energy, the character
automatically travels at the speed of light or below, with no EP cost. ... Basic Effects: (Extra
Mass, Energy Blast). Extra Mass: Besides the character's body, up to half PR kilograms of
continuous matter can also be converted. Energy Blast: The character can use an energy blast
doing up to half PR damage. Automatic Effects: (Ignore Damage, Extra DA). Ignore Damage: Energy
forms will be immune to most physical attacks, but not to most energy attacks. They can ignore
damage (energy) equal to their PR divided by 3, round up, when in energy form. Defense: The
character's Defense can be increased by up to PR when in the energy form, but Attack is reduced
by the same amount."

G-115 reads it in the simulator's terms (the form chosen is the sheet entry's ``form``):

* ``convert-to-energy-convert`` — a passive, sustained use (Performance Time 10, held round by
  round by the kit, G-75): it pays its row once, when it starts (PR on ``extra_mass`` converts
  half as many kilograms besides the body); holding the form costs nothing, as Automatic Effects
  cost no EP. Default spend: PR to bring the EP row to 0 first, the rest on extra mass. Once it
  takes effect the character is in energy form:

  - **Ignore Damage** ⌈PR / 3⌉ (the whole PR: an Automatic Effect) against every blow that
    lands, as a protection that always covers (PR 17 → 6);
  - **immune to physical attacks**: an action that needs a target and uses no power (a punch, a
    weapon, a throw) cannot be aimed at it;
  - **Defense**: a Combat Roll it makes with the intent option ``energy_defense`` (at most the
    PR) adds that much to the Defense it buys and takes as much off its Attack.

* ``convert-to-energy-travel`` — in energy form only: to a place on the map in line of sight,
  arriving in the next segment (the speed of light), passive, at no EP cost (``toward``).
* ``convert-to-energy-blast`` — an attack (Performance Time 20, a Combat Roll, maintainable):
  half the PR on damage, rounded down ("up to half PR"; PR 17 → 8), plus the damage Q; ranges by
  the template's Cosmic-Rays pattern on the damage PR (``docs/rules/powers.md`` §3, G-21). Default
  spend: all on damage.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any, Final

from mands_rulebook.kit.control import LOST_CONTROL, POWER_OPTION
from mands_rulebook.kit.damage import Blow, Cover
from mands_rulebook.kit.positions import position_now
from mands_rulebook.kit.powers import (
    ep_down_to,
    power_initiation,
    power_refusals,
    power_sustain,
    register_power_actions,
)
from mands_rulebook.kit.powers.attacks import cosmic_ray_ranges
from mands_rulebook.kit.powers.ratings import power_rating
from mands_rulebook.kit.powers.uses import (
    ACTIVE_TIME,
    ATTACK,
    COVERS,
    DEFENSE,
    PASSIVE_TIME,
    POWER_ROW,
    PROTECTS_FROM,
    RULES_TEXT,
    PowerSpec,
    PowerSpend,
    PowerUse,
    register_power,
)
from mands_rulebook.kit.weapons.table import Ranges
from mands_sim.api import (
    ActionChart,
    ActionDefinition,
    ActionInProgress,
    ActionOption,
    ActionRefused,
    Encounter,
    Event,
    Initiation,
    Intent,
    Moved,
    Prepared,
    Register,
    answers_actions,
    hookimpl,
)

NAME: Final = "Convert To Energy"
EXTRA_MASS: Final = "extra_mass"
DAMAGE: Final = "damage"
ENERGY_DEFENSE: Final = "energy_defense"
TOWARD: Final = "toward"
"""``Intent.options``: Defense bought with Attack in energy form; where to travel."""
FREE_ROW: Final = 0
"""EP Use Chart row 0 costs nothing: the held form (Automatic Effects use no EP) and travel."""
KG_PER_PR: Final = Fraction(1, 2)  # seed: "up to half PR kilograms"
BLAST_DIVISOR: Final = 2  # seed: "up to half PR damage"
IGNORE_DIVISOR: Final = 3  # seed: "PR divided by 3, round up"
LIGHT_SPEED_TIME: Final = 1  # G-115: at the speed of light, there in the next segment
TRAVELED: Final = "traveled as energy"


def extra_mass(pr: int) -> Fraction:
    """Seed: "up to half PR kilograms of continuous matter" (PR 9 → 4.5 kg)."""
    return pr * KG_PER_PR


def blast_damage(pr: int) -> int:
    """Seed: "up to half PR damage" (G-115: rounded down, 17 → 8)."""
    return pr // BLAST_DIVISOR


def energy_ignore_damage(pr: int) -> int:
    """Seed: "ignore damage ... equal to their PR divided by 3, round up" (17 → 6)."""
    return math.ceil(pr / IGNORE_DIVISOR)


def energy_defense(intent: Intent, pr: int) -> int:
    """The intent's ``energy_defense``, 0 to the PR (seed: "increased by up to PR")."""
    return max(0, min(intent.whole(ENERGY_DEFENSE), pr))


# --- the energy form -----------------------------------------------------------------------------


def convert_spend(encounter: Encounter, actor: str, intent: Intent, pr: int) -> Mapping[str, int]:
    """G-115: down to row 0 (free) first, the rest on extra mass."""
    ep = ep_down_to(FREE_ROW, POWER_ROW, pr)
    return {"ep": ep, EXTRA_MASS: pr - ep}


def form_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    ignore = energy_ignore_damage(spend.power_rating)
    return {
        COVERS: (Cover(f"{NAME} (energy form)", 100, ignore_damage=ignore),),
        "extra_mass_kg": float(extra_mass(spend[EXTRA_MASS])),
    }


CONVERT = PowerUse(
    action=ActionDefinition(
        name="convert-to-energy-convert",
        performance_time=PASSIVE_TIME,  # G-115: taking the form is passive, as a shield is
        is_passive=True,
        is_sustained=True,
        ep_row=POWER_ROW,
        summary="Become energy (held): Ignore Damage PR/3 (round up), no physical attack "
        "lands, Defense for Attack; PR/2 kg more converted.",
    ),
    effects=(EXTRA_MASS,),
    default_spend=convert_spend,
    role=DEFENSE,
    prepare=form_prepared,
)


def in_energy_form(encounter: Encounter, who: str) -> bool:
    """``who`` holds the form and it has taken effect (G-115)."""
    return any(
        a.name == CONVERT.action.name
        and a.prepared.get("outcome") != LOST_CONTROL
        and encounter.now >= a.prepared.whole(PROTECTS_FROM, a.started_at)
        for a in encounter.state[who].actions
    )


# --- travel and the blast ------------------------------------------------------------------------


def nothing_to_spend(
    encounter: Encounter, actor: str, intent: Intent, pr: int
) -> Mapping[str, int]:
    return {}


def resolve_travel(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    toward = str(action.intent.options[TOWARD])
    return [Moved(encounter.now, actor, toward, None, 0.0, TRAVELED)]


TRAVEL = PowerUse(
    action=ActionDefinition(
        name="convert-to-energy-travel",
        performance_time=LIGHT_SPEED_TIME,
        is_passive=True,  # seed "Move Roll": movement is passive
        ep_row=FREE_ROW,  # seed: "with no EP cost"
        summary="In energy form: to a place in sight (option toward) by the next segment, no EP.",
        options=(ActionOption(TOWARD, "place", "the place to travel toward in energy form"),),
    ),
    effects=(),
    default_spend=nothing_to_spend,
    resolve=resolve_travel,
    base_row=FREE_ROW,
)


def all_on_damage(encounter: Encounter, actor: str, intent: Intent, pr: int) -> Mapping[str, int]:
    return {DAMAGE: pr}


def blast_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    return {"power_damage": blast_damage(spend[DAMAGE])}


def blast_ranges(chart: ActionChart, spent: Mapping[str, int], pr: int) -> Ranges:
    """Template (G-21): the Cosmic-Rays pattern on the PR applied to damage."""
    return cosmic_ray_ranges(chart, spent.get(DAMAGE, 0))


def blast_blow(encounter: Encounter, actor: str, target: str, action: ActionInProgress) -> Blow:
    raw = max(0, action.prepared.whole("power_damage") + action.prepared.whole("damage"))
    return Blow(raw=raw, source=actor, weapon=NAME)


BLAST = PowerUse(
    action=ActionDefinition(
        name="convert-to-energy-blast",
        performance_time=ACTIVE_TIME,  # seed "Power Rolls": most powers take 20
        ep_row=POWER_ROW,
        needs_target=True,
        can_maintain=True,  # seed "Maintaining an Attack"
        summary="An energy blast: Combat Roll, half the PR damage (round down).",
    ),
    effects=(DAMAGE,),
    default_spend=all_on_damage,
    role=ATTACK,
    prepare=blast_prepared,
    blow=blast_blow,
    ranges=blast_ranges,
)

CONVERT_TO_ENERGY = PowerSpec(
    name=NAME,
    summary="Become energy: Ignore Damage PR/3, immune to physical attacks, travel at light "
    "speed, blasts of PR/2.",
    source=RULES_TEXT,
    uses=(CONVERT, TRAVEL, BLAST),
)


# --- refusals and the Defense --------------------------------------------------------------------


def travel_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """In energy form, to another place on the map that can be seen (G-115)."""
    world, toward = encounter.world, intent.options.get(TOWARD)
    if not in_energy_form(encounter, actor):
        return [f"{actor} travels as energy only in energy form"]
    if world is None or toward not in world.places:
        return [f"travel needs a place on the map to go {TOWARD} (not {toward!r})"]
    here = position_now(encounter, actor)
    assert here is not None
    if not world.line_of_sight(world.nearest_place(here), str(toward)):
        return [f"{toward} is out of sight"]
    return [f"{actor} is already at {toward}"] if here.at_place and here.place == toward else []


def physical_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """G-115: an energy form is immune to attacks that use no power."""
    target = intent.target
    if target is None or target == actor or target not in encounter.state.ids():
        return []
    if POWER_OPTION in intent.options or not in_energy_form(encounter, target):
        return []
    try:
        aimed = encounter.rules.definition(intent.action).needs_target
    except ActionRefused:
        return []
    return [f"{intent.action} passes through {target} in energy form (G-115)"] if aimed else []


def with_energy_defense(
    encounter: Encounter, actor: str, intent: Intent, initiation: Initiation
) -> Initiation:
    """Seed: Defense "increased by up to PR ... but Attack is reduced by the same amount"."""
    if "attack" not in initiation.prepared or not in_energy_form(encounter, actor):
        return initiation
    shift = energy_defense(intent, power_rating(encounter, actor, CONVERT_TO_ENERGY))
    if not shift or DEFENSE not in initiation.prepared:
        return initiation
    prepared = dict(initiation.prepared)
    prepared["attack"] = Prepared(initiation.prepared).whole("attack") - shift
    prepared[DEFENSE] = Prepared(initiation.prepared).whole(DEFENSE) + shift
    prepared[ENERGY_DEFENSE] = shift
    return replace(initiation, prepared=prepared)


def form_initiation(initiation: Initiation, definition: ActionDefinition) -> Initiation:
    """The held form pays nothing at Payment Segments (Automatic Effects use no EP)."""
    if definition.name != CONVERT.action.name:
        return initiation
    if initiation.prepared.get("outcome") == LOST_CONTROL:
        return initiation
    return replace(initiation, prepared={**initiation.prepared, "ep_row": FREE_ROW})


# --- the hooks -----------------------------------------------------------------------------------


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, CONVERT_TO_ENERGY)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, CONVERT_TO_ENERGY, initiate=initiate)


@hookimpl
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    reasons = power_refusals(encounter, actor, intent, CONVERT_TO_ENERGY)
    if intent.action == TRAVEL.action.name and not reasons:
        reasons += travel_refusals(encounter, actor, intent)
    return reasons + physical_refusals(encounter, actor, intent)


def initiate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation:
    initiation = power_initiation(encounter, actor, intent, definition, CONVERT_TO_ENERGY)
    return form_initiation(initiation, definition)


@hookimpl
def mands_initiation_adjust(
    encounter: Encounter, actor: str, intent: Intent, initiation: Initiation
) -> Initiation:
    """An energy form's Combat Roll may shift Attack to Defense."""
    return with_energy_defense(encounter, actor, intent, initiation)


@hookimpl
@answers_actions(*CONVERT_TO_ENERGY.actions)
def mands_action_sustain(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    return power_sustain(encounter, actor, action, CONVERT_TO_ENERGY)


ENERGY_DEFENSE_ENTRY: Final = ActionOption(
    ENERGY_DEFENSE, "number", "in energy form: Defense raised, Attack lowered, by up to PR"
)


@hookimpl
def mands_action_options(action: ActionDefinition) -> list[ActionOption] | None:
    """``energy_defense`` on every action aimed at a character (an attack's Combat Roll)."""
    return [ENERGY_DEFENSE_ENTRY] if action.needs_target else None
