"""Write ``docs/api.md`` and ``docs/rulebook-api.md`` from the docstrings of :mod:`mands_sim.api`
and :mod:`mands_rulebook.api` (run: ``.venv/bin/python scripts/api_docs.py``);
``tests/meta/test_api_declared.py`` fails when a file is out of step."""

from __future__ import annotations

import dataclasses
import enum
import inspect
import sys
import typing
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType

import mands_rulebook.api
import mands_sim.api


class _Unquoted(str):
    """An annotation written as a string (``from __future__ import annotations``), shown as
    written: without the quotes a signature would put around it."""

    def __repr__(self) -> str:
        return str(self)


def shown_signature(routine: object) -> str:
    """``routine``'s signature with its annotations unquoted and its defaults as they are."""
    signature = inspect.signature(routine)  # type: ignore[arg-type]
    unquoted = [_shown(parameter) for parameter in signature.parameters.values()]
    returned = signature.return_annotation
    if isinstance(returned, str):
        returned = _Unquoted(returned)
    return str(signature.replace(parameters=unquoted, return_annotation=returned))


DOCS = Path(__file__).resolve().parents[1] / "docs"
APIS: Mapping[str, tuple[ModuleType, str]] = {
    "api.md": (mands_sim.api, "The plugin API"),
    "rulebook-api.md": (mands_rulebook.api, "The Men & Supermen kit"),
}
"""Each generated file: the module it documents, and its title."""

HEADER = """# {title}: `{module}` {version}

<!-- Generated from the docstrings of {source} by scripts/api_docs.py: edit those,
then run `.venv/bin/python scripts/api_docs.py`. -->

{summary}

Contents: {contents}.
"""


def _shown(parameter: inspect.Parameter) -> inspect.Parameter:
    """A parameter with its annotation unquoted and a marker default (an enum's member, such
    as ``Prepared``'s ``REQUIRED``) by its name."""
    if isinstance(parameter.annotation, str):
        parameter = parameter.replace(annotation=_Unquoted(parameter.annotation))
    if isinstance(parameter.default, enum.Enum):
        parameter = parameter.replace(default=_Unquoted(parameter.default.name))
    return parameter


def method_lines(attribute: str, member: object) -> list[str]:
    """A method's lines: one per overload if it has them, else its own signature; indexing
    (``__getitem__``) shown as ``[key] -> value``."""
    summary = (inspect.getdoc(member) or "").split("\n\n")[0].replace("\n", " ")
    said = f": {summary}" if summary else ""
    shown = [shown_signature(f) for f in typing.get_overloads(member)] or [shown_signature(member)]
    shown = [s.replace("(self, ", "(").replace("(self)", "()") for s in shown]
    if attribute == "__getitem__":
        shown = [f"[{s[1:].replace(')', ']', 1)}" for s in shown]
    return [f"- `{attribute if attribute != '__getitem__' else ''}{s}`{said}" for s in shown]


def documentation(api: ModuleType, name: str) -> str:
    """The documentation of the exported ``name``: its note for a value (a constant, a type
    alias), its docstring for a class or function; ``""`` for none."""
    if name in api.NOTES:
        return api.NOTES[name]
    value = getattr(api, name)
    if inspect.isclass(value) or inspect.isroutine(value):
        return inspect.getdoc(value) or ""
    return ""


def members(api: ModuleType, name: str) -> str:
    """A class's fields (a dataclass) and its public methods and properties, one line each,
    with the first line of each docstring: what a plugin reads of it."""
    value = getattr(api, name)
    if not inspect.isclass(value) or issubclass(value, BaseException):
        return ""
    fields = dataclasses.fields(value) if dataclasses.is_dataclass(value) else ()
    lines = [
        f"- `{f.name}: {_type_name(f.type)}{_default(f)}`"
        for f in fields
        if not f.name.startswith("_")
    ]
    for attribute, member in sorted(vars(value).items()):
        private = attribute.startswith("_") and attribute != "__getitem__"
        if private or attribute in {f.name for f in fields}:
            continue
        if isinstance(member, property):
            summary = (inspect.getdoc(member) or "").split("\n\n")[0].replace("\n", " ")
            lines.append(f"- `{attribute}` (property)" + (f": {summary}" if summary else ""))
        elif inspect.isfunction(member):
            lines.extend(method_lines(attribute, member))
    return "\n".join(lines)


def _default(field: dataclasses.Field[object]) -> str:
    """`` = value`` for a field with a default (`` = {}`` for an empty mapping made fresh)."""
    if field.default is not dataclasses.MISSING:
        value = field.default
        if isinstance(value, enum.Enum):
            return f" = {value.name}"
        return f" = {value.__name__ if callable(value) else repr(value)}"
    if field.default_factory is not dataclasses.MISSING:
        made = field.default_factory()
        return f" = {dict(made) if isinstance(made, Mapping) else made!r}"
    return ""


def _type_name(kind: object) -> object:
    """A field's annotation as written (a string here) or its class's name."""
    return kind if isinstance(kind, str) else getattr(kind, "__name__", kind)


def heading(api: ModuleType, name: str) -> str:
    value = getattr(api, name)
    if inspect.isroutine(value) and not isinstance(value, type):
        try:
            return f"### `{name}{shown_signature(value)}`"
        except (TypeError, ValueError):
            pass
    if inspect.isclass(value):
        return f"### class `{name}`"
    return f"### `{name}`"


def anchor(title: str) -> str:
    return "".join(c for c in title.lower().replace(" ", "-") if c.isalnum() or c == "-")


def render(file: str = "api.md") -> str:
    """The generated file ``docs/<file>`` as it should be."""
    api, title = APIS[file]
    module_doc = inspect.getdoc(api) or ""
    contents = ", ".join(f"[{section}](#{anchor(section)})" for section in api.SECTIONS)
    header = HEADER.format(
        title=title,
        module=api.__name__,
        source="src/" + api.__name__.replace(".", "/") + ".py",
        version=api.API_VERSION,
        summary=module_doc,
        contents=contents,
    )
    parts = [header.rstrip()]
    for section, names in api.SECTIONS.items():
        parts.append(f"## {section}")
        for name in names:
            listed = members(api, name)
            parts.append(
                f"{heading(api, name)}\n\n{documentation(api, name)}"
                + (f"\n\n{listed}" if listed else "")
            )
    return "\n\n".join(parts) + "\n"


if __name__ == "__main__":
    for file in APIS:
        (DOCS / file).write_text(render(file), encoding="utf-8")
        print(f"wrote docs/{file}")
    sys.exit(0)
