"""Named, switchable defaults for what no rules source gives (``rules/gaps.md``).

Each field of :class:`RuleDefaults` is one default, named after its G-number. A scenario can
switch any of them under ``[rules.defaults]``; ``docs/rules/decisions.md`` records the choice,
the alternatives and the reason. Code that applies a default names its G-number in a comment.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal


def _default(gid: str, summary: str, value: Any, choices: tuple[Any, ...]) -> Any:
    return field(default=value, metadata={"gid": gid, "summary": summary, "choices": choices})


@dataclass(frozen=True, slots=True)
class RuleDefaults:
    """The defaults in force for one simulation. Frozen: :meth:`with_overrides` makes a new one."""

    G01_rows_beyond_printed: Literal["derive", "error"] = _default(
        "G-01",
        "Action Chart rows beyond 36: derive them (Square r², Doubles 2^(r-1), Sphere ×4/3 "
        "rounded, G-40) or refuse the lookup.",
        "derive",
        ("derive", "error"),
    )
    G03_ep_low_rows: Literal["halving", "free"] = _default(
        "G-03",
        "EP Use Chart rows 1-3: each row halves the cost of the row above (1/10, 1/20, 1/40 EP "
        "per use) or cost nothing.",
        "halving",
        ("halving", "free"),
    )
    G04_skill_ep_rows: Literal["ep_figure", "literal"] = _default(
        "G-04",
        "Skill-list EP rows ('row 2 (3 EP/round)'): trust the EP figure (row k -> standard "
        "row 9 - k) or read the row number literally.",
        "ep_figure",
        ("ep_figure", "literal"),
    )
    G08_move_roll_half_strength: Literal["up", "down"] = _default(
        "G-08",
        "Move Roll: half Strength rounded up (the rule) or down (the Example of Movement).",
        "up",
        ("up", "down"),
    )
    G28_performance_time_rounding: Literal["nearest", "down"] = _default(
        "G-28",
        "Performance Time reduced by Q: round once to nearest, halves up (15 halved twice = 4) "
        "or round down.",
        "nearest",
        ("nearest", "down"),
    )
    G31_experience_boundary: Literal["low", "high"] = _default(
        "G-31",
        "Experience chart rows '0-10' and '10-20' overlap at 10: 10 belongs to row 0 ('low') or "
        "row 1 ('high').",
        "low",
        ("low", "high"),
    )
    G43_fractions: Literal["total", "per_term"] = _default(
        "G-43",
        "VP and EP totals: drop fractions from the total (Seraph VP 43, EP 74) or term by term.",
        "total",
        ("total", "per_term"),
    )
    G44_hold_breath_half_strength: Literal["up", "down"] = _default(
        "G-44",
        "Hold Breath Roll 'Constitution plus half Strength' gives no rounding: round half "
        "Strength up (as the Move Roll's 'half Strength (round up)') or down.",
        "up",
        ("up", "down"),
    )

    @classmethod
    def describe(cls) -> list[dict[str, Any]]:
        """Every default with its G-number, summary, default value and choices."""
        return [
            {
                "name": f.name,
                "gid": f.metadata["gid"],
                "summary": f.metadata["summary"],
                "default": f.default,
                "choices": list(f.metadata["choices"]),
            }
            for f in dataclasses.fields(cls)
        ]

    def with_overrides(self, overrides: Mapping[str, Any]) -> RuleDefaults:
        """A copy with ``overrides`` applied; unknown names or values raise ``ValueError``."""
        known = {f.name: f for f in dataclasses.fields(self)}
        for name, value in overrides.items():
            if name not in known:
                raise ValueError(f"unknown rules default '{name}'; known: {sorted(known)}")
            choices = known[name].metadata["choices"]
            if value not in choices:
                raise ValueError(f"'{name}' must be one of {list(choices)}, not {value!r}")
        return dataclasses.replace(self, **dict(overrides))


STANDARD_DEFAULTS = RuleDefaults()
"""The defaults as ``docs/rules/decisions.md`` records them."""
