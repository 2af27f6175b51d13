"""First Aid in an encounter (``mands_rulebook.skills.first_aid``; seed "First Aid", "Medical";
G-19, G-173).

A medic (the grunt of ``tests/data/fighters.py``, Learning 10, with First Aid 16) stands by
Seraph (Body DP 9; Constitution 32: Sphere 13), who is out of VP and takes a penetrating wound
of 3 DP on segment 0 (9 → 6). A grunt villain stands by; nobody else acts.
"""

from __future__ import annotations

from typing import Any

import pytest

from mands_rulebook.kit.injury import FirstAid
from mands_rulebook.policies.personalities import priority
from mands_rulebook.skills import first_aid
from mands_rulebook.skills.first_aid import highest_success, knowledge_score
from mands_sim.actions import Intent
from mands_sim.events import BleedingStopped, DamageTaken, Event, RollMade, WoundOpened
from mands_sim.kernel.encounter import Encounter
from mands_sim.model.sheet import CharacterSheet, parse_sheet
from tests.data.fighters import grunt, sample
from tests.data.opponents_scenes import Plays, scene

MEDIC = grunt(name="Medic", knowledge={"First Aid": 16})


def ward(
    medic: Plays | None = None,
    *,
    medic_dice: tuple[int, ...] = (),
    seraph_dice: tuple[int, ...] = (),
    **defaults: str,
) -> Encounter:
    """The scene, with Seraph's wound taken and reported on segment 0."""
    encounter = scene(
        {"heroes": {"medic": MEDIC, "seraph": sample("seraph")}, "villains": {"villain": grunt()}},
        dice={"medic": list(medic_dice), "seraph": list(seraph_dice)},
        minds={"medic": medic or Plays(), "seraph": Plays(), "villain": Plays()},
        defaults=defaults,
    )
    encounter.outcome_conditions = ()
    encounter.state["seraph"].virtual_damage_points = 0
    wound = DamageTaken(0, "seraph", "villain", 3, 3, 0, 6, penetrating=3)
    encounter.emit([wound, WoundOpened(0, "seraph", "villain", 3)])
    return encounter


