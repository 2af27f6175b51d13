"""Applying damage: the one path every blow, blast and fall takes (``rules/combat.md`` §7).

Attack plugins describe what lands as a :class:`Blow` and call :func:`strike`, which returns the
events: the damage taken (VP first, then DP, G-30) after protection. Keeping one path means
Ignore Damage, Skin Temper, armor and every later rule apply the same way to fists, weapons and
powers, and the raw number stays on the event for throwback (§7.3 item 5).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from mands_sim.events import DamageTaken, Event
from mands_sim.kernel.encounter import Encounter

BLUDGEONING = "bludgeoning"
PENETRATING = "penetrating"
DAMAGE_KINDS = (BLUDGEONING, PENETRATING)
"""``rules/combat.md`` §7.2: damage is bludgeoning or penetrating by how it heals."""


@dataclass(frozen=True, slots=True)
class Blow:
    """What lands on a victim, before any protection.

    Attributes:
        raw: the damage before skill, Ignore Damage or Skin Temper (kept for throwback, §8.1).
        source: the id of the attacker (or a description such as ``"fall"``).
        kind: ``bludgeoning`` or ``penetrating`` (§7.2).
        penetration: points of the damage that are penetrating when ``kind`` is bludgeoning.
        vs_skin_temper: rows of bonus against Skin Temper (§7.3 item 4), never past 1.
        location: the body location hit (``body`` unless a called shot says otherwise).
        small_projectile: a handgun or rifle bullet: throwback is halved again (§8.1).
        weapon: the weapon or power that dealt it, for the log (``""`` for fists).
    """

    raw: int
    source: str
    kind: str = BLUDGEONING
    penetration: int = 0
    vs_skin_temper: int = 0
    location: str = "body"
    small_projectile: bool = False
    weapon: str = ""


def strike(encounter: Encounter, victim: str, blow: Blow) -> list[Event]:
    """The events of ``blow`` landing on ``victim``: protection, then VP first and DP after.

    G-45: the damage left after Skin Temper is rounded up (Seraph, Skin Temper 9/10, takes the
    Sphinx's 7 as 7: VP 43 → 36). G-30: what VP cannot take carries into DP in the same hit.
    """
    state = encounter.state[victim]
    multiplier: Fraction = encounter.character(victim).figured.skin_temper.multiplier
    taken = math.ceil(blow.raw * multiplier)
    from_vp = min(taken, max(0, state.virtual_damage_points))
    return [
        DamageTaken(
            segment=encounter.now,
            character=victim,
            source=blow.source,
            raw=blow.raw,
            taken=taken,
            virtual_damage_points_after=state.virtual_damage_points - from_vp,
            damage_points_after=state.damage_points - (taken - from_vp),
        )
    ]
