"""The rulebook's skills, the plugin: registers the catalogue of skills (seed "Skills"). The
catalogue and the levels every chapter reads are the kit's, :mod:`mands_rulebook.kit.skills`."""

from __future__ import annotations

from mands_rulebook.kit.skills import SKILLS
from mands_sim.api import Register, hookimpl

# --- names -------------------------------------------------------------------------------------


# --- levels ------------------------------------------------------------------------------------


# --- the hook ----------------------------------------------------------------------------------


@hookimpl
def mands_register_skills(register: Register) -> None:
    for spec in SKILLS:
        register(spec.name, spec, summary=spec.summary, source=spec.source, aliases=spec.aliases)
