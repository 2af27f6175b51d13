"""Astral Planes Travel (seed "Astral Planes Travel"), on the power kit
(``mands_rulebook.kit.powers``).

Seed: "The character is able to travel in astral form anywhere, nearly instantly, if the
character has already been there. Basic Effects: (Movement, Passengers, Saving Throw Change).
Movement: If the character doesn't or can't travel instantly, astral flight is possible at
normal movement times PR on the Doubles Chart. If the character can travel instantly (usually
because the character has already been to the destination before), look the distance (in km) on
the Doubles Chart for the number of rounds the trip takes. The character can reduce this by up
to PR rows. Passengers: The character can only bring PR/3 passengers (round up) along on any
astral trip, and each must make a save vs. Willpower minus the saving character's Learning or be
unable to become astral. ... The EP used for taking passengers along is only used once—to bring
them. ... Passengers who are forced to come along are allowed a save vs. Willpower plus
Learning. Saving Throw Change: The penalty/bonus to targets' saves is the character's PR."

The seed's other names: "See Astral Plane Travel" (the Astral Effect Option) and "the power
Astral Projection" (Intelligent Robots) are aliases. The planes table (d100), the astral planes
and astral combat ("See Astral Planes Travel, under Playing the Game") are lost.

* ``astral-planes-travel-trip`` — an instant trip to a place the character has been (G-105), an
  action an objective can use (``complete-action``). Intent options: ``km`` (the distance, 0 by
  default), ``passengers`` (willing character ids) and ``forced`` (unwilling ones). Effects:
  ``movement`` (rows off the trip: the km read on the Doubles chart is the number of rounds,
  1000 km → 10, less one per PR point, never below 0), ``passengers`` (⌈PR / 3⌉ of them; more
  are refused) and ``saving_throw`` (the PR that changes their saves). It takes the power's
  Performance Time, 20, plus the trip's rounds. When it completes each passenger saves on d100
  (G-48): a willing one against Willpower − its own Learning + the saving-throw PR, a forced one
  against Willpower + Learning − that PR to stay behind; an :class:`AstralTrip` names who went.
  The bodies left behind and the astral planes are not simulated: nobody leaves the map.
  Default spend: PR for the passengers named, then rows to make the trip take no rounds, then
  the rest on the saves when there are passengers, else on EP.
* Astral flight to places the character has not been is :func:`astral_flight_speed`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from mands_rulebook.kit.powers import power_initiation, power_refusals, register_power_actions
from mands_rulebook.kit.powers.ratings import power_rating
from mands_rulebook.kit.powers.uses import (
    ACTIVE_TIME,
    EP,
    OTHER,
    POWER_ROW,
    RULES_TEXT,
    PowerSpec,
    PowerSpend,
    PowerUse,
    register_power,
)
from mands_sim.api import (
    SEGMENTS_PER_ROUND,
    ActionChart,
    ActionDefinition,
    ActionInProgress,
    ActionOption,
    Encounter,
    Event,
    Initiation,
    Intent,
    PercentRolled,
    Prepared,
    Register,
    answers_actions,
    hookimpl,
    percent_roll,
)

NAME: Final = "Astral Planes Travel"
MOVEMENT: Final = "movement"
PASSENGERS: Final = "passengers"
SAVING_THROW: Final = "saving_throw"

KM_OPTION: Final = "km"
PASSENGERS_OPTION: Final = "passengers"
FORCED_OPTION: Final = "forced"
"""``Intent.options`` keys of a trip: its distance, willing and forced passengers."""

PR_PER_PASSENGER: Final = 3
"""Seed: "The character can only bring PR/3 passengers (round up)"."""

WILLING_SAVE: Final = "save to become astral"
FORCED_SAVE: Final = "save vs. forced astral travel"
"""The ``purpose`` of the passengers' :class:`~mands_sim.events.PercentRolled` saves."""


