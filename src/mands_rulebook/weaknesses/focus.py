"""Focus: no power without its item (seed "Sample Weaknesses").

Seed, Jake Kotter ("Power Weakness, Focus"): "Jake cannot use his Transducer (cosmic energy to
sound energy) without his Cosmic Guitar—the guitar which was with him when he gained his
powers." On the sheet::

    [[weaknesses]]
    kind = "focus"
    item = "Cosmic Guitar"           # the item, as the sheet's equipment names it
    powers = ["Transducer"]          # the powers that need it

Without the item in the sheet's ``equipment`` (name case and spacing aside), the powers' actions
are refused (G-268: an action is a power's when its name starts with the power's slug, or its
intent names the power); the weakness is logged once, at the start of the encounter.
"""

from __future__ import annotations

from typing import Final

from mands_rulebook.kit.weaknesses import fired, has_weakness, names, parameter, weaknesses_of
from mands_rulebook.weaknesses.power_use import uses_power
from mands_sim.api import (
    Encounter,
    Event,
    Intent,
    Parameter,
    Register,
    Weakness,
    WeaknessKind,
    answers_characters,
    hookimpl,
    spoken,
)

KIND: Final = "focus"

FOCUS = WeaknessKind(
    parameters=(
        Parameter("item", "text", "the item the powers need", required=True),
        Parameter("powers", "names", "the powers that need it", required=True),
    )
)


def item(weakness: Weakness) -> str:
    return str(parameter(weakness, "item", ""))


def has_item(encounter: Encounter, actor: str, weakness: Weakness) -> bool:
    """Whether the sheet's equipment holds the focus item."""
    equipment = encounter.character(actor).sheet.equipment
    return spoken(item(weakness)) in {spoken(thing) for thing in equipment}


def missing_focus(encounter: Encounter, actor: str) -> list[Weakness]:
    """``actor``'s focus weaknesses whose item it does not have."""
    return [w for w in weaknesses_of(encounter, actor, KIND) if not has_item(encounter, actor, w)]


@hookimpl
def mands_register_weaknesses(register: Register) -> None:
    register(
        KIND,
        FOCUS,
        summary="No power without its item (Jake Kotter's Cosmic Guitar, G-268).",
        source="rules text",
    )


@hookimpl
def mands_encounter_opening(encounter: Encounter) -> list[Event]:
    """One :class:`~mands_sim.events.WeaknessFired` per character without its focus item."""
    return [
        fired(encounter, actor, w, f"without {item(w)}: no {', '.join(names(w, 'powers'))}")
        for actor in encounter.ranked(encounter.state.ids())
        for w in missing_focus(encounter, actor)
    ]


@hookimpl
@answers_characters(has_weakness(KIND))
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """The powers that need a missing item are refused."""
    return [
        f"{power} needs {item(w)} (focus)"
        for w in missing_focus(encounter, actor)
        for power in names(w, "powers")
        if uses_power(encounter, intent, power)
    ]
