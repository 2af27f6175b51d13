"""Weakness kinds: what a sheet's ``[[weaknesses]]`` entry may say, checked against the plugin
that plays it.

Seed "Handicap or Weakness": a character may have handicaps or weaknesses, worked out with the
Editor "to fit the character". A sheet lists each as a table with a ``kind`` and the kind's
parameters (``multiplier = 3``, ``attacks = ["Frost Breath"]``). A plugin registers each kind
it plays through ``mands_register_weaknesses`` with a :class:`WeaknessKind` as the payload; the
simulation checks every sheet's weaknesses against the registered kinds before a run
(:func:`weakness_problems`), so a misspelt kind or parameter is an error naming the file and key,
with a did-you-mean, never a weakness silently not played.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from mands_sim.model.sheet import Weakness, WeaknessValue
from mands_sim.suggestions import suggestion

ParameterType = Literal["whole", "number", "text", "names", "yes/no"]
"""What a parameter holds: a whole number, any number, text, a list of names, true/false."""

_EXPECTED: Mapping[ParameterType, str] = {
    "whole": "a whole number",
    "number": "a number",
    "text": "text",
    "names": "a list of names",
    "yes/no": "true or false",
}


@dataclass(frozen=True, slots=True)
class Parameter:
    """One parameter of a weakness kind.

    Attributes:
        name: the key on the sheet.
        type: what it holds (:data:`ParameterType`).
        meaning: one line for listings and error messages.
        required: whether a sheet must give it (otherwise the kind's plugin has a default).
        minimum: the smallest number allowed (numbers only).
        choices: the words allowed (text only, case and spaces aside); ``()`` for any.
    """

    name: str
    type: ParameterType
    meaning: str
    required: bool = False
    minimum: int | None = None
    choices: tuple[str, ...] = ()

    def problem(self, value: WeaknessValue) -> str | None:
        """What is wrong with ``value`` for this parameter, or ``None``."""
        if not _is_type(value, self.type):
            return f"expected {_EXPECTED[self.type]} ({self.meaning}), got {value!r}"
        if self.minimum is not None and isinstance(value, int | float) and value < self.minimum:
            return f"expected {self.minimum} or more ({self.meaning}), got {value!r}"
        if isinstance(value, str) and self.choices and not self.offers(value):
            return f"{value!r} is not {self.meaning}: {suggestion(value, self.choices)}"
        return None

    def offers(self, word: str) -> bool:
        """Whether ``word`` (case and surrounding spaces aside) is one of :attr:`choices`."""
        return word.strip().casefold() in self.choices


def _is_type(value: WeaknessValue, wanted: ParameterType) -> bool:
    if isinstance(value, bool):
        return wanted == "yes/no"
    if wanted == "whole":
        return isinstance(value, int)
    if wanted == "number":
        return isinstance(value, int | float)
    if wanted == "text":
        return isinstance(value, str)
    if wanted == "names":
        return isinstance(value, tuple)
    return False


@dataclass(frozen=True, slots=True)
class WeaknessKind:
    """A kind of weakness a plugin plays: the payload of a ``mands_register_weaknesses``
    registration (its name is the registered name)."""

    parameters: tuple[Parameter, ...] = ()

    def problems(self, weakness: Weakness) -> list[tuple[str, str]]:
        """``(key, expected)`` for every parameter of ``weakness`` this kind does not accept:
        unknown keys (with a did-you-mean), missing required ones, wrong values."""
        known = {p.name: p for p in self.parameters}
        found: list[tuple[str, str]] = []
        for key, value in weakness.parameters.items():
            parameter = known.get(key)
            if parameter is None:
                hint = suggestion(key, [*known, "name"])
                found.append((key, f"unknown parameter '{key}' of a {weakness.kind}; {hint}"))
            elif (wrong := parameter.problem(value)) is not None:
                found.append((key, wrong))
        for parameter in self.parameters:
            if parameter.required and parameter.name not in weakness.parameters:
                found.append(
                    (
                        parameter.name,
                        f"expected the required key '{parameter.name}' of a "
                        f"{weakness.kind} ({parameter.meaning}), but it is missing",
                    )
                )
        return found


__all__ = ["Parameter", "ParameterType", "WeaknessKind"]
