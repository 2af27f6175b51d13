"""Named, switchable defaults for what no rules source gives (``docs/rules/decisions.md``).

A *default* is one field of a frozen dataclass made with :func:`rule_default`: named after its
G-number, with a summary, a standard value and the values it may take. The core's own defaults
are :class:`CoreDefaults`; a plugin declares its own class of them the same way and registers it
with ``mands_register_defaults`` (``docs/hooks.md``), beside the code that reads them.

A scenario switches any registered default under ``[rules.defaults]`` by its field name; a
simulation checks those names and values against the registered classes when it loads its
plugins (:func:`defaults_problems`). :class:`RuleDefaults` holds the switches in force, and code
reads a class of them, typed, with ``defaults.of(TheirDefaults)``. Code that applies a default
names its G-number in a comment.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final, Literal, TypeVar

from mands_sim.inputs import shown

D = TypeVar("D")
V = TypeVar("V")

SWITCH_VALUE_TYPES: Final = (str, int, float, bool)
"""The types a default's choices may have: what a TOML scalar gives."""

SWITCH_NAME: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
"""A default's name: what a ``[rules.defaults]`` key may be."""


def rule_default(gid: str, summary: str, value: V, choices: tuple[V, ...]) -> V:
    """A dataclass field for one named default: its G-number (``"G-28"``), a one-paragraph
    summary, the standard value and every value a scenario may switch it to."""
    made: V = field(default=value, metadata={"gid": gid, "summary": summary, "choices": choices})
    return made


