"""Explosive Touch (seed "Explosive Touch"), on the power kit (``mands_rulebook.kit.powers``).

Seed: "The character with this power can cause explosions upon touching solid matter. Basic
Effects: (Explosion). Explosion: The character with this power can do PR/4 round up, d6 damage
just by touching something, and can add this damage to Hand Damage attacks. The carrier attack
must do DP, or the attacker must use 4 Quality Points from the Combat Roll. Short Range for the
explosion is the damage PR, millimeters. Range Set is the damage PR centimeters. Maximum Range is
the damage PR decimeters. The explosion gets a bonus to Attack others of twice the damage PR. The
explosion gets a bonus of half the damage PR (Sphere Chart) vs. Skin Temper against who/what ever
was touched. This cannot bring a skin temper below one. Half of these characters may cause
explosions which do PR/5 round up, d6 damage when touching liquid matter. The explosion does not
go towards the character causing the explosion. Thus, people behind this character will not be
affected by the explosion either."

* ``explosive-touch-attack`` — a touch (Performance Time 20, a Combat Roll, contact), carried by
  Hand Damage plus the damage Q as Death Touch's is (G-120; ``touch`` sets 4 Q aside). When the
  touch takes effect the explosion goes off at the touched character (G-120): its d6 land on
  the touched as a second blow, with "half the damage PR (Sphere Chart)" rows of bonus vs. Skin
  Temper, never past 1 (:func:`mands_rulebook.kit.damage.against_skin_temper`); everyone else within
  its Maximum Range and not towards the toucher (:func:`towards_toucher`) is caught by
  :func:`mands_rulebook.kit.explosions.detonate` (its own Explosion Combat Roll with "a bonus to
  Attack others of twice the damage PR", G-23).
  The numbers are :func:`mands_rulebook.kit.explosions.explosive_touch`'s: ⌈PR/4⌉ d6, Short Range PR
  mm, Range Set PR cm, Maximum Range PR dm. Default spend: all PR on damage.
* Liquids: :func:`liquid_dice` (⌈PR/5⌉ d6) for the half who can (sheet ``liquids = true``); an
  encounter's map holds no liquids to touch, so no action uses it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Final

from mands_rulebook.kit.damage import Blow, strike
from mands_rulebook.kit.explosions import D6, Explosion, detonate, explosive_touch
from mands_rulebook.kit.positions import distance_now, position_now
from mands_rulebook.kit.powers import power_refusals, register_power_actions
from mands_rulebook.kit.powers.attacks import TOUCH_ENTRY, combat_skill_with, touch_resolution
from mands_rulebook.kit.powers.uses import (
    ACTIVE_TIME,
    ATTACK,
    POWER_ROW,
    RULES_TEXT,
    PowerSpec,
    PowerSpend,
    PowerUse,
    register_power,
)
from mands_rulebook.kit.room import apart
from mands_sim.api import (
    ActionChart,
    ActionDefinition,
    DiceExpression,
    Encounter,
    Event,
    Intent,
    Register,
    answers_actions,
    hookimpl,
)

NAME: Final = "Explosive Touch"
DAMAGE: Final = "damage"

TOUCH_QUALITY: Final = 4
"""Seed: "The carrier attack must do DP, or the attacker must use 4 Quality Points"."""

LIQUID_DIVISOR: Final = 5
"""Seed: "explosions which do PR/5 round up, d6 damage when touching liquid matter"."""


@dataclass(frozen=True, slots=True)
class TouchExploded(Event):
    """The touched ``character`` took the explosion's d6 (``faces``) from ``source`` at a bonus of
    ``vs_skin_temper`` rows against its Skin Temper."""

    kind: ClassVar[str] = "touch-exploded"
    character: str
    source: str
    faces: tuple[int, ...]
    vs_skin_temper: int

    def narrative(self) -> str:
        return (
            f"{self.source}'s touch explodes on {self.character}: {sum(self.faces)} "
            f"({'+'.join(map(str, self.faces))}), {self.vs_skin_temper} vs. Skin Temper."
        )


def explosion(pr: int) -> Explosion:
    """The explosion of ``pr`` damage PR (seed;
    :func:`mands_rulebook.kit.explosions.explosive_touch`):
    PR 12 → 3d6, Short Range 12 mm, Range Set 12 cm, Maximum Range 12 dm, bonus 24."""
    return explosive_touch(pr)


def vs_skin_temper(chart: ActionChart, pr: int) -> int:
    """Seed: "a bonus of half the damage PR (Sphere Chart) vs. Skin Temper": 12 → 6 → 6 rows."""
    return max(0, int(chart.sphere(Fraction(pr, 2)))) if pr > 0 else 0


def liquid_dice(pr: int) -> int:
    """Seed: "PR/5 round up, d6 damage when touching liquid matter"."""
    return math.ceil(pr / LIQUID_DIVISOR)


def all_on_damage(encounter: Encounter, actor: str, intent: Intent, pr: int) -> Mapping[str, int]:
    return {DAMAGE: pr}


def touch_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    return {"damage_pr": spend[DAMAGE]}


def explosion_events(
    encounter: Encounter, actor: str, target: str, pr: int, pending: list[Event]
) -> list[Event]:
    """The touched takes the d6 with the bonus vs. Skin Temper; the rest within Maximum Range
    are caught by the explosion (G-23), its maker, the touched and everyone towards the maker
    spared (seed; G-120). ``pending``: this resolution's events so far (the carrier's damage, not
    applied yet)."""
    if pr <= 0:
        return []
    blast = explosion(pr)
    faces = DiceExpression(blast.dice, D6).roll(encounter.dice_for(actor)).faces
    rows = vs_skin_temper(encounter.charts.action, pr)
    blow = Blow(raw=sum(faces), source=actor, weapon=NAME, vs_skin_temper=rows)
    events: list[Event] = [TouchExploded(encounter.now, target, actor, faces, rows)]
    events += strike(encounter, target, blow, pending)
    center = position_now(encounter, target)
    if center is None:
        return events
    skill = combat_skill_with(NAME)  # seed 000: edits train the combat skill with the power
    spared = (actor, target, *behind_toucher(encounter, actor, target))
    return events + detonate(
        encounter, actor, center, blast, spared=spared, improves=skill, anchor=target
    )


def behind_toucher(encounter: Encounter, toucher: str, touched: str) -> tuple[str, ...]:
    """Seed: "The explosion does not go towards the character causing the explosion. Thus,
    people behind this character will not be affected by the explosion either." Everyone else
    towards the toucher (:func:`towards_toucher`), read from distances along the map (G-120);
    among three at one spot, from the room within it (G-292)."""
    others = (s.character_id for s in encounter.state)
    return tuple(
        other
        for other in others
        if other not in (toucher, touched) and behind(encounter, toucher, touched, other)
    )


def behind(encounter: Encounter, toucher: str, touched: str, other: str) -> bool:
    """Whether ``other`` is towards the toucher: three at one spot measured with the room
    within it (G-292); otherwise along the map, where a spot is one point (the side of it the
    toucher stands on is not drawn)."""
    spots = {position_now(encounter, who) for who in (toucher, touched, other)}
    measure = apart if len(spots) == 1 else distance_now
    return towards_toucher(
        measure(encounter, toucher, touched),
        measure(encounter, touched, other),
        measure(encounter, toucher, other),
    )


def towards_toucher(toucher_touched: float, touched_other: float, toucher_other: float) -> bool:
    """Whether a character lies on the toucher's side of the touched (G-120), from the three
    distances: the angle at the touched between toucher and other is under 90°, i.e.
    toucher–other² < toucher–touched² + touched–other² (one exactly abreast is caught). One
    standing where the toucher stands (0 m from it) is towards it: its bearing is the toucher's."""
    if toucher_other == 0:
        return True
    return toucher_other**2 < toucher_touched**2 + touched_other**2


