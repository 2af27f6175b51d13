"""The three ways of working on others — the Charisma charm (fear below 0 Charisma), the Beauty
charm and horror — as data: each one's action, roll and what its Q may buy (seed "Charisma";
seed 002 "Beauty"; G-156)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Literal

from mands_sim.api import (
    SEGMENTS_PER_MINUTE,
    ActionDefinition,
    ActionOption,
    Encounter,
    rule_default,
)


@dataclass(frozen=True, slots=True)
class CharmDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-155, G-157."""

    G155_beauty_save_modifier: Literal["target", "source"] = rule_default(
        "G-155",
        "Beauty (Sphere) in the save against a Beauty charm (bonus) or horror (penalty): the "
        "target's own Beauty (the Example of Horrification's 62, 68, 54) or the charmer's/"
        "horror's.",
        "target",
        ("target", "source"),
    )
    G157_multiple_targets_penalty: Literal["rule", "example"] = rule_default(
        "G-157",
        "Charm or horror against several targets: -1 to the Bonus Pool per target ('rule'), or "
        "no penalty, as the Example of Horrification rolls against three heroes ('example').",
        "rule",
        ("rule", "example"),
    )


CHARM_PT: Final = 5 * SEGMENTS_PER_MINUTE
"""Seed "Charisma": "The standard Performance Time for Charm is 5 minutes"."""
BEAUTY_CHARM_PT: Final = 12 * SEGMENTS_PER_MINUTE
"""Seed "Beauty": "Standard Performance Time for Charm is 12 minutes"."""
HORROR_PT: Final = 10
"""G-156: the seed gives the Horror Roll no Performance Time; 10 segments, a passive power's."""
STANDARD_ROW: Final = 9
"""Seed "EP Cost": an action starts at row 9 of the EP Use Chart; none is given for these."""

CHARISMA, BEAUTY = "charisma", "beauty"
"""Immunity families: a save against one Charisma charm or fear makes the target immune to the
charmer's Charisma charms; against a Beauty charm or horror, to its Beauty (seed)."""


@dataclass(frozen=True, slots=True)
class Allure:
    """One way of working on others: its action, roll and what its Q may buy."""

    action: ActionDefinition
    family: str
    purpose: str
    improves: str
    """What Editing Points on its roll train (seed 000: "whatever the roll was for")."""
    quality_uses: tuple[str, ...]
    several_targets: bool


TARGETS_ENTRY: Final = ActionOption(
    "targets", "targets", 'the ids of its targets, or "all" enemies in sight'
)

CHARM = Allure(
    action=ActionDefinition(
        "charm",
        CHARM_PT,
        ep_row=STANDARD_ROW,
        needs_target=True,
        summary="Charisma charm (fear below 0 Charisma): a roll, then a Willpower save.",
    ),
    family=CHARISMA,
    purpose="charm",
    improves="Active Charisma",
    quality_uses=("speed", "save", "interval"),
    several_targets=False,
)
BEAUTY_CHARM = Allure(
    action=ActionDefinition(
        "beauty-charm",
        BEAUTY_CHARM_PT,
        ep_row=STANDARD_ROW,
        needs_target=True,
        summary="Beauty charm: half Beauty; a save vs. Willpower + Beauty (Sphere).",
        options=(TARGETS_ENTRY,),
    ),
    family=BEAUTY,
    purpose="charm",
    improves="Beauty",
    quality_uses=("speed", "save", "interval"),
    several_targets=True,
)
HORRIFY = Allure(
    action=ActionDefinition(
        "horrify",
        HORROR_PT,
        ep_row=STANDARD_ROW,
        needs_target=True,
        summary="Horror: -Beauty; a failed save is paralysed for d6 segments.",
        options=(TARGETS_ENTRY,),
    ),
    family=BEAUTY,
    purpose="horror",
    improves="Beauty",
    quality_uses=("save", "time"),
    several_targets=True,
)
ALLURES: Final[Mapping[str, Allure]] = {a.action.name: a for a in (CHARM, BEAUTY_CHARM, HORRIFY)}


def charisma(encounter: Encounter, actor: str) -> float:
    """Seed "Charisma": in an action/adventure situation, the Active Charisma."""
    return float(encounter.abilities(actor).active_charisma)


def beauty(encounter: Encounter, actor: str) -> int:
    return int(encounter.character(actor).sheet.attributes.beauty)
