"""Chameleon (seed "Chameleon"), on the power kit (``mands_rulebook.kit.powers``).

Seed: "This is the power to become almost invisible by changing color and hue to that of the
surroundings. Basic Effects: (Hiding). Hiding: Subtract twice PR from the perception roll of
those rolling to see the character. Defense is increased by half PR, round up. EP is only
required to change color with chameleon, not to remain that way, unless the character moves
around, in which case EP is used normally. If the character is attacking, reduce the Defense
Bonus by 4 and divide by 2. If the character is moving, those rolling to see have a bonus of 1
per movement PR."

* ``chameleon-change-color`` — a passive, single use (Performance Time 10, seed "Power Rolls":
  passive uses take half; G-110): when it completes the character is camouflaged
  (:class:`ColorChanged`) for the rest of the encounter; once camouflaged it cannot change color
  again. It pays its row once. Default spend: all PR on hiding.
* **Defense** (G-110): while camouflaged, ⌈hiding PR / 2⌉ is added to the character's Defense
  (PR 17 → +9). While the character is attacking — an attack (any action whose initiation
  prepares an Attack) in progress — the bonus is (bonus − 4) ÷ 2, rounded down (scenario switch
  ``G110_chameleon_attacking_half = "up"`` rounds up), never below 0 (PR 17: (9 − 4) ÷ 2 = 2).
  The bonus lowers when an attack starts, is folded into the Defense the attack's Combat Roll
  buys (G-15, as ``mands_rulebook.movement.moving`` folds the movement Defense), and comes back in
  full
  when no attack is left in progress. :class:`ChameleonDefense` records the bonus counted in the
  Defense, so a dropped attack is put right at the next change.
* **Moving** (G-110): at each Payment Segment a camouflaged character with a run (``move``) in
  progress pays the color change's EP row again ("EP is used normally").
* **Perception**: no rule of the simulator rolls to see a character yet (surprise's Detect Danger
  is not aimed at anyone); :func:`spotting_modifier` is the number such a roll takes: −2 × the
  hiding PR, +1 per speed Q of the hider's run.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Final, Literal

from mands_rulebook.kit.control import LOST_CONTROL
from mands_rulebook.kit.movement.pace import MOVE
from mands_rulebook.kit.positions import running_pace
from mands_rulebook.kit.powers import power_refusals, register_power_actions
from mands_rulebook.kit.powers.ratings import power_rating
from mands_rulebook.kit.powers.uses import (
    DEFENSE,
    PASSIVE_TIME,
    POWER_ROW,
    RULES_TEXT,
    PowerSpec,
    PowerSpend,
    PowerUse,
    register_power,
)
from mands_sim.api import (
    ActionDefinition,
    ActionInProgress,
    DefenseChanged,
    Encounter,
    EndurancePaid,
    Event,
    Initiation,
    Intent,
    Prepared,
    Register,
    answers_actions,
    defaults_summary,
    hookimpl,
    rule_default,
)


@dataclass(frozen=True, slots=True)
class ChameleonDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-110."""

    G110_chameleon_attacking_half: Literal["down", "up"] = rule_default(
        "G-110",
        "Chameleon: the Defense bonus of an attacking character, (bonus - 4) / 2, is rounded "
        "down ('down': PR 17 gives 9, then 2) or up ('up': 3); never below 0.",
        "down",
        ("down", "up"),
    )


NAME: Final = "Chameleon"
HIDING: Final = "hiding"

PERCEPTION_PER_PR: Final = 2  # seed: "Subtract twice PR from the perception roll"
DEFENSE_DIVISOR: Final = 2  # seed: "Defense is increased by half PR, round up"
ATTACKING_REDUCTION: Final = 4  # seed: "If the character is attacking, reduce ... by 4"
ATTACKING_DIVISOR: Final = 2  # seed: "... and divide by 2"
FOLDED: Final = "chameleon_defense"
"""The ``prepared`` key recording the Chameleon Defense folded into an attack's Defense."""
REASON: Final = "chameleon"


def hiding_defense(pr: int) -> int:
    """Seed: "Defense is increased by half PR, round up" (17 → 9, 8 → 4)."""
    return math.ceil(pr / DEFENSE_DIVISOR)


