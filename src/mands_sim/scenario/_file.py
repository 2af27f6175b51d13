"""The scenario file format (version 1) as pydantic models: shape and types, nothing more.

These models check what one table can check on its own — required keys, types, ranges, unknown
keys — and generate the JSON Schema (``mands-sim schema``). Cross-references (does a place
exist, are ids unique, does the sheet file exist) are checked by the loader, which knows where
each value sits in the file. ``docs/scenarios.md`` documents every key.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, WithJsonSchema
from pydantic_core import PydanticCustomError

from mands_sim.bounds import (
    MAX_EDGES,
    MAX_GROUP,
    MAX_METERS,
    MAX_NAME_LENGTH,
    MAX_OBJECTIVES,
    MAX_PLACE_SIZE,
    MAX_PLACES,
    MAX_RUNS,
    MAX_SEED,
    MAX_TEXT_LENGTH,
    MAX_TIME_LIMIT,
    Within,
)
from mands_sim.defaults import SWITCH_NAME, CoreDefaults, switches_of
from mands_sim.model.sheet import SheetFormat
from mands_sim.rulesets import DEFAULT_RULESET, RULESET_NAME_LIMIT, RULESET_PATTERN
from mands_sim.scenario._spec import MapFeature

JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"

FORMAT_VERSION = 1
"""The scenario format version this code reads (the file's ``format`` key)."""

ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$"
"""Character ids: letters, digits, ``-``, ``_`` and ``.``, starting with a letter or digit."""

SHEET_SCHEMA = "CharacterSheet"
"""Name under ``$defs`` of the sheet format's schema, which :func:`scenario_json_schema` adds."""

CUSTOM_ERROR = "scenario"
"""Error type of the models' own checks; their message is already the expectation, in words."""


def _sheet_reference(value: Any) -> Any:
    if isinstance(value, str | dict):
        return value
    raise PydanticCustomError(
        CUSTOM_ERROR, "a path to a character sheet file (a string) or an inline sheet table"
    )


# The bounds are in mands_sim.bounds (docs/reliability.md lists them).
Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME_LENGTH)]
Id = Annotated[str, Field(pattern=ID_PATTERN, max_length=MAX_NAME_LENGTH)]
Text = Annotated[str, Field(max_length=MAX_TEXT_LENGTH)]
Ruleset = Annotated[str, Field(pattern=RULESET_PATTERN, max_length=RULESET_NAME_LIMIT)]
Finite = Annotated[float, Field(allow_inf_nan=False)]
Coordinate = Annotated[Finite, Within(-MAX_METERS, MAX_METERS)]
PlacePair = Annotated[list[Name], Field(min_length=2, max_length=2)]
Share = Annotated[float, Within(0, 1)]
Interval = Annotated[list[Share], Field(min_length=2, max_length=2)]
Segments = Annotated[int, Within(0, MAX_TIME_LIMIT)]
SegmentRange = Annotated[list[Segments], Field(min_length=2, max_length=2)]
Seed = Annotated[int, Within(0, MAX_SEED)]
SheetReference = Annotated[
    Any,
    BeforeValidator(_sheet_reference),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "string", "description": "path of a sheet file, relative to the scenario"},
                {"type": "object", "description": "an inline character sheet"},
                {
                    "type": "object",
                    "description": "a recipe an installed sheet maker makes into a sheet "
                    "(docs/scenarios.md 'Made sheets')",
                    "required": ["make"],
                    "properties": {"make": {"type": "string", "description": "the maker"}},
                    "not": {"required": ["format"]},
                },
            ]
        }
    ),
]


