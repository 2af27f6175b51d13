"""Focus (seed "Sample Weaknesses", Jake Kotter: "Jake cannot use his Transducer ... without his
Cosmic Guitar"; G-268). Seraph's Electric Power stands in for the Transducer, whose text is
lost."""

from __future__ import annotations

from mands_rulebook.weaknesses.focus import mands_action_refusals, mands_encounter_opening
from mands_sim.actions import Intent
from mands_sim.events import WeaknessFired
from mands_sim.hookspecs import answered_characters
from mands_sim.kernel.encounter import Encounter
from tests.data.fighters import fight, grunt, sample

GUITAR = {"kind": "focus", "item": "Cosmic Guitar", "powers": ["Electric Power"]}
BLAST = Intent("electric-power-blast", target="foe")


def jake(equipment: list[str]) -> Encounter:
    sheet = sample("seraph", weaknesses=[GUITAR], equipment=equipment)
    return fight({"jake": sheet, "foe": grunt()})


def test_without_the_item_the_power_is_refused() -> None:
    assert mands_action_refusals(jake([]), "jake", BLAST) == [
        "Electric Power needs Cosmic Guitar (focus)"
    ]


def test_with_the_item_the_power_works() -> None:
    assert mands_action_refusals(jake(["Cosmic Guitar"]), "jake", BLAST) == []


def test_other_actions_need_no_item() -> None:
    assert mands_action_refusals(jake([]), "jake", Intent("fist-attack", target="foe")) == []


def test_a_missing_focus_is_logged_once_at_the_start() -> None:
    (event,) = mands_encounter_opening(jake([]))
    assert isinstance(event, WeaknessFired)
    assert (event.character, event.effect) == ("jake", "without Cosmic Guitar: no Electric Power")
    assert mands_encounter_opening(jake(["Cosmic Guitar"])) == []


def test_under_named_only_an_intent_naming_the_power_needs_the_item() -> None:
    sheet = sample("seraph", weaknesses=[GUITAR], equipment=[])
    encounter = fight({"jake": sheet, "foe": grunt()}, defaults={"G268_power_actions": "named"})
    assert mands_action_refusals(encounter, "jake", BLAST) == []
    named = Intent("electric-power-blast", target="foe", options={"power": "Electric Power"})
    assert mands_action_refusals(encounter, "jake", named) != []


def test_only_a_character_with_a_focus_is_asked_what_it_may_not_start() -> None:
    """``@answers_characters(has_weakness("focus"))``: the foe has no item to miss."""
    encounter = jake([])
    test = answered_characters(mands_action_refusals)
    assert test is not None
    assert test(encounter.character("jake")) and not test(encounter.character("foe"))