def attacking_defense(bonus: int, rounding: str = "down") -> int:
    """Seed: "reduce the Defense Bonus by 4 and divide by 2" (G-110: rounded down unless
    ``rounding`` is ``"up"``; never below 0): 9 → 2 (3 up), 4 → 0."""
    reduced = max(0, bonus - ATTACKING_REDUCTION)
    return -(-reduced // ATTACKING_DIVISOR) if rounding == "up" else reduced // ATTACKING_DIVISOR


def perception_penalty(pr: int) -> int:
    """Seed: "Subtract twice PR from the perception roll of those rolling to see" (17 → 34)."""
    return PERCEPTION_PER_PR * pr


@dataclass(frozen=True, slots=True)
class ColorChanged(Event):
    """``character`` has taken on its surroundings' colors (seed "Chameleon")."""

    kind: ClassVar[str] = "color-changed"
    character: str
    hiding_pr: int
    defense_bonus: int
    perception_penalty: int
    ep_row: int

    def narrative(self) -> str:
        return (
            f"{self.character} blends into the surroundings: Defense +{self.defense_bonus}, "
            f"-{self.perception_penalty} to see"
        )


@dataclass(frozen=True, slots=True)
class ChameleonDefense(Event):
    """The Chameleon Defense now counted in ``character``'s Defense (G-110)."""

    kind: ClassVar[str] = "chameleon-defense"
    character: str
    defense: int

    def narrative(self) -> str:
        return f"{self.character}'s camouflage now adds {self.defense} to Defense"


# --- what the camouflage gives -------------------------------------------------------------------


def camouflage(encounter: Encounter, actor: str) -> ColorChanged | None:
    """``actor``'s camouflage, if it has changed color in this encounter (G-110)."""
    if not power_rating(encounter, actor, CHAMELEON):
        return None
    found = (e for e in reversed(encounter.log) if isinstance(e, ColorChanged))
    return next((e for e in found if e.character == actor), None)


def counted_defense(encounter: Encounter, actor: str) -> int:
    """The Chameleon Defense the character's Defense holds now (the last record, else 0)."""
    found = (e for e in reversed(encounter.log) if isinstance(e, ChameleonDefense))
    return next((e.defense for e in found if e.character == actor), 0)


def is_attacking(encounter: Encounter, actor: str) -> bool:
    """An attack (an action that prepared an Attack) is in progress (G-110)."""
    return any("attack" in action.prepared for action in encounter.state[actor].actions)


def wanted_defense(encounter: Encounter, camo: ColorChanged, *, attacking: bool) -> int:
    """The full bonus, or the attacking one (G-110 and its rounding switch)."""
    if not attacking:
        return camo.defense_bonus
    return attacking_defense(
        camo.defense_bonus, encounter.defaults.of(ChameleonDefaults).G110_chameleon_attacking_half
    )


def defense_update(
    encounter: Encounter, actor: str, wanted: int, counted: int | None = None
) -> list[Event]:
    """The Defense change that swaps the counted Chameleon Defense for ``wanted``, recorded."""
    recorded = counted_defense(encounter, actor)
    counted = recorded if counted is None else counted
    events: list[Event] = []
    if wanted != counted:
        defense = encounter.state[actor].defense - counted + wanted
        events.append(DefenseChanged(encounter.now, actor, defense, REASON))
    if wanted != recorded:
        events.append(ChameleonDefense(encounter.now, actor, wanted))
    return events


def spotting_modifier(encounter: Encounter, hider: str) -> int:
    """What a roll to see ``hider`` takes: −2 × hiding PR, +1 per speed Q of its run (seed)."""
    camo = camouflage(encounter, hider)
    if camo is None:
        return 0
    pace = running_pace(encounter, hider)
    return -camo.perception_penalty + (0 if pace is None else pace.stride.speed_quality)


# --- the color change ----------------------------------------------------------------------------


def all_on_hiding(encounter: Encounter, actor: str, intent: Intent, pr: int) -> Mapping[str, int]:
    return {HIDING: pr}


def change_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    return {"hiding_pr": spend[HIDING]}


def resolve_change(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """The character is camouflaged; its Defense takes the bonus (attacking or not)."""
    pr = action.prepared.whole("hiding_pr")
    row = action.prepared.whole("ep_row")
    camo = ColorChanged(encounter.now, actor, pr, hiding_defense(pr), perception_penalty(pr), row)
    wanted = wanted_defense(encounter, camo, attacking=is_attacking(encounter, actor))
    return [camo, *defense_update(encounter, actor, wanted)]


CHANGE_COLOR = PowerUse(
    action=ActionDefinition(
        name="chameleon-change-color",
        performance_time=PASSIVE_TIME,  # G-110: hiding is passive, as a power shield is
        is_passive=True,
        ep_row=POWER_ROW,  # seed: "EP is only required to change color"
        summary="Change color: Defense + half the PR (round up), -2 x PR to those who look.",
    ),
    effects=(HIDING,),
    default_spend=all_on_hiding,
    role=DEFENSE,
    prepare=change_prepared,
    resolve=resolve_change,
)

CHAMELEON = PowerSpec(
    name=NAME,
    summary="Blend into the surroundings: Defense + PR/2, halved less 4 while attacking.",
    source=RULES_TEXT,
    uses=(CHANGE_COLOR,),
)


# --- attacking and moving while camouflaged ------------------------------------------------------


def attacking_initiation(encounter: Encounter, actor: str, initiation: Initiation) -> Initiation:
    """An attack starts: the bonus drops to the attacking one, folded into its Defense."""
    camo = camouflage(encounter, actor)
    if camo is None or "attack" not in initiation.prepared:
        return initiation
    wanted = wanted_defense(encounter, camo, attacking=True)
    prepared = dict(initiation.prepared)
    if DEFENSE in prepared:
        prepared[DEFENSE] = Prepared(initiation.prepared).whole(DEFENSE) + wanted
        prepared[FOLDED] = wanted
    events = defense_update(encounter, actor, wanted)
    return replace(initiation, events=(*initiation.events, *events), prepared=prepared)


def moving_payment(encounter: Encounter, actor: str, camo: ColorChanged) -> EndurancePaid:
    """Seed: moving around, "EP is used normally": the color change's row, each round."""
    amount = encounter.rules.ep_cost(camo.ep_row)
    after = encounter.state[actor].endurance_points - amount
    return EndurancePaid(
        encounter.now, actor, CHANGE_COLOR.action.name, "camouflage while moving", camo.ep_row,
        amount, after,
    )  # fmt: skip


# --- the hooks -----------------------------------------------------------------------------------


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, CHAMELEON)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, CHAMELEON)


