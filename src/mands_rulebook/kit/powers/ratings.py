"""Power ratings: who has a power, at what PR, now — and PR taken (``docs/rules/powers.md`` §1; seed
"Powers", "Absorption"; G-181).

Part of the power kit (:mod:`mands_rulebook.kit.powers`):

* a sheet may call a power by an alias ("Electricity" for "Electric Power"); a spec's entry on
  the sheet is found by its name or aliases, case and spacing aside (:func:`sheet_power`), and
  :func:`canonical_power_name` resolves any name through the registered specs; a latent power,
  or one without a PR, cannot be used;
* **PR taken** (seed "Absorption", G-181): a :class:`PowerTaken` in the log moves PR of a power
  from one character to another until it runs out; :func:`usable_power` (and so
  :func:`power_rating`, :func:`power_intent`, the kit's refusals) counts it;
* **%Control**: every power intent names the sheet's entry in ``options["power"]``
  (:func:`power_intent`).
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, replace
from typing import ClassVar

from mands_rulebook.kit.control import POWER_OPTION
from mands_rulebook.kit.powers.uses import PowerSpec, normalized
from mands_sim.actions import Intent
from mands_sim.events import Event
from mands_sim.kept import KeptAnswers
from mands_sim.kernel.encounter import Encounter
from mands_sim.model.sheet import CharacterSheet, PowerEntry
from mands_sim.registry import Registries, collect_registries

# --- names ---------------------------------------------------------------------------------------


def power_specs(registries: Registries) -> tuple[PowerSpec, ...]:
    """The registered powers that are kit specs, by name."""
    found = (entry.payload for entry in registries.powers.entries)
    return tuple(spec for spec in found if isinstance(spec, PowerSpec))


def canonical_power_name(registries: Registries, name: str) -> str | None:
    """The registered power ``name`` means, by name or by a spec's aliases ("Electricity" →
    "Electric Power"); ``None`` for none. Two powers claiming one name is an error."""
    table: dict[str, str] = {normalized(entry): entry for entry in registries.powers}
    for spec in power_specs(registries):
        for alias in spec.aliases:
            claimed = table.setdefault(normalized(alias), spec.name)
            if claimed != spec.name:
                raise ValueError(f"{alias!r} names both {claimed!r} and {spec.name!r}")
    return table.get(normalized(name))


def encounter_registries(encounter: Encounter) -> Registries:
    """The registries of the plugins behind ``encounter``'s rules: those the simulation collected
    (``HookRules.registries``), else collected from its plugin manager, else empty."""
    registries = getattr(encounter.rules, "registries", None)
    if isinstance(registries, Registries):
        return registries
    pm = getattr(encounter.rules, "pm", None)
    return Registries() if pm is None else collect_registries(pm)


_SHEET_POWERS: KeptAnswers[PowerEntry | None] = KeptAnswers(limit=4096)
""":func:`sheet_power`'s answers by sheet and spec object (both frozen)."""


def sheet_power(sheet: CharacterSheet, spec: PowerSpec) -> PowerEntry | None:
    """The sheet's entry for ``spec`` under its name or an alias; a latent power (seed: not yet
    discovered) or one without a PR cannot be used. Asked for every character at every roll by
    the "does anyone have it" checks, so the answer is kept per sheet and spec."""
    return _SHEET_POWERS.answer((sheet, spec), None, lambda: _sheet_power(sheet, spec))


def _sheet_power(sheet: CharacterSheet, spec: PowerSpec) -> PowerEntry | None:
    wanted = {normalized(name) for name in spec.names}
    for key, entry in sheet.powers.items():
        if normalized(key) in wanted and entry.power_rating and not entry.extra.get("latent"):
            return entry
    return None


def usable_power(encounter: Encounter, actor: str, spec: PowerSpec) -> PowerEntry | None:
    """``actor``'s entry for ``spec`` as it stands now: the sheet's, its PR changed by the PR
    taken from or by ``actor`` and not yet given back (:class:`PowerTaken`, G-181); an entry
    named as the power for a power ``actor`` holds only by taking it; ``None`` at PR 0."""
    entry = sheet_power(encounter.character(actor).sheet, spec)
    shift = taken_rating(encounter, actor, spec.name)
    if not shift:
        return entry
    rating = shift + (0 if entry is None else int(entry.power_rating or 0))
    if rating <= 0:
        return None
    return PowerEntry(spec.name, rating) if entry is None else replace(entry, power_rating=rating)


