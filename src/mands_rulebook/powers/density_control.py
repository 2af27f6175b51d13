"""Density Control (seed "Density Control"), on the power kit (``mands_rulebook.kit.powers``).

Seed: "This is the ability to change density. The player must roll a d100 to see in which
direction the density change occurs: 01-50 means both directions (but roll a separate PR for
both), 51-75 means Lower Density, and 76-00 means Increase Density. Basic Effects: (Low Density,
High Density, Extra Mass). Low Density: Half the character's mass for each PR. ... The character
can ignore PR in bludgeoning damage at the low density, and can multiply Jump Score by the PR.
High Density: Double the character's mass for each PR. The character can ignore half PR in
damage, and gains a bonus to Skin Temper equal to PR (Doubles). Extra Mass: The character can
bring along up to PR kilograms."

The direction is the sheet's ``direction`` (``both``, ``lower`` or ``higher``; the d100 at
creation: :func:`density_direction`); without one, ``both`` (G-123). A ``both`` character's
"separate PR" for higher density is the sheet's ``high_density_power_rating``; its
``power_rating`` is the lower direction's (:func:`high_density_rating`; a sheet that gives no
second PR uses its one PR both ways, G-123).

* ``density-control-low`` / ``density-control-high`` — held changes (G-123: passive and sustained
  like a power shield, Performance Time 10, held round by round, G-75; one at a time). Low: "ignore
  PR in bludgeoning damage" as Ignore Damage while held. High: Ignore Damage ⌊PR/2⌋ and Skin
  Temper + PR on the Doubles chart in rows (``docs/rules/powers.md`` §1: a bonus "PR (Sphere/Doubles
  Chart)" is rows). Both reach :func:`mands_rulebook.kit.damage.strike` as ``Cover`` values (100 %);
  Low Density's covers bludgeoning blows only (seed: "ignore PR in bludgeoning damage"; a
  bludgeoning blow's penetrating points, a bullet's, are ignored with the rest, G-123).
  Default spend: PR to bring the EP row to 5 (1 EP per round) first, the rest on the density.
* Mass, the Jump Score and Extra Mass change what the figured attributes already hold for the
  encounter (throwback and jumps read the sheet's Mass), so they are numbers only:
  :func:`low_density_mass`, :func:`high_density_mass`, :func:`jump_multiplier`,
  :func:`extra_mass`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Final, Literal

from mands_rulebook.kit.damage import BLUDGEONING, Cover
from mands_rulebook.kit.powers import (
    ep_down_to,
    power_refusals,
    power_sustain,
    register_power_actions,
    running_uses,
)
from mands_rulebook.kit.powers.ratings import power_rating, sheet_power
from mands_rulebook.kit.powers.uses import (
    COVERS,
    DEFENSE,
    PASSIVE_TIME,
    POWER_ROW,
    RULES_TEXT,
    DefaultSpend,
    PowerSpec,
    PowerSpend,
    PowerUse,
    Prepare,
    RatingFor,
    register_power,
)
from mands_sim.api import (
    ActionChart,
    ActionDefinition,
    ActionInProgress,
    Encounter,
    Event,
    Intent,
    PowerEntry,
    Register,
    SheetError,
    answers_actions,
    hookimpl,
)

NAME: Final = "Density Control"
LOW: Final = "low_density"
HIGH: Final = "high_density"
Direction = Literal["both", "lower", "higher"]

BOTH_UP_TO: Final = 50  # seed: "01-50 means both directions"
LOWER_UP_TO: Final = 75  # seed: "51-75 means Lower Density"; "76-00 means Increase Density"
HIGH_RATING: Final = "high_density_power_rating"
"""The sheet key of a ``both`` character's separate PR for higher density."""
HELD_EP_ROW: Final = 5
"""The default spend's target row while held: 1 EP per round (EP Use Chart)."""


def density_direction(d100: int) -> Direction:
    """Seed: "01-50 means both directions ..., 51-75 means Lower Density, and 76-00 means
    Increase Density"."""
    if d100 <= BOTH_UP_TO:
        return "both"
    return "lower" if d100 <= LOWER_UP_TO else "higher"


def low_density_mass(mass: float, pr: int) -> float:
    """Seed: "Half the character's mass for each PR"."""
    return math.ldexp(mass, -pr)


def high_density_mass(mass: float, pr: int) -> float:
    """Seed: "Double the character's mass for each PR"."""
    return math.ldexp(mass, pr)


def jump_multiplier(pr: int) -> int:
    """Seed: at low density the character "can multiply Jump Score by the PR"."""
    return pr


def extra_mass(pr: int) -> int:
    """Seed "Extra Mass": "up to PR kilograms"."""
    return pr


def low_density_ignore(pr: int) -> int:
    """Seed: "ignore PR in bludgeoning damage"."""
    return pr


def high_density_ignore(pr: int) -> int:
    """Seed: "ignore half PR in damage" (G-123: rounded down)."""
    return pr // 2


