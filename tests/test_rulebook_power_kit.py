"""The power kit (``rules/powers.md`` §1, ``rules/combat.md`` §17a): ``mands_rulebook.power_kit``.

Unit tests of the spec, names, PR spending, ranges and touch; kit behaviour that needs a running
encounter (refusals, sustained uses, maintained follow-ups, the damage seam) through the whole
kernel with Seraph (Electric Power PR 17, %Control 97) and Sun-Ruler (Fire Coat PR 12).
"""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace
from typing import Any

import pytest
from mands_rulebook.damage import Cover, covers_in_progress
from mands_rulebook.power_kit import (
    HELD,
    LET_GO,
    PowerSpec,
    PowerSpend,
    PowerSpendError,
    PowerTaken,
    PowerUse,
    PowerUsed,
    anyone_has_power,
    canonical_power_name,
    checked_spend,
    cosmic_ray_ranges,
    ep_down_to,
    power_rating,
    power_slug,
    sheet_power,
    standard_ranges,
    taken_powers,
    touch_quality,
    touched,
    usable_power,
)
from mands_rulebook.powers.electric_power import ELECTRIC_POWER
from mands_rulebook.powers.emotion_control import EMOTION_CONTROL
from mands_rulebook.powers.fire_coat import FIRE_COAT

from mands_sim.actions import ActionDefinition, ActionInProgress, Intent, QualityAllocation
from mands_sim.charts import load_standard_charts
from mands_sim.dice import ScriptedDice
from mands_sim.errors import PluginHookError
from mands_sim.events import (
    ActionDropped,
    ActionStarted,
    AttackResolved,
    DamageTaken,
    EndurancePaid,
    PushedBack,
    RollMade,
)
from mands_sim.kernel.encounter import ActionRefused
from mands_sim.model.sheet import load_sheet
from mands_sim.plugins import make_plugin_manager
from mands_sim.registry import PowerEntry, Registries, Registry, collect_registries
from tests.data.power_plan import SCENARIOS, PlanMind, duel, duel_simulation, of, use

CHART = load_standard_charts().action
ELECTRIC = "Electric Power"
BLAST = "electric-power-blast"


def nothing(encounter: Any, actor: str, intent: Intent, pr: int) -> dict[str, int]:
    return {}


def a_use(name: str = "test-power-zap", **fields: Any) -> PowerUse:
    return PowerUse(ActionDefinition(name, 20), ("damage",), nothing, **fields)


# --- the spec -----------------------------------------------------------------------------------


def test_power_slug_names_the_prefix_of_the_actions() -> None:
    assert power_slug("Fire Coat") == "fire-coat"
    assert power_slug("Anti-Matter Production") == "anti-matter-production"
    assert power_slug("Flight, Slow") == "flight-slow"


def test_a_use_whose_action_does_not_start_with_the_slug_is_refused() -> None:
    with pytest.raises(ValueError, match="starts with 'test-power-'"):
        PowerSpec("Test Power", "x", "rules text", (a_use("zap"),))


def test_a_spec_needs_a_known_source_tag() -> None:
    with pytest.raises(ValueError, match="source"):
        PowerSpec("Test Power", "x", "folklore", (a_use(),))  # type: ignore[arg-type]


def test_ep_and_speed_are_not_a_uses_own_effects_and_an_attack_needs_a_blow() -> None:
    with pytest.raises(ValueError, match="always spendable"):
        PowerUse(ActionDefinition("test-power-zap", 20), ("ep",), nothing)
    with pytest.raises(ValueError, match="needs a blow"):
        a_use(role="attack")


@pytest.fixture(scope="module")
def registered() -> Registries:
    return collect_registries(make_plugin_manager(environ={}))


def test_mands_register_powers_registers_each_spec_with_its_source_tag(
    registered: Registries,
) -> None:
    entry = registered.powers["Fire Coat"]
    assert (entry.plugin, entry.source, entry.payload) == (
        "mands_rulebook.powers.fire_coat",
        "rules text",
        FIRE_COAT,
    )


def test_mands_register_actions_registers_every_use_of_a_power(registered: Registries) -> None:
    names = {use.action.name for use in (*FIRE_COAT.uses, *ELECTRIC_POWER.uses)}
    assert names <= set(registered.actions)
    assert registered.actions["fire-coat-flame-up"].source == "rules text"


# --- names --------------------------------------------------------------------------------------