ATTACK_USE = PowerUse(
    action=ActionDefinition(
        name="explosive-touch-attack",
        performance_time=ACTIVE_TIME,  # seed "Power Rolls": most powers take 20
        ep_row=POWER_ROW,
        needs_target=True,
        summary="Touch to explode: hit for DP or set aside 4 Q (option touch); PR/4 d6 on the "
        "touched (half PR Sphere vs. Skin Temper), the explosion around it (PR mm/cm/dm).",
        options=(TOUCH_ENTRY,),
    ),
    effects=(DAMAGE,),
    default_spend=all_on_damage,
    role=ATTACK,
    prepare=touch_prepared,
    resolve=touch_resolution("damage_pr", explosion_events),
    touch=TOUCH_QUALITY,
)

EXPLOSIVE_TOUCH = PowerSpec(
    name=NAME,
    summary="Explosions upon touching: PR/4 d6, ranges PR mm / cm / dm, +2 x PR to Attack others.",
    source=RULES_TEXT,
    uses=(ATTACK_USE,),
)


# --- the hooks -----------------------------------------------------------------------------------


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, EXPLOSIVE_TOUCH)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, EXPLOSIVE_TOUCH)


@hookimpl
@answers_actions(*EXPLOSIVE_TOUCH.actions)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    return power_refusals(encounter, actor, intent, EXPLOSIVE_TOUCH)
