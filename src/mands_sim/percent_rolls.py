"""The one seam every d100 roll of an encounter goes through (seed "Dice", "Percent Chance of
Success", "Saving Throws"; G-113, G-288).

A character's d100 is rolled on its own dice (or a named substream of them), then changed by what
the rules add to it: ``mands_percent_modifiers``, summed by ``encounter.rules.percent_change``. A
power of seed 001 (G-113) changes "other people's 2d10 rolls by up to PR (three times PR for d100
rolls). The modification is directly to the roll, not to the bonus pool": the change moves the roll
itself, in the roller's favour when positive — a roll that must come in at or under its chance is
lowered, one that must come in at or over its number raised. The changed roll is the one compared
and logged, and is not held to 1..100 (a 5 lowered by 24 is −19). With no change the roll is the die
as rolled, and the dice are drawn exactly as before the seam existed.

* :func:`percent_roll` — d100 ≤ a chance (%Control, cover, a save logged as a
  :class:`~mands_sim.events.PercentRolled`);
* :func:`percent_save` — a d100 save vs. a score and a bonus (seed "Saving Throws");
* :func:`character_d100` — the roll alone, for a rule that compares it itself (a skill's
  roll, a scan against several chances, a d100 that must come high);
* :func:`number_roll` — a d100 read off as a number, not against a chance (G-288);
* :func:`sheet_d100` — a d100 rolled when a character is made, before any encounter.

Rule plugins roll d100 through these only (``tests/meta/test_d100_seam.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Literal

from mands_sim.defaults import CoreDefaults
from mands_sim.dice import DiceSource, StreamKey, roll_d100
from mands_sim.events import PercentRolled
from mands_sim.rolls import SaveResult, saved_on_d100

if TYPE_CHECKING:
    from mands_sim.kernel.encounter import Encounter

__all__ = [
    "HIGH",
    "LOW",
    "Favours",
    "changed_roll",
    "character_d100",
    "number_roll",
    "percent_roll",
    "percent_save",
    "sheet_d100",
]

Favours = Literal["low", "high"]
"""Which way a d100 roll is better for its roller: ``"low"`` (d100 ≤ a chance) or ``"high"``."""

LOW: Final = "low"
HIGH: Final = "high"

LOWEST_FACE: Final = 1
HIGHEST_FACE: Final = 100
"""A d100 reads 1..100 ("00" is 100, seed "Dice"): where G-288 holds a changed number."""


def changed_roll(die: int, change: int, favours: Favours = LOW) -> int:
    """G-113: the change goes "directly to the roll", in the roller's favour
    (a change of 24 makes a 50 into 26 when low is good, into 74 when high is)."""
    return die - change if favours == LOW else die + change


def character_d100(
    encounter: Encounter,
    roller: str,
    purpose: str,
    *,
    favours: Favours = LOW,
    stream: tuple[StreamKey, ...] = (),
) -> int:
    """The seam: ``roller``'s d100 for ``purpose`` on its own dice (``stream``: a substream of
    them), changed by the rules' ``mands_percent_modifiers``."""
    return rolled_and_changed(encounter, roller, purpose, favours=favours, stream=stream)[1]


def rolled_and_changed(
    encounter: Encounter,
    roller: str,
    purpose: str,
    *,
    favours: Favours = LOW,
    stream: tuple[StreamKey, ...] = (),
) -> tuple[int, int]:
    """:func:`character_d100`'s die as rolled, and the roll the rules' change makes of it."""
    dice = encounter.dice_for(roller)
    die = roll_d100(dice.substream(*stream) if stream else dice)
    change = encounter.rules.percent_change(encounter, roller, purpose)
    return die, changed_roll(die, change, favours)


def percent_roll(
    encounter: Encounter,
    roller: str,
    purpose: str,
    chance: int,
    *,
    stream: tuple[StreamKey, ...] = (),
) -> PercentRolled:
    """Seed "Percent Chance of Success": ``roller``'s d100 at or under ``chance`` succeeds; a
    roll the rules changed keeps the die as rolled beside it (``die``)."""
    die, roll = rolled_and_changed(encounter, roller, purpose, stream=stream)
    rolled = die if die != roll else None
    return PercentRolled(encounter.now, roller, purpose, chance, roll, roll <= chance, rolled)


def percent_save(
    encounter: Encounter,
    roller: str,
    purpose: str,
    *,
    score: int,
    bonus: int = 0,
    bonus_cap: int | None = None,
) -> SaveResult:
    """Seed "Saving Throws": ``roller``'s d100 save vs. ``score`` + ``bonus`` (a bonus capped at
    ``bonus_cap``, a penalty never: :func:`mands_sim.rolls.saved_on_d100`)."""
    roll = character_d100(encounter, roller, purpose)
    return saved_on_d100(roll, score=score, bonus=bonus, bonus_cap=bonus_cap)


def number_roll(encounter: Encounter, roller: str, purpose: str, *, favours: Favours) -> int:
    """G-288: a d100 read off as a number (minutes, rounds, a share): as rolled
    (``unchanged``), or changed toward ``favours`` and held to 1..100 (``favoured``)."""
    if encounter.defaults.of(CoreDefaults).G288_d100_number_rolls == "unchanged":
        return roll_d100(encounter.dice_for(roller))
    roll = character_d100(encounter, roller, purpose, favours=favours)
    return min(HIGHEST_FACE, max(LOWEST_FACE, roll))


def sheet_d100(dice: DiceSource) -> int:
    """A d100 rolled when a character is made (a power's bonus, "a 50% chance" on the sheet):
    before any encounter, so no rule can change it."""
    return roll_d100(dice)
