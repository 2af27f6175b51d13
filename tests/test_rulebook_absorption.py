"""Absorption (seed "Absorption"): ``mands_rulebook.powers.absorption``.

The absorbers are copies of the sample character Seraph (Combat Roll 14, pool 1: needs 15; Hand
Damage 6) with only Absorption on their sheets: "seraph" (PR 7, powers), "eater" (PR 7,
material), "mentalist" (PR 10, psyche); the target is Sun-Ruler (VP 30, Skin Temper 1, Defense
0). The absorber's scripted stream deals its Combat Roll's dice, Sun-Ruler's his save and rounds.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import pytest

from mands_rulebook.kit.injury import AbsorptionFaint
from mands_rulebook.kit.powers.ratings import PowerTaken
from mands_rulebook.kit.powers.uses import PowerUsed
from mands_rulebook.powers.absorption import (
    Absorbed,
    AbsorptionSave,
    percentage_taken,
    save_needed,
    segments_to_absorb,
    stolen_rating,
)
from mands_sim.actions import QualityAllocation
from mands_sim.dice import ScriptedDice
from mands_sim.events import (
    AttackResolved,
    DamageTaken,
    EndurancePaid,
    Event,
    OutOfAction,
    PointsLent,
)
from mands_sim.kernel.contracts import ActionRefused
from mands_sim.narrative import tell
from mands_sim.testing import sample_sheet
from tests.data.power_plan import Bout, PlanMind, of, use

ABSORPTION = "Absorption"
TOUCH = "absorption-touch"


ABSORBERS = {
    "seraph": {"power_rating": 7, "type": "powers"},
    "eater": {"power_rating": 7, "type": "material"},
    "mentalist": {"power_rating": 10, "type": "psyche"},
}
"""The absorbers, each a copy of the sample Seraph with only this Absorption."""


BOUT = Bout(
    {who: sample_sheet(powers={ABSORPTION: power}) for who, power in ABSORBERS.items()},
    {"sun-ruler": 0.0},
)


def duel(
    mind: PlanMind,
    dice: Mapping[str, list[int]],
    *,
    until: int,
    absorber: str = "seraph",
    **defaults: str,
) -> list[Event]:
    """``absorber`` played by ``mind`` against a passive Sun-Ruler, everyone at one place."""
    return BOUT.play({absorber: mind}, ScriptedDice(dice), until, **defaults)


def touching(*segments: int, attack: int = 2) -> PlanMind:
    """Touches at ``segments`` with the 3 Q set aside (option ``touch``), ``attack`` Q on
    Attack."""
    plan = [(s, use(TOUCH, ABSORPTION, "sun-ruler", touch=True)) for s in segments]
    return PlanMind(plan, quality=QualityAllocation(attack=attack))


def test_percentage_taken_is_5_per_pr_and_the_girder_takes_3_segments() -> None:
    """Seed: "PR times 5"; "Material Absorption PR 7 can steal 100% of a steel girder's
    properties, after 3 segments of touching it": 35, 70, 105 → 100."""
    assert [percentage_taken(7, s) for s in (1, 2, 3)] == [35, 70, 100]
    assert segments_to_absorb(7) == 3
    assert segments_to_absorb(0) is None


def test_the_save_is_the_percentage_times_skin_temper_rounded_up() -> None:
    """Seed: "save on d100 greater than or equal to the percentage of power taken times Skin
    Temper": 35 % against Seraph's 9/10 needs 31.5 → 32; a PR 17 power at 35 % is 5."""
    assert save_needed(35, Fraction(9, 10)) == 32
    assert save_needed(35, Fraction(1)) == 35
    assert stolen_rating(17, 35) == 5


def test_resolve_a_touch_with_3_q_set_aside_absorbs_35_percent() -> None:
    """Dice 5 + 5 against 15: Q 5, 3 set aside, 2 on Attack; the touch lands on 20 (Hand Damage
    6 into VP: no DP, but the 3 Q touch). Sun-Ruler's d100 35 ≥ 35 × 1 saves. The absorption
    is regained 7 rounds later (segment 370)."""
    events = duel(touching(0), {"seraph": [5, 5], "sun-ruler": [35]}, until=25)
    (absorbed,) = of(events, Absorbed, "seraph")
    assert (absorbed.segment, absorbed.target, absorbed.what) == (20, "sun-ruler", "powers")
    assert (absorbed.percent, absorbed.total, absorbed.until) == (35, 35, 370)
    (save,) = of(events, AbsorptionSave, "sun-ruler")
    assert (save.needed, save.roll, save.saved) == (35, 35, True)
    assert tell(absorbed, {"seraph": "Seraph", "sun-ruler": "Sun-Ruler"}) == (
        "Seraph absorbs 35% of Sun-Ruler's powers (35% held until segment 370)"
    )
    assert of(events, DamageTaken, "sun-ruler")[0].taken == 6


