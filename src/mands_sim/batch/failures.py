"""What an errored run leaves behind: the exception, the plugin and hook it was raised in, the
policy that was deciding, and the traceback.

A run that raises, or goes over its wall-clock budget (:mod:`mands_sim.batch.budget`), is stored
as an error, and its :class:`Failure` with it, so the report can name the culprit and list the
seeds to replay, and ``mands-sim store show`` can print the traceback long after the batch.

Where it happened is read off the exception and its traceback: a
:class:`~mands_sim.errors.PluginError` names its plugin and hook itself; otherwise the innermost
hook call on the stack (a frame holding the hook's name and implementations, as pluggy's and
:mod:`mands_sim.plugin_calls`' executors do) and the implementation running under it. The policy
is the mind whose answer was being asked for (the outermost frame of a mind's method, unwrapped
down to the policy a journal or the Comics Code wraps).
"""

from __future__ import annotations

import traceback
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass
from types import FrameType
from typing import Any, Final

from mands_sim.batch.budget import RunOverTime
from mands_sim.errors import PluginError

TRACEBACK_KEPT: Final = 20_000
"""Characters of a traceback kept with the run (its end, where the error was raised)."""

MAX_DEPTH: Final = 10
"""Wrappers unwrapped at most to find the policy inside a mind (a journal, the Comics Code)."""


@dataclass(frozen=True, slots=True)
class Failure:
    """Why a run of a batch ended in an error.

    Attributes:
        exception: the exception's type name (``PluginHookError``, ``RunOverTime`` …).
        message: its message.
        plugin, hook: the plugin and the hook it was raised in, when it was raised in one.
        policy: the policy that was deciding, as ``"dexter's policy (TacticianPolicy)"``.
        traceback: the traceback, chained exceptions included (its last
            :data:`TRACEBACK_KEPT` characters).
    """

    exception: str
    message: str
    plugin: str | None = None
    hook: str | None = None
    policy: str | None = None
    traceback: str = ""

    @property
    def over_time(self) -> bool:
        """The run went over its wall-clock budget."""
        return self.exception == RunOverTime.__name__

    def summary(self) -> str:
        """One line saying what went wrong and where: what the report counts runs by."""
        if self.plugin and self.message.startswith(f"plugin '{self.plugin}'"):
            return self.message  # "plugin 'flaky' in hook 'mands_action_after': RuntimeError: …"
        what = self.message if self.over_time else _typed(self.exception, self.message)
        return what + self.where()

    def where(self) -> str:
        """``" in plugin 'x' (hook 'y') while dexter's policy (…) was deciding"``, or ``""``."""
        text = ""
        if self.plugin:
            text += f" in plugin '{self.plugin}'" + (f" (hook '{self.hook}')" if self.hook else "")
        elif self.hook:
            text += f" in hook '{self.hook}'"
        if self.policy:
            text += f" while {self.policy} was deciding"
        return text

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Failure:
        return cls(
            exception=str(data["exception"]),
            message=str(data.get("message") or ""),
            plugin=data.get("plugin"),
            hook=data.get("hook"),
            policy=data.get("policy"),
            traceback=str(data.get("traceback") or ""),
        )


FIELDS: Final = ("exception", "message", "plugin", "hook", "policy", "traceback")
"""The keys of a stored failure (:meth:`Failure.to_json`)."""


def _typed(exception: str, message: str) -> str:
    return f"{exception}: {message}" if message else exception


def failure_of(error: BaseException) -> Failure:
    """The :class:`Failure` of a run that raised ``error``."""
    frames = list(_frames(error))
    plugin, hook = _plugin_and_hook(error, frames)
    text = "".join(traceback.format_exception(error))
    return Failure(
        exception=type(error).__name__,
        message=str(error),
        plugin=plugin,
        hook=hook,
        policy=_policy(frames),
        traceback=text[-TRACEBACK_KEPT:],
    )


def _chain(error: BaseException) -> Iterator[BaseException]:
    """``error`` and its causes (``raise … from``, and SimPy's copy of a process's failure)."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__


def _frames(error: BaseException) -> Iterator[FrameType]:
    """The frames of ``error``'s traceback, then of each cause's: outermost first."""
    for link in _chain(error):
        tb = link.__traceback__
        while tb is not None:
            yield tb.tb_frame
            tb = tb.tb_next


def _plugin_and_hook(
    error: BaseException, frames: list[FrameType]
) -> tuple[str | None, str | None]:
    named = next((e for e in _chain(error) if isinstance(e, PluginError)), None)
    if named is not None:
        return named.plugin, named.hook
    for depth in range(len(frames) - 1, -1, -1):
        hook, impls = _hook_call(frames[depth])
        if hook is not None:
            return _running_impl(impls, frames[depth + 1 :]), hook
    return None, None


def _hook_call(frame: FrameType) -> tuple[str | None, list[Any]]:
    """The hook name and implementations a hook executor's frame holds, if it is one."""
    local = frame.f_locals
    name = local.get("hook_name")
    impls = local.get("hook_impls", local.get("impls"))
    if isinstance(name, str) and isinstance(impls, list):
        return name, impls
    return None, []


def _running_impl(impls: list[Any], frames: list[FrameType]) -> str | None:
    """The plugin of the implementation among ``impls`` running in the innermost of
    ``frames``."""
    found = None
    codes = {id(_code(impl)): impl for impl in impls}
    for frame in frames:
        impl = codes.get(id(frame.f_code))
        if impl is not None:
            found = impl
    return None if found is None else str(found.plugin_name)


def _code(impl: Any) -> object:
    function = impl.function
    return getattr(getattr(function, "__func__", function), "__code__", None)


def _policy(frames: list[FrameType]) -> str | None:
    """``"dexter's policy (TacticianPolicy)"``: the mind answering the outermost question on
    the stack, and the character it answers for."""
    for frame in frames:
        mind = frame.f_locals.get("self")
        actor = frame.f_locals.get("actor")
        if isinstance(actor, str) and callable(getattr(mind, "choose", None)):
            return f"{actor}'s policy ({type(_unwrapped(mind)).__name__})"
    return None


def _unwrapped(mind: object) -> object:
    """The policy a journal or a rule's wrapper holds as ``mind``."""
    for _ in range(MAX_DEPTH):
        inner = getattr(mind, "mind", None)
        if inner is None or not callable(getattr(inner, "choose", None)):
            return mind
        mind = inner
    return mind