def power_rating(encounter: Encounter, actor: str, spec: PowerSpec) -> int:
    """``actor``'s PR in ``spec`` now (0 without a usable entry; :func:`usable_power`)."""
    entry = usable_power(encounter, actor, spec)
    return 0 if entry is None else int(entry.power_rating or 0)


_HOLDERS: weakref.WeakKeyDictionary[Encounter, dict[str, bool]] = weakref.WeakKeyDictionary()
"""Per encounter and power name: whether anyone's sheet has a usable entry for it."""


def anyone_has_power(encounter: Encounter, spec: PowerSpec) -> bool:
    """Whether anyone in ``encounter`` has ``spec`` at a PR above 0 now (:func:`power_rating`).

    Rules ask it at every roll ("is there a Fire Coat to be blinded by?"). While no PR of the
    power has been taken (:class:`PowerTaken`), a PR is the sheet's, and the characters of an
    encounter are fixed, so the answer from the sheets is kept per encounter; once some has
    been taken, every character's PR now is asked."""
    name = spec.name
    if any(taken.power == name for taken in powers_taken(encounter)):
        return any(power_rating(encounter, who, spec) for who in encounter.state.ids())
    holders = _HOLDERS.get(encounter)
    if holders is None:
        holders = _HOLDERS[encounter] = {}
    found = holders.get(name)
    if found is None:
        sheets = (encounter.character(who).sheet for who in encounter.state.ids())
        found = holders[name] = any(sheet_power(sheet, spec) is not None for sheet in sheets)
    return found


def power_intent(
    encounter: Encounter,
    actor: str,
    spec: PowerSpec,
    action: str,
    target: str | None = None,
    **options: object,
) -> Intent | None:
    """An intent for ``action`` naming the sheet's entry for %Control; ``None`` if ``actor``
    has no usable entry for ``spec``."""
    entry = usable_power(encounter, actor, spec)
    if entry is None:
        return None
    return Intent(action, target, f"{spec.name}: {action}", {**options, POWER_OPTION: entry.name})


# --- powers taken (seed "Absorption"; G-181) ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PowerTaken(Event):
    """``character`` took ``power_rating`` PR of ``target``'s ``power``: until segment ``until``
    it is ``character``'s to use and ``target``'s no more (seed "Absorption": "lost by the
    character with this power, and regained by the target, PR rounds after it was taken")."""

    kind: ClassVar[str] = "power-taken"
    character: str
    target: str
    power: str
    power_rating: int
    until: int

    def narrative(self) -> str:
        return (
            f"{self.character} takes {self.power} PR {self.power_rating} from {self.target} "
            f"until segment {self.until}"
        )


_TAKEN: weakref.WeakKeyDictionary[Encounter, tuple[int, list[PowerTaken]]] = (
    weakref.WeakKeyDictionary()
)
"""Per encounter: how much of its log was read, and the :class:`PowerTaken` events in it."""


def powers_taken(encounter: Encounter) -> list[PowerTaken]:
    """Every :class:`PowerTaken` in ``encounter``'s log (read once, then only new events)."""
    log = encounter.log
    read, found = _TAKEN.get(encounter, (0, []))
    if read == len(log):
        return found
    if read > len(log):
        read, found = 0, []
    found = found + [e for e in log[read:] if isinstance(e, PowerTaken)]
    _TAKEN[encounter] = (len(log), found)
    return found


def taken_rating(encounter: Encounter, actor: str, power: str) -> int:
    """PR of ``power`` ``actor`` holds by taking it, less what was taken from ``actor``, now."""
    shift = 0
    for taken in powers_taken(encounter):
        if taken.power == power and taken.until > encounter.now:
            shift += taken.power_rating * ((taken.character == actor) - (taken.target == actor))
    return shift


def taken_powers(encounter: Encounter, actor: str) -> tuple[str, ...]:
    """The powers ``actor`` holds now by taking them, in the order taken."""
    held = (t.power for t in powers_taken(encounter) if t.character == actor)
    return tuple(dict.fromkeys(p for p in held if taken_rating(encounter, actor, p) > 0))
