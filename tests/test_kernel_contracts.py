"""What the kernel and the rules agree on (``mands_sim.kernel.contracts``)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, cast

import mands_sim.kernel.contracts as contracts
import mands_sim.kernel.encounter as encounter_module
from mands_sim.kernel.contracts import Verdict, side_out_of_action
from mands_sim.kernel.encounter import Encounter
from mands_sim.kernel.state import CharacterState


def test_the_encounter_module_does_not_re_export_the_contracts() -> None:
    """One way to import a thing: the contracts come from ``mands_sim.kernel.contracts``."""
    assert not set(contracts.__all__) & set(encounter_module.__all__)


def fighter(who: str, side: str, condition: str = "active") -> CharacterState:
    return CharacterState(who, side, None, 10, 10, Fraction(20), condition=condition)


def standing(*fighters: CharacterState) -> Encounter:
    return Encounter(list(fighters), rules=cast(Any, None), minds={})


def test_side_out_of_action_waits_while_two_sides_stand() -> None:
    both = standing(fighter("seraph", "heroes"), fighter("sphinx", "villains"))
    assert side_out_of_action(both) is None


def test_side_out_of_action_gives_the_last_side_standing() -> None:
    won = standing(fighter("seraph", "heroes"), fighter("sphinx", "villains", "unconscious"))
    assert side_out_of_action(won) == Verdict("heroes", "the other side is out of action")


def test_side_out_of_action_with_nobody_standing_has_no_winner() -> None:
    lost = standing(fighter("seraph", "heroes", "dead"), fighter("sphinx", "villains", "fled"))
    assert side_out_of_action(lost) == Verdict(None, "nobody stands")
