"""Bounds on everything a scenario file or a character sheet controls, in one place.

A file is refused at load, with the bound in the message, when it is larger than
:data:`MAX_FILE_BYTES`, nests deeper than :data:`MAX_NESTING`, holds text or a name that is too
long or has control characters, a number that is not finite, or a value outside its field's
range. Where the rulebook gives a range it is named; elsewhere the bounds are generous guards
against slips and against inputs that would make a batch run for ever, not rules.
:data:`INPUT_BOUNDS` lists them as ``docs/reliability.md`` shows them (a test keeps the two
alike).

A ranged field is ``Annotated[int, Within(low, high)]`` (:class:`Within`): one error naming both
ends of the range, and ``minimum``/``maximum`` in the JSON Schema.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import PydanticCustomError, core_schema

from mands_sim.units import SEGMENTS_PER_MINUTE

# --- files ------------------------------------------------------------------------------------

MAX_FILE_BYTES: Final = 1_000_000
"""The largest scenario or sheet file read, in bytes (the largest bundled one is under 7 kB);
a larger file is refused before it is parsed."""

MAX_GOLDEN_BYTES: Final = 100_000_000
"""The largest golden event log ``mands-sim check`` reads (a bundled one is 18 kB)."""

MAX_NESTING: Final = 32
"""The deepest tables and arrays may nest (a bundled scenario nests 7 deep)."""

MAX_TEXT_LENGTH: Final = 10_000
"""The most characters any text may have (a description, a policy rule's condition)."""

MAX_NAME_LENGTH: Final = 200
"""The most characters a name, an id or a key may have."""

MAX_ITEMS: Final = 10_000
"""The most items any one array or table may hold."""

TOML_WHOLE_NUMBERS: Final = (-(2**63), 2**63 - 1)
"""TOML's whole numbers are 64-bit (the TOML specification); no input holds a larger one."""

# --- scenarios --------------------------------------------------------------------------------

MAX_CHARACTERS: Final = 10_000
"""The most characters a scenario may have, every group counted in full."""

MAX_GROUP: Final = MAX_CHARACTERS
"""The largest ``count`` one character entry may have."""

MAX_PLACES: Final = 1_000
"""The most places a map may have."""

MAX_EDGES: Final = 10_000
"""The most edges a map may have (and the most pairs of places with blocked sight)."""

MAX_OBJECTIVES: Final = 100
"""The most custom objectives ``[stop]`` may list (each is checked after every segment)."""

MAX_TIME_LIMIT: Final = 24 * 60 * SEGMENTS_PER_MINUTE
"""The longest time limit, in segments: one day of game time (250 segments a minute,
``docs/rules/combat.md`` §1). Two fighters who cannot reach each other play it out in seconds."""

MAX_METERS: Final = 100_000.0
"""The farthest a coordinate, an elevation or an edge's length may reach, in meters (100 km)."""

MAX_PLACE_SIZE: Final = 10_000.0
"""The most meters across a place may cover (G-292)."""

MAX_SCENES: Final = 20
"""The most scenes an adventure file may list (each is prepared once per worker)."""

MAX_REST_MINUTES: Final = 7 * 24 * 60
"""The longest rest between two scenes: a week of game time."""

MAX_RUNS: Final = 1_000_000
"""The most runs ``[expect] runs`` may ask a regression batch for."""

MAX_SEED: Final = TOML_WHOLE_NUMBERS[1]
"""The largest seed ``[expect]`` may give (seeds are 0 or more)."""

# --- character sheets -------------------------------------------------------------------------

MAX_SCORE: Final = 1_000
"""The largest ability or attribute, skill level or power rating a sheet may give, and the
lowest (negated) an ability or attribute may have. The rulebook rolls them on 3d6 or 4d6 (3 to
24) and powers add to them (seed "Abilities and Attributes"); a character of 1,000 in everything
still plays on the charts' rows."""

MIN_SIGHT: Final = 0
"""Sight's table starts at 0 (``docs/rules/charts.md``, the Sight chart)."""

MIN_HEIGHT: Final = 0.001
"""The shortest character, in meters: a millimeter, the smallest size the Sight rule speaks of
(seed "Sight")."""

MAX_HEIGHT: Final = 1_000.0
"""The tallest character a sheet may describe, in meters."""

MAX_OVERRIDE: Final = 500
"""The largest size of a figured attribute a sheet overrides (``[overrides]``): half the
charts' reach (rows −1,000 … 1,000), so that a roll against it with any margin still reads a
row. Measured: every one of the 25 figured attributes at ±500 plays (3 runs of the grunts each);
a Throwback Roll of −1,000 ran off the Sphere chart (row 1,008)."""

MAX_SHEET_NUMBER: Final = 100_000
"""The largest size of any other number on a sheet: knowledge scores, power and weakness
parameters."""

# --- the table docs/reliability.md shows ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class InputBound:
    """One row of ``docs/reliability.md``'s table of bounds: what is bounded, the bound, why."""

    what: str
    bound: str
    why: str

    def row(self) -> str:
        """The row as the page writes it."""
        return f"| {self.what} | {self.bound} | {self.why} |"


def _n(value: float) -> str:
    """A bound as a reader writes it: no ``.0`` on whole numbers, thousands separated."""
    return f"{int(value):,}" if float(value).is_integer() else f"{value:g}"


INPUT_BOUNDS: Final = (
    InputBound("file size", f"{_n(MAX_FILE_BYTES)} bytes", "checked before the file is parsed"),
    InputBound("golden event log", f"{_n(MAX_GOLDEN_BYTES)} bytes", "read whole to compare"),
    InputBound("file kind", "a regular file", "a named pipe or a device would block the read"),
    InputBound("encoding", "UTF-8 (a byte-order mark is skipped)", "TOML is UTF-8"),
    InputBound(
        "nesting of tables and arrays",
        f"{MAX_NESTING} levels",
        "the TOML parser recurses; checked before parsing",
    ),
    InputBound("items in one array or table", _n(MAX_ITEMS), "cross-checks stay quick"),
    InputBound("text", f"{_n(MAX_TEXT_LENGTH)} characters", "a description, a rule's condition"),
    InputBound("names, ids, keys", f"{MAX_NAME_LENGTH} characters", "shown in tables"),
    InputBound(
        "control characters", "none (text may hold tabs and line breaks)", "they garble output"
    ),
    InputBound(
        "numbers",
        "finite; whole numbers 64-bit",
        "a NaN or an infinity poisons every sum it enters; TOML's whole numbers are 64-bit",
    ),
    InputBound("characters in a scenario", _n(MAX_CHARACTERS), "groups counted before made"),
    InputBound("`count` of one entry", f"1 … {_n(MAX_GROUP)}", "a group may be all of them"),
    InputBound("places on the map", f"1 … {_n(MAX_PLACES)}", "routes are searched each move"),
    InputBound("edges; pairs with blocked sight", f"{_n(MAX_EDGES)} each", "as places"),
    InputBound("custom objectives", _n(MAX_OBJECTIVES), "each is checked every segment"),
    InputBound(
        "`time_limit`",
        f"1 … {_n(MAX_TIME_LIMIT)} segments",
        "one day of game time (`docs/rules/combat.md` §1): a run must end",
    ),
    InputBound("`x`, `y`, `elevation`", f"−{_n(MAX_METERS)} … {_n(MAX_METERS)} m", "100 km"),
    InputBound("edge `length`", f"above 0, at most {_n(MAX_METERS)} m", "as coordinates"),
    InputBound("place `size`", f"0 … {_n(MAX_PLACE_SIZE)} m", "G-292"),
    InputBound("place `cover`", "0 … 100", "a percentage (`docs/rules/combat.md` §13)"),
    InputBound("scenes of an adventure", f"1 … {MAX_SCENES}", "each is prepared once per worker"),
    InputBound(
        "an adventure's `rest_minutes`",
        f"0 … {_n(MAX_REST_MINUTES)}",
        "a week of game time: the rest is played hour by hour",
    ),
    InputBound("`[expect]` rates and risks", "0 … 1", "shares of runs"),
    InputBound("`[expect]` durations", f"0 … {_n(MAX_TIME_LIMIT)} segments", "the time limit"),
    InputBound("`[expect]` `runs`", f"1 … {_n(MAX_RUNS)}", "a regression batch must end"),
    InputBound("`[expect]` seeds", "0 … 2⁶³ − 1", "TOML's whole numbers"),
    InputBound(
        "abilities; beauty, build, hearing",
        f"−{_n(MAX_SCORE)} … {_n(MAX_SCORE)}",
        "rolled on 3d6 or 4d6, raised by powers (seed); 1,000 in all still plays on the "
        "charts' rows; a Nightgaunt's beauty is −4",
    ),
    InputBound("sight", f"{MIN_SIGHT} … {_n(MAX_SCORE)}", "the Sight table starts at 0"),
    InputBound(
        "height",
        f"{_n(MIN_HEIGHT)} … {_n(MAX_HEIGHT)} m",
        'a millimeter (seed "Sight") to a kilometer',
    ),
    InputBound("skill levels, power ratings", f"0 … {_n(MAX_SCORE)}", "as abilities"),
    InputBound("`percent_control`", "0 … 100", "a percentage"),
    InputBound(
        "figured attributes a sheet overrides",
        f"−{_n(MAX_OVERRIDE)} … {_n(MAX_OVERRIDE)}",
        "half the charts' rows, so a roll against it with any margin reads a row",
    ),
    InputBound(
        "knowledge, power and weakness numbers",
        f"−{_n(MAX_SHEET_NUMBER)} … {_n(MAX_SHEET_NUMBER)} (knowledge 0 or more)",
        "a guard against slips",
    ),
)
"""Every bound, in the order ``docs/reliability.md`` lists them."""

# --- ranged fields ----------------------------------------------------------------------------

RANGE_ERROR: Final = "out_of_range"
"""Error type of a value outside its range; its message is the expectation, in words."""


@dataclass(frozen=True, slots=True)
class Within:
    """Pydantic metadata for a number from ``low`` (or ``above`` it) to ``high``:
    ``Annotated[int, Within(0, 100)]``. Out of range, one error (type :data:`RANGE_ERROR`)
    names both ends — ``a whole number from 0 to 100`` — and the JSON Schema has both."""

    low: float
    high: float
    above: bool = False

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        words = self.words(whole=source is int)

        def check(value: Any) -> Any:
            if not self.holds(value):
                raise PydanticCustomError(RANGE_ERROR, words)
            return value

        return core_schema.no_info_after_validator_function(check, handler(source))

    def __get_pydantic_json_schema__(
        self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        json_schema = handler(schema)
        json_schema["exclusiveMinimum" if self.above else "minimum"] = self.low
        json_schema["maximum"] = self.high
        return json_schema

    def holds(self, value: float) -> bool:
        """Whether ``value`` is in the range (never for NaN)."""
        return (self.low < value if self.above else self.low <= value) and value <= self.high

    def words(self, *, whole: bool) -> str:
        """The range in words: ``a whole number from 0 to 100``."""
        kind = "a whole number" if whole else "a number"
        low, high = _plain(self.low), _plain(self.high)
        if self.above:
            return f"{kind} above {low} and at most {high}"
        return f"{kind} from {low} to {high}"


def _plain(value: float) -> str:
    """A bound as TOML writes it: no ``.0`` on whole numbers, no separators."""
    return str(int(value)) if float(value).is_integer() else repr(value)