def registries_of(*specs: PowerSpec) -> Registries:
    entries = (PowerEntry(s.name, f"plugin-{s.name}", s.source, s.summary, s) for s in specs)
    return Registries(powers=Registry(tuple(entries)))


def test_canonical_power_name_reads_names_and_aliases_case_and_spacing_aside() -> None:
    registries = registries_of(ELECTRIC_POWER, FIRE_COAT)
    assert canonical_power_name(registries, "ELECTRICITY") == ELECTRIC
    assert canonical_power_name(registries, "firecoat") == "Fire Coat"
    assert canonical_power_name(registries, "Gravity Control") is None


def test_two_powers_claiming_one_alias_is_an_error_naming_both() -> None:
    other = PowerSpec("Lightning", "x", "template, not rules text", (), aliases=("Electricity",))
    with pytest.raises(ValueError, match="'Electric Power' and 'Lightning'"):
        canonical_power_name(registries_of(ELECTRIC_POWER, other), "Electricity")


def test_a_latent_power_cannot_be_used() -> None:
    """Seraph's Psychic Invisibility is latent (seed: %Control is rolled on discovery)."""
    sheet = load_sheet(SCENARIOS / "characters" / "seraph.toml")
    latent = PowerSpec("Psychic Invisibility", "x", "template, not rules text", ())
    assert sheet_power(sheet, latent) is None
    assert sheet_power(sheet, ELECTRIC_POWER) is not None


# --- spending PR --------------------------------------------------------------------------------


def spend(pr: int, wanted: dict[str, int]) -> PowerSpend:
    return checked_spend("sun-ruler's mind (Test)", FIRE_COAT, FIRE_COAT.uses[1], pr, wanted)


def test_a_spend_within_the_pr_is_kept_with_its_ep_row() -> None:
    kept = spend(12, {"damage": 6, "distance": 2, "ep": 3, "speed": 1})
    assert (kept["damage"], kept["distance"], kept.ep, kept.speed, kept.total) == (6, 2, 3, 1, 12)
    assert kept.ep_row == 9 - 3


def test_pr_on_ep_never_takes_the_row_below_0() -> None:
    assert spend(12, {"ep": 12}).ep_row == 0
    assert ep_down_to(5, 9, 12) == 4 and ep_down_to(5, 9, 3) == 3


@pytest.mark.parametrize(
    ("wanted", "problem"),
    [
        ({"damage": 13}, "more than the PR"),
        ({"damage": 6, "distance": 6, "ep": 1}, "more than the PR"),
        ({"skin_temper": 2}, "no such effect"),
        ({"damage": -1}, "whole points"),
        ({"damage": True}, "whole points"),
    ],
)
def test_a_bad_spend_is_an_error_naming_the_mind(wanted: dict[str, int], problem: str) -> None:
    with pytest.raises(PowerSpendError, match=rf"sun-ruler's mind \(Test\).*{problem}"):
        spend(12, wanted)


def test_mands_action_initiate_asks_the_minds_spend_power_with_the_power_and_its_pr() -> None:
    mind = PlanMind([(0, use(BLAST, ELECTRIC, "sun-ruler"))], spend={BLAST: {"damage": 17}})
    duel({"seraph": mind, "sun-ruler": PlanMind()}, ScriptedDice({"seraph": [5, 5, 5]}), until=1)
    assert mind.asked == [(ELECTRIC, 17)]


def test_mands_action_initiate_a_spend_over_the_pr_fails_naming_the_mind() -> None:
    mind = PlanMind([(0, use(BLAST, ELECTRIC, "sun-ruler"))], spend={BLAST: {"damage": 18}})
    with pytest.raises(PluginHookError) as raised:
        duel({"seraph": mind, "sun-ruler": PlanMind()}, ScriptedDice({"seraph": [5]}), until=1)
    assert "PowerSpendError: seraph's mind (PlanMind) spent {'damage': 18}" in str(raised.value)


# --- refusals -----------------------------------------------------------------------------------


def test_mands_action_refusals_refuse_a_power_intent_that_does_not_name_the_sheets_power() -> None:
    """%Control is rolled for the power ``options["power"]`` names: without it, no use."""
    mind = PlanMind([(0, Intent(BLAST, target="sun-ruler"))], spend={})
    with pytest.raises(ActionRefused, match="must name 'Electric Power'"):
        duel({"seraph": mind, "sun-ruler": PlanMind()}, ScriptedDice({}), until=1)


