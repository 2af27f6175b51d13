"""Who has Editing and Fate Points, and the ledger of what they did
(``mands_rulebook.kit.editing_points.points``; seed 000, seed 001 "Editing Points", "Fate
Points";
G-150, G-151)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mands_rulebook.kit.editing_points.points import (
    EXPERIENCE_GAINED,
    IN_PLAY_METRICS,
    POINTS_TRAINED,
    POINTS_USED,
    EditingPointsUsed,
    FatePointSpent,
    Ledger,
    editing_points_left,
    fate_points_left,
    is_player,
    ledger,
)
from mands_rulebook.kit.injury import DeathShot
from mands_sim.events import Event
from mands_sim.run_counts import RunCounts
from tests.test_rulebook_optional_editing_points import ON, rooftop


def test_a_player_character_starts_with_four_editing_and_two_fate_points() -> None:
    """Seed 001: "The character starts the game with 4 Editing Points" and "2 Fate Points";
    Seraph, the first side's Special character, is a player character (G-150)."""
    encounter = rooftop(ON)
    assert (editing_points_left(encounter, "seraph"), fate_points_left(encounter, "seraph")) == (
        4,
        2,
    )


def test_a_non_player_special_has_no_points() -> None:
    """Seed 001: non-player Specials "start the game with 0 Fate Points"; G-153 is off."""
    encounter = rooftop(ON)
    assert (editing_points_left(encounter, "sphinx"), fate_points_left(encounter, "sphinx")) == (
        0,
        0,
    )


@pytest.mark.parametrize(
    ("reading", "players"),
    [("first_side_specials", {"seraph"}), ("specials", {"seraph", "sphinx"})],
)
def test_g150_who_the_players_play(reading: str, players: set[str]) -> None:
    encounter = rooftop(ON, G150_player_characters=reading)
    assert {a for a in ("seraph", "sphinx") if is_player(encounter, a)} == players


def test_ledger_counts_fate_points_and_training_by_skill() -> None:
    events: list[Event] = [
        EditingPointsUsed(0, "seraph", 3, "edit roll", "combat", "Fistfighting"),
        EditingPointsUsed(5, "seraph", 1, "edit roll", "consciousness check", "Constitution"),
        FatePointSpent(9, "seraph", "test"),
        DeathShot(9, "sphinx", "seraph", False, 3),
    ]
    assert ledger(events, "seraph") == Ledger(
        4, {"Constitution": Fraction(1, 2), "Fistfighting": Fraction(3, 2)}, 1
    )


def test_the_points_used_count_with_their_training_and_experience() -> None:
    """Seed 000: 3 points on a roll train the skill by 1.5 (3 halves) and add 3 to Experience;
    the Editor lowering a non-player's roll by 2 takes 1 off its skill (-2 halves) and adds
    nothing (G-193), so that metric leaves it out."""
    counts = RunCounts(IN_PLAY_METRICS)
    for event in (
        EditingPointsUsed(4, "sinister", 3, "edit roll", "combat", "Fistfighting"),
        EditingPointsUsed(6, "dexter", 2, "lower roll", "combat", "Fistfighting", "editor"),
    ):
        counts.add(event)
    assert counts.of("sinister").metrics == (
        (POINTS_TRAINED.name, 3), (POINTS_USED.name, 3), (EXPERIENCE_GAINED.name, 3)
    )  # fmt: skip
    assert counts.of("dexter").metrics == ((POINTS_TRAINED.name, -2), (POINTS_USED.name, 2))
    assert POINTS_TRAINED.parts == 2
