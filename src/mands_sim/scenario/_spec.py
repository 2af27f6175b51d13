"""The frozen, resolved form of a scenario: what a simulation is built from.

These values come out of :func:`mands_sim.scenario.load_scenario` with every cross-reference
checked (places exist, ids are unique, sheets are loaded, ``count`` is expanded). Code may also
build them directly — tests and tools do — and the map values check their own invariants.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal

from mands_sim.bounds import MAX_PLACE_SIZE
from mands_sim.defaults import RuleDefaults
from mands_sim.rulesets import DEFAULT_RULESET
from mands_sim.units import Meters, Segment

if TYPE_CHECKING:
    from mands_sim.model.character import Sheet

ObjectiveKind = Literal["reach", "complete-action", "protect", "escape"]
"""``reach``: a character stands at a place. ``complete-action``: a character resolves an action.
``protect``: the side loses if a character goes down. ``escape``: a character gets away."""

MapFeature = Literal["wall", "obstacle", "edge"]
"""Something on the map at a place (G-245): a ``wall`` or an ``obstacle`` stops a thrown
character, who takes the meters left as damage; an ``edge`` is the edge of a rooftop, a drop
a thrown character goes over and falls from (G-249)."""

MAP_FEATURES: tuple[MapFeature, ...] = ("wall", "obstacle", "edge")
"""Every feature a place may have, in the order the docs list them."""

SOLID_FEATURES: frozenset[str] = frozenset({"wall", "obstacle"})
"""The features a thrown character hits (G-245)."""

ObjectiveOutcome = Literal["win", "end", "lose"]
"""``win``: the objective's side wins and the encounter ends. ``end``: it ends with no winner.
``lose`` (``protect``): the side loses; its one opponent side wins."""

Role = Literal["combatant", "bystander", "hostage"]
"""What a character is in the encounter: ``combatant`` fights; a ``bystander`` or ``hostage``
is not a combatant (G-235)."""

NON_COMBATANT_ROLES: tuple[Role, ...] = ("bystander", "hostage")

_EMPTY: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class PlaceSpec:
    """A named place on the map: where characters stand.

    Attributes:
        name: the place's name, unique on the map.
        x, y: horizontal coordinates in meters, or ``None`` when the map gives only edge lengths.
        elevation: height in meters (0 at ground level).
        cover: the Cover Chance in percent the place gives someone in it (``docs/rules/combat.md``
        §13). exit: whether a character can leave the encounter here.
        features: what stands here that a thrown character meets (:data:`MAP_FEATURES`,
            G-245), each once, in the order written; none means open ground.
        size: meters across the ground the place covers (G-292); 0: no more room than its
            occupants need.
    """

    name: str
    x: float | None = None
    y: float | None = None
    elevation: float = 0.0
    cover: int = 0
    exit: bool = False
    features: tuple[str, ...] = ()
    size: float = 0.0

    def __post_init__(self) -> None:
        if (self.x is None) != (self.y is None):
            raise ValueError(f"place {self.name!r}: give both x and y or neither")
        if not 0 <= self.cover <= 100:
            raise ValueError(f"place {self.name!r}: cover is a percentage, 0 to 100")
        if not 0 <= self.size <= MAX_PLACE_SIZE:
            raise ValueError(f"place {self.name!r}: size is 0 to {MAX_PLACE_SIZE:g} meters")
        unknown = [feature for feature in self.features if feature not in MAP_FEATURES]
        if unknown or len(set(self.features)) != len(self.features):
            raise ValueError(f"place {self.name!r}: features are each once of {MAP_FEATURES}")

    @property
    def coordinates(self) -> tuple[float, float, float] | None:
        """``(x, y, elevation)`` in meters, or ``None`` when the place has no coordinates."""
        if self.x is None or self.y is None:
            return None
        return (self.x, self.y, self.elevation)


@dataclass(frozen=True, slots=True)
class EdgeSpec:
    """A way between two places, ``length`` meters long along the ground."""

    a: str
    b: str
    length: Meters

    def __post_init__(self) -> None:
        if self.a == self.b:
            raise ValueError(f"edge {self.a!r}-{self.b!r} joins a place to itself")
        if not (self.length > 0 and math.isfinite(self.length)):
            raise ValueError(f"edge {self.a!r}-{self.b!r}: length must be a positive number")


@dataclass(frozen=True, slots=True)
class MapSpec:
    """The encounter's map: places, the edges between them, and blocked lines of sight.

    Lines of sight are open unless the pair of places is listed in ``blocked_sight``; they do
    not follow the edges (one can see across a gap one cannot walk over).
    """

    places: tuple[PlaceSpec, ...]
    edges: tuple[EdgeSpec, ...] = ()
    blocked_sight: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        names = [place.name for place in self.places]
        if len(set(names)) != len(names):
            raise ValueError("place names must be unique")
        known = set(names)
        pairs = [(edge.a, edge.b) for edge in self.edges] + list(self.blocked_sight)
        for a, b in pairs:
            if a not in known or b not in known:
                raise ValueError(f"{a!r}-{b!r} names a place not on the map")

    def place(self, name: str) -> PlaceSpec:
        """The place called ``name``; ``KeyError`` if there is none."""
        for place in self.places:
            if place.name == name:
                return place
        raise KeyError(f"no place named {name!r} on the map")

    @property
    def place_names(self) -> tuple[str, ...]:
        """Every place's name, in map order."""
        return tuple(place.name for place in self.places)


