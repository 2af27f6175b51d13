"""Quality presets (``mands_sim.policy.presets``): Attack to meet Defense first, then each
preset's own way (docs/rules/combat.md §5)."""

from __future__ import annotations

import pytest

from mands_sim.actions import QualityAllocation as Q
from mands_sim.policy.presets import PRESETS, allocate


@pytest.mark.parametrize(
    ("preset", "quality", "spent"),
    [
        ("balanced", 9, Q(attack=3, speed=3, damage=3)),  # as nearest-enemy
        ("balanced", 4, Q(attack=3, damage=1)),
        ("all-out", 9, Q(attack=3, damage=6)),
        ("defensive", 9, Q(attack=3, defense=6)),
        ("defensive", 2, Q(defense=2)),  # too little to meet Defense 3: all on Defense
        ("fast", 9, Q(attack=3, speed=6)),
        ("economical", 6, Q(attack=3, ep=3)),
        ("economical", 12, Q(attack=3, ep=5, damage=4)),  # row 5 goes no lower than row 0
        ("all-out", 2, Q(attack=2)),
        ("fast", 0, Q()),
    ],
)
def test_an_attack_meets_defense_then_spends_the_preset_way(
    preset: str, quality: int, spent: Q
) -> None:
    """A punch (EP row 5) at a target with Defense 3."""
    assert allocate(preset, quality, action="fist-attack", defense=3, ep_row=5) == spent


@pytest.mark.parametrize(
    ("preset", "spent"),
    [
        ("balanced", Q(speed=7)),
        ("all-out", Q(speed=7)),
        ("fast", Q(speed=7)),
        ("defensive", Q(defense=7)),
        ("economical", Q(ep=7)),
    ],
)
def test_a_move_roll_spends_on_speed_defense_or_ep(preset: str, spent: Q) -> None:
    """Seed "Move Roll": Q to speed, Defense (§4) or the EP row (row 9)."""
    for action in ("move", "reroll-move"):
        assert allocate(preset, 7, action=action, defense=None, ep_row=9) == spent


def test_an_economical_move_runs_with_what_the_ep_row_cannot_take() -> None:
    assert allocate("economical", 12, action="move", defense=None, ep_row=9) == Q(ep=9, speed=3)


@pytest.mark.parametrize("preset", PRESETS)
def test_a_jump_keeps_its_q_for_height_unless_economical(preset: str) -> None:
    spent = allocate(preset, 6, action="jump", defense=None, ep_row=9)
    assert spent == (Q(ep=6) if preset == "economical" else Q())


@pytest.mark.parametrize(
    ("preset", "spent"),
    [("balanced", Q()), ("all-out", Q()), ("defensive", Q(defense=4)), ("fast", Q(speed=4))],
)
def test_other_untargeted_rolls_get_defense_or_speed(preset: str, spent: Q) -> None:
    assert allocate(preset, 4, action="drop-action", defense=None, ep_row=9) == spent


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("quality", [-3, 0, 1, 5, 17])
@pytest.mark.parametrize("defense", [None, -2, 0, 4, 30])
def test_no_preset_spends_more_than_the_quality(
    preset: str, quality: int, defense: int | None
) -> None:
    spent = allocate(preset, quality, action="weapon-attack", defense=defense, ep_row=5)
    parts = (spent.attack, spent.defense, spent.speed, spent.damage, spent.ep)
    assert min(parts) >= 0 and spent.total <= max(0, quality)
