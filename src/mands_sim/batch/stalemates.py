"""Why a run ended at the time limit, read off its record (``docs/reports.md``, "Inconclusive").

A run that reaches the scenario's time limit decides nothing; when many do, the report says why,
from what each timed-out run's characters did: the first of these that fits, in this order.
Bystanders and hostages (G-235) never fight, so only the combatants are asked whether they
are out of EP or resting. When nobody dealt damage, the attacks each record counts (record
format 4) say whether no attack was made, every attack missed, or blows hit and protection
stopped them all; a record too old to count attacks says only that no blow landed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from mands_sim.batch.records import CharacterRecord, RunRecord

NOBODY_ACTED: Final = "nobody-acted"
OUT_OF_EP: Final = "out-of-ep"
RESTING: Final = "resting"
NO_ATTACK_MADE: Final = "no-attack-made"
EVERY_ATTACK_MISSED: Final = "every-attack-missed"
NO_HIT_HURT: Final = "no-hit-hurt"
NO_BLOW_LANDED: Final = "no-blow-landed"
STILL_FIGHTING: Final = "still-fighting"

STALEMATES: Final[Mapping[str, str]] = {
    NOBODY_ACTED: "nobody started any action: nobody could reach anyone, or every mind waited",
    OUT_OF_EP: "everyone still in action had gone below zero EP",
    RESTING: "those still in action spent most of their actions resting",
    NO_ATTACK_MADE: "no attack was made: nobody reached anyone, or nobody chose to attack",
    EVERY_ATTACK_MISSED: "attacks were made but none hit",
    NO_HIT_HURT: "attacks hit but none hurt: protection stopped every one",
    NO_BLOW_LANDED: "nobody landed a blow (a record that does not count attacks: nobody "
    "reached anyone, or every blow missed or was stopped)",
    STILL_FIGHTING: "blows landed, but nobody was out of action by the time limit",
}
"""Each stalemate's name and what it means, in the order they are tried."""

REST: Final = "rest"
"""The rulebook's ``rest`` action (seed "Healing Roll")."""


def stalemate(record: RunRecord) -> str:
    """Why the timed-out run ``record`` decided nothing: a key of :data:`STALEMATES`."""
    fighters = [c for c in record.characters if c.combatant] or list(record.characters)  # G-235
    standing = [c for c in fighters if not c.out_of_action] or fighters
    started = sum(count for c in record.characters for _, count in c.actions)
    if started == 0:
        return NOBODY_ACTED
    if all(c.exhausted for c in standing):
        return OUT_OF_EP
    if 2 * _rests(standing) >= sum(count for c in standing for _, count in c.actions) > 0:
        return RESTING
    if not any(c.damage_dealt for c in record.characters):
        return no_damage(record.characters)
    return STILL_FIGHTING


def no_damage(characters: tuple[CharacterRecord, ...]) -> str:
    """Why nobody dealt damage: no attack made, every attack missed, or no hit hurt
    (:data:`NO_BLOW_LANDED` when a record does not count attacks)."""
    if any(c.attacks is None or c.hits is None for c in characters):
        return NO_BLOW_LANDED
    if not any(c.attacks for c in characters):
        return NO_ATTACK_MADE
    if not any(c.hits for c in characters):
        return EVERY_ATTACK_MISSED
    return NO_HIT_HURT


def _rests(characters: list[CharacterRecord]) -> int:
    return sum(count for c in characters for name, count in c.actions if name == REST)