@dataclass(frozen=True, slots=True)
class CharacterSpec:
    """One character of the encounter, resolved: its sheet loaded, its group expanded.

    Attributes:
        id: unique in the scenario (``grunt-3`` for the third of a ``count`` group).
        side: the name of the character's side.
        sheet: the character sheet (frozen; characters of one group share it).
        place: the place the character starts at.
        aware: whether the character knows a fight is coming (``False``: surprised,
            ``docs/rules/combat.md`` §2).
        policy: the name of the policy that drives it, or ``None`` for the simulation's default.
        policy_options: options for the policy, as written (read-only).
        group: the id the scenario gave a ``count`` group this character belongs to, or ``None``.
        key: where the character is declared in the file (``sides[0].characters[1]``), for errors.
        role: ``combatant``, ``bystander`` or ``hostage`` (G-235).
    """

    id: str
    side: str
    sheet: Sheet
    place: str
    aware: bool = True
    policy: str | None = None
    policy_options: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)
    group: str | None = None
    key: str = field(default="", compare=False, repr=False)
    role: Role = "combatant"

    @property
    def combatant(self) -> bool:
        """Whether the character fights (not a bystander or hostage, G-235)."""
        return self.role not in NON_COMBATANT_ROLES


@dataclass(frozen=True, slots=True)
class SideSpec:
    """A side of the encounter and the ids of its characters, in file order."""

    name: str
    character_ids: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ObjectiveSpec:
    """A custom objective that ends the encounter when one of ``characters`` achieves it (or,
    ``protect``, when one of them goes down).

    Attributes:
        kind: ``reach`` (stand at ``place``), ``complete-action`` (resolve ``action``),
            ``protect`` (keep ``characters`` from going down) or ``escape`` (get to ``place``,
            or to any exit when it is ``None``).
        side: the side pursuing the objective (``protect``: the side protecting).
        characters: the ids that count (all of the side's characters unless the file named one
            character or one group).
        place: the place to reach (``reach``, ``escape``).
        action: the name of the action to complete (``complete-action`` only).
        outcome: ``win`` (the side wins), ``end`` (the encounter ends without a winner) or,
            for ``protect``, ``lose`` (the side loses).
        action_outcome: ``complete-action`` only: count only resolutions whose outcome is this
            (``ActionResolved.outcome``, e.g. ``succeeded``); ``None``: any resolution.
    """

    kind: ObjectiveKind
    side: str
    characters: tuple[str, ...]
    place: str | None = None
    action: str | None = None
    outcome: ObjectiveOutcome = "win"
    action_outcome: str | None = None


@dataclass(frozen=True, slots=True)
class StopSpec:
    """When the encounter stops.

    Attributes:
        time_limit: the encounter ends, undecided, after this many segments.
        when: names of outcome conditions (registered by plugins), e.g. ``side-out-of-action``.
        objectives: custom objectives, in file order.
    """

    time_limit: Segment
    when: tuple[str, ...] = ("side-out-of-action",)
    objectives: tuple[ObjectiveSpec, ...] = ()


Share = tuple[float, float]
"""``(low, high)``: an expected range for a share of runs, fractions from 0 to 1."""

RISKS = (
    "out_of_action",
    "unconscious",
    "dead",
    "fled",
    "surrendered",
    "injured",
    "bled",
    "exhausted",
    "back_in_action",
)
"""What ``[expect.characters.<id>]`` bounds: the report's per-character rates
(``docs/reports.md``)."""