@dataclass(frozen=True, slots=True)
class CoreDefaults:
    """The defaults the core applies itself: charts, figured attributes, the clock, objectives
    and the report."""

    G01_rows_beyond_printed: Literal["derive", "error"] = rule_default(
        "G-01",
        "Action Chart rows beyond 36: derive them (Square r², Doubles 2^(r-1), Sphere ×4/3 "
        "rounded, G-40) or refuse the lookup.",
        "derive",
        ("derive", "error"),
    )
    G03_ep_low_rows: Literal["halving", "free"] = rule_default(
        "G-03",
        "EP Use Chart rows 1-3: each row halves the cost of the row above (1/10, 1/20, 1/40 EP "
        "per use) or cost nothing.",
        "halving",
        ("halving", "free"),
    )
    G08_move_roll_half_strength: Literal["up", "down"] = rule_default(
        "G-08",
        "Move Roll: half Strength rounded up (the rule) or down (the Example of Movement).",
        "up",
        ("up", "down"),
    )
    G28_performance_time_rounding: Literal["nearest", "down"] = rule_default(
        "G-28",
        "Performance Time reduced by Q: round once to nearest, halves up (15 halved twice = 4) "
        "or round down.",
        "nearest",
        ("nearest", "down"),
    )
    G31_experience_boundary: Literal["low", "high"] = rule_default(
        "G-31",
        "Experience chart rows '0-10' and '10-20' overlap at 10: 10 belongs to row 0 ('low') or "
        "row 1 ('high').",
        "low",
        ("low", "high"),
    )
    G43_fractions: Literal["total", "per_term"] = rule_default(
        "G-43",
        "VP and EP totals: drop fractions from the total (Seraph VP 43, EP 74) or term by term.",
        "total",
        ("total", "per_term"),
    )
    G44_hold_breath_half_strength: Literal["up", "down"] = rule_default(
        "G-44",
        "Hold Breath Roll 'Constitution plus half Strength' gives no rounding: round half "
        "Strength up (as the Move Roll's 'half Strength (round up)') or down.",
        "up",
        ("up", "down"),
    )
    G71_toughness_scale: Literal["standard", "forgiving", "strict"] = rule_default(
        "G-71",
        "Toughness verdict and award multiplier (seed 000: 1.1-1.5 for an especially tough "
        "adventure) from the heroes' win rate: standard 90/75/60/45/30 %, forgiving "
        "80/65/50/35/20 %, strict 95/85/70/55/40 %.",
        "standard",
        ("standard", "forgiving", "strict"),
    )
    G230_inconclusive_timeouts: float = rule_default(
        "G-230",
        "The toughness verdict is 'inconclusive' when at least this share of the runs end at "
        "the time limit (0.1: below it, the timed-out runs' unknown ends move the heroes' win "
        "rate by less than one step of any G-71 scale); the tier is read off the runs that "
        "ended before it.",
        0.1,
        (0.1, 0.05, 0.2, 0.25),
    )
    G227_tie_order: Literal["dice", "id"] = rule_default(
        "G-227",
        "Who goes first among characters with nothing else between them in one segment and "
        "phase: an order drawn from the dice when the encounter is built ('dice'), or the ids "
        "compared as text ('id', which lets a name decide).",
        "dice",
        ("dice", "id"),
    )
    G228_same_segment_decisions: Literal["simultaneous", "in_turn"] = rule_default(
        "G-228",
        "Characters who may start an action in the same segment all choose before any of them "
        "starts one, each seeing what the others did before that segment ('simultaneous'), or "
        "each chooses and starts in turn, seeing what those before it started ('in_turn'). A "
        "time model with its own announcement order (Simpler Combat) keeps that order.",
        "simultaneous",
        ("simultaneous", "in_turn"),
    )
    G235_non_combatants: Literal["aside", "counted"] = rule_default(
        "G-235",
        "Characters a scenario gives the role 'bystander' or 'hostage': set aside from the "
        "fight ('aside': no side is in action through them, no policy attacks them as an "
        "enemy, no rule counts them as an opponent, reports never count them as heroes), or "
        "counted like any combatant ('counted').",
        "aside",
        ("aside", "counted"),
    )
    G236_protect_fails: Literal["down", "out_of_action"] = rule_default(
        "G-236",
        "A 'protect' objective fails when the protected character is down, unconscious or dead "
        "('down': one who fled or surrendered is safe), or out of action in any way "
        "('out_of_action').",
        "down",
        ("down", "out_of_action"),
    )
    G237_objective_play: Literal["pursue", "ignore"] = rule_default(
        "G-237",
        "Policies know the scenario's objectives ('pursue'): the side that loses if one is "
        "achieved goes after the characters pursuing it, the other side guards them; or "
        "policies fight as if there were none ('ignore').",
        "pursue",
        ("pursue", "ignore"),
    )
    G238_escape_counts: Literal["arrives", "leaves"] = rule_default(
        "G-238",
        "An 'escape' objective is achieved when the character arrives at the place (standing "
        "there, or leaving the encounter through it) ('arrives'), or only when it leaves the "
        "encounter through it, an exit ('leaves').",
        "arrives",
        ("arrives", "leaves"),
    )
    G239_party_knock_out: Literal["out_of_action", "down"] = rule_default(
        "G-239",
        "The report's 'every hero out of action' (a total party knock-out) counts a run in "
        "which every hero ends out of action in any way ('out_of_action': fled and surrendered "
        "included), or only one in which every hero ends unconscious or dead ('down').",
        "out_of_action",
        ("out_of_action", "down"),
    )
    G248_passing_places: Literal["pass", "stop"] = rule_default(
        "G-248",
        "A place of two ways on the straight line between them, with no feature, cover, exit "
        "or blocked sight, is only passed: runs, meeting places, the place of a spot and the "
        "ways out skip it ('pass'); or every place counts as drawn ('stop').",
        "pass",
        ("pass", "stop"),
    )
    G161_same_segment_pushback: Literal["none", "push"] = rule_default(
        "G-161",
        "Actions initiated in the same segment (a jump with a move, two actions begun at "
        "once): they do not push each other back ('none'), or each one started pushes the "
        "others back 1 segment as starting during another action does ('push').",
        "none",
        ("none", "push"),
    )
    G287_refigured_body: Literal["as-built", "refigured"] = rule_default(
        "G-287",
        "An ability changed during a fight (a weakness, a lent power) changes the figured "
        "attributes read in the fight (Hand Damage, the Ability Rolls, Skin Temper) but the "
        "body keeps its Mass, Body DP, Resist Death and VP and EP maxima as built "
        "('as-built'); or every figured attribute is figured again from the changed ability "
        "('refigured').",
        "as-built",
        ("as-built", "refigured"),
    )
    G288_d100_number_rolls: Literal["unchanged", "favoured"] = rule_default(
        "G-288",
        "A d100 read off as a number, not rolled against a chance (a power's d% of effect, the "
        "rounds a faint lasts, the minutes a sense warns): the rules' changes to d100 rolls "
        "(a power's changed chance of working, G-113) leave it as rolled "
        "('unchanged'), or move it toward the side that favours its roller, held to 1..100 "
        "('favoured').",
        "unchanged",
        ("unchanged", "favoured"),
    )


@dataclass(frozen=True, slots=True)
class DefaultSwitch:
    """One named default as listings and schemas show it."""

    name: str
    gid: str
    summary: str
    default: Any
    choices: tuple[Any, ...]


def default_switches(kind: type) -> tuple[DefaultSwitch, ...]:
    """The defaults ``kind`` declares, in declaration order."""
    return tuple(
        DefaultSwitch(
            f.name, f.metadata["gid"], f.metadata["summary"], f.default, f.metadata["choices"]
        )
        for f in dataclasses.fields(kind)
    )


def switches_of(kinds: Iterable[type]) -> dict[str, DefaultSwitch]:
    """Every default ``kinds`` declare, by name, in declaration order (the registry refuses two
    classes declaring one name)."""
    return {switch.name: switch for kind in kinds for switch in default_switches(kind)}


