"""The powers template of ``docs/rules/powers.md`` §3, as building blocks (G-130). A library, not a
plugin: it registers no hooks.

The seed describes the powers from Absorption to "Flight, Slow"; the rest of the chapter was not
recovered. ``docs/rules/powers.md`` §3 proposes a template, modelled on the described powers, for
the powers the seed only names; every power built from it is tagged ``"template, not rules text"``
(:data:`~mands_rulebook.kit.powers.uses.TEMPLATE`) so it can be replaced if the text is ever found.
What the template gives, and G-130 records:

* **Attack/blast power** (:func:`blast_use`): damage ⌈PR/2⌉ (Fire Coat's PR/2, rounded up as the
  template says) plus the Combat Roll's damage Q; Short Range / Range Set / Maximum Range in the
  Cosmic-Rays pattern on the PR spent on damage (G-21); Performance Time 20; EP from row 9;
  maintainable ("most blast/ray attack powers", seed "Maintaining an Attack"). Default spend:
  all the PR on damage, as Electric Power's.
* **Mind power** (:func:`mind_save`, :func:`mind_reach`): passive, Performance Time 10 (seed
  "Power Rolls": "Most mind-based powers (such as telepathy) are also passive"); reaches the PR
  read Result → Sphere meters (Fire Coat's "Distance"), in sight; the target saves on d100
  against Willpower less a PR-based penalty (Emotion Control's "willpower minus twice the
  character's PR ... 4 times PR" on one target), with its Psychic Immunity added (seed
  "Psychic Immunity": the score, half of it against mind control).
* **Ability-bonus and automatic powers** (:func:`automatic_power`): no actions; what they do is
  on the sheet already or is applied by another rule (Personal Armor, sight and hearing).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Final

from mands_rulebook.kit.damage import Blow
from mands_rulebook.kit.powers.attacks import cosmic_ray_ranges, sphere_meters
from mands_rulebook.kit.powers.uses import (
    ACTIVE_TIME,
    ATTACK,
    POWER_ROW,
    TEMPLATE,
    PowerSpec,
    PowerSpend,
    PowerUse,
)
from mands_rulebook.kit.range import distance, in_sight
from mands_rulebook.kit.weapons.table import Ranges
from mands_rulebook.powers.psychic_immunity import psychic_immunity
from mands_sim.api import (
    ActionChart,
    ActionDefinition,
    ActionInProgress,
    Encounter,
    Intent,
    PercentRolled,
    Source,
    percent_save,
)

DAMAGE: Final = "damage"
"""The template blast's one Basic Effect."""

DAMAGE_DIVISOR: Final = 2
"""``docs/rules/powers.md`` §3: "Basic Effect *Damage* = PR/2 ... default **PR/2 round up**"."""


def template_damage(pr: int) -> int:
    """``docs/rules/powers.md`` §3: ⌈PR/2⌉ (12 → 6, 7 → 4)."""
    return math.ceil(pr / DAMAGE_DIVISOR)


def automatic_power(
    name: str,
    summary: str,
    *,
    aliases: tuple[str, ...] = (),
    source: Source = TEMPLATE,
    pr_dice: str = "3d6",
) -> PowerSpec:
    """A power with Automatic Effects only: registered (listed, named on sheets), no actions.
    ``pr_dice``: the dice its class table gives after its name (seed "Powers": PR "normally" on
    3d6, ``docs/rules/powers.md`` §1)."""
    return PowerSpec(
        name=name, summary=summary, source=source, uses=(), aliases=aliases, pr_dice=pr_dice
    )


# --- the template blast ------------------------------------------------------------------------


def all_on_damage(encounter: Encounter, actor: str, intent: Intent, pr: int) -> Mapping[str, int]:
    """Default spend of a template blast: every PR point on damage (as Electric Power's)."""
    return {DAMAGE: pr}


def blast_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    return {"power_damage": template_damage(spend[DAMAGE])}


def blast_ranges(chart: ActionChart, spent: Mapping[str, int], pr: int) -> Ranges:
    """G-21 via ``docs/rules/powers.md`` §3: the Cosmic-Rays pattern on the PR spent on damage."""
    return cosmic_ray_ranges(chart, spent.get(DAMAGE, 0))


def blast_use(action: str, power: str, summary: str) -> PowerUse:
    """A template blast of ``power`` (G-130): Combat Roll, ⌈PR/2⌉ + damage Q, maintainable."""

    def blow(encounter: Encounter, actor: str, target: str, done: ActionInProgress) -> Blow:
        raw = max(0, done.prepared.whole("power_damage") + done.prepared.whole("damage"))
        return Blow(raw=raw, source=actor, weapon=power)

    return PowerUse(
        action=ActionDefinition(
            name=action,
            performance_time=ACTIVE_TIME,  # seed "Power Rolls": most powers take 20
            ep_row=POWER_ROW,  # docs/rules/powers.md §3: "EP from row 9"
            needs_target=True,
            can_maintain=True,  # seed "Maintaining an Attack": most blast/ray powers
            summary=summary,
        ),
        effects=(DAMAGE,),
        default_spend=all_on_damage,
        role=ATTACK,
        prepare=blast_prepared,
        blow=blow,
        ranges=blast_ranges,
    )


# --- mind powers ---------------------------------------------------------------------------------


def mind_reach(chart: ActionChart, pr: int) -> float:
    """G-130: a mind power reaches the PR read Result → Sphere meters (Fire Coat's Distance)."""
    return sphere_meters(chart, pr)


def mind_refusals(encounter: Encounter, actor: str, target: str | None, pr: int) -> list[str]:
    """Another character, in sight, within :func:`mind_reach` of the whole PR."""
    if target is None or target not in encounter.state.ids() or target == actor:
        return ["a mind power needs another character as its target"]
    if not in_sight(encounter, actor, target):
        return [f"{actor} has no line of sight to {target}"]
    meters, reach = distance(encounter, actor, target), mind_reach(encounter.charts.action, pr)
    if meters > reach:
        return [f"{target} is {meters:g} m away, beyond the mind power's {reach:g} m"]
    return []


def mind_save(
    encounter: Encounter, target: str, purpose: str, penalty: int, *, control: bool = False
) -> PercentRolled:
    """The target's d100 save vs. Willpower − ``penalty`` + its Psychic Immunity (seed
    "Psychic Immunity": the score "is added to any saving throw vs. mind probing or mind
    attacks. Half this is added to saves vs. mind control")."""
    immunity = psychic_immunity(encounter.character(target).sheet)
    bonus = (immunity // 2 if control else immunity) - penalty
    willpower = int(encounter.figured(target).willpower)
    save = percent_save(encounter, target, purpose, score=willpower, bonus=bonus)
    return PercentRolled(
        encounter.now, target, purpose, save.target, save.roll, save.succeeded
    )  # fmt: skip