def scenario_json_schema(kinds: Iterable[type] = (CoreDefaults,)) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the scenario file format, from its models.

    The character sheet format's own schema is included for inline sheets; ``[rules.defaults]``
    allows the named defaults of ``kinds`` (``mands-sim schema`` passes the installed plugins'),
    each with its choices.
    """
    schema = ScenarioFile.model_json_schema()
    schema["$defs"]["RulesTable"]["properties"]["defaults"] = defaults_schema(kinds)
    sheet = SheetFormat.model_json_schema()
    schema["$defs"].update(sheet.pop("$defs", {}))
    schema["$defs"][SHEET_SCHEMA] = sheet
    inline = schema["$defs"]["CharacterTable"]["properties"]["sheet"]["anyOf"][1]
    inline.update({"$ref": f"#/$defs/{SHEET_SCHEMA}"})
    del inline["type"]
    return {"$schema": JSON_SCHEMA_DIALECT, **schema}


def defaults_schema(kinds: Iterable[type]) -> dict[str, Any]:
    """``[rules.defaults]``: one optional key per named default of ``kinds``, its value one of
    the default's choices."""
    switches = switches_of(kinds).values()
    return {
        "type": "object",
        "description": "named rules defaults to change (docs/rules/decisions.md), name = choice",
        "properties": {
            switch.name: {
                "enum": list(switch.choices),
                "default": switch.default,
                "description": f"{switch.gid}: {switch.summary}",
            }
            for switch in switches
        },
        "additionalProperties": False,
    }


class _Table(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


def _switch_name(value: Any) -> Any:
    if isinstance(value, str) and len(value) <= MAX_NAME_LENGTH and SWITCH_NAME.fullmatch(value):
        return value
    raise PydanticCustomError(
        CUSTOM_ERROR, "a default's name: letters, digits and '_', not starting with a digit"
    )


DefaultName = Annotated[str, BeforeValidator(_switch_name), WithJsonSchema({"type": "string"})]


def _switch_value(value: Any) -> Any:
    if isinstance(value, str) and 0 < len(value) <= MAX_NAME_LENGTH:
        return value
    if isinstance(value, bool | int) or (isinstance(value, float) and math.isfinite(value)):
        return value
    raise PydanticCustomError(
        CUSTOM_ERROR, "one of the default's choices: a name, a finite number or true/false"
    )


DefaultValue = Annotated[
    Any,
    BeforeValidator(_switch_value),
    WithJsonSchema({"type": ["string", "number", "boolean"]}),
]


class RulesTable(_Table):
    """``[rules]``: optional rules to switch on and named defaults to change."""

    optional: list[Name] = Field(
        default=[], description="names of optional-rule plugins to switch on"
    )
    defaults: dict[DefaultName, DefaultValue] = Field(
        default={},
        description="named rules defaults to change (docs/rules/decisions.md), name = choice; "
        "the names and choices are those of the loaded plugins' defaults",
    )


class PluginsTable(_Table):
    """``[plugins]``: plugins not to load for this scenario (as ``--disable`` does)."""

    disable: list[Name] = Field(
        default=[],
        description="names of plugins not to load (mands-sim plugins lists them); added to "
        "the command line's --disable and --without",
    )


class PlaceTable(_Table):
    """``[[map.places]]``: one named place."""

    model_config = ConfigDict(json_schema_extra={"dependentRequired": {"x": ["y"], "y": ["x"]}})

    name: Name = Field(description="the place's name, unique on the map")
    x: Coordinate | None = Field(default=None, description="east-west coordinate in meters")
    y: Coordinate | None = Field(default=None, description="north-south coordinate in meters")
    elevation: Coordinate = Field(default=0.0, description="height in meters")
    cover: Annotated[int, Within(0, 100)] = Field(
        default=0, description="Cover Chance in percent, 0 to 100"
    )
    exit: bool = Field(default=False, description="whether characters can leave here")
    size: Annotated[Finite, Within(0, MAX_PLACE_SIZE)] = Field(
        default=0.0,
        description="meters across the ground the place covers (G-292): those at it who are "
        "not in melee contact stand apart by the mean distance of two points in it; 0: no "
        "more room than its occupants need",
    )
    feature: MapFeature | list[MapFeature] = Field(
        default=[],
        description="what a thrown character meets here (G-245): 'wall' or 'obstacle' stops "
        "it (the meters left are damage), 'edge' is a rooftop edge it goes over and falls "
        "from (G-249); one name or a list; none: open ground",
    )


class EdgeTable(_Table):
    """``[[map.edges]]``: a way between two places."""

    between: PlacePair = Field(description="the two places the edge joins")
    length: Annotated[Finite, Within(0, MAX_METERS, above=True)] | None = Field(
        default=None,
        description="meters along the edge (default: the straight line between the places)",
    )


class MapTable(_Table):
    """``[map]``: places, edges and blocked lines of sight."""

    places: list[PlaceTable] = Field(
        min_length=1, max_length=MAX_PLACES, description="the places, at least one"
    )
    edges: list[EdgeTable] = Field(
        default=[], max_length=MAX_EDGES, description="the ways between places"
    )
    blocked_sight: list[PlacePair] = Field(
        default=[], max_length=MAX_EDGES, description="pairs of places that cannot see each other"
    )


class CharacterTable(_Table):
    """``[[sides.characters]]``: one character, or a group of ``count`` alike."""

    id: Id = Field(description="unique id; with count, ids become id-1 ... id-N")
    count: Annotated[int, Within(1, MAX_GROUP)] | None = Field(
        default=None, description="make a group of this many from one sheet"
    )
    sheet: SheetReference = Field(
        description="sheet file path, inline sheet table, or a recipe with make"
    )
    place: Name = Field(description="the place the character starts at")
    aware: bool = Field(default=True, description="false: surprised when the fight starts")
    policy: Name | None = Field(default=None, description="the policy that drives the character")
    policy_options: dict[str, Any] = Field(default={}, description="options for the policy")
    role: Literal["combatant", "bystander", "hostage"] = Field(
        default="combatant",
        description="combatant (fights); bystander or hostage: not a combatant (G-235)",
    )


class SideTable(_Table):
    """``[[sides]]``: a side and its characters."""

    name: Name = Field(description="the side's name, unique in the scenario")
    heroes: bool = Field(
        default=False,
        description="the heroes' side (at most one side; with none, the first side listed, G-71)",
    )
    characters: list[CharacterTable] = Field(min_length=1, description="at least one character")


class ReachObjective(_Table):
    """``kind = "reach"``: a character of the side stands at a place."""

    kind: Literal["reach"]
    side: Name = Field(description="the side pursuing the objective")
    character: Id | None = Field(
        default=None, description="one character or group id (default: any of the side)"
    )
    place: Name = Field(description="the place to reach")
    outcome: Literal["win", "end"] = Field(
        default="win", description="win: the side wins; end: the encounter ends undecided"
    )


class CompleteActionObjective(_Table):
    """``kind = "complete-action"``: a character of the side resolves an action."""

    kind: Literal["complete-action"]
    side: Name = Field(description="the side pursuing the objective")
    character: Id | None = Field(
        default=None, description="one character or group id (default: any of the side)"
    )
    action: Name = Field(description="the name of the action to complete")
    action_outcome: str | None = Field(
        default=None,
        description="count only resolutions with this outcome (e.g. 'succeeded' for a skill "
        "check); default: any resolution",
    )
    outcome: Literal["win", "end"] = Field(
        default="win", description="win: the side wins; end: the encounter ends undecided"
    )


class ProtectObjective(_Table):
    """``kind = "protect"``: the side loses if the protected character goes down (G-236)."""

    kind: Literal["protect"]
    side: Name = Field(description="the side protecting the character")
    character: Id = Field(description="the character or group id to protect (of this side)")
    outcome: Literal["lose", "end"] = Field(
        default="lose",
        description="lose: the side loses (its one opponent side wins); end: it ends undecided",
    )


class EscapeObjective(_Table):
    """``kind = "escape"``: a character of the side gets away to a place or an exit."""

    kind: Literal["escape"]
    side: Name = Field(description="the side that wants the character away")
    character: Id | None = Field(
        default=None, description="one character or group id (default: any of the side)"
    )
    place: Name | None = Field(default=None, description="the place to reach (default: any exit)")
    outcome: Literal["win", "end"] = Field(
        default="win", description="win: the side wins; end: the encounter ends undecided"
    )


Objective = Annotated[
    ReachObjective | CompleteActionObjective | ProtectObjective | EscapeObjective,
    Field(discriminator="kind"),
]


class StopTable(_Table):
    """``[stop]``: when the encounter stops."""

    time_limit: Annotated[int, Within(1, MAX_TIME_LIMIT)] = Field(
        description="segments after which the encounter ends undecided"
    )
    when: list[Name] = Field(
        default=["side-out-of-action"], description="names of outcome conditions that end it"
    )
    objectives: list[Objective] = Field(
        default=[], max_length=MAX_OBJECTIVES, description="custom objectives"
    )


class DurationTable(_Table):
    """``[expect.duration]``: ranges for quantiles of the time to resolution, in segments."""

    median: SegmentRange | None = Field(
        default=None, description="[low, high] segments for the median time to resolution"
    )
    p90: SegmentRange | None = Field(
        default=None, description="[low, high] segments for the 90th percentile"
    )


def _duration_shorthand(value: Any) -> Any:
    """``duration = [low, high]`` is short for ``duration.median = [low, high]``."""
    if isinstance(value, list):
        return {"median": value}
    if isinstance(value, dict):
        return value
    raise PydanticCustomError(
        CUSTOM_ERROR, "[low, high] segments for the median, or a table with median and p90"
    )


Duration = Annotated[
    DurationTable,
    BeforeValidator(_duration_shorthand, json_schema_input_type=SegmentRange | DurationTable),
]


class CharacterRisksTable(_Table):
    """``[expect.characters.<id>]``: ranges for the share of runs a character ends so."""

    out_of_action: Interval | None = Field(
        default=None, description="[low, high] share of runs it ends out of action"
    )
    unconscious: Interval | None = Field(
        default=None, description="[low, high] share of runs it ends unconscious"
    )
    dead: Interval | None = Field(default=None, description="[low, high] share of runs it dies")
    fled: Interval | None = Field(
        default=None, description="[low, high] share of runs it leaves the encounter"
    )
    surrendered: Interval | None = Field(
        default=None, description="[low, high] share of runs it surrenders"
    )
    injured: Interval | None = Field(
        default=None, description="[low, high] share of runs it takes Injury damage"
    )
    bled: Interval | None = Field(
        default=None, description="[low, high] share of runs a wound opens on it (G-19)"
    )
    exhausted: Interval | None = Field(
        default=None, description="[low, high] share of runs its EP go below zero"
    )
    back_in_action: Interval | None = Field(
        default=None, description="[low, high] share of runs it comes to and is back in action"
    )


EVENT_PATTERN = (
    r"^(timeout|draw|winner:.+|dead:.+|unconscious:.+|fled:.+|surrendered:.+|out-of-action:.+"
    r"|injured:.+|bled:.+|exhausted:.+|back-in-action:.+)$"
)
"""The run events ``never`` and ``always`` name (``docs/scenarios.md``): no expressions."""


def _event(value: Any) -> Any:
    if isinstance(value, str) and re.match(EVENT_PATTERN, value):
        return value
    raise PydanticCustomError(
        CUSTOM_ERROR,
        "an event: timeout, draw, winner:<side>, dead:<id>, unconscious:<id>, fled:<id>, "
        "surrendered:<id>, out-of-action:<id>, injured:<id>, bled:<id>, exhausted:<id> or "
        "back-in-action:<id>",
    )


Event = Annotated[
    str,
    BeforeValidator(_event),
    WithJsonSchema({"type": "string", "pattern": EVENT_PATTERN}),
]


class ExpectTable(_Table):
    """``[expect]``: expected results for regression tests (``docs/regression-testing.md``)."""

    seed: Seed | None = Field(default=None, description="master seed of the batch")
    runs: Annotated[int, Within(1, MAX_RUNS)] | None = Field(
        default=None, description="runs in the batch"
    )
    win_rate: dict[str, Interval] = Field(
        default={}, description="side name = [low, high] share of runs it wins"
    )
    draw_rate: Interval | None = Field(
        default=None,
        description="[low, high] share of runs that end before the time limit with no winner",
    )
    timeout_rate: Interval | None = Field(
        default=None, description="[low, high] share of runs the time limit ends"
    )
    duration: Duration | None = Field(
        default=None,
        description="[low, high] segments for the median time to resolution, or a table of "
        "median and p90 ranges",
    )
    characters: dict[str, CharacterRisksTable] = Field(
        default={}, description="character id = its risk ranges"
    )
    never: list[Event] = Field(default=[], description="events that happen in no run")
    always: list[Event] = Field(default=[], description="events that happen in every run")
    golden: Name | None = Field(
        default=None, description="the golden event log (JSONL) of one run, relative path"
    )
    golden_seed: Seed | None = Field(default=None, description="the seed of the golden log's run")


class ScenarioFile(_Table):
    """A whole scenario file, format 1."""

    model_config = ConfigDict(title="mands-sim scenario")

    format: Literal[1] = Field(description="the scenario format version: 1")
    name: Name = Field(description="the scenario's name")
    description: Text = Field(default="", description="what the scenario is about")
    ruleset: Ruleset = Field(
        default=DEFAULT_RULESET,
        description="the game the scenario is played by (docs/rulesets.md): the name an "
        "installed ruleset's plugins declare; none is Men & Supermen",
    )
    rules: RulesTable = Field(default=RulesTable(), description="optional rules and defaults")
    plugins: PluginsTable = Field(
        default=PluginsTable(), description="plugins not to load for this scenario"
    )
    map: MapTable = Field(description="the map")
    sides: list[SideTable] = Field(min_length=1, description="the sides, at least one")
    stop: StopTable = Field(description="when the encounter stops")
    expect: ExpectTable | None = Field(default=None, description="expected results")
