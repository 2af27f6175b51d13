"""Overrides (``mands_sim.scenario._overrides``): a scenario loaded with values changed by dotted
paths (``--set PATH=VALUE``) and characters taken out, validated as the file is."""

from __future__ import annotations

from pathlib import Path

import pytest

from mands_sim.errors import ScenarioError, ScenarioProblems
from mands_sim.scenario import (
    Override,
    ScenarioSpec,
    as_arguments,
    described,
    load_scenario,
    override_notes,
    scenario_data,
    without_character,
)

ROOT = Path(__file__).parent.parent
BANK_JOB = ROOT / "scenarios" / "bank_job.toml"


def loaded(*texts: str) -> ScenarioSpec:
    return load_scenario(BANK_JOB, [Override.parse(text) for text in texts])


@pytest.mark.parametrize(
    ("text", "path", "value"),
    [
        ("stop.time_limit=1000", ("stop", "time_limit"), 1000),
        ("a.b=1.5", ("a", "b"), 1.5),
        ("a=true", ("a",), True),
        ('a="blaster"', ("a",), "blaster"),
        ("a=blaster", ("a",), "blaster"),
        ('a=["x", "y"]', ("a",), ["x", "y"]),
        (" sides . crew = 2 ", ("sides", "crew"), 2),
        ("a=b=c", ("a",), "b=c"),
    ],
)
def test_an_override_reads_a_dotted_path_and_a_toml_value_or_else_a_string(
    text: str, path: tuple[str, ...], value: object
) -> None:
    override = Override.parse(text)
    assert (override.path, override.value, override.text) == (path, value, text)


@pytest.mark.parametrize("text", ["nonsense", "=3", "stop..time_limit=3", "stop.=3"])
def test_an_override_without_a_path_and_a_value_is_an_error_naming_it(text: str) -> None:
    with pytest.raises(ScenarioError, match="expected PATH=VALUE") as caught:
        Override.parse(text)
    assert caught.value.key == f"--set {text}"


def test_a_table_value_is_changed_and_the_file_is_not() -> None:
    before = BANK_JOB.read_bytes()
    spec = loaded("stop.time_limit=1000")
    assert spec.stop.time_limit == 1000
    assert BANK_JOB.read_bytes() == before
    assert load_scenario(BANK_JOB).stop.time_limit == 2500


def test_a_group_is_named_by_its_id_within_its_side_and_its_count_changed() -> None:
    spec = loaded("sides.crew.gunman.count=2")
    ids = [c.id for c in spec.characters]
    assert "gunman-2" in ids and "gunman-3" not in ids
    assert [c.id for c in loaded("sides.crew.characters.gunman.count=1").characters] == [
        "seraph", "officer-1", "officer-2", "officer-3", "sun-ruler", "gunman-1", "safecracker"
    ]  # fmt: skip


@pytest.mark.parametrize(
    "text",
    ["sides.crew.sun-ruler.sheet.strength=75", "sides.crew.sun-ruler.sheet.abilities.strength=75"],
)
def test_a_sheet_in_its_own_file_is_changed_for_that_character_only(text: str) -> None:
    spec = loaded(text)
    strength = {c.id: c.sheet.abilities.strength for c in spec.characters}
    plain = {c.id: c.sheet.abilities.strength for c in load_scenario(BANK_JOB).characters}
    assert strength["sun-ruler"] == 75 != plain["sun-ruler"]
    assert {k: v for k, v in strength.items() if k != "sun-ruler"} == {
        k: v for k, v in plain.items() if k != "sun-ruler"
    }


def test_places_are_named_by_name_and_plain_lists_by_position() -> None:
    spec = loaded("map.places.lobby.cover=25", "stop.when.0=side-out-of-action")
    lobby = next(p for p in spec.map.places if p.name == "lobby")
    assert lobby.cover == 25


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("sides.crew.sunruler.count=2", 'did you mean "sun-ruler"?'),
        ("sides.villains.gunman.count=2", 'one of: "crew", "heroes"'),
        ("stopp.time_limit=3", 'did you mean "stop"?'),
        ("map.places.9.x=1", '"counters"'),
    ],
)
def test_a_path_that_names_nothing_is_an_error_naming_the_set_and_what_was_there(
    text: str, said: str
) -> None:
    with pytest.raises(ScenarioError) as caught:
        loaded(text)
    assert caught.value.path == BANK_JOB
    assert caught.value.key == f"--set {text}"
    assert said in caught.value.expected


