"""The ``blaster`` policy: a character with powers uses them. Not rules text: a simulator's
stand-in for a player or an Editor, as ``mands_rulebook.policies``.

Each time it may act, a blaster

1. starts each protective use of its powers that is not running yet (Sun-Ruler flames up
   first, Seraph raises his electric Skin Temper), unless the option ``defend`` is false;
2. attacks the nearest enemy any of its power attacks can reach (``mands_rulebook.power_kit``
   refusals: range, sight), powers in sheet order (then those it holds by Absorption, G-181),
   uses in the power's order;
3. otherwise fights as ``nearest-enemy``: punches an enemy in reach, closes in on one.

It spends PR by each use's default (it has no ``spend_power``) and Combat-Roll Q as
``nearest-enemy`` does: Attack to meet the target's Defense, 3 Q speed, the rest damage.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from mands_sim import hookimpl
from mands_sim.actions import Intent, QualityAllocation, Wait
from mands_sim.kernel.encounter import Encounter
from mands_sim.policy.explain import Explanation, reason_given
from mands_sim.registry import Register

from .comics_code import offers_code
from .policies import NearestEnemy, allowed, preset
from .power_kit import (
    ATTACK,
    DEFENSE,
    PowerSpec,
    encounter_registries,
    power_intent,
    power_specs,
    running_uses,
    sheet_power,
    taken_powers,
)
from .weapons import enemies_nearest_first


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
            self.protect(encounter, actor)
            or self.blast(encounter, actor)
            or self.fallback.choose(encounter, actor)
        )

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
        for target in enemies_nearest_first(encounter, actor):
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
        """The reason each intent carries (a protection, a blast, or ``nearest-enemy``'s)."""
        return reason_given(self.name, intent)


@offers_code()
def blaster_policy(options: Mapping[str, Any]) -> Blaster:
    """``blaster`` from its options (and ``comics_code``, ``mands_rulebook.comics_code``)."""
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
