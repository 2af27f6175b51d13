"""Extra opponents in the Combat Bonus Pool (seed "Combat Roll"; ``docs/rules/combat.md`` §5; G-80).

Part of the kit's opponents rules, which :mod:`mands_rulebook.combat.opponents` registers:
seed "Combat Roll": "If the character wants extra opponents, each extra opponent counts as a
penalty of 1 to the Combat Roll's Bonus Pool. The character's Defense counts against all
opponents." −1 per opponent beyond the first the roll attacks; under G-80 ``engaged`` also per
further enemy fighting in contact (G-65 reach; a bystander or hostage is no opponent, G-235).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from mands_rulebook.kit.crowding import in_contact
from mands_rulebook.kit.opponents.sweeps import sweep_targets
from mands_sim.actions import Intent, Modifier
from mands_sim.defaults import rule_default
from mands_sim.kernel.contracts import fighting
from mands_sim.kernel.encounter import Encounter


@dataclass(frozen=True, slots=True)
class ExtraOpponentDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-80."""

    G80_extra_opponents: Literal["attacker", "engaged"] = rule_default(
        "G-80",
        "Multiple opponents: only a character who attacks several opponents pays -1 to the "
        "Combat Bonus Pool per opponent beyond the first ('attacker', the seed's 'if the "
        "character wants extra opponents'), or every Combat Roll also pays -1 per further "
        "enemy in contact ('engaged').",
        "attacker",
        ("attacker", "engaged"),
    )


PENALTY_PER_OPPONENT: Final = 1
"""Seed "Combat Roll": "each extra opponent counts as a penalty of 1 to the ... Bonus Pool"."""


def engaged_enemies(encounter: Encounter, actor: str) -> list[str]:
    """G-80 ``engaged``: the enemies fighting (in action and combatants: a bystander or hostage
    is nobody's opponent, G-235) in contact with ``actor`` (G-65 reach)."""
    side = encounter.state[actor].side
    return [
        s.character_id
        for s in encounter.state
        if s.side != side
        and fighting(encounter, s)
        and in_contact(encounter, actor, s.character_id)
    ]


def opponents_faced(encounter: Encounter, actor: str, intent: Intent) -> set[str]:
    """The opponents a Combat Roll counts: those it attacks, and under G-80 ``engaged`` also
    every enemy in contact."""
    faced = set(sweep_targets(intent))
    if encounter.defaults.of(ExtraOpponentDefaults).G80_extra_opponents == "engaged":
        faced.update(engaged_enemies(encounter, actor))
    return faced


def opponents_modifier(encounter: Encounter, actor: str, intent: Intent) -> Modifier | None:
    """Seed "Combat Roll": −1 per opponent beyond the first (G-80 says who counts)."""
    extra = len(opponents_faced(encounter, actor, intent)) - 1
    if extra <= 0:
        return None
    reason = f"seed Combat Roll: {extra} extra opponent(s) (G-80)"
    return Modifier(-PENALTY_PER_OPPONENT * extra, "multiple opponents", reason)