def high_density_rows(chart: ActionChart, pr: int) -> int:
    """Seed: "a bonus to Skin Temper equal to PR (Doubles)": PR on the Doubles chart, in rows
    (8 → 4, 12 → 4, 16 → 5)."""
    return max(0, int(chart.doubles(pr))) if pr > 0 else 0


# --- the sheet -----------------------------------------------------------------------------------


def direction(entry: PowerEntry) -> str:
    """The sheet's ``direction`` (G-123: ``both`` when it names none)."""
    return str(entry.extra.get("direction", "both"))


def high_density_rating(encounter: Encounter, actor: str, spec: PowerSpec) -> int:
    """Seed: "01-50 means both directions (but roll a separate PR for both)": a ``both``
    character's higher-density PR is its sheet's ``high_density_power_rating``; else the
    power's one PR (G-123)."""
    entry = sheet_power(encounter.character(actor).sheet, spec)
    if entry is None or direction(entry) != "both" or HIGH_RATING not in entry.extra:
        return power_rating(encounter, actor, spec)
    second = entry.extra[HIGH_RATING]
    if isinstance(second, bool) or not isinstance(second, int) or second < 0:
        sheet = encounter.character(actor).sheet
        where = f"powers.{NAME}.{HIGH_RATING}"
        raise SheetError(sheet.path, where, f"a whole number ≥ 0, got {second!r}")
    return second


ALLOWED: Final[Mapping[str, tuple[str, ...]]] = {LOW: ("both", "lower"), HIGH: ("both", "higher")}


# --- the uses ------------------------------------------------------------------------------------


def held_spend_of(effect: str) -> DefaultSpend:
    def held_spend(encounter: Encounter, actor: str, intent: Intent, pr: int) -> Mapping[str, int]:
        """Default: down to 1 EP per round (row 5) first, the rest on the density."""
        ep = ep_down_to(HELD_EP_ROW, POWER_ROW, pr)
        return {"ep": ep, effect: pr - ep}

    return held_spend


def low_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    ignore = low_density_ignore(spend[LOW])
    cover = Cover(f"{NAME} (low density)", 100, ignore_damage=ignore, kinds=(BLUDGEONING,))
    return {COVERS: (cover,)}


def high_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    rows = high_density_rows(encounter.charts.action, spend[HIGH])
    ignore = high_density_ignore(spend[HIGH])
    cover = Cover(f"{NAME} (high density)", 100, ignore_damage=ignore, skin_temper_rows=rows)
    return {COVERS: (cover,)}


def held_density(
    name: str, effect: str, summary: str, prepare: Prepare, rating: RatingFor | None = None
) -> PowerUse:
    return PowerUse(
        action=ActionDefinition(
            name=name,
            performance_time=PASSIVE_TIME,  # G-123: changed and held like a power shield
            is_passive=True,
            is_sustained=True,  # held round by round (G-75)
            ep_row=POWER_ROW,
            summary=summary,
        ),
        effects=(effect,),
        default_spend=held_spend_of(effect),
        role=DEFENSE,
        prepare=prepare,
        rating=rating,
    )


LOW_USE = held_density(
    "density-control-low",
    LOW,
    "Lower density: ignore PR bludgeoning damage while held.",
    low_prepared,
)
HIGH_USE = held_density(
    "density-control-high",
    HIGH,
    "Higher density: ignore half PR damage, Skin Temper + PR (Doubles) rows while held.",
    high_prepared,
    high_density_rating,
)

DENSITY_CONTROL = PowerSpec(
    name=NAME,
    summary="Change density: lower (ignore PR bludgeoning) or higher (ignore PR/2, Skin Temper).",
    source=RULES_TEXT,
    uses=(LOW_USE, HIGH_USE),
)


def density_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """Only the sheet's direction(s), and one density at a time."""
    use = DENSITY_CONTROL.use(intent.action)
    entry = sheet_power(encounter.character(actor).sheet, DENSITY_CONTROL)
    if use is None or entry is None:
        return []
    effect = use.effects[0]
    if direction(entry) not in ALLOWED[effect]:
        return [f"{actor}'s Density Control goes only {direction(entry)}"]
    if any(running_uses(encounter, actor, other) for other in (LOW_USE, HIGH_USE)):
        return [f"{actor} has already changed density"]
    return []


# --- the hooks -----------------------------------------------------------------------------------


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, DENSITY_CONTROL)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, DENSITY_CONTROL)


@hookimpl
@answers_actions(*DENSITY_CONTROL.actions)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    reasons = power_refusals(encounter, actor, intent, DENSITY_CONTROL)
    return reasons or density_refusals(encounter, actor, intent)


@hookimpl
@answers_actions(*DENSITY_CONTROL.actions)
def mands_action_sustain(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    return power_sustain(encounter, actor, action, DENSITY_CONTROL)