def defaults_kind_problem(kind: object) -> str | None:
    """What makes ``kind`` no class of defaults, or ``None``: it must be a frozen dataclass whose
    every field is a :func:`rule_default` named as a scenario can write it, whose choices are
    strings, numbers or booleans and whose standard value is one of them."""
    if not isinstance(kind, type) or not dataclasses.is_dataclass(kind):
        return f"expected a dataclass of rule_default fields, got {kind!r}"
    if not kind.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        return f"{kind.__qualname__} must be a frozen dataclass"
    for f in dataclasses.fields(kind):
        if not {"gid", "summary", "choices"} <= set(f.metadata):
            return f"{kind.__qualname__}.{f.name} must be made with rule_default(...)"
        where = f"{kind.__qualname__}.{f.name}"
        if not SWITCH_NAME.fullmatch(f.name):
            return f"{where}: a default's name is letters, digits and '_'"
        choices = f.metadata["choices"]
        if not choices or any(type(choice) not in SWITCH_VALUE_TYPES for choice in choices):
            return f"{where}: choices must be strings, numbers or booleans, got {choices!r}"
        if _choice(f.default, choices) is _NO_CHOICE:
            return f"{where}: standard value {f.default!r} is not a choice"
    return None


def defaults_summary(kind: type) -> str:
    """A one-line summary of a class of defaults for listings: the switches it declares
    (``"switches G06_skin_temper_power, G59_low_mass"``)."""
    return "switches " + ", ".join(switch.name for switch in default_switches(kind))


@dataclass(frozen=True, slots=True)
class RuleDefaults:
    """The defaults in force for one simulation: the switched ones by name, the rest standard.

    Frozen: :meth:`with_overrides` makes a new one. :meth:`of` reads one class of defaults,
    typed; a class no switch names reads as its standard values.
    """

    overrides: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}))
    _read: dict[type, object] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )

    def of(self, kind: type[D]) -> D:
        """``kind``'s defaults with this simulation's switches applied; ``ValueError`` names a
        switched value that is not one of its default's choices."""
        read = self._read.get(kind)
        if read is None:
            read = self._read[kind] = _switched(kind, self.overrides)
        return read  # type: ignore[return-value]

    def with_overrides(self, overrides: Mapping[str, object]) -> RuleDefaults:
        """A copy with ``overrides`` switched too; which names exist is checked against the
        registered classes by :func:`defaults_problems`."""
        return RuleDefaults(MappingProxyType({**self.overrides, **overrides}))

    def __post_init__(self) -> None:
        if not isinstance(self.overrides, MappingProxyType):  # read-only, whoever made it
            object.__setattr__(self, "overrides", MappingProxyType(dict(self.overrides)))

    def __hash__(self) -> int:
        return hash(tuple(sorted(self.overrides.items())))

    def __reduce__(self) -> tuple[Any, ...]:
        return (RuleDefaults, (dict(self.overrides),))


def _switched(kind: type[D], overrides: Mapping[str, Any]) -> D:
    values = {}
    for f in dataclasses.fields(kind):  # type: ignore[arg-type]
        if f.name in overrides:
            value = overrides[f.name]
            choice = _choice(value, f.metadata["choices"])
            if choice is _NO_CHOICE:
                raise ValueError(
                    f"'{f.name}' must be one of {choices_shown(f.metadata['choices'])}, "
                    f"not {shown(value)}"
                )
            values[f.name] = choice
    return kind(**values)


_NO_CHOICE: Final = object()


def _choice(value: object, choices: tuple[Any, ...]) -> Any:
    """The choice ``value`` means, or ``_NO_CHOICE``: equal and of the same type (TOML's
    ``true`` is not ``1``), except that numbers stand for each other when equal (``2`` for
    ``2.0``, ``8.0`` for ``8``), as the JSON Schema's ``enum`` takes them."""
    for choice in choices:
        numbers = {type(value), type(choice)} <= {int, float}
        if (type(value) is type(choice) or numbers) and value == choice:
            return choice
    return _NO_CHOICE


def choices_shown(choices: tuple[Any, ...]) -> str:
    """A default's choices as a scenario writes them: ``"nearest", "down"``."""
    return ", ".join(shown(choice) for choice in choices)


def defaults_problems(
    defaults: RuleDefaults, kinds: Iterable[type], left_out: Mapping[str, str] | None = None
) -> list[tuple[str, str]]:
    """``(key, expected)`` for each switch no class of ``kinds`` declares, or set to a value its
    default cannot take; the key is the switch's name. ``left_out`` names, by switch, the plugin
    left out of the simulation that declares it (the message then says so)."""
    known = switches_of(kinds)
    problems = []
    for name, value in defaults.overrides.items():
        switch = known.get(name)
        if switch is None and left_out and name in left_out:
            plugin = left_out[name]
            expected = (
                f"expected a default of a loaded plugin: {plugin}, which declares '{name}', "
                "is left out"
            )
            problems.append((name, expected))
        elif switch is None:
            close = difflib.get_close_matches(name, known, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            problems.append(
                (name, f"expected a named default the loaded plugins declare{hint}, not '{name}'")
            )
        elif _choice(value, switch.choices) is _NO_CHOICE:
            expected = f"expected one of {choices_shown(switch.choices)}, not {shown(value)}"
            problems.append((name, expected))
    return problems


STANDARD_DEFAULTS = RuleDefaults()
"""No default switched: every class reads as ``docs/rules/decisions.md`` records it."""
