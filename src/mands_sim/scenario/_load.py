"""Loading a scenario file: read, parse TOML, check the bounds and the version, validate,
resolve, hash.

Loading never executes code: the file is TOML, sheets are TOML, names of policies and optional
rules are only names (checked against the plugin registry by :func:`check_names`). Every file
is read within the bounds of :mod:`mands_sim.bounds` (:mod:`mands_sim.inputs`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from functools import partial
from pathlib import Path, PurePath
from typing import Any, cast

from pydantic import ValidationError

from mands_sim.errors import (
    MandsSimError,
    PluginHookError,
    Problem,
    ScenarioError,
    ScenarioProblems,
    SheetError,
)
from mands_sim.inputs import read_input, resolved, shown, toml_data, trimmed, value_problems
from mands_sim.model.character import Sheet
from mands_sim.model.sheet import CharacterSheet
from mands_sim.rulesets import DEFAULT_RULESET, SHEET_RULESET_KEY, RulesetDefinition
from mands_sim.scenario._errors import Findings
from mands_sim.scenario._file import FORMAT_VERSION, ScenarioFile
from mands_sim.scenario._overrides import Override, described, overridden
from mands_sim.scenario._parts import Tables, readable_tables, valid_tables
from mands_sim.scenario._resolve import (
    resolve_defaults,
    resolve_disabled_plugins,
    resolve_map,
    resolve_optional_rules,
    resolve_sides,
)
from mands_sim.scenario._spec import ScenarioSpec
from mands_sim.scenario._stop import resolve_expect, resolve_stop
from mands_sim.sheet_makers import MAKE_KEY, SheetMaker, is_recipe
from mands_sim.suggestions import closest


def load_scenario(
    path: Path | str, overrides: Sequence[Override] = (), *, keep_expect: bool = False
) -> ScenarioSpec:
    """Load and validate the scenario file at ``path``, with every sheet it names, and with
    ``overrides`` applied (:mod:`mands_sim.scenario._overrides`). The file's ``[expect]`` was
    written for the file as it is: with overrides it stays only if one of them sets something
    in it, or if ``keep_expect`` (``mands-sim check --set`` checks it on the changed scenario).

    Raises:
        ScenarioError: the file cannot be read (missing, not a regular file, too large), is not
            UTF-8 TOML, nests too deep or is not of this format version.
        ScenarioProblems: the scenario is malformed: one error listing every problem, each with
            the dotted key and what was expected there (a problem of a sheet file the scenario
            names names that file and its key in it).
    """
    path = Path(path)
    content = read_input(path, partial(_unreadable, path, "", "a readable scenario file"))
    data = toml_data(content, partial(ScenarioError, path, ""))
    return _build(
        data,
        path=path,
        base_dir=path.parent,
        content=content,
        overrides=overrides,
        keep_expect=keep_expect,
    )


def scenario_data(path: Path | str, overrides: Sequence[Override] = ()) -> dict[str, Any]:
    """The scenario file at ``path`` as data, with ``overrides`` applied as :func:`load_scenario`
    applies them (what ``--show-scenario`` prints); not validated.

    Raises:
        ScenarioError: the file cannot be read, or an override names nothing in it.
    """
    path = Path(path)
    content = read_input(path, partial(_unreadable, path, "", "a readable scenario file"))
    data = toml_data(content, partial(ScenarioError, path, ""))
    _checked_values(data, path)
    return _overridden(data, overrides, _Sheets(path, path.parent), path) if overrides else data


def scenario_content(path: Path | str, overrides: Sequence[Override] = ()) -> dict[str, Any]:
    """The scenario at ``path`` as played with ``overrides``, every sheet file put inline and
    no ``[expect]``: data that :func:`parse_scenario` turns into the same scenario on a machine
    without the files (a batch's worker elsewhere, ``mands_sim.batch.executors``).

    Raises:
        ScenarioError: the file or a sheet it names cannot be read, or an override names
            nothing in it.
    """
    path = Path(path)
    data = scenario_data(path, overrides)
    data.pop("expect", None)
    sheets = _Sheets(path, path.parent)
    for s, side in enumerate(data.get("sides", ())):
        for c, character in enumerate(side.get("characters", ())):
            reference = character.get("sheet")
            if isinstance(reference, str):
                character["sheet"] = sheets.table(reference, f"sides[{s}].characters[{c}].sheet")
    return data


def override_notes(path: Path | str, overrides: Sequence[Override]) -> list[str]:
    """What the user should know of ``overrides`` on the scenario at ``path`` though they are
    valid: each that changes a sheet whose ``[overrides]`` pin figured values (the change may
    move nothing)."""
    if not overrides:
        return []
    path = Path(path)
    content = read_input(path, partial(_unreadable, path, "", "a readable scenario file"))
    data = toml_data(content, partial(ScenarioError, path, ""))
    notes: list[str] = []
    overridden(data, overrides, _Sheets(path, path.parent).table, notes)
    return notes


def parse_scenario(
    data: Mapping[str, Any], *, path: Path | str | None = None, base_dir: Path | str | None = None
) -> ScenarioSpec:
    """Validate a scenario given as already-parsed data (tools, tests).

    ``path`` is only used in error messages. Sheet files are read relative to ``base_dir``
    (default: the folder of ``path``); with neither, only inline sheets are allowed. The content
    hash covers the data (as canonical JSON) and the sheet files read.
    """
    where = Path(path) if path is not None else None
    folder = Path(base_dir) if base_dir is not None else (where.parent if where else None)
    _checked_values(data, where)
    content = json.dumps(data, sort_keys=True, default=str).encode("utf-8")
    return _build(data, path=where, base_dir=folder, content=content)


def _checked_values(data: Mapping[str, Any], path: Path | None) -> list[Problem]:
    """Every value within the bounds every value has; a value the loader cannot read further
    (nested too deep, too many items, text too long or with control characters) stops it
    here. The problems of numbers (not finite, beyond 64 bits) are returned, to be reported
    where the file's own checks do not name them already."""
    if not isinstance(data, Mapping):
        raise ScenarioError(path, "", f"expected a table, not {shown(data)}")
    checked = value_problems(data)
    if checked.shape:
        raise ScenarioProblems(path, trimmed(checked.shape))
    return checked.numbers


def _build(
    data: Mapping[str, Any],
    *,
    path: Path | None,
    base_dir: Path | None,
    content: bytes,
    overrides: Sequence[Override] = (),
    keep_expect: bool = False,
) -> ScenarioSpec:
    """The scenario, or one :class:`ScenarioProblems` listing every mistake found: the format
    version first (a file of another version is read no further), then the overrides, then
    every key and type, then every cross-reference and sheet the readable tables allow, then
    every number that is not finite or beyond 64 bits that no check named."""
    numbers = _checked_values(data, path)
    _check_format(data, path)
    sheets = _Sheets(path, base_dir, _ruleset(data))
    sheets.check_ruleset()  # once, before any sheet is read as that game's
    if overrides:
        data = _overridden(data, overrides, sheets, path, keep_expect)
        numbers = _checked_values(data, path)
        content += b"\0overrides\0" + json.dumps(described(overrides)).encode("utf-8")
    found = Findings(path)
    tables = _tables(data, found)
    optional = resolve_optional_rules(tables.rules.optional if tables.rules else [], found)
    defaults = resolve_defaults(tables.rules.defaults) if tables.rules else None
    disabled = resolve_disabled_plugins(tables.plugins.disable if tables.plugins else [], found)
    sheets.for_makers(defaults.overrides if defaults else {}, disabled)
    map_spec = resolve_map(tables, found)
    roster = resolve_sides(tables, sheets.sheet, found)
    known = roster if tables.complete else None
    stop = resolve_stop(tables, known, found)
    expect = resolve_expect(tables.expect, known, found, base_dir)
    found.add_unnamed(numbers)
    found.raise_any()
    assert map_spec is not None and stop is not None and defaults is not None  # none found
    assert roster is not None
    return ScenarioSpec(
        name=str(data["name"]),
        description=str(data.get("description", "")),
        path=path,
        optional_rules=optional,
        rule_defaults=defaults,
        map=map_spec,
        sides=roster.sides,
        characters=roster.characters,
        stop=stop,
        expect=expect,
        content_hash=sheets.content_hash(content),
        disabled_plugins=disabled,
        ruleset=str(data.get("ruleset", DEFAULT_RULESET)),
        made_by=sheets.made_by,
    )


def _overridden(
    data: Mapping[str, Any],
    overrides: Sequence[Override],
    sheets: _Sheets,
    path: Path | None,
    keep_expect: bool = False,
) -> dict[str, Any]:
    """``data`` with ``overrides``; without its ``[expect]`` unless one of them sets it or
    ``keep_expect``."""
    try:
        changed = overridden(data, overrides, sheets.table)
    except ScenarioError as error:
        raise ScenarioError(path, error.key, error.expected) from None
    if not keep_expect and not any(override.path[0] == "expect" for override in overrides):
        changed.pop("expect", None)
    return changed


def _tables(data: Mapping[str, Any], found: Findings) -> Tables:
    """The file's tables: all of them when it validates, else the readable ones (every
    validation problem recorded)."""
    try:
        return valid_tables(ScenarioFile.model_validate(data))
    except ValidationError as error:
        found.validation(error)
        return readable_tables(data)


def _check_format(data: Mapping[str, Any], path: Path | None) -> None:
    """The file must say which format it is written in, and it must be this one; an adventure
    file (it lists ``scenes``) is not a scenario, and says so."""
    if "scenes" in data and "sides" not in data:
        raise ScenarioError(
            path,
            "scenes",
            "expected a scenario (sides and characters); this is an adventure file (it lists "
            "scenes): `mands-sim run` plays it, `mands-sim validate` checks it",
        )
    if "format" not in data:
        raise ScenarioError(
            path,
            "format",
            f"expected format = {FORMAT_VERSION} (the format version), but it is missing",
        )
    version = data["format"]
    if type(version) is not int or version != FORMAT_VERSION:
        raise ScenarioError(
            path,
            "format",
            f"expected format = {FORMAT_VERSION}: this mands-sim reads scenario format "
            f"{FORMAT_VERSION}, not {shown(version)}",
        )


def _ruleset(data: Mapping[str, Any]) -> str:
    """The ruleset ``data`` names, or the default one when it names none (or a value that is
    not a name, which the file's checks report at its key)."""
    named = data.get("ruleset", DEFAULT_RULESET)
    return named if isinstance(named, str) else DEFAULT_RULESET


def _unreadable(path: Path | None, key: str, what: str, why: str) -> ScenarioError:
    """The error of a file that cannot be read: ``expected WHAT; WHY`` at ``key``."""
    return ScenarioError(path, key, f"expected {what}; {why}")


class _Sheets:
    """Reads the sheets one scenario names, with its ruleset's reader (``mands_sim.rulesets``):
    each file once, kept in the order first named."""

    def __init__(
        self, path: Path | None, base_dir: Path | None, ruleset: str = DEFAULT_RULESET
    ) -> None:
        self._path = path
        self._ruleset = ruleset
        self._found: tuple[str, RulesetDefinition] | None = None
        self._base = base_dir.resolve() if base_dir is not None else None
        self._loaded: dict[Path, Sheet] = {}
        self._broken: set[Path] = set()
        self._contents: list[tuple[str, bytes]] = []
        self._files: dict[str, Path] = {}
        self._defaults: Mapping[str, object] = {}
        self._disabled: tuple[str, ...] = ()
        self.made_by: tuple[tuple[str, str], ...] = ()

    def for_makers(self, defaults: Mapping[str, object], disabled: Sequence[str]) -> None:
        """What a sheet maker is given and may not use: the scenario's switched defaults, and
        the plugins its ``[plugins] disable`` leaves out."""
        self._defaults = dict(defaults)
        self._disabled = tuple(disabled)

    def sheet(self, reference: str | Mapping[str, Any], key: str) -> Sheet | None:
        """The sheet ``reference`` names (a path) or holds (an inline table), found at ``key``;
        ``None`` for a sheet file found broken before (its problems are reported once)."""
        if not isinstance(reference, str):
            return self._inline(reference, key)
        file = self._file(reference, key)
        if file in self._broken:
            return None
        if file not in self._loaded:
            what = "an existing character sheet file"
            content = read_input(file, partial(_unreadable, self._path, key, what), reference)
            self._broken.add(file)
            data = toml_data(content, partial(SheetError, file, ""))
            self._loaded[file] = self._read(data, file, "")
            self._broken.discard(file)
            assert self._base is not None
            self._contents.append((file.relative_to(self._base).as_posix(), content))
        return self._loaded[file]

    def table(self, reference: str, key: str) -> dict[str, Any]:
        """The sheet file ``reference`` names (found at ``key``) as TOML data, read as
        :meth:`sheet` reads it, to be changed by an override and put in the scenario."""
        file = self._file(reference, key)
        what = "an existing character sheet file"
        content = read_input(file, partial(_unreadable, self._path, key, what), reference)
        return toml_data(content, partial(SheetError, file, ""))

    def content_hash(self, scenario: bytes) -> str:
        """SHA-256 of the scenario's bytes and every sheet file read, in the order first named."""
        digest = hashlib.sha256(b"mands-sim scenario\0")
        digest.update(scenario)
        for name, content in self._contents:
            digest.update(f"\0sheet\0{name}\0{len(content)}\0".encode())
            digest.update(content)
        return digest.hexdigest()

    def _inline(self, table: Mapping[str, Any], key: str) -> Sheet:
        if is_recipe(table):
            return self._made(table, key)
        try:
            return self._read(table, self._path, key)
        except SheetError as error:
            raise ScenarioProblems(self._path, error.problems) from error

    def _read(self, data: Mapping[str, Any], where: Path | None, prefix: str) -> Sheet:
        """A sheet of the scenario's ruleset, read by that ruleset's reader; a sheet that says it
        is written for another ruleset (or, saying nothing, is Men & Supermen's) is refused at
        its ``ruleset`` key. A reader that crashes is a :class:`PluginHookError` naming its
        plugin."""
        plugin, definition = self._definition()
        own = data.get(SHEET_RULESET_KEY, DEFAULT_RULESET) if isinstance(data, Mapping) else None
        if isinstance(data, Mapping) and own != self._ruleset:
            key = f"{prefix}.{SHEET_RULESET_KEY}" if prefix else SHEET_RULESET_KEY
            raise SheetError(where, key, self._not_ours(own, SHEET_RULESET_KEY in data))
        body = {k: v for k, v in data.items() if k != SHEET_RULESET_KEY} if own else data
        try:
            return definition.read_sheet(body, where, prefix)
        except (SheetError, ScenarioError):
            raise
        except Exception as error:
            message = f"the {definition.name} sheet reader failed: {type(error).__name__}: {error}"
            raise PluginHookError(plugin, message, "mands_register_rulesets") from error

    def _not_ours(self, own: object, said: bool) -> str:
        wanted = f'ruleset = "{self._ruleset}"'
        if not said:
            return (
                f"expected a sheet of the {self._ruleset} ruleset the scenario is played by, "
                f"which says {wanted}; a sheet that says no ruleset is a {DEFAULT_RULESET} sheet"
            )
        return (
            f"expected a sheet of the {self._ruleset} ruleset the scenario is played by "
            f"({wanted}), not a {shown(own)} sheet"
        )

    def check_ruleset(self) -> None:
        """Refuse, at the scenario's ``ruleset`` key, a ruleset no installed plugin plays or
        none says how its sheets are read."""
        self._definition()

    def _definition(self) -> tuple[str, RulesetDefinition]:
        """The installed definition of the scenario's ruleset, with the plugin that registers it."""
        from mands_sim.installed import installed_registries

        if self._found is not None:
            return self._found
        try:
            found = installed_registries(self._ruleset).rulesets.get(self._ruleset)
        except ScenarioError as error:  # no installed plugin plays it
            raise ScenarioError(self._path, error.key, error.expected) from None
        if found is None:
            raise ScenarioError(
                self._path,
                "ruleset",
                f"expected a ruleset whose installed plugins say how its sheets are read "
                f"(mands_register_rulesets), which {self._ruleset} has none of",
            )
        self._found = (found.plugin, cast(RulesetDefinition, found.payload))
        return self._found

    def _made(self, table: Mapping[str, Any], key: str) -> CharacterSheet:
        """The sheet a registered maker makes from the recipe ``table``
        (:mod:`mands_sim.sheet_makers`). A maker that is not installed, a key it does not read
        or a recipe it refuses is a problem at the recipe's key; a maker that crashes is a
        :class:`PluginHookError` naming its plugin, the crash as its cause."""
        from mands_sim.installed import installed_registries

        makers = installed_registries(self._ruleset).sheet_makers
        name = table[MAKE_KEY]
        found = makers.find(name) if isinstance(name, str) else None
        if found is None:
            known = ", ".join(entry.name for entry in makers.entries) or "none is installed"
            hint = _did_you_mean(name, makers) if isinstance(name, str) else ""
            expected = f"the name of a registered sheet maker ({known}), not {shown(name)}{hint}"
            raise ScenarioProblems(self._path, [Problem(f"{key}.{MAKE_KEY}", expected)])
        if found.plugin in self._disabled:
            expected = f"a sheet maker of a plugin in play ({found.plugin} is in [plugins] disable)"
            raise ScenarioProblems(self._path, [Problem(f"{key}.{MAKE_KEY}", expected)])
        maker: SheetMaker = found.payload  # type: ignore[assignment]
        recipe = {k: v for k, v in table.items() if k != MAKE_KEY}
        unknown = sorted(k for k in recipe if k not in maker.keys)
        if unknown:
            wanted = f"a key of the {maker.name!r} recipe ({', '.join(maker.keys)})"
            problems = [
                Problem(f"{key}.{name}", wanted + _did_you_mean(name, maker.keys))
                for name in unknown
            ]
            raise ScenarioProblems(self._path, problems)
        made = self._make(maker, found.plugin, recipe, key)
        self.made_by = (*self.made_by, (key, found.plugin))
        self._contents.append((f"made:{key}", repr(made).encode("utf-8")))
        return made

    def _make(
        self, maker: SheetMaker, plugin: str, recipe: Mapping[str, Any], key: str
    ) -> CharacterSheet:
        try:
            made = maker.make(recipe, self._defaults)
        except SheetError as error:
            problems = [
                Problem(f"{key}.{p.key}" if p.key else key, p.expected) for p in error.problems
            ]
            raise ScenarioProblems(self._path, problems) from error
        except (ValueError, MandsSimError) as error:
            raise ScenarioProblems(self._path, [Problem(key, str(error))]) from error
        except Exception as error:
            message = f"the sheet maker {maker.name!r} failed: {type(error).__name__}: {error}"
            raise PluginHookError(plugin, message, "mands_register_sheet_makers") from error
        if not isinstance(made, CharacterSheet):
            message = (
                f"the sheet maker {maker.name!r} returned {type(made).__name__}, "
                "not a CharacterSheet"
            )
            raise PluginHookError(plugin, message, "mands_register_sheet_makers")
        return made

    def _file(self, reference: str, key: str) -> Path:
        """The sheet file ``reference`` names, which must lie inside the scenario's folder
        (each reference followed once)."""
        if reference in self._files:
            return self._files[reference]
        if self._base is None:
            raise ScenarioError(
                self._path,
                key,
                "expected an inline sheet: this scenario has no folder to read files from",
            )
        if PurePath(reference).is_absolute():
            raise ScenarioError(
                self._path,
                key,
                f"expected a path relative to the scenario's folder, not {shown(reference)}",
            )
        what = "an existing character sheet file"
        file = resolved(self._base, reference, partial(_unreadable, self._path, key, what))
        if not file.is_relative_to(self._base):
            raise ScenarioError(
                self._path,
                key,
                f"expected a sheet inside the scenario's folder, not {shown(reference)}",
            )
        self._files[reference] = file
        return file


def _did_you_mean(name: str, known: Iterable[str]) -> str:
    close = closest(name, known)
    return f'; did you mean "{close[0]}"?' if close else ""
