"""Errors of the policy layer: a bad condition, bad policy options.

Both belong to the project's one exception tree (:class:`~mands_sim.errors.MandsSimError`) and
keep their constructor arguments in ``args`` so they pickle across batch workers.
"""

from __future__ import annotations

from pathlib import Path

from mands_sim.errors import MandsSimError, ScenarioError


class ExpressionError(MandsSimError):
    """A condition that is not in the rule language (``docs/policies.md`` "Conditions").

    Attributes:
        text: the condition as written.
        position: the 0-based offset of the first character that does not fit.
        expected: what would have fit there, in words.

    ``str(error)`` names the 1-based position and draws a caret under it::

        at position 9: expected a number, a name or "("
          self.dp <
                   ^
    """

    def __init__(self, text: str, position: int, expected: str) -> None:
        super().__init__()
        self.text = text
        self.position = position
        self.expected = expected
        self._keep(self.render(), text, position, expected)

    def render(self) -> str:
        """The message with the condition on its own line and a caret under ``position``."""
        shown = self.text.replace("\n", " ").replace("\t", " ")
        caret = " " * self.position + "^"
        return f"at position {self.position + 1}: expected {self.expected}\n  {shown}\n  {caret}"


class PolicyOptionsError(MandsSimError):
    """A policy's options (``policy_options`` in a scenario) are not what the policy reads.

    Attributes:
        key: dotted key inside the options (``rules[2].when``).
        expected: what was expected there, in words.

    The factory does not know which file or character the options came from;
    :meth:`in_scenario` turns the error into a :class:`~mands_sim.errors.ScenarioError` for
    the character's key in its file (``sides[0].characters[1].policy_options.rules[2].when``).
    """

    def __init__(self, key: str, expected: str) -> None:
        super().__init__()
        self.key = key
        self.expected = expected
        self._keep(f"policy_options.{key}: {expected}", key, expected)

    def in_scenario(self, path: Path | str | None, character_key: str) -> ScenarioError:
        """The same problem as a scenario error at ``<character_key>.policy_options.<key>``."""
        where = f"{character_key}.policy_options.{self.key}" if character_key else self.key
        return ScenarioError(path, where, self.expected)
