"""Clairvoyance (seed "Clairvoyance"): ``mands_rulebook.powers.clairvoyance``.

Seed: "Distance: Look up the distance to the desired target (in kilometers) on the Doubles Chart
for the PR required. ... Senses: Sight (and Hearing, if the character can hear) for the power are
equal to the character's PR." Seraph is given Clairvoyance PR 10 (no %Control), his twin the same
and the hearing; a view is a non-combat action an objective can wait for (G-117).
"""

from __future__ import annotations

from fractions import Fraction

from mands_rulebook.kit.powers import checked_spend
from mands_rulebook.kit.powers.uses import PowerUsed
from mands_rulebook.powers import clairvoyance
from mands_sim.charts.loading import load_standard_charts
from mands_sim.dice import ScriptedDice
from mands_sim.events import ActionStarted, EndurancePaid, Event
from mands_sim.objectives import Objective
from mands_sim.scenario import ObjectiveSpec
from tests.data.power_plan import CastScene, PlanMind, of, sheet, use

CHART = load_standard_charts().action
CLAIRVOYANCE = "Clairvoyance"
VIEW = "clairvoyance-view"
PLACES = (("here", 0.0),)
CAST = {
    "seraph": ("heroes", sheet("seraph.toml", **{CLAIRVOYANCE: {"power_rating": 10}}), "here"),
    "listener": (
        "heroes",
        sheet("seraph.toml", **{CLAIRVOYANCE: {"power_rating": 10, "hears": True}}),
        "here",
    ),
    "sun-ruler": ("villains", sheet("sun_ruler.toml"), "here"),
}


def view(km: float, who: str = "seraph") -> list[Event]:
    """``who`` looks at Toronto, ``km`` away, on 0 with the default spend; the events to 12."""
    seer = PlanMind([(0, use(VIEW, CLAIRVOYANCE, kilometers=km, place="Toronto"))])
    return run({who: seer}, ScriptedDice({}), 12).log


def test_the_distance_in_km_on_the_doubles_chart_is_the_pr_required() -> None:
    """100 km → 7 (row 7 is 64, row 8 128); 1 km → 1; half a kilometer or nothing → 0."""
    assert [clairvoyance.distance_pr(CHART, km) for km in (100, 1, 0.5, 0)] == [7, 1, 0, 0]


def test_half_of_clairvoyants_can_hear() -> None:
    hears = clairvoyance.can_hear
    assert (hears(ScriptedDice([50])), hears(ScriptedDice([51]))) == (True, False)


def test_resolve_a_view_sees_with_the_pr_left_after_the_distance() -> None:
    """100 km: 7 PR on distance, 3 on the senses: Sight 3; passive, done on 10; 5 EP (row 9)."""
    events = view(100)
    (used,) = of(events, PowerUsed, "seraph")
    assert dict(used.spent) == {"distance": 7, "senses": 3, "ep": 0, "speed": 0}
    (started,) = of(events, ActionStarted, "seraph")
    assert (started.is_passive, started.completes_at) == (True, 10)
    (seen,) = of(events, clairvoyance.PlaceViewed, "seraph")
    assert (seen.segment, seen.place, seen.sight, seen.hearing) == (10, "Toronto", 3, None)
    assert [e.amount for e in of(events, EndurancePaid, "seraph")] == [Fraction(5)]


def test_resolve_one_who_hears_hears_as_well_as_it_sees() -> None:
    """1 km: 1 PR on distance, Sight and Hearing 9."""
    (seen,) = of(view(1, "listener"), clairvoyance.PlaceViewed, "listener")
    assert (seen.sight, seen.hearing) == (9, 9)


def test_mands_action_refusals_a_place_beyond_the_pr_cannot_be_seen() -> None:
    """2000 km needs 11 (row 11 is 1024), more than PR 10; 1000 km needs 10 (row 10: 512)."""
    encounter = run({}, ScriptedDice({}), 0)
    far, near = (use(VIEW, CLAIRVOYANCE, kilometers=km) for km in (2000, 1000))
    assert encounter.rules.refusals(encounter, "seraph", far) == [
        "2000 km needs PR 11, more than 10"
    ]
    assert encounter.rules.refusals(encounter, "seraph", near) == []


def test_a_complete_action_objective_is_met_by_a_view() -> None:
    objective = Objective(ObjectiveSpec("complete-action", "heroes", ("seraph",), action=VIEW))

    def looking() -> dict[str, PlanMind]:
        return {"seraph": PlanMind([(0, use(VIEW, CLAIRVOYANCE, kilometers=100))])}

    assert objective(run(looking(), ScriptedDice({}), 9)) is None
    verdict = objective(run(looking(), ScriptedDice({}), 10))
    assert verdict is not None and verdict.winner == "heroes"


def test_the_default_spend_never_takes_more_than_the_pr() -> None:
    """Seed "Power Rolls": the PR on one action's effects is at most the PR, however far."""
    encounter = run({}, ScriptedDice({}), 0)
    for km in (0, 0.5, 100, 10**6):
        intent = use(VIEW, CLAIRVOYANCE, kilometers=km)
        for pr in range(41):
            wanted = clairvoyance.VIEW.default_spend(encounter, "seraph", intent, pr)
            spent = checked_spend(
                "default", clairvoyance.CLAIRVOYANCE, clairvoyance.VIEW, pr, wanted
            )
            assert spent.total == pr


# --- the cast on a line of places: one prepared simulation per set of defaults -----------------


run = CastScene(CAST, PLACES, __name__).run
