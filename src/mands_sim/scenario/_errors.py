"""Turn pydantic's validation errors into problems a reader can act on, and collect them.

Each problem names the dotted key (``sides[0].characters[1].count``) and says in plain words
what was expected there (``a whole number of at least 1, not "three"``). :class:`Findings`
gathers every problem found while one file is read, so one
:class:`~mands_sim.errors.ScenarioProblems` lists them all.
"""

from __future__ import annotations

import difflib
import types
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo
from pydantic_core import ErrorDetails

from mands_sim.bounds import RANGE_ERROR
from mands_sim.errors import InputError, Problem, ScenarioProblems
from mands_sim.inputs import shown, trimmed
from mands_sim.scenario._file import CUSTOM_ERROR, ScenarioFile

_T = TypeVar("_T")

_KINDS = {
    "string_type": "a string",
    "int_type": "a whole number",
    "float_type": "a number",
    "bool_type": "true or false",
    "list_type": "an array",
    "dict_type": "a table",
    "model_type": "a table",
    "model_attributes_type": "a table",
    "finite_number": "a finite number",
    "string_too_short": "a non-empty string",
    "string_too_long": "text of at most {max_length} characters",
    "string_pattern_mismatch": "an id of letters, digits, '-', '_' and '.', starting with a "
    "letter or digit",
}

_BOUNDS = {
    "greater_than": ("gt", "a number greater than {}"),
    "greater_than_equal": ("ge", "a number of at least {}"),
    "less_than": ("lt", "a number less than {}"),
    "less_than_equal": ("le", "a number of at most {}"),
}

_LENGTHS = {
    "too_short": ("min_length", "at least {} items"),
    "too_long": ("max_length", "at most {} items"),
}


class Findings:
    """Every problem found in one scenario file (at ``path``), in the order found."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.problems: list[Problem] = []

    def add(self, key: str, expected: str) -> None:
        """A problem at ``key`` of the scenario file itself."""
        self.problems.append(Problem(key, expected))

    @contextmanager
    def unit(self) -> Iterator[None]:
        """One check that stops at its first mistake: an :class:`InputError` raised inside is
        recorded (each of its problems, naming a sheet file when it is one) and the rest of the
        block is skipped; the checks after it go on."""
        try:
            yield
        except InputError as error:
            for problem in error.problems:
                where = problem.path or error.path
                file = None if where in (None, self.path) else where
                self.problems.append(Problem(problem.key, problem.expected, file))

    def checked(self, default: _T, check: Callable[..., _T], *args: Any) -> _T:
        """What ``check(*args)`` gives, or ``default`` when it raises (the problem is
        recorded)."""
        with self.unit():
            return check(*args)
        return default

    def validation(self, error: ValidationError) -> None:
        """Every problem of a validation of the whole file."""
        found: dict[str, str] = {}
        ordered = sorted(
            error.errors(include_url=False), key=lambda p: p["type"] != "extra_forbidden"
        )
        for details in ordered:
            key, expected = _problem(details)
            if key not in found and not _misspelt(details, key, found):
                found[key] = expected
        self.problems += [Problem(key, expected) for key, expected in found.items()]

    def add_unnamed(self, problems: Sequence[Problem]) -> None:
        """Each of ``problems`` whose key no problem found names yet (nor a key inside it), at
        most ``MAX_PROBLEMS_LISTED`` of them listed."""
        named = [problem.key for problem in self.problems if problem.path is None]
        unnamed = [p for p in problems if not any(_within_key(p.key, key) for key in named)]
        self.problems += trimmed(unnamed)

    def raise_any(self) -> None:
        """Raise one :class:`ScenarioProblems` listing them all, if any was found."""
        if self.problems:
            raise ScenarioProblems(self.path, self.problems)


def _within_key(key: str, outer: str) -> bool:
    """Whether ``key`` is ``outer`` or a key inside it (``a.b[0]`` is inside ``a.b``)."""
    return key == outer or key.startswith((f"{outer}.", f"{outer}["))


def _problem(details: ErrorDetails) -> tuple[str, str]:
    """The key and the expectation of one of pydantic's errors."""
    key, parent, here, field = _locate(details["loc"])
    if details["type"] in ("union_tag_invalid", "union_tag_not_found"):
        given = details.get("ctx", {}).get("tag")
        got = "" if given is None else f", not {shown(given)}"
        return f"{key}.kind", f"expected a kind, one of {_tags(here)}{got}"
    return key, _expected(details, parent, here, field)


def _misspelt(details: ErrorDetails, key: str, found: dict[str, str]) -> bool:
    """Whether ``details`` is a missing key that an unknown key beside it misspells (the
    misspelling is the problem to name, and is named already)."""
    if details["type"] != "missing":
        return False
    parent, _, name = key.rpartition(".")
    hint = f"did you mean '{name}'?"
    return any(
        other.rpartition(".")[0] == parent and expected.endswith(hint)
        for other, expected in found.items()
    )