def test_initiate_a_touch_pays_the_combat_roll_and_row_9() -> None:
    """All 7 PR on the percentage (the default): the Combat Roll's row 5 (1 EP, G-13) and the
    power's row 9 (5 EP)."""
    events = duel(touching(0), {"seraph": [5, 5], "sun-ruler": [99]}, until=2)
    (used,) = of(events, PowerUsed, "seraph")
    assert dict(used.spent) == {"percentage": 7, "ep": 0, "speed": 0}
    paid = [(e.reason, e.amount) for e in of(events, EndurancePaid, "seraph")]
    assert paid == [("combat roll", Fraction(1)), (TOUCH, Fraction(5))]


def test_a_failed_save_knocks_the_target_out_for_d100_rounds() -> None:
    """d100 34 < 35: Sun-Ruler falls unconscious for d100 = 12 rounds (until 20 + 600)."""
    dice = {"seraph": [5, 5], "sun-ruler": [34, 12]}
    events = duel(touching(0), dice, until=25)
    (faint,) = of(events, AbsorptionFaint, "sun-ruler")
    assert (faint.source, faint.rounds, faint.until) == ("seraph", 12, 620)
    assert of(events, OutOfAction, "sun-ruler")[0].condition == "unconscious"


def test_a_punch_that_only_takes_vp_absorbs_nothing() -> None:
    """ "Must hit for DP, or use 3 Q points": without the touch option the Hand Damage 6 hits
    (Attack 2 ≥ Defense 0) but only takes VP, so nothing is absorbed."""
    plan = [(0, use(TOUCH, ABSORPTION, "sun-ruler"))]
    seraph = PlanMind(plan, quality=QualityAllocation(attack=2))
    events = duel(seraph, {"seraph": [5, 5]}, until=25)
    assert of(events, AttackResolved, "seraph")[0].hit
    assert of(events, Absorbed) == []


def test_a_touch_short_of_3_q_is_only_a_punch() -> None:
    """Dice 8 + 6 against 15: Q 1, less than the 3 Q a touch needs; the punch takes VP only."""
    events = duel(touching(0, attack=1), {"seraph": [8, 6]}, until=25)
    assert of(events, Absorbed) == []


def test_g100_switch_the_save_reads_all_that_is_held_or_this_touch() -> None:
    """Two touches (0 and 20, Sun-Ruler's d100 50 each time): the second holds 70 %. Under
    ``total`` it needs 70 and fails; under ``touch`` 35 and saves."""
    dice = {"seraph": [5, 5, 5, 5], "sun-ruler": [50, 50, 7]}
    total = duel(touching(0, 20), dice, until=45)
    assert [s.needed for s in of(total, AbsorptionSave)] == [35, 70]
    assert [a.total for a in of(total, Absorbed)] == [35, 70]
    assert of(total, AbsorptionFaint)[0].rounds == 7
    touch = duel(touching(0, 20), dice, until=45, G100_absorption_save="touch")
    assert [s.needed for s in of(touch, AbsorptionSave)] == [35, 35]
    assert of(touch, AbsorptionFaint) == []


def test_material_absorption_has_no_save() -> None:
    """Seed: "Targets for Material Absorption will not fall unconscious"."""
    events = duel(touching(0), {"eater": [5, 5]}, until=25, absorber="eater")
    assert of(events, Absorbed)[0].what == "material"
    assert of(events, AbsorptionSave) == []


def test_psyche_absorption_saves_against_mind_skin_temper_1() -> None:
    """Seed "Skin Temper": "In Mind Combat, Skin Temper is normally 1": Sun-Ruler (Newoen 14,
    Active Charisma 10) against PR 10: 50 % needs 50."""
    dice = {"mentalist": [5, 5], "sun-ruler": [50]}
    events = duel(touching(0), dice, until=25, absorber="mentalist")
    (save,) = of(events, AbsorptionSave)
    assert (save.needed, save.saved) == (50, True)


