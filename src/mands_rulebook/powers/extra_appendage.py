"""Extra Appendage (seed "Extra Appendage"): a power with no use in an encounter.

Seed: "This will usually be an arm, tentacle, etc., depending on the situation and planned origin
of the robot. Some ideas are: telescoping arm, vise hand, normal appendage, eye in back of head.
This will not add to any ability, basic or derived, although it should give advantages. The person
with eyes in the back of the head would be allowed a full sight perception roll for attacks on all
sides. A person with four arms won't gain extra attacks/round, but will be able to hold 2 things
while still fighting normally, etc. This does not use EP."

Why it does nothing in an encounter: it adds to no ability, basic or derived, and costs no EP, so
it has no PR, no %Control and no action (``pr_dice = "none"``). Its advantages fall on rules the
simulator does not play: there is no facing (so no attack from behind for an eye in the back of
the head to see), and hands are not counted (so a second pair holds nothing new). A sheet names
the appendage with ``appendage`` (e.g. ``"telescoping arm"``); :func:`appendage` reads it and
:func:`sees_all_sides` tells the eye in the back of the head.
"""

from __future__ import annotations

from typing import Final

from mands_rulebook.kit.powers.uses import RULES_TEXT, PowerSpec, normalized, register_power
from mands_sim.api import CharacterSheet, Register, hookimpl

NAME: Final = "Extra Appendage"
EYE_IN_BACK: Final = "eye in back of head"  # seed: "eye in back of head"

EXTRA_APPENDAGE = PowerSpec(
    name=NAME,
    summary="An extra arm, tentacle or eye: no ability, no EP; no encounter use.",
    source=RULES_TEXT,
    uses=(),
    pr_dice="none",  # seed: it adds to no ability and "does not use EP"
)


def appendage(sheet: CharacterSheet) -> str | None:
    """The sheet's Extra Appendage (its ``appendage`` key, or ``"normal appendage"``), if any."""
    for key, entry in sheet.powers.items():
        if normalized(key) == normalized(NAME):
            return str(entry.extra.get("appendage", "normal appendage"))
    return None


def sees_all_sides(sheet: CharacterSheet) -> bool:
    """Seed: "eyes in the back of the head would be allowed a full sight perception roll for
    attacks on all sides"."""
    return appendage(sheet) == EYE_IN_BACK


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, EXTRA_APPENDAGE)
