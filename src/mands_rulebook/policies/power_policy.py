"""The ``blaster`` policy: a character with powers uses them. Not rules text: a simulator's
stand-in for a player or an Editor, as ``mands_rulebook.policies.presets``.

Each time it may act, a blaster

0. below zero EP, gives up or rests as ``nearest-enemy`` does (G-232,
   :func:`~mands_rulebook.policies.presets.catch_breath`);
1. starts each protective use of its powers that is not running yet (Sun-Ruler flames up
   first, Seraph raises his electric Skin Temper), unless the option ``defend`` is false;
2. goes after an objective's performer (G-237, :mod:`mands_rulebook.policies.objective_play`):
blasts
   or punches it, or runs to meet it with no enemy in reach;
3. attacks the nearest enemy any of its power attacks can reach (``mands_rulebook.kit.powers``
   refusals: range, sight), powers in sheet order (then those it holds by Absorption, G-181),
   uses in the power's order, threats to its side's objective wards first;
4. otherwise fights as ``nearest-enemy``: punches an enemy in reach, closes in on one.

It spends PR by each use's default (it has no ``spend_power``) and Combat-Roll Q as
``nearest-enemy`` does: Attack to meet the target's Defense, 3 Q speed, the rest damage.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from mands_rulebook.kit.powers import running_uses
from mands_rulebook.kit.powers.ratings import (
    encounter_registries,
    power_intent,
    power_specs,
    sheet_power,
    taken_powers,
)
from mands_rulebook.kit.powers.uses import ATTACK, DEFENSE, PowerSpec
from mands_rulebook.policies.closing_in import allowed, close_in, enemies_nearest_first
from mands_rulebook.policies.comics_code import offers_code
from mands_rulebook.policies.objective_play import (
    guard_order,
    guarding,
    objective_explanation,
    pursue,
)
from mands_rulebook.policies.presets import NearestEnemy, catch_breath, preset, punch_in_reach
from mands_sim.actions import Intent, QualityAllocation, Wait
from mands_sim.api import hookimpl
from mands_sim.kernel.encounter import Encounter
from mands_sim.policy.explain import Explanation, reason_given
from mands_sim.registry import Register


class Blaster:
    """Raise protections, blast the nearest enemy in reach, else punch or close in."""

    name = "blaster"

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.defend = bool(options.get("defend", True))
        self.fallback = NearestEnemy(options)
        self._powers: tuple[PowerSpec, ...] | None = None

    def powers(self, encounter: Encounter, actor: str) -> tuple[PowerSpec, ...]:
        """The registered powers ``actor`` can use, in sheet order (looked up once), then the
        powers it holds now by taking them (``mands_rulebook.powers.absorption``, G-181)."""
        return (*self.sheet_powers(encounter, actor), *self.taken(encounter, actor))

    def taken(self, encounter: Encounter, actor: str) -> tuple[PowerSpec, ...]:
        names = set(taken_powers(encounter, actor)) - {s.name for s in self._powers or ()}
        return tuple(s for s in power_specs(encounter_registries(encounter)) if s.name in names)

    def sheet_powers(self, encounter: Encounter, actor: str) -> tuple[PowerSpec, ...]:
        if self._powers is None:
            sheet = encounter.character(actor).sheet
            specs = power_specs(encounter_registries(encounter))
            usable = [spec for spec in specs if sheet_power(sheet, spec) is not None]
            order = list(sheet.powers)
            self._powers = tuple(
                sorted(usable, key=lambda spec: order.index(_entry_name(sheet, spec)))
            )
        return self._powers

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        return (
            catch_breath(encounter, actor)
            or self.protect(encounter, actor)
            or pursue(encounter, actor, lambda t: self.strike(encounter, actor, t), close_in)
            or self.blast(encounter, actor)
            or self.fallback.choose(encounter, actor)
        )

    def strike(self, encounter: Encounter, actor: str, target: str) -> Intent | None:
        """A power attack at ``target`` allowed now, else a punch within reach."""
        return self.blast_at(encounter, actor, target) or punch_in_reach(encounter, actor, target)

    def protect(self, encounter: Encounter, actor: str) -> Intent | None:
        if not self.defend:
            return None
        for spec in self.powers(encounter, actor):
            for use in spec.uses:
                if use.role != DEFENSE or running_uses(encounter, actor, use):
                    continue
                intent = power_intent(encounter, actor, spec, use.action.name)
                if intent is not None and allowed(encounter, actor, intent):
                    return replace(intent, reason=f"raises its {spec.name}, not running yet")
        return None

    def blast(self, encounter: Encounter, actor: str) -> Intent | None:
        """A blast at the nearest enemy a power reaches, threats to objective wards first."""
        for target in guard_order(encounter, actor, enemies_nearest_first(encounter, actor)):
            intent = self.blast_at(encounter, actor, target)
            if intent is not None:
                return guarding(encounter, actor, intent)
        return None

    def blast_at(self, encounter: Encounter, actor: str, target: str) -> Intent | None:
        for spec in self.powers(encounter, actor):
            for use in (use for use in spec.uses if use.role == ATTACK):
                intent = power_intent(encounter, actor, spec, use.action.name, target)
                if intent is not None and allowed(encounter, actor, intent):
                    why = f"{target} is the nearest enemy its {spec.name} reaches"
                    return replace(intent, reason=why)
        return None

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return preset(encounter, intent, quality)

    def explain(self, encounter: Encounter, actor: str, intent: Intent) -> Explanation | None:
        """A choice made for an objective says so (G-237); any other, the reason its intent
        carries (a protection, a blast, or ``nearest-enemy``'s)."""
        return objective_explanation(intent) or reason_given(self.name, intent)


@offers_code()
def blaster_policy(options: Mapping[str, Any]) -> Blaster:
    """``blaster`` from its options (and ``comics_code``,
    ``mands_rulebook.policies.comics_code``)."""
    return Blaster(options)


def _entry_name(sheet: Any, spec: PowerSpec) -> str:
    entry = sheet_power(sheet, spec)
    assert entry is not None
    return str(entry.name)


@hookimpl
def mands_register_policies(register: Register) -> None:
    register(
        "blaster",
        blaster_policy,
        summary="Raise power protections, blast the nearest enemy a power reaches, else fight "
        "as nearest-enemy (option defend).",
        source="template, not rules text",
    )
