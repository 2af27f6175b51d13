"""The exception tree (``mands_sim.errors``): every error with its own constructor survives a
trip through pickle, as errors do from a worker process or a forked future."""

from __future__ import annotations

import inspect
import pickle

import pytest

from mands_sim import errors
from mands_sim.errors import IntentOptionError, MandsSimError, PreparedValueError, Problem


def own_constructors() -> list[type[MandsSimError]]:
    return [
        kind
        for _, kind in inspect.getmembers(errors, inspect.isclass)
        if issubclass(kind, MandsSimError) and "__init__" in vars(kind)
    ]


def made(kind: type[MandsSimError]) -> MandsSimError:
    """An instance of ``kind`` made with a text for each of its constructor's parameters (a
    list of one problem where it takes problems)."""
    parameters = inspect.signature(kind).parameters.values()
    required = [p for p in parameters if p.default is inspect.Parameter.empty]
    return kind(*(given(p) for p in required))


def given(parameter: inspect.Parameter) -> object:
    if "Problem" in str(parameter.annotation):
        return [Problem("sides[0].name", "expected a name")]
    return f"{parameter.name}-given"


@pytest.mark.parametrize("kind", own_constructors(), ids=lambda kind: kind.__name__)
def test_an_error_survives_pickling_with_its_message(kind: type[MandsSimError]) -> None:
    error = made(kind)
    again = pickle.loads(pickle.dumps(error))
    assert (type(again), str(again)) == (kind, str(error))
    assert again.args == error.args


def test_the_readers_errors_keep_what_they_name() -> None:
    option = pickle.loads(pickle.dumps(IntentOptionError("zap", "power", "a number", "x")))
    prepared = pickle.loads(pickle.dumps(PreparedValueError("attack", "a number", "high")))
    assert (option.action, option.option, option.value) == ("zap", "power", "x")
    assert (prepared.key, prepared.expected, prepared.value) == ("attack", "a number", "high")