def of(events: list[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def bleeding_rolls(encounter: Encounter) -> list[int]:
    return [e.segment for e in of(encounter.log, RollMade) if e.purpose == "bleeding roll"]


def test_highest_success_is_under_five_times_the_score_less_the_penalties() -> None:
    """Seed: "roll less than 5 times their Knowledge Score, at a penalty equal to the number of
    penetrating DP lost, plus a penalty of 10 for each previous attempt": First Aid 16, 3 DP
    lost, one try before: below 80 − 3 − 10, so 66 at most."""
    sheet = parse_sheet(MEDIC)
    assert highest_success(sheet, 3, 0) == 76
    assert highest_success(sheet, 3, 1) == 66


def test_without_the_knowledge_it_is_learning_or_less() -> None:
    """Seed: "must roll less than or equal to learning on d100, with the same penalties":
    Learning 10, 3 DP lost: 7."""
    assert highest_success(parse_sheet(grunt()), 3, 0) == 7


def test_medical_is_first_aid_at_double_the_score() -> None:
    """Seed "Medical": "a Doctor with 45 Medical effectively has First Aid at 90"."""
    doctor: CharacterSheet = parse_sheet(grunt(knowledge={"Medical": 45, "First Aid": 20}))
    assert knowledge_score(doctor) == 90


@pytest.fixture(scope="module")
def treated() -> Encounter:
    """The medic starts First Aid on segment 0 (no target: the bleeding ally in reach) and rolls
    50 ≤ 76: when the round is over, on 50, the bleeding is treated. G-19: at 50 the wound
    bleeds (6 → 5); at 100 the Bleeding Roll, vs. 13 + (5 − 4 → +1) = 14, 8 + 8 fails (→ 4);
    treated, the next comes a round later, not two: at 150, vs. 13 + (4 − 5 → −1) = 12, 4 + 5
    = 9 stops it at 4 DP."""
    encounter = ward(Plays(Intent("first-aid")), medic_dice=(50,), seraph_dice=(8, 8, 4, 5))
    encounter.run(until=260)
    return encounter


def test_resolve_first_aid_treats_the_bleeding_ally(treated: Encounter) -> None:
    assert of(treated.log, FirstAid) == [FirstAid(50, "seraph", "medic", 76, 50, True)]


def test_first_aid_halves_the_time_between_bleeding_rolls(treated: Encounter) -> None:
    assert bleeding_rolls(treated) == [100, 150]
    assert of(treated.log, BleedingStopped) == [BleedingStopped(150, "seraph", "bleeding roll")]
    assert treated.state["seraph"].damage_points == 4


def test_untreated_the_bleeding_rolls_come_every_second_round() -> None:
    """The same wound and dice, no First Aid: no roll at 150 (bled to 3), the roll at 200 vs.
    13 + (3 − 6 → −3) = 10 stops it at 3 DP."""
    encounter = ward(seraph_dice=(8, 8, 4, 5))
    encounter.run(until=260)
    assert bleeding_rolls(encounter) == [100, 200]
    assert encounter.state["seraph"].damage_points == 3


def test_g173_stops_a_success_stops_the_bleeding() -> None:
    """G-173 ``stops``: the treatment over on 50 (after that round's bleeding, 6 → 5) stops it."""
    encounter = ward(Plays(Intent("first-aid")), medic_dice=(50,), G173_first_aid="stops")
    encounter.run(until=260)
    assert of(encounter.log, BleedingStopped) == [BleedingStopped(50, "seraph", "first-aid")]
    assert encounter.state["seraph"].damage_points == 5


def test_a_failed_attempt_makes_the_next_one_harder() -> None:
    """Rolled 90 > 76: failed; the second try (on 50) is at 10 more penalty, and 4 DP lost by
    then: 80 − 1 − 4 − 10 = 65."""
    medic = Plays(Intent("first-aid"), Intent("first-aid"))
    encounter = ward(medic, medic_dice=(90, 65), seraph_dice=(8, 8, 4, 5))
    encounter.run(until=110)
    assert [(a.segment, a.chance, a.roll, a.succeeded) for a in of(encounter.log, FirstAid)] == [
        (50, 76, 90, False),
        (100, 65, 65, True),
    ]


@pytest.mark.parametrize(
    ("intent", "reason"),
    [
        (Intent("first-aid", "villain"), "villain is not on medic's side"),
        (Intent("first-aid", "medic"), "medic is not bleeding"),
        (Intent("first-aid", "nobody"), "'nobody' is nobody"),
    ],
)
def test_mands_action_refusals_of_first_aid(intent: Intent, reason: str) -> None:
    refusals = first_aid.mands_action_refusals(ward(), "medic", intent)
    assert any(reason in r for r in refusals), refusals


def test_mands_action_refusals_nobody_to_treat_without_a_wound() -> None:
    encounter = scene({"heroes": {"medic": MEDIC}, "villains": {"villain": grunt()}})
    assert first_aid.mands_action_refusals(encounter, "medic", Intent("first-aid")) == [
        "medic has nobody to treat in reach"
    ]


def test_a_priority_policy_offers_first_aid() -> None:
    """A hero's policy can choose it: ``{ do = "first-aid" }`` in a priority list."""
    encounter = ward()
    policy = priority({"rules": [{"do": "first-aid"}], "fallback": "wait"})
    chosen = policy.choose(encounter, "medic")
    assert isinstance(chosen, Intent) and chosen.action == "first-aid"


def test_a_priority_policy_passes_over_first_aid_with_nobody_to_treat() -> None:
    encounter = scene({"heroes": {"medic": MEDIC}, "villains": {"villain": grunt()}})
    policy = priority({"rules": [{"do": "first-aid"}, {"do": "wait"}], "fallback": "wait"})
    chosen = policy.choose(encounter, "medic")
    assert isinstance(chosen, Intent) and chosen.action == "wait"