@dataclass(frozen=True, slots=True)
class AstralTrip(Event):
    """``character`` arrived in astral form ``km`` km away after ``rounds`` rounds of travel,
    with ``passengers`` (seed "Astral Planes Travel"; G-105)."""

    kind: ClassVar[str] = "astral-trip"
    character: str
    km: float
    rounds: int
    passengers: tuple[str, ...]

    def narrative(self) -> str:
        others = f" with {', '.join(self.passengers)}" if self.passengers else ""
        return f"{self.character} travels {self.km:g} km in astral form{others}"


def trip_rounds(chart: ActionChart, km: float, rows: int) -> int:
    """Seed: "look the distance (in km) on the Doubles Chart for the number of rounds",
    reduced "by up to PR rows" (1000 km → 10 rounds; 10 rows off → 0)."""
    return max(0, chart.doubles(km) - rows) if km > 0 else 0


def passengers_allowed(pr: int) -> int:
    """Seed: "PR/3 passengers (round up)" (7 → 3)."""
    return math.ceil(pr / PR_PER_PASSENGER)


def passenger_pr(passengers: int) -> int:
    """The least PR that brings ``passengers`` along (3 → 7)."""
    return max(0, PR_PER_PASSENGER * passengers - (PR_PER_PASSENGER - 1))


def astral_flight_speed(chart: ActionChart, normal_speed: float, pr: int) -> float:
    """Seed: "normal movement times PR on the Doubles Chart" (PR 10: × 512)."""
    return normal_speed * float(chart.from_result("doubles", pr, magnitude=True))


def willing_save_score(willpower: int, learning: int, change: int) -> int:
    """Seed: "a save vs. Willpower minus the saving character's Learning", helped by the
    traveller's Saving Throw Change (Seraph: 80 − 11 = 69)."""
    return willpower - learning + change


def forced_save_score(willpower: int, learning: int, change: int) -> int:
    """Seed: "a save vs. Willpower plus Learning", hindered by the Saving Throw Change."""
    return willpower + learning - change


def trip_km(intent: Intent) -> float:
    return intent.number(KM_OPTION, 0.0)


def named(intent: Intent, key: str) -> tuple[str, ...]:
    return intent.names(key)


def all_passengers(intent: Intent) -> tuple[str, ...]:
    return named(intent, PASSENGERS_OPTION) + named(intent, FORCED_OPTION)


def trip_spend(encounter: Encounter, actor: str, intent: Intent, pr: int) -> Mapping[str, int]:
    """Default: the passengers named, then rows for a trip of no rounds, then the saves (or
    EP without passengers)."""
    carried = all_passengers(intent)
    passengers = min(pr, passenger_pr(len(carried)))
    rows = min(pr - passengers, trip_rounds(encounter.charts.action, trip_km(intent), 0))
    rest = pr - passengers - rows
    return {PASSENGERS: passengers, MOVEMENT: rows, SAVING_THROW if carried else EP: rest}


def trip_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    rounds = trip_rounds(encounter.charts.action, trip_km(intent), spend[MOVEMENT])
    return {
        "rounds": rounds,
        "allowed": passengers_allowed(spend[PASSENGERS]),
        "change": spend[SAVING_THROW],
    }


