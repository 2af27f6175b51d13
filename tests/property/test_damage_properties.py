"""Invariants of :func:`mands_rulebook.kit.damage.strike` (``docs/rules/combat.md`` §7, §13).

Whatever lands and whatever covers it: a strike never heals (VP and DP never rise), takes no
negative damage, and protection never makes a blow worse than its raw number unless a rule
says so — a Skin Temper already past 1 (a weak or light character), a blow that breaks Skin
Temper (Vibratory Power), or G-59 ``twice`` (low Mass).
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from mands_rulebook.kit.damage import DAMAGE_KINDS, Blow, strike
from mands_sim.dice import SeededDice
from mands_sim.events import DamageTaken
from mands_sim.kernel.encounter import Encounter
from tests.data.fighters import fight, grunt, sample

FIGHTERS: dict[str, dict[str, Any]] = {
    "seraph": sample("seraph", skills={"Ignore Damage": 9}),
    "knight": grunt(equipment=["Plate Armor", "Shield", "Cloth Armor"]),
    "sprite": grunt(overrides={"mass": 30}),
    "weakling": grunt(abilities={**grunt()["abilities"], "strength": 3, "constitution": 3}),
    "ghost": grunt(powers={"Ignore Damage": {"bonus": 4, "cover_chance": 60}}),
}

ENCOUNTERS: dict[str, Encounter] = {
    choice: fight(FIGHTERS, dice=SeededDice(5), defaults={"G59_low_mass": choice})
    for choice in ("once", "twice", "opponent_skin")
}


@st.composite
def blows(draw: st.DrawFn) -> Blow:
    """Blows from a scratch to a cannon shell, from any fighter or a fall."""
    return Blow(
        raw=draw(st.integers(-3, 300)),
        source=draw(st.sampled_from([*FIGHTERS, "fall"])),
        kind=draw(st.sampled_from(DAMAGE_KINDS)),
        penetration=draw(st.integers(0, 20)),
        vs_skin_temper=draw(st.integers(0, 12)),
        location=draw(st.sampled_from(["body", "head", "neck", "arm", "legs"])),
        breaks_skin_temper=draw(st.booleans()),
        aim_at_armor=draw(st.integers(0, 6)),
    )


def landing(low_mass: str, victim: str, blow: Blow, vp: int, dp: int) -> DamageTaken:
    encounter = ENCOUNTERS[low_mass]
    state = encounter.state[victim]
    state.virtual_damage_points, state.damage_points = vp, dp  # set-up only; strike reads it
    (taken,) = [e for e in strike(encounter, victim, blow) if isinstance(e, DamageTaken)]
    return taken


victims = st.sampled_from(list(FIGHTERS))
low_mass_readings = st.sampled_from(list(ENCOUNTERS))


@settings(max_examples=150, deadline=None)
@given(low_mass_readings, victims, blows(), st.integers(-10, 60), st.integers(-20, 15))
def test_a_strike_never_heals(low_mass: str, victim: str, blow: Blow, vp: int, dp: int) -> None:
    taken = landing(low_mass, victim, blow, vp, dp)
    assert taken.taken >= 0
    assert taken.virtual_damage_points_after <= vp
    assert taken.damage_points_after <= dp
    assert (vp - taken.virtual_damage_points_after) + (dp - taken.damage_points_after) == (
        taken.taken
    )
    assert 0 <= taken.penetrating <= dp - taken.damage_points_after


@settings(max_examples=150, deadline=None)
@given(low_mass_readings, victims, blows())
def test_protection_never_adds_damage_unless_a_rule_allows_it(
    low_mass: str, victim: str, blow: Blow
) -> None:
    encounter = ENCOUNTERS[low_mass]
    weak_skin = encounter.character(victim).figured.skin_temper.row < 0
    if weak_skin or blow.breaks_skin_temper or low_mass == "twice":
        return
    taken = landing(low_mass, victim, blow, 40, 10)
    assert taken.taken <= max(blow.raw, 0)
    assert taken.raw == blow.raw