EVENTS_OF_CHARACTERS = (
    "dead",
    "unconscious",
    "fled",
    "surrendered",
    "out-of-action",
    "injured",
    "bled",
    "exhausted",
    "back-in-action",
)
"""Events ``never``/``always`` name as ``<event>:<character id>``."""


@dataclass(frozen=True, slots=True)
class ExpectSpec:
    """Expected results, for scenario regression tests (``docs/regression-testing.md``).

    Attributes:
        seed: the master seed of the regression batch (required with any batch expectation).
        runs: how many runs the batch makes (likewise).
        win_rate: side name → ``(low, high)``, the range its share of wins must meet.
        draw_rate: ``(low, high)`` for the share of runs that end with no winner before the
            time limit.
        timeout_rate: ``(low, high)`` for the share of runs the time limit ends.
        duration: ``(low, high)`` in segments for the median time to resolution.
        duration_p90: ``(low, high)`` in segments for its 90th percentile.
        characters: character id → risk (one of :data:`RISKS`) → ``(low, high)``.
        never: events (``dead:seraph``, ``timeout`` …) that must happen in no run of the batch.
        always: events that must happen in every run of the batch.
        golden: the golden event log file (absolute), or ``None``.
        golden_seed: the seed of the run the golden log records.
    """

    seed: int | None = None
    runs: int | None = None
    win_rate: Mapping[str, Share] = field(default_factory=lambda: _EMPTY)
    draw_rate: Share | None = None
    timeout_rate: Share | None = None
    duration: tuple[Segment, Segment] | None = None
    duration_p90: tuple[Segment, Segment] | None = None
    characters: Mapping[str, Mapping[str, Share]] = field(default_factory=lambda: _EMPTY)
    never: tuple[str, ...] = ()
    always: tuple[str, ...] = ()
    golden: Path | None = None
    golden_seed: int | None = None

    @property
    def needs_batch(self) -> bool:
        """Whether anything here is checked on a batch of runs (everything but the golden log)."""
        return bool(
            self.win_rate
            or self.characters
            or self.never
            or self.always
            or any(
                bounds is not None
                for bounds in (
                    self.draw_rate,
                    self.timeout_rate,
                    self.duration,
                    self.duration_p90,
                )
            )
        )


@dataclass(frozen=True, slots=True)
class ScenarioSpec:
    """A loaded, validated scenario: everything a simulation is built from. Frozen.

    Attributes:
        name, description: as written.
        path: the scenario file, or ``None`` for a scenario parsed from memory.
        optional_rules: names of optional-rule plugins to switch on (check with
            :func:`~mands_sim.scenario.check_names`).
        rule_defaults: the named defaults in force (``docs/rules/decisions.md``), overrides applied.
        map: the map.
        sides: the sides, the heroes' first (the side that says ``heroes = true``, else the
            first listed, G-71), the others in file order.
        characters: every character, groups expanded, in file order.
        stop: when the encounter stops.
        expect: expected results for regression tests, or ``None``.
        content_hash: SHA-256 (hex) of the scenario's bytes and every sheet file it reads.
        disabled_plugins: names of plugins not to load for this scenario (``[plugins] disable``;
            check with :func:`~mands_sim.scenario.check_plugin_names`); a simulation adds the
            ones its caller disables.
    """

    name: str
    description: str
    path: Path | None
    optional_rules: tuple[str, ...]
    rule_defaults: RuleDefaults
    map: MapSpec
    sides: tuple[SideSpec, ...]
    characters: tuple[CharacterSpec, ...]
    stop: StopSpec
    expect: ExpectSpec | None
    content_hash: str
    disabled_plugins: tuple[str, ...] = ()
    ruleset: str = DEFAULT_RULESET
    """The game the scenario is played by (``docs/rulesets.md``): a simulation keeps only the
    plugins of this ruleset and those of any (:func:`~mands_sim.rulesets.plays`)."""
    made_by: tuple[tuple[str, str], ...] = ()
    """``(key, plugin)`` for each sheet a plugin's maker made (``docs/scenarios.md`` "Made
    sheets"): a simulation without that plugin refuses the scenario."""

    def character(self, character_id: str) -> CharacterSpec:
        """The character with ``character_id``; ``KeyError`` if there is none."""
        for character in self.characters:
            if character.id == character_id:
                return character
        raise KeyError(f"no character with id {character_id!r}")

    def characters_of(self, side: str) -> tuple[CharacterSpec, ...]:
        """The characters of ``side``, in file order."""
        return tuple(character for character in self.characters if character.side == side)