@pytest.mark.parametrize(
    ("text", "key", "said"),
    [
        ("stop.time_limt=1000", "stop.time_limt", "did you mean 'time_limit'?"),
        ("sides.crew.sun-ruler.sheet.strength=lots", "strength", "whole number"),
        ("sides.crew.gunman.count=0", "count", ""),
    ],
)
def test_a_value_is_validated_as_the_file_would_be(text: str, key: str, said: str) -> None:
    with pytest.raises(ScenarioProblems) as caught:
        loaded(text)
    problem = caught.value.problems[0]
    assert key in problem.key and said in problem.expected


def test_the_files_expectations_stay_only_when_an_override_sets_them() -> None:
    """They were written for the file as it is (a group of three gunmen …)."""
    assert loaded("sides.crew.gunman.count=2").expect is None
    kept = loaded("expect.runs=50")
    assert kept.expect is not None and kept.expect.runs == 50
    assert load_scenario(BANK_JOB).expect is not None


def test_overrides_are_part_of_what_the_scenario_is() -> None:
    plain = load_scenario(BANK_JOB).content_hash
    assert loaded("stop.time_limit=1000").content_hash != plain
    assert (
        loaded("stop.time_limit=1000").content_hash == loaded("stop.time_limit=1000").content_hash
    )
    assert loaded("stop.time_limit=999").content_hash != loaded("stop.time_limit=1000").content_hash


def test_a_character_or_a_group_is_taken_out_by_its_id() -> None:
    spec = load_scenario(BANK_JOB, [without_character("gunman"), without_character("seraph")])
    assert [c.id for c in spec.characters] == [
        "officer-1", "officer-2", "officer-3", "sun-ruler", "safecracker"
    ]  # fmt: skip
    with pytest.raises(ScenarioError, match='did you mean "gunman"') as caught:
        load_scenario(BANK_JOB, [without_character("gunmen")])
    assert caught.value.key == "--without-character gunmen"


def test_scenario_data_is_the_file_as_played() -> None:
    data = scenario_data(BANK_JOB, [Override.parse("sides.crew.sun-ruler.sheet.strength=75")])
    crew = next(side for side in data["sides"] if side["name"] == "crew")
    sun_ruler = next(c for c in crew["characters"] if c["id"] == "sun-ruler")
    assert sun_ruler["sheet"]["abilities"]["strength"] == 75
    assert "expect" not in data
    assert "expect" in scenario_data(BANK_JOB)


def test_overrides_are_given_back_as_the_arguments_that_make_them() -> None:
    """What a batch records (``described``) turns back into command-line arguments (the
    replay commands of a report, ``mands-sim store list``)."""
    overrides = [Override.parse("sides.crew.gunman.count=2"), without_character("sun-ruler")]
    assert as_arguments(described(overrides)) == [
        ("--set", "sides.crew.gunman.count=2"), ("--without-character", "sun-ruler")
    ]  # fmt: skip


def test_a_change_a_sheets_pinned_figures_may_mask_is_noted() -> None:
    """The Sphinx's sheet pins its Hand Damage and Combat Roll in ``[overrides]``: raising its
    Strength may move nothing, and the note says so; changing a pin itself is not noted."""
    duel = ROOT / "scenarios" / "seraph_vs_sphinx.toml"
    strength = Override.parse("sides.villains.sphinx.sheet.strength=25")
    [note] = override_notes(duel, [strength])
    assert note.startswith(f"--set {strength.text}: this sheet pins ") and "hand_damage" in note
    pin = Override.parse("sides.villains.sphinx.sheet.overrides.hand_damage=12")
    assert override_notes(duel, [pin]) == []
    assert (
        override_notes(BANK_JOB, [Override.parse("sides.crew.sun-ruler.sheet.strength=25")]) == []
    )


def test_a_character_an_objective_names_cannot_be_taken_out() -> None:
    with pytest.raises(
        ScenarioError, match=r"stop\.objectives\[0\] is about safecracker"
    ) as caught:
        load_scenario(BANK_JOB, [without_character("safecracker")])
    assert caught.value.key == "--without-character safecracker"