def test_mands_action_refusals_refuse_a_power_the_character_lacks() -> None:
    mind = PlanMind([(0, use(BLAST, ELECTRIC, "seraph"))], spend={})
    with pytest.raises(ActionRefused, match="sun-ruler has no usable Electric Power"):
        duel({"seraph": PlanMind(), "sun-ruler": mind}, ScriptedDice({}), until=1)


# --- sustained uses (G-75) ----------------------------------------------------------------------


def flame(sustain: bool) -> list[Any]:
    sun = PlanMind([(0, use("fire-coat-flame-up", "Fire Coat"))], sustain=sustain)
    return duel({"sun-ruler": sun, "seraph": PlanMind()}, ScriptedDice({}), until=101)


def test_mands_action_sustain_holds_a_use_to_the_next_payment_segment_each_round() -> None:
    events = flame(sustain=True)
    held = [(e.segment, e.completes_at, e.reason) for e in of(events, PushedBack, "sun-ruler")]
    assert held == [(50, 100, HELD), (100, 150, HELD)]
    paid = [(e.segment, e.amount) for e in of(events, EndurancePaid, "sun-ruler")]
    assert paid == [(0, Fraction(1)), (50, Fraction(1)), (100, Fraction(1))]


def test_mands_action_sustain_a_mind_that_lets_go_ends_the_use_before_it_pays() -> None:
    events = flame(sustain=False)
    (dropped,) = of(events, ActionDropped, "sun-ruler")
    assert (dropped.segment, dropped.reason) == (50, LET_GO)
    assert [e.segment for e in of(events, EndurancePaid, "sun-ruler")] == [0]


def test_a_sustained_use_with_pr_on_speed_takes_effect_sooner() -> None:
    """3 PR on speed halve the Performance Time 10 → 5 (G-75: the effect from segment 5):
    Seraph's punch (5 Q on speed: 15 × 1/2 × 0.8 = 6) lands on 6 and is halved, 6 → 3."""
    spent = {"fire-coat-flame-up": {"skin_temper": 8, "speed": 3}}
    sun = PlanMind([(0, use("fire-coat-flame-up", "Fire Coat"))], spend=spent)
    quick = QualityAllocation(speed=5)
    seraph = PlanMind([(0, Intent("fist-attack", target="sun-ruler"))], quality=quick)
    events = duel({"sun-ruler": sun, "seraph": seraph}, ScriptedDice({"seraph": [5, 5]}), until=7)
    (hit,) = of(events, DamageTaken, "sun-ruler")
    assert (hit.segment, hit.raw, hit.taken) == (6, 6, 3)
    assert of(events, ActionStarted, "sun-ruler")[0].completes_at == 50


def test_strike_reads_the_covers_of_actions_in_progress_from_protects_from() -> None:
    """The damage seam (G-75): ``prepared["covers"]`` count once ``protects_from`` has come."""
    shield = Cover("test shield", 100, skin_temper_rows=2)
    action = ActionInProgress(
        1, ActionDefinition("test-shield", 10), Intent("test-shield"), 0, 50,
        {"covers": (shield,), "protects_from": 10},
    )  # fmt: skip
    plain = ActionInProgress(2, ActionDefinition("test-walk", 10), Intent("test-walk"), 0, 50)
    state = {"x": SimpleNamespace(actions=[action, plain])}
    assert covers_in_progress(SimpleNamespace(now=9, state=state), "x") == []  # type: ignore[arg-type]
    assert covers_in_progress(SimpleNamespace(now=10, state=state), "x") == [shield]  # type: ignore[arg-type]


# --- attacks ------------------------------------------------------------------------------------


def test_a_maintained_power_blast_follows_up_at_a_quarter_time_with_attack_less_2() -> None:
    """Seed "Maintaining an Attack": Seraph's blast (Q 5, all Attack) lands on 20; the follow-up
    started on 20 rolls %Control again (G-53) but no Combat Roll, takes 5 segments, Attack 5 − 2
    = 3, and pays row 9 + 1 (6 EP) (G-54, G-55)."""
    plan = [
        (0, use(BLAST, ELECTRIC, "sun-ruler")),
        (20, use(BLAST, ELECTRIC, "sun-ruler", maintain=True)),
    ]
    mind = PlanMind(plan, spend={BLAST: {"damage": 17}}, quality=QualityAllocation(attack=5))
    dice = ScriptedDice({"seraph": [5, 5, 5, 7]})
    events = duel({"seraph": mind, "sun-ruler": PlanMind()}, dice, until=26)
    assert len(of(events, RollMade, "seraph")) == 1
    attacks = [(e.segment, e.attack) for e in of(events, AttackResolved, "seraph")]
    assert attacks == [(20, 5), (25, 3)]
    follow_up = [e for e in of(events, EndurancePaid, "seraph") if e.segment == 20]
    assert [(e.row, e.amount) for e in follow_up] == [(10, Fraction(6))]
    assert [e.raw for e in of(events, DamageTaken, "sun-ruler")] == [6, 6]
    assert len(of(events, PowerUsed, "seraph")) == 2