@hookimpl
@answers_actions(*CHAMELEON.actions)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """The kit's checks; the colors, once changed, hold for the encounter (G-110)."""
    reasons = power_refusals(encounter, actor, intent, CHAMELEON)
    if intent.action == CHANGE_COLOR.action.name and camouflage(encounter, actor) is not None:
        reasons.append(f"{actor} is already camouflaged (G-110)")
    return reasons


@hookimpl
def mands_initiation_adjust(encounter: Encounter, actor: str, initiation: Initiation) -> Initiation:
    """A camouflaged attacker's Defense bonus drops (G-110)."""
    return attacking_initiation(encounter, actor, initiation)


@hookimpl
def mands_action_after(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """An attack is over: the Defense its Combat Roll bought holds the folded bonus; with no
    attack left in progress the full bonus comes back (G-110)."""
    camo = camouflage(encounter, actor)
    if camo is None or "attack" not in action.prepared:
        return []
    counted = action.prepared.whole(FOLDED) if FOLDED in action.prepared else None
    wanted = wanted_defense(encounter, camo, attacking=is_attacking(encounter, actor))
    return defense_update(encounter, actor, wanted, counted)


@hookimpl
@answers_actions(MOVE.name)
def mands_action_sustain(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """A camouflaged runner pays for its colors each round (G-110)."""
    if action.name != MOVE.name or action.prepared.get("outcome") == LOST_CONTROL:
        return []
    camo = camouflage(encounter, actor)
    return [] if camo is None else [moving_payment(encounter, actor, camo)]


@hookimpl
def mands_register_defaults(register: Register) -> None:
    """Register the named defaults this rule applies (``docs/rules/decisions.md``)."""
    register(
        "powers.chameleon",
        ChameleonDefaults,
        summary=defaults_summary(ChameleonDefaults),
        source="rules text",
    )