def trip_initiation(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation:
    """The kit's start, the trip's rounds added to the Performance Time."""
    started = power_initiation(encounter, actor, intent, definition, ASTRAL_PLANES_TRAVEL)
    if "rounds" not in started.prepared:
        return started
    travel = Prepared(started.prepared).whole("rounds") * SEGMENTS_PER_ROUND
    return Initiation(
        started.performance_time + travel, started.events, started.charges, started.prepared
    )


def passenger_save(encounter: Encounter, who: str, change: int, *, forced: bool) -> PercentRolled:
    """One passenger's d100 save (G-48); a success goes along (willing) or stays (forced)."""
    character = encounter.current(who)
    willpower = int(character.figured.willpower)
    learning = int(character.sheet.abilities.learning)
    if forced:
        score, purpose = forced_save_score(willpower, learning, change), FORCED_SAVE
    else:
        score, purpose = willing_save_score(willpower, learning, change), WILLING_SAVE
    return percent_roll(encounter, who, purpose, score)


def resolve_trip(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """The saves of as many passengers as the PR on ``passengers`` brings (the willing first),
    then the trip."""
    change, allowed = action.prepared.whole("change"), action.prepared.whole("allowed")
    carried = [*((who, False) for who in willing(action)), *((who, True) for who in forced(action))]
    saves = [
        passenger_save(encounter, who, change, forced=unwilling)
        for who, unwilling in carried[:allowed]  # beyond the PR spent: left behind, no save
    ]
    went = tuple(save.character for save in saves if comes_along(save))
    rounds = action.prepared.whole("rounds")
    return [*saves, AstralTrip(encounter.now, actor, trip_km(action.intent), rounds, went)]


def comes_along(save: PercentRolled) -> bool:
    """A willing passenger who saved becomes astral; a forced one who saved stays behind."""
    return save.succeeded if save.purpose == WILLING_SAVE else not save.succeeded


def willing(action: ActionInProgress) -> Sequence[str]:
    return named(action.intent, PASSENGERS_OPTION)


def forced(action: ActionInProgress) -> Sequence[str]:
    return named(action.intent, FORCED_OPTION)


TRIP = PowerUse(
    action=ActionDefinition(
        name="astral-planes-travel-trip",
        performance_time=ACTIVE_TIME,  # seed "Power Rolls": most powers take 20
        ep_row=POWER_ROW,
        summary="Travel in astral form to a place the character has been (options km, "
        "passengers, forced): km on the Doubles chart in rounds, less PR rows.",
        options=(
            ActionOption(KM_OPTION, "number", "the trip's length, in kilometres"),
            ActionOption(PASSENGERS_OPTION, "characters", "willing passengers taken along"),
            ActionOption(
                FORCED_OPTION, "characters", "unwilling passengers taken along (they save)"
            ),
        ),
    ),
    effects=(MOVEMENT, PASSENGERS, SAVING_THROW),
    default_spend=trip_spend,
    role=OTHER,
    prepare=trip_prepared,
    resolve=resolve_trip,
)

ASTRAL_PLANES_TRAVEL = PowerSpec(
    name=NAME,
    summary="Travel in astral form, nearly instantly, to places already visited; PR/3 passengers.",
    source=RULES_TEXT,
    uses=(TRIP,),
    aliases=("Astral Plane Travel", "Astral Projection"),
)


def trip_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """A distance of 0 km or more; passengers in the encounter, other than the traveller, no
    more than ⌈PR / 3⌉."""
    if intent.action != TRIP.action.name:
        return []
    reasons = [] if trip_km(intent) >= 0 else ["an astral trip's km must be 0 or more"]
    carried = all_passengers(intent)
    present = encounter.state.ids()
    strangers = sorted({who for who in carried if who == actor or who not in present})
    if strangers:
        reasons.append(f"not passengers of {actor}'s trip: {', '.join(strangers)}")
    if len(set(carried)) != len(carried):
        reasons.append("an astral trip names a passenger twice")
    allowed = passengers_allowed(power_rating(encounter, actor, ASTRAL_PLANES_TRAVEL))
    if len(carried) > allowed:
        reasons.append(f"{actor} can bring {allowed} passengers, not {len(carried)}")
    return reasons


# --- the hooks -----------------------------------------------------------------------------------


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, ASTRAL_PLANES_TRAVEL)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, ASTRAL_PLANES_TRAVEL, initiate=initiate)


@hookimpl
@answers_actions(*ASTRAL_PLANES_TRAVEL.actions)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    reasons = power_refusals(encounter, actor, intent, ASTRAL_PLANES_TRAVEL)
    return reasons or trip_refusals(encounter, actor, intent)


def initiate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation:
    return trip_initiation(encounter, actor, intent, definition)