def test_cosmic_ray_ranges_are_the_pr_4_rows_lower_and_5_higher_on_the_sphere_chart() -> None:
    """Seed "Cosmic Rays" (the template's default, G-21): PR 12 → 24 m, 8 m, row 17: 100 m."""
    ranges = cosmic_ray_ranges(CHART, 12)
    assert (ranges.short_range, ranges.range_set, ranges.max_range) == (24.0, 8.0, 100.0)


def test_standard_ranges_never_put_short_range_beyond_the_maximum() -> None:
    assert standard_ranges(CHART, 12, 10.0).short_range == 10.0
    assert standard_ranges(CHART, 12, 100.0).short_range == 24.0


def test_touch_takes_effect_by_dp_or_by_setting_aside_n_quality() -> None:
    """Seed: "must hit for DP, or use 3 Q points from the Combat Roll" (Absorption)."""
    asks = Intent("test-power-touch", options={"touch": True})
    assert touch_quality(asks, 5, 3) == 3
    assert touch_quality(asks, 2, 3) == 0  # not enough Q: it must hit for DP
    assert touch_quality(Intent("test-power-touch"), 5, 3) == 0
    assert touched(1, 0, 3) and touched(0, 3, 3) and not touched(0, 0, 3)


# --- touches and PR taken (G-79, G-120, G-181) ---------------------------------------------------


def test_a_touch_is_an_attack_in_contact() -> None:
    """``PowerUse.touch``: "must hit for DP, or use N Quality Points from the Combat Roll" is
    for attacks in contact only."""
    definition = ActionDefinition("fire-coat-poke", 20)
    with pytest.raises(ValueError, match="a touch is an attack in contact"):
        PowerUse(definition, (), lambda *args: {}, touch=3)


def test_power_taken_moves_pr_from_the_target_to_the_taker_until_it_runs_out() -> None:
    """A ``PowerTaken`` of 4 Fire Coat PR until segment 50: Seraph (no Fire Coat on his sheet)
    uses PR 4 under the power's name, Sun-Ruler 12 − 4 = 8; from 50 on, 0 and 12 again."""
    simulation = duel_simulation()
    simulation.minds = {"seraph": PlanMind(), "sun-ruler": PlanMind()}
    encounter = simulation.start()
    encounter.emit([PowerTaken(0, "seraph", "sun-ruler", "Fire Coat", 4, 50)])
    entry = usable_power(encounter, "seraph", FIRE_COAT)
    assert entry is not None and (entry.name, entry.power_rating) == ("Fire Coat", 4)
    assert power_rating(encounter, "sun-ruler", FIRE_COAT) == 8
    assert taken_powers(encounter, "seraph") == ("Fire Coat",)
    encounter.run(until=50)
    assert (encounter.now, usable_power(encounter, "seraph", FIRE_COAT)) == (50, None)
    assert power_rating(encounter, "sun-ruler", FIRE_COAT) == 12
    assert taken_powers(encounter, "seraph") == ()


def test_anyone_has_power_follows_pr_taken_and_given_back() -> None:
    """Nobody in the duel has Emotion Control until a ``PowerTaken`` of 4 PR until segment 50
    gives Seraph some; from 50 on nobody has it again. The answer is kept per segment and log
    length, so it follows both."""
    simulation = duel_simulation()
    simulation.minds = {"seraph": PlanMind(), "sun-ruler": PlanMind()}
    encounter = simulation.start()
    before = anyone_has_power(encounter, EMOTION_CONTROL), anyone_has_power(encounter, FIRE_COAT)
    encounter.emit([PowerTaken(0, "seraph", "sun-ruler", "Emotion Control", 4, 50)])
    taken = anyone_has_power(encounter, EMOTION_CONTROL)
    encounter.run(until=50)
    after = anyone_has_power(encounter, EMOTION_CONTROL)
    assert (before, taken, after) == ((False, True), True, False)