def test_psyche_absorption_save_reads_newoen_above_20_as_mind_skin_temper() -> None:
    """Seed "Skin Temper": "For newoens greater than 20, subtract 20 from newoen for the number
    of rows to move up": Newoen 25 is row 5 (2/5), so 50 % needs 20 and a 20 saves."""
    sage = sample_sheet(newoen=25, powers={})
    bout = Bout({"mentalist": BOUT.heroes["mentalist"], "sage": sage}, {"sun-ruler": 0.0})
    touch = use(TOUCH, ABSORPTION, "sage", touch=True)
    mind = PlanMind([(0, touch)], quality=QualityAllocation(attack=2))
    events = bout.play({"mentalist": mind}, ScriptedDice({"mentalist": [5, 5], "sage": [20]}), 25)
    (save,) = of(events, AbsorptionSave)
    assert (save.character, save.needed, save.saved) == ("sage", 20, True)


# --- what is stolen reaches a use (G-181) --------------------------------------------------------

FLAME_UP = "fire-coat-flame-up"


def touch_then_flame_up(at: int) -> PlanMind:
    """Seraph touches Sun-Ruler on 0 (3 Q set aside), then flames up with the stolen Fire Coat
    on ``at``."""
    touch = (0, use(TOUCH, ABSORPTION, "sun-ruler", touch=True))
    return PlanMind([touch, (at, use(FLAME_UP, "Fire Coat"))], quality=QualityAllocation(attack=2))


def test_power_absorption_takes_35_percent_of_the_fire_coat_pr() -> None:
    """PR 7 takes 35 % (seed: "PR times 5") of Sun-Ruler's Fire Coat PR 12: 4 PR (rounded
    down, G-181), held until the Duration ends 7 rounds later (segment 370)."""
    events = duel(touching(0), {"seraph": [5, 5], "sun-ruler": [99]}, until=25)
    (taken,) = of(events, PowerTaken, "seraph")
    assert (taken.target, taken.power, taken.power_rating, taken.until) == (
        "sun-ruler", "Fire Coat", 4, 370,
    )  # fmt: skip


def test_initiate_the_absorber_uses_the_stolen_fire_coat_at_its_pr() -> None:
    """Seraph has no Fire Coat on his sheet; on 25 he flames up with the 4 PR he took (the
    default spend of a PR-4 Fire Coat), no %Control roll made."""
    events = duel(touch_then_flame_up(25), {"seraph": [5, 5], "sun-ruler": [99]}, until=40)
    (used,) = [e for e in of(events, PowerUsed, "seraph") if e.action == FLAME_UP]
    assert (used.segment, used.power, used.power_rating) == (25, "Fire Coat", 4)


def test_the_target_lacks_what_was_taken_until_the_duration_ends() -> None:
    """Sun-Ruler's Fire Coat is PR 12 − 4 = 8 while Seraph holds it, 12 again from 370."""
    dice = {"seraph": [5, 5], "sun-ruler": [99]}
    plan = [(30, use(FLAME_UP, "Fire Coat")), (380, use(FLAME_UP, "Fire Coat"))]
    minds = {"seraph": touching(0), "sun-ruler": PlanMind(plan, sustain=False)}
    events = BOUT.play(minds, ScriptedDice(dice), 385)
    ratings = [(e.segment, e.power_rating) for e in of(events, PowerUsed, "sun-ruler")]
    assert ratings == [(30, 8), (380, 12)]


def test_mands_action_refusals_the_stolen_power_is_gone_after_the_duration() -> None:
    """After segment 370 Seraph holds no Fire Coat: flaming up on 375 is refused."""
    with pytest.raises(ActionRefused, match=r"segment 375: .*seraph has no usable Fire Coat"):
        duel(touch_then_flame_up(375), {"seraph": [5, 5], "sun-ruler": [99]}, until=380)


def test_g181_switch_numbers_only_leaves_the_stolen_power_unusable() -> None:
    """``G181_absorbed_powers = "numbers"``: the Absorbed event alone; Seraph cannot flame up."""
    dice = {"seraph": [5, 5], "sun-ruler": [99]}
    events = duel(touching(0), dice, until=25, G181_absorbed_powers="numbers")
    assert of(events, Absorbed, "seraph") and of(events, PowerTaken) == []
    with pytest.raises(ActionRefused, match=r"segment 25: .*seraph has no usable Fire Coat"):
        duel(touch_then_flame_up(25), dice, until=40, G181_absorbed_powers="numbers")


def test_psyche_absorption_takes_no_fire_coat() -> None:
    """G-181: Fire Coat is no psychic power; Psyche Absorption takes none of it."""
    dice = {"mentalist": [5, 5], "sun-ruler": [99]}
    events = duel(touching(0), dice, until=25, absorber="mentalist")
    assert of(events, Absorbed) and of(events, PowerTaken) == []


# --- what is lent of the target's figured attributes (G-289) -------------------------------------