def _expected(error: ErrorDetails, parent: Any, here: Any, field: FieldInfo | None) -> str:
    """What belongs at the error's key, in words."""
    kind, ctx, name = error["type"], error.get("ctx", {}), str(error["loc"][-1])
    described = f" ({field.description})" if field is not None and field.description else ""
    if kind == "missing":
        return f"expected the required key '{name}'{described}, but it is missing"
    if kind == "extra_forbidden":
        return _unknown_key(name, _known_keys(parent))
    if kind == CUSTOM_ERROR:
        return f"expected {error['msg']}, not {shown(error['input'])}"
    if kind == RANGE_ERROR:
        return f"expected {error['msg']}{described}, not {shown(error['input'])}"
    if kind == "literal_error":
        choices = ", ".join(shown(choice) for choice in get_args(here)) or ctx["expected"]
        return f"expected one of {choices}, not {shown(error['input'])}"
    if kind in _LENGTHS:
        bound, words = _LENGTHS[kind]
        return "expected " + words.format(ctx[bound]).replace(" 1 items", " 1 item") + described
    if kind in _BOUNDS:
        bound, words = _BOUNDS[kind]
        return f"expected {words.format(ctx[bound])}{described}, not {shown(error['input'])}"
    if kind in _KINDS:
        words = _KINDS[kind].format(**ctx)
        return f"expected {words}{described}, not {shown(error['input'])}"
    return f"expected {error['msg']}{described}"


def _unknown_key(name: str, known: Sequence[str]) -> str:
    """An unknown key, with the known key it is closest to (a misspelling), if any."""
    close = difflib.get_close_matches(name, known, n=1)
    hint = f"did you mean '{close[0]}'?" if close else f"expected one of: {', '.join(known)}"
    return f"unknown key '{name}'; {hint}"


def _locate(loc: Sequence[int | str]) -> tuple[str, Any, Any, FieldInfo | None]:
    """The dotted key of ``loc``, the types at its parent and at it, and its last field's info.

    Walks the models along ``loc`` so the message can name known keys and describe the field;
    the tag pydantic adds for a tagged union (``objectives[0].reach.place``) and its ``[key]``
    after a mapping's key at fault are dropped.
    """
    key, parent, here, field = "", None, _strip(ScenarioFile), None
    for part in loc:
        if part == "[key]":  # pydantic's mark of a mapping's key, not its value, at fault
            continue
        member = _tagged_member(here, part)
        if member is not None:
            here = member
            continue
        parent = here
        if isinstance(part, int):
            key += f"[{part}]"
            here = _item_type(here)
            continue
        key = f"{key}.{part}" if key else part
        field = _field(here, part)
        here = _strip(field.annotation) if field is not None else _value_type(here)
    return key, parent, here, field


def _strip(annotation: Any) -> Any:
    """``X`` from ``Annotated[X, ...]`` and ``X | None``."""
    while True:
        origin = get_origin(annotation)
        if origin is Annotated:
            annotation = get_args(annotation)[0]
        elif origin in (Union, types.UnionType) and type(None) in get_args(annotation):
            rest = [arg for arg in get_args(annotation) if arg is not type(None)]
            annotation = rest[0] if len(rest) == 1 else Union[tuple(rest)]  # noqa: UP007
        else:
            return annotation


def _models(annotation: Any) -> list[type[BaseModel]]:
    """The models of a union of models (empty for anything else)."""
    if get_origin(annotation) not in (Union, types.UnionType):
        return []
    return [arg for arg in get_args(annotation) if _is_model(arg)]


def _is_model(annotation: Any) -> bool:
    return isinstance(annotation, type) and issubclass(annotation, BaseModel)


def _tagged_member(annotation: Any, part: int | str) -> type[BaseModel] | None:
    """The union member whose ``kind`` tag is ``part``, if ``annotation`` is a tagged union."""
    for model in _models(annotation):
        if part in get_args(_strip(model.model_fields["kind"].annotation)):
            return model
    return None


def _tags(annotation: Any) -> str:
    """The tags of a tagged union, quoted, for a message."""
    return ", ".join(
        shown(tag)
        for model in _models(annotation)
        for tag in get_args(_strip(model.model_fields["kind"].annotation))
    )


def _field(annotation: Any, name: str) -> FieldInfo | None:
    return annotation.model_fields.get(name) if _is_model(annotation) else None


def _item_type(annotation: Any) -> Any:
    return _strip(get_args(annotation)[0]) if get_origin(annotation) is list else None


def _value_type(annotation: Any) -> Any:
    return _strip(get_args(annotation)[1]) if get_origin(annotation) is dict else None


def _known_keys(annotation: Any) -> tuple[str, ...]:
    return tuple(annotation.model_fields) if _is_model(annotation) else ()


def listed(names: Sequence[str], limit: int = 8) -> str:
    """``names`` in their order, at most ``limit`` of them, then "… and N more"."""
    rest = len(names) - limit
    head = ", ".join(names[:limit])
    return f"{head} … and {rest} more" if rest > 0 else head
