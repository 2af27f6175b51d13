"""Control Similar Animals (seed "Control Similar Animals"):
``mands_rulebook.powers.control_similar_animals``.

Seed: "The character may control twice PR in Damage Points of animals at one time. ... Five
times as many can be controlled through emotions. Animals are allowed a save vs. their willpower
plus learning plus DP, minus this character's PR, on d100. ... The maximum distance at which
animals can be controlled is PR (from the result column to the Sphere column) meters, times 2."
``tamer`` has Seraph's sheet and the power at PR 10 for wolves and lions (G-114); the animals
are Sun-Ruler's sheet renamed (Willpower 56, Learning 10, Body DP 5).
"""

from __future__ import annotations

from typing import Any

from mands_rulebook.kit.powers import checked_spend
from mands_rulebook.kit.powers.uses import PowerUsed
from mands_rulebook.powers.control_similar_animals import (
    CONTROL_SIMILAR_ANIMALS,
    AnimalControlled,
    control_distance,
    controlled_species,
    emotional_quantity,
    explicit_quantity,
    save_chance,
    species_of,
)
from mands_sim.charts.loading import load_standard_charts
from mands_sim.dice import ScriptedDice
from mands_sim.events import Event, OutOfAction, PercentRolled
from tests.data.power_plan import CastScene, PlanMind, of, sheet, use


def animal(name: str, **changes: Any) -> dict[str, Any]:
    return {**sheet("sun_ruler.toml"), "name": name, **changes}


CHART = load_standard_charts().action
ANIMALS = "Control Similar Animals"
COMMAND = "control-similar-animals-command"
PLACES = (("here", 0.0), ("there", 10.0), ("far", 100.0))
TAMER = {ANIMALS: {"power_rating": 10, "species": "wolf, lion"}}
CAST = {
    "tamer": ("heroes", sheet("seraph.toml", **TAMER), "here"),
    "wolf": ("villains", animal("Wolf"), "there"),
    "big-wolf": ("villains", animal("Wolf", overrides={"damage_points": 25}), "there"),
    "lion": ("villains", animal("Lion"), "far"),
    "bear": ("villains", animal("Bear"), "there"),
}


def command(animal_id: str, save: int) -> list[Event]:
    """The tamer commands ``animal_id`` on 0 (default spend); its d100 save is ``save``."""
    tamer = PlanMind([(0, use(COMMAND, ANIMALS, animal_id))])
    return run({"tamer": tamer}, ScriptedDice({animal_id: [save]}), 25).log


def test_3d6_says_which_animals_are_controlled() -> None:
    """3 (or 18) all animals; 4 (or 17) all of its type; 5 (or 16) d4 + 1 species (d4 3 → 4);
    anything else one species."""
    rolls = [[1, 1, 1], [2, 1, 1], [1, 2, 2, 3], [3, 3, 4]]
    found = [controlled_species(ScriptedDice(faces)) for faces in rolls]
    assert [(s.roll, s.kind, s.count) for s in found] == [
        (3, "all animals", None),
        (4, "all of its type", None),
        (5, "species", 4),
        (10, "species", 1),
    ]


def test_quantity_distance_and_the_animals_save() -> None:
    """PR 10: 20 DP of animals by command, 100 through emotions; 14 m (Sphere) × 2 = 28 m; the
    save is 56 + 10 + 5 − 10 = 61."""
    assert (explicit_quantity(10), emotional_quantity(10)) == (20, 100)
    assert control_distance(CHART, 10) == 28.0
    assert save_chance(56, 10, 5, 10) == 61


def test_species_match_without_regard_to_case_or_a_plural_s() -> None:
    assert species_of("Lions") == species_of(" lion") == "lion"
    assert species_of("House Cat") == species_of("house cats")


def test_resolve_an_animal_that_misses_its_save_is_sent_away() -> None:
    """The wolf 10 m off: 5 PR on distance (20 m), 3 on quantity (6 DP ≥ 5), 2 on EP; on 20 it
    rolls 62 against 61 and is commanded out of the fight."""
    events = command("wolf", 62)
    (used,) = of(events, PowerUsed, "tamer")
    assert dict(used.spent) == {"distance": 5, "quantity": 3, "ep": 2, "speed": 0}
    (save,) = of(events, PercentRolled, "wolf")
    assert (save.segment, save.chance, save.roll, save.succeeded) == (20, 61, 62, False)
    assert [e.animal for e in of(events, AnimalControlled, "tamer")] == ["wolf"]
    assert [e.condition for e in of(events, OutOfAction, "wolf")] == ["fled"]


def test_resolve_an_animal_that_saves_stays() -> None:
    events = command("wolf", 61)
    assert of(events, PercentRolled, "wolf")[0].succeeded
    assert not of(events, OutOfAction, "wolf")


def test_mands_action_refusals_species_distance_and_quantity() -> None:
    """A bear is no wolf or lion; the lion is 100 m off (28 m); a wolf of 25 DP is more than
    20."""
    encounter = run({}, ScriptedDice({}), 0)

    def refusals(target: str) -> list[str]:
        return encounter.rules.refusals(encounter, "tamer", use(COMMAND, ANIMALS, target))

    assert refusals("bear") == ["bear is no animal of a species tamer controls (G-114)"]
    assert refusals("lion") == ["lion is farther than 28 m"]
    assert refusals("big-wolf") == ["big-wolf's 25 DP are more than 20"]
    assert refusals("wolf") == []


def test_the_default_spend_never_takes_more_than_the_pr() -> None:
    """Seed "Power Rolls": the PR on one action's effects is at most the PR, near or far."""
    encounter = run({}, ScriptedDice({}), 0)
    (power_use,) = CONTROL_SIMILAR_ANIMALS.uses
    for target in ("wolf", "big-wolf", "lion"):
        intent = use(COMMAND, ANIMALS, target)
        for pr in range(41):
            wanted = power_use.default_spend(encounter, "tamer", intent, pr)
            spent = checked_spend("default", CONTROL_SIMILAR_ANIMALS, power_use, pr, wanted)
            assert spent.total == pr


# --- the cast on a line of places: one prepared simulation per set of defaults -----------------


run = CastScene(CAST, PLACES, __name__).run