BRUTE = sample_sheet(strength=40, powers={"Strength Bonus": {"power_rating": 29}})
"""Seraph's copy whose Strength 40 holds a Strength Bonus of 29 ("increased Strength"): his
basic Strength is Seraph's 11. Hand Damage 14 (Seraph 6), Lift Roll 47 (18), Move Roll 43 (29),
EP 88 (74): the power adds 8, 29, 14 and 14."""

STRONG = Bout({"seraph": BOUT.heroes["seraph"], "brute": BRUTE}, {"sun-ruler": 0.0})


def touching_the_brute(*segments: int) -> PlanMind:
    plan = [(s, use(TOUCH, ABSORPTION, "brute", touch=True)) for s in segments]
    return PlanMind(plan, quality=QualityAllocation(attack=2))


def strong_duel(segments: tuple[int, ...], until: int, **defaults: str) -> list[Event]:
    """Seraph touches the brute at ``segments`` (dice 5 + 5 each); the brute saves on 99."""
    dice = {"seraph": [5, 5] * len(segments), "brute": [99] * len(segments)}
    return STRONG.play(
        {"seraph": touching_the_brute(*segments)}, ScriptedDice(dice), until, **defaults
    )


def test_power_absorption_moves_35_percent_of_the_ep_the_strength_bonus_adds() -> None:
    """Seed: "Things that can be stolen include ... EP"; G-289: 35 % of the 14 EP the Strength
    Bonus adds is 4, moved from the brute's 88 to Seraph's 74 (less the touch's EP) at 20."""
    events = strong_duel((0,), until=25)
    seraph_paid = sum(e.amount for e in of(events, EndurancePaid, "seraph"))
    (gained,) = of(events, PointsLent, "seraph")
    (lost,) = of(events, PointsLent, "brute")
    assert (gained.segment, gained.other, gained.endurance_points) == (20, "brute", 4)
    assert gained.endurance_points_after == 74 - seraph_paid + 4
    assert (lost.endurance_points, lost.endurance_points_after) == (-4, 88 - 4)
    assert gained.damage_points == lost.damage_points == 0


def test_the_lent_ep_goes_back_when_the_duration_ends() -> None:
    """Seed "Duration": "regained by the target, PR rounds after it was taken": at 20 + 7 × 50
    = 370 the 4 EP go back to the brute."""
    events = strong_duel((0,), until=375)
    back = [(e.segment, e.character, e.endurance_points) for e in of(events, PointsLent)]
    assert back[2:] == [(370, "seraph", -4), (370, "brute", 4)]
    assert of(events, PointsLent, "brute")[-1].endurance_points_after == 88  # 84 held, then 88


def test_the_lent_hand_damage_lands_in_the_absorbers_next_punch() -> None:
    """Seed: "It steals the effects (Hand to Hand Damage ...)": after the first touch Seraph's
    Hand Damage is 6 + 35 % of 8 = 8, so his second touch (3 Q set aside, no damage Q) hits for
    8; the first hit for 6."""
    events = strong_duel((0, 20), until=45)
    assert [e.raw for e in of(events, DamageTaken, "brute")] == [6, 8]


def test_the_girder_example_three_touches_of_pr_7_take_all_the_power_adds() -> None:
    """Seed: "Material Absorption PR 7 can steal 100% of a steel girder's properties, after 3
    segments": three touches of PR 7 (35 + 35 + 30 %) hold 100 %, and the EP moved total the
    whole 14 the Strength Bonus adds (4, then 5, then 5)."""
    events = strong_duel((0, 20, 40), until=65)
    assert [a.total for a in of(events, Absorbed, "seraph")] == [35, 70, 100]
    assert [e.endurance_points for e in of(events, PointsLent, "seraph")] == [4, 5, 5]


def test_g289_switch_off_lends_nothing_and_whole_lends_a_share_of_all_the_ep() -> None:
    """``off``: no EP moves. ``whole``: 35 % of all the brute's 88 EP (the Strength Bonus adds
    to it) is 30."""
    assert of(strong_duel((0,), until=25, G289_absorbed_attributes="off"), PointsLent) == []
    whole = strong_duel((0,), until=25, G289_absorbed_attributes="whole")
    assert of(whole, PointsLent, "seraph")[0].endurance_points == 30


def test_nothing_is_lent_of_a_target_with_no_ability_bonus_power() -> None:
    """Seed: "The abilities are only taken if there is a corresponding power": Sun-Ruler has
    none, so touching him moves no EP."""
    events = duel(touching(0), {"seraph": [5, 5], "sun-ruler": [99]}, until=25)
    assert of(events, Absorbed) and of(events, PointsLent) == []
