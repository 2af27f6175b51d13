"""Defensive skills: Evasion on a Combat Roll's Defense; Falling (seed "Skills").

Seed "Evasion (2d4): The character has Level points that can be used for Defense. Increasing
Defense by 1 requires 2 points. Adding another opponent costs 1 point (this applies only to
Evasion). Evasion uses EP, starting at row 7." G-87 reads it in the simulator's terms:

* a Combat Roll (any action whose initiation prepares a Defense: ``fist-attack``,
  ``weapon-attack``, the martial and wrestling attacks) whose intent carries the option
  ``evasion`` (``true``: every level point; a number: that many, at most the level) adds the
  Evasion Defense to the Defense it buys, taking effect with it (G-15) and lasting as long;
* the simulator's Defense counts against every opponent (``docs/rules/combat.md`` §6), so one point
  pays for each enemy in action beyond the first, and every 2 points left buy +1 Defense;
* the points are no Quality of a roll, so the Attack does not drop by the Defense they buy (§4
  concerns Q spent from a passive roll);
* EP: "starting at row 7", read in the core rules' numbering (3 EP; the phrase is the core's
  "starts at row 5", and no EP figure is given to map as G-04 does; ``G87_evasion_ep_row =
  "skill_list"`` maps it as G-04 would, to row 2), paid at most once a round (between two
  Payment Segments) however many Combat Rolls use it.

Seed "Falling (3d6): When the character falls, damage can be reduced by skill level. The character
must have 10 segments to prepare." :func:`falling_damage` gives the number; falls themselves are
:mod:`mands_rulebook.movement.falling`'s (G-174, G-175).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final, Literal

from mands_rulebook.kit.skills import skill_level
from mands_sim.api import (
    QUALITY_PER_DEFENSE,
    SEGMENTS_PER_ROUND,
    ActionDefinition,
    ActionOption,
    Character,
    Charge,
    Encounter,
    EndurancePaid,
    Initiation,
    Intent,
    Prepared,
    Register,
    answers_characters,
    defaults_summary,
    fighting,
    hookimpl,
    rule_default,
)


@dataclass(frozen=True, slots=True)
class DefensiveSkillDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-87."""

    G87_evasion_ep_row: Literal["core", "skill_list"] = rule_default(
        "G-87",
        "Evasion's 'starting at row 7': row 7 of the EP Use Chart, 3 EP a round ('core'), or "
        "the skill list's row 7 read as G-04 reads it, row 2 ('skill_list').",
        "core",
        ("core", "skill_list"),
    )


EVASION: Final = "Evasion"
EVASION_OPTION: Final = "evasion"
"""``Intent.options`` key: spend Evasion points on this Combat Roll's Defense."""
EVASION_ROW: Final = 7
"""Seed "Evasion uses EP, starting at row 7" (G-87: the core numbering, 3 EP a round)."""
SKILL_LIST_ROWS_FROM: Final = 9
"""G-04: the skill list's row k is the core row 9 − k (G-87 ``skill_list``: 7 → 2)."""
EVASION_REASON: Final = "evasion"
"""The ``reason`` of Evasion's EP charge."""
EVASION_DEFENSE: Final = "evasion_defense"
"""The ``prepared`` key recording the Defense Evasion added."""


def enemies_in_action(encounter: Encounter, actor: str) -> int:
    """Characters of other sides fighting: in action and combatants (a bystander or hostage is
    no opponent, G-235)."""
    side = encounter.state[actor].side
    return sum(1 for state in encounter.state if state.side != side and fighting(encounter, state))


def evasion_points(encounter: Encounter, actor: str, intent: Intent) -> int:
    """The level points the intent spends (``true``: all; a number: at most the level)."""
    wanted = intent.options.get(EVASION_OPTION)
    if not wanted:
        return 0
    level = skill_level(encounter.character(actor).sheet, EVASION)
    return level if wanted is True else max(0, min(intent.whole(EVASION_OPTION), level))


def evasion_defense(points: int, enemies: int) -> int:
    """G-87: one point per enemy beyond the first, then 2 points per +1 Defense (seed)."""
    return max(0, points - max(0, enemies - 1)) // QUALITY_PER_DEFENSE


def paid_this_round(encounter: Encounter, actor: str, reason: str) -> bool:
    """Whether ``actor`` already paid EP for ``reason`` since the last Payment Segment: a skill
    whose EP the seed gives "per round" pays once a round however often it is used (Evasion,
    G-87; Double Action, G-162)."""
    start = encounter.now - encounter.now % SEGMENTS_PER_ROUND
    for event in reversed(encounter.log):
        if event.segment < start:
            return False
        if isinstance(event, EndurancePaid) and (event.character, event.reason) == (actor, reason):
            return True
    return False


def evasion_row(encounter: Encounter) -> int:
    """G-87: row 7 as the core rules number rows, or the skill list's row 7 read by G-04 (2)."""
    if encounter.defaults.of(DefensiveSkillDefaults).G87_evasion_ep_row == "skill_list":
        return SKILL_LIST_ROWS_FROM - EVASION_ROW
    return EVASION_ROW


def with_evasion(
    encounter: Encounter, actor: str, intent: Intent, initiation: Initiation
) -> Initiation:
    """The Combat Roll's Defense raised by the Evasion the intent spends, and its EP."""
    points = evasion_points(encounter, actor, intent)
    if points <= 0 or "defense" not in initiation.prepared:
        return initiation
    defense = evasion_defense(points, enemies_in_action(encounter, actor))
    prepared = dict(initiation.prepared)
    prepared["defense"] = Prepared(initiation.prepared).whole("defense") + defense
    prepared[EVASION_DEFENSE] = defense
    charges = initiation.charges
    if not paid_this_round(encounter, actor, EVASION_REASON):
        charges = (*charges, Charge(evasion_row(encounter), EVASION_REASON))
    return replace(initiation, prepared=prepared, charges=charges)


def evades(character: Character) -> bool:
    """Whether the sheet gives any level of Evasion (Umbrella and Combination skills count):
    nobody else's Defense changes here."""
    return skill_level(character.sheet, EVASION) > 0


@hookimpl
@answers_characters(evades)
def mands_initiation_adjust(
    encounter: Encounter, actor: str, intent: Intent, initiation: Initiation
) -> Initiation:
    """Evasion joins the Defense a Combat Roll buys (G-87)."""
    return with_evasion(encounter, actor, intent, initiation)


EVASION_ENTRY: Final = ActionOption(
    EVASION_OPTION, "points", "Evasion level points spent on the roll's Defense (true: all)"
)


@hookimpl
def mands_action_options(action: ActionDefinition) -> list[ActionOption]:
    """``evasion`` on every action: its Defense, if its roll buys any, takes the points."""
    return [EVASION_ENTRY]


@hookimpl
def mands_register_defaults(register: Register) -> None:
    """Register the named defaults this rule applies (``docs/rules/decisions.md``)."""
    register(
        "skills.defensive_skills",
        DefensiveSkillDefaults,
        summary=defaults_summary(DefensiveSkillDefaults),
        source="rules text",
    )
