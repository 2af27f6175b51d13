"""What Power Absorption lends of a target's figured attributes (seed "Absorption"; G-289):
``mands_rulebook.powers.absorption.lent_attributes``.

The brute is a copy of the sample Seraph whose Strength 40 holds a Strength Bonus of 29 (basic
Strength 11, Seraph's); Seraph (Absorption PR 7) holds a share of him, logged as an ``Absorbed``.
"""

from __future__ import annotations

from mands_rulebook.powers.absorption import Absorbed
from mands_rulebook.powers.absorption.lent_attributes import (
    attribute,
    carried_endurance,
    modifiers,
    powers_add,
    share,
)
from mands_sim.kernel.encounter import Encounter
from mands_sim.testing import sample_sheet
from tests.data.fighters import fight
from tests.data.power_plan import PlanMind

SERAPH = sample_sheet(powers={"Absorption": {"power_rating": 7, "type": "powers"}})
BRUTE = sample_sheet(strength=40, powers={"Strength Bonus": {"power_rating": 29}})


def holding(percent: int, what: str = "powers", **defaults: str) -> Encounter:
    """Seraph holding ``percent`` % of the brute from segment 0 until 350."""
    minds = {"seraph": PlanMind(), "brute": PlanMind()}
    encounter = fight({"seraph": SERAPH, "brute": BRUTE}, minds=minds, defaults=defaults)
    encounter.emit([Absorbed(0, "seraph", "brute", what, percent, percent, 350)])
    return encounter


def test_share_rounds_toward_zero() -> None:
    """G-289, as G-181 rounds a PR taken: 35 % of 8 is 2.8 → 2, of −3 is −1.05 → −1."""
    assert [share(8, 35), share(-3, 35), share(14, 100)] == [2, -1, 14]


def test_powers_add_is_the_strength_bonus_share_of_each_attribute() -> None:
    """Seed: "Hand to Hand damage will only be absorbed if the target has increased strength":
    the brute's Strength Bonus adds 8 Hand Damage, 29 Lift, 14 Move, 1 Skin Temper row, 14 EP
    (none to Body DP); Seraph has no such power, so nothing of his can be lent."""
    encounter = holding(35)
    added = powers_add(encounter, encounter.character("brute"))
    assert dict(added) == {
        "hand_damage": 8, "lift_roll": 29, "move_roll": 14, "skin_temper": 1,
        "endurance_points": 14,
    }  # fmt: skip
    assert powers_add(encounter, encounter.character("seraph")) == {}


def test_mands_ability_modifiers_lend_carrying_capacity_and_movement() -> None:
    """Seed: "Carrying Capacity, Movement": 35 % of 29 Lift is 10, of 14 Move is 4: Seraph's
    Lift Roll 18 → 28 and Move Roll 29 → 33; the brute's 47 → 37 and 43 → 39."""
    encounter = holding(35)
    seraph, brute = encounter.figured("seraph"), encounter.figured("brute")
    assert (seraph.lift_roll, seraph.move_roll, seraph.hand_damage) == (28, 33, 8)
    assert (brute.lift_roll, brute.move_roll, brute.hand_damage) == (37, 39, 12)
    assert (seraph.endurance_points, brute.endurance_points) == (74 + 4, 88 - 4)


def test_all_of_it_lends_the_skin_temper_row() -> None:
    """At 100 % the Skin Temper row the Strength Bonus adds (brute row 2, basic row 1) moves:
    Seraph row 1 → 2, the brute 2 → 1."""
    encounter = holding(100)
    rows = [attribute(encounter.figured(who), "skin_temper") for who in ("seraph", "brute")]
    assert rows == [2, 1]


def test_the_loan_ends_with_the_duration() -> None:
    """At segment 350 the Absorbed is regained: both are as built again."""
    encounter = holding(35)
    encounter.run(until=350)
    assert encounter.current("seraph") is encounter.character("seraph")
    assert encounter.current("brute") is encounter.character("brute")


def test_material_and_psyche_absorption_lend_no_figured_attribute() -> None:
    """Seed: "Power Absorption ... steals the effects (Hand to Hand Damage ...)"; a character is
    no substance (G-181), and the mind's types steal no body."""
    for what in ("material", "psyche"):
        encounter = holding(100, what)
        assert encounter.current("seraph") is encounter.character("seraph")


def test_lent_body_dp_is_netted_from_the_ep_it_carries() -> None:
    """Seed "Endurance Points": "+ Body DP ÷ 2": 4 Body DP lent carry 2 EP to Seraph's maximum
    through the seam, so the EP modifier is the EP lent less 2 and the maximum moves by 5."""
    encounter = holding(35)
    assert carried_endurance(encounter, "seraph", 4) == 2
    lent = modifiers(encounter, "seraph", {"damage_points": 4, "endurance_points": 5})
    assert {(m.name, m.amount) for m in lent} == {("damage_points", 4), ("endurance_points", 3)}
