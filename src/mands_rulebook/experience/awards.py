"""After the encounter: the Editing Points the heroes earn (seed 000 "Editing Points", "Award
Multipliers", "Editing Points: Experience"; G-71): the plugin.

Seed 000: characters gain 1 Editing Point for every hour played, multiplied by the adventure's
toughness (1.1 to 1.5 for an "especially tough" one) and by the point multiplier of their
Experience row. A batch's report measures the toughness (G-71's mapping from the heroes' win
rate and deaths, the report's ``verdict``); this plugin adds the section ``awards`` that turns it
into the award ("at this toughness each hero earns about X Editing Points") with what the award
and the points used in play do to Experience: the new row and its level-up bonuses. The points
each hero used in play are the median over its runs of the metrics the optional rule Editing
Points counts (:data:`~mands_rulebook.kit.editing_points.points.IN_PLAY_METRICS`; the mean is
shown beside it); none without the rule. The section is built by
:mod:`mands_rulebook.experience.award_report`.

It also adds the command ``mands-sim award`` (:mod:`mands_rulebook.experience.award_command`),
which prints the same section for numbers given on the command line. The arithmetic is the
kit's (:mod:`mands_rulebook.kit.editing_points.awards`).
"""

from __future__ import annotations

from typing import Final

from mands_rulebook.experience.award_command import AWARD_COMMAND
from mands_rulebook.experience.award_report import SECTION_NAME, measured_section
from mands_sim.api import Register, ReportSectionDefinition, hookimpl

AWARDS: Final = ReportSectionDefinition(
    SECTION_NAME,
    measured_section,
    summary="the Editing Points each hero earns at the measured toughness (seed 000)",
)


@hookimpl
def mands_register_report_sections(register: Register) -> None:
    register(AWARDS.name, AWARDS, summary=AWARDS.summary, source="rules text")


@hookimpl
def mands_register_commands(register: Register) -> None:
    register(AWARD_COMMAND.name, AWARD_COMMAND, summary=AWARD_COMMAND.help, source="rules text")
