"""One exception tree for mands-sim.

Every error the project raises on purpose derives from :class:`MandsSimError`, so a caller can
catch the whole family with one clause, and every error carries the context a reader needs:
the file, key and expectation for bad input; the plugin and hook for plugin failures.

A rule-legal refusal ("the character cannot do that now") is an *outcome*, never an exception.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path


class MandsSimError(Exception):
    """Base class of every error mands-sim raises on purpose.

    Subclasses with their own constructor keep their constructor arguments in ``args`` (so the
    error can be re-created from them, as SimPy does when a process fails, and pickled across
    worker processes) and their readable message in ``message``.
    """

    message: str = ""

    def _keep(self, message: str, *args: object) -> None:
        self.message = message
        self.args = args

    def __str__(self) -> str:
        return self.message or super().__str__()


class RulesDataError(MandsSimError):
    """A chart or table data file is malformed (gap, overlap, wrong type)."""

    def __init__(self, source: str, problem: str) -> None:
        super().__init__()
        self._keep(f"{source}: {problem}", source, problem)
        self.source = source
        self.problem = problem


class DiceError(MandsSimError):
    """A dice expression is malformed or a dice source cannot deliver a roll."""


class ScriptedDiceExhausted(DiceError):
    """A scripted dice source was asked for more faces than the test supplied."""


class InputError(MandsSimError):
    """A user-supplied file (character sheet, scenario) is not what it should be.

    Attributes:
        path: the file that is wrong (``None`` for in-memory input).
        key: dotted path of the offending key inside the file (``""`` for the whole file).
        expected: what was expected there, in words.
        problems: every mistake found in the file, the first being ``key`` and ``expected``
            (one, unless the error lists several: :class:`ScenarioProblems`,
            :class:`SheetProblems`).
    """

    problems: tuple[Problem, ...]

    def __init__(self, path: Path | str | None, key: str, expected: str) -> None:
        self.path = Path(path) if path is not None else None
        self.key = key
        self.expected = expected
        self.problems = (Problem(key, expected),)
        where = str(self.path) if self.path is not None else "<input>"
        at = f" at '{key}'" if key else ""
        super().__init__()
        self._keep(f"{where}{at}: {expected}", path, key, expected)


class SheetError(InputError):
    """A character sheet is malformed."""


class ScenarioError(InputError):
    """A scenario file is malformed."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One mistake in an input file: the dotted ``key`` where it is and what was ``expected``;
    ``path`` names the file when it is not the one reported on (a sheet file a scenario names).
    """

    key: str
    expected: str
    path: Path | None = None

    def line(self, path: Path | None = None) -> str:
        """The problem in one line; the file is named unless it is ``path``."""
        where = "" if self.path is None or self.path == path else f"{self.path}"
        at = f"at '{self.key}'" if self.key else ""
        place = " ".join(part for part in (where, at) if part)
        return f"{place}: {self.expected}" if place else self.expected


def _listed(error: InputError, path: Path | str | None, problems: Sequence[Problem]) -> None:
    """Make ``error`` report ``problems`` of the file at ``path``: one reads as a single error
    does (``FILE at 'KEY': EXPECTED``, naming the problem's own file if it has one); several as
    a count and one line each."""
    if not problems:
        raise ValueError(f"{type(error).__name__} needs at least one problem")
    first = problems[0]
    InputError.__init__(error, first.path or path, first.key, first.expected)
    error.problems = tuple(problems)
    error.path = Path(path) if path is not None else None
    where = str(error.path) if error.path is not None else "<input>"
    if len(problems) > 1:
        listed = "".join(f"\n  {problem.line(error.path)}" for problem in problems)
        error.message = f"{where}: {len(problems)} problems:{listed}"
    error.args = (path, error.problems)


class AdventureError(InputError):
    """An adventure file (the scenes of an adventure day) is malformed."""


class AdventureProblems(AdventureError):
    """Every mistake found in one adventure file, reported together (at least one); read as
    :class:`ScenarioProblems` is."""

    def __init__(self, path: Path | str | None, problems: Sequence[Problem]) -> None:
        _listed(self, path, problems)


class ScenarioProblems(ScenarioError):
    """Every mistake found in one scenario file, reported together (at least one).

    ``key`` and ``expected`` are the first problem's, so a caller reading one problem reads the
    first; ``problems`` holds them all, in the order the file is read. One problem reads as a
    :class:`ScenarioError` does (``FILE at 'KEY': EXPECTED``); several as a count and one line
    each. A problem of a sheet file the scenario names carries that file as its ``path``.
    """

    def __init__(self, path: Path | str | None, problems: Sequence[Problem]) -> None:
        _listed(self, path, problems)


class SheetProblems(SheetError):
    """Every mistake found in one character sheet, reported together (at least one); read as
    :class:`ScenarioProblems` is."""

    def __init__(self, path: Path | str | None, problems: Sequence[Problem]) -> None:
        _listed(self, path, problems)


class UnknownConditionError(MandsSimError):
    """An event put a character under a condition no plugin registers
    (``mands_register_conditions``)."""


class UnknownRuleStateError(MandsSimError):
    """A rule read a :class:`~mands_sim.rule_state.RuleState` no plugin registers
    (``mands_register_rule_states``)."""


class UnplayedActionError(MandsSimError):
    """An action's ``initiate`` or ``resolve`` was given an action its rules do not play (it
    was attached to the wrong :class:`~mands_sim.actions.ActionDefinition`)."""

    def __init__(self, action: str) -> None:
        self._keep(f"these rules do not play the action {action!r}", action)
        self.action = action


class IntentOptionError(MandsSimError):
    """An intent's option is not of the kind the rule reading it expects (a policy put text
    where a number belongs); :class:`~mands_sim.actions.ActionOption` declarations let
    ``mands-sim validate`` catch a scenario's before any run."""

    def __init__(self, action: str, option: str, expected: str, value: object) -> None:
        said = f"option {option!r} of action {action!r}: expected {expected}, not {value!r}"
        self._keep(said, action, option, expected, value)
        self.action, self.option, self.expected, self.value = action, option, expected, value


