"""What a strike is worth, for mands-sim's ``tactician`` (not rules text; ``docs/rules.md`` §4,
§6 for the odds it reads).

Every strike the character could make now at an enemy in reach is a candidate
(``mands_candidate_actions``, in ``mands_microlite.strikes``); :class:`StrikeEstimator` says
what each is worth to the kernel's :class:`~mands_sim.api.Tactician`: the chance it lands,
worked out exactly over the d20s of the strike, the parry and the dodge (a fumble misses, ties go
to the defender, a dodge only while the defender has an attack left), times the damage expected
(its dice and bonus, a critical's double), per attack it spends, weighed up by ``focus`` when the
blow may finish the target (its armor, SDC and HP left). A trip adds what the knock-down takes
from the target: one of its attacks' expected damage, spread over the attacks it has.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from mands_microlite.character import microlite_character
from mands_microlite.rounds import attacks_left, current_round
from mands_microlite.strikes import (
    ARMOR,
    TRIP,
    WEAPON_STRIKE,
    attacks_of,
    blow_of,
    mean_roll,
    parry_bonus,
    strike_bonus,
)
from mands_microlite.tables import tables
from mands_sim.api import (
    ActionInProgress,
    Encounter,
    Estimate,
    Intent,
    Tactician,
    weights_from_options,
)

FACES: Final = range(1, 21)


@cache
def landing_chance(
    strike_bonus: int, ranged: bool, parry_bonus: int | None, dodge_bonus: int | None
) -> float:
    """The chance a strike with ``strike_bonus`` lands (§4): not a natural 1, past 4 in melee
    or 10 at range, above the parry (``None``: none) and then the dodge (``None``: none)."""
    rule = tables().combat
    landed = 0
    for strike in FACES:
        total = strike + strike_bonus
        if strike == rule.fumble_natural:
            continue
        if (total < rule.ranged_hit_at_least) if ranged else (total <= rule.melee_miss_at_most):
            continue
        landed += _past(total, parry_bonus) * _past(total, dodge_bonus)
    return landed / (20 * 400)


def _past(total: int, bonus: int | None) -> int:
    """How many of 20 defense faces the strike ``total`` beats (all 20 without a defense)."""
    if bonus is None:
        return 20
    return sum(1 for face in FACES if total > face + bonus)


class StrikeEstimator:
    """The tactician's knowledge of Microlite's strikes (:class:`~mands_sim.api.Estimator`)."""

    def __init__(self, focus: float = 1.0) -> None:
        self.focus = focus

    def estimate(self, encounter: Encounter, actor: str, intent: Intent) -> Estimate | None:
        target = intent.target
        blow = blow_of(encounter, actor, intent.action)
        if target is None or blow is None or target not in encounter.state.ids():
            return None
        striker = microlite_character(encounter, actor).figured
        defender = microlite_character(encounter, target)
        bonus = strike_bonus(encounter, actor, intent.action, blow)
        parry = parry_bonus(encounter, target, blow)
        dodging = attacks_left(encounter, target, current_round(encounter)) > 0
        dodge = defender.figured.combat_bonus if dodging else None
        chance = landing_chance(bonus, blow.ranged, parry, dodge)
        critical = (21 - striker.critical_from) / 20
        mean = mean_roll(blow.dice) + (0 if blow.ranged else striker.damage_bonus)
        damage = chance * mean * (1 + critical)
        if intent.action == TRIP:
            damage += chance * self.attack_worth(encounter, target, actor)
        state = encounter.state[target]
        full = defender.figured.armor_sdc + defender.figured.sdc + defender.figured.hit_points
        left = max(1, defender.figured.armor_sdc - state.get(ARMOR) + state.health_left)
        pressed = min(1.0, damage / left) + (1 - left / max(1, full))  # finish it, or the hurt
        value = damage / attacks_of(intent.action) * (1 + self.focus * pressed)
        return Estimate(
            intent, "strike", target=target, value=value, detail=f"lands {chance:.0%}, {mean:.1f}"
        )

    @staticmethod
    def attack_worth(encounter: Encounter, actor: str, against: str) -> float:
        """One of ``actor``'s attacks at ``against``, in the damage it is expected to do: what
        a knock-down takes from it (its best melee blow, or a kick)."""
        action = WEAPON_STRIKE if blow_of(encounter, actor, WEAPON_STRIKE) else "kick"
        blow = blow_of(encounter, actor, action)
        assert blow is not None
        striker = microlite_character(encounter, actor).figured
        defender = microlite_character(encounter, against).figured
        bonus = strike_bonus(encounter, actor, action, blow)
        chance = landing_chance(bonus, False, defender.combat_bonus, None)
        return chance * (mean_roll(blow.dice) + striker.damage_bonus)

    def pending_blow(
        self, encounter: Encounter, attacker: str, action: ActionInProgress
    ) -> tuple[int, float] | None:
        """Microlite's strikes resolve the segment after they start: none is worth waiting on."""
        return None


def tactician(options: dict[str, object]) -> Tactician:
    """The kernel's tactician over Microlite's strikes; options as its (``focus`` weighs a blow
    that may finish its target)."""
    weights = weights_from_options(options)
    return Tactician(StrikeEstimator(weights.focus), weights=weights, name="tactician")