class PreparedValueError(MandsSimError):
    """What an action's initiation prepared under a name is not of the kind the rule reading it
    expects (:class:`~mands_sim.actions.Prepared`): two plugins use one name for different
    things, or a rule wrote the wrong value."""

    def __init__(self, key: str, expected: str, value: object) -> None:
        self._keep(f"prepared {key!r}: expected {expected}, not {value!r}", key, expected, value)
        self.key, self.expected, self.value = key, expected, value


class PluginError(MandsSimError):
    """A plugin misbehaved. ``plugin`` names it; ``hook`` names the hook, when known."""

    def __init__(self, plugin: str, message: str, hook: str | None = None) -> None:
        self.plugin = plugin
        self.hook = hook
        where = f"plugin '{plugin}'" + (f" in hook '{hook}'" if hook else "")
        super().__init__()
        self._keep(f"{where}: {message}", plugin, message, hook)


class PluginValidationError(PluginError):
    """A plugin failed strict loading (unknown hook, bad signature, unmarked hook)."""


class DuplicateRegistrationError(PluginError):
    """Two plugins registered the same name for the same kind of thing."""

    def __init__(self, kind: str, name: str, first: str, second: str) -> None:
        self.kind = kind
        self.name = name
        self.first = first
        super().__init__(second, f"{kind} '{name}' is already registered by plugin '{first}'")
        self.args = (kind, name, first, second)


class PluginHookError(PluginError):
    """A plugin raised inside a hook; the original exception is the ``__cause__``."""


class StoreError(MandsSimError):
    """The results store cannot serve as asked. ``path`` names the store file; the message
    says what is wrong and what to do."""

    def __init__(self, path: Path | str, message: str) -> None:
        self.path = Path(path)
        super().__init__()
        self._keep(f"{self.path}: {message}", path, message)


class StoreUnreadable(StoreError):
    """The file is not a mands-sim results store (another program's file, or not a database)
    or it is damaged."""


class StoredRunInvalid(StoreError):
    """A stored run's row fails validation: it is refused, never aggregated."""


class StoreFormatError(StoreError):
    """A stored batch whose run rows are in another format than this mands-sim writes."""


class BatchInPlay(StoreError):
    """Another process is playing the batch asked for, on the same store."""
