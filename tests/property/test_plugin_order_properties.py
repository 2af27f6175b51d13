"""Plugin order never changes what plugins contribute (docs/hooks.md "Plugin order").

Plugins are registered in a shuffled order; the registries (or the registration error) and the
figured adjustments must come out identical.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from mands_sim.api import hookimpl
from mands_sim.errors import PluginError
from mands_sim.model.figured import FiguredAdjustment
from mands_sim.model.sheet import CharacterSheet, parse_sheet
from mands_sim.plugin_calls import figured_adjustments
from mands_sim.plugins import make_plugin_manager
from mands_sim.registry import Register, collect_registries
from mands_sim.testing import sample_sheet

SHEET = parse_sheet(sample_sheet())

registrations = st.lists(
    st.tuples(st.sampled_from(["Blast", "Flight", "Scream", "Zap"]), st.booleans()), max_size=3
)
adjustments = st.lists(
    st.builds(
        FiguredAdjustment,
        st.sampled_from(["perception", "willpower", "endurance_points"]),
        st.integers(-3, 3),
        st.sampled_from(["power:Keen", "skill:Discipline"]),
    ),
    max_size=3,
)
plugin_specs = st.lists(
    st.tuples(registrations, registrations, adjustments), min_size=1, max_size=4
)


class SpecPlugin:
    """Registers powers and charts and returns figured adjustments, as its spec says."""

    def __init__(
        self,
        name: str,
        powers: list[tuple[str, bool]],
        charts: list[tuple[str, bool]],
        adjusts: list[FiguredAdjustment],
    ) -> None:
        self.name, self.powers, self.charts, self.adjusts = name, powers, charts, adjusts

    @hookimpl
    def mands_register_powers(self, register: Register) -> None:
        for power, replaces in self.powers:
            register(power, f"{self.name}:{power}", summary=power, replaces=replaces)

    @hookimpl
    def mands_register_charts(self, register: Register) -> None:
        for chart, replaces in self.charts:
            register(chart, f"{self.name}:{chart}", summary=chart, replaces=replaces)

    @hookimpl
    def mands_figured_adjustments(self, sheet: CharacterSheet) -> list[FiguredAdjustment]:
        return list(self.adjusts)


def outcome(plugins: dict[str, SpecPlugin], order: list[str]) -> object:
    pm = make_plugin_manager(
        extra_plugins={name: plugins[name] for name in order}, load_entry_points=False, environ={}
    )
    adjusted = figured_adjustments(pm, SHEET)
    try:
        registries = collect_registries(pm)
    except PluginError as error:
        return (type(error).__name__, str(error), adjusted)
    return ([(entry, entry.payload) for entry in registries.all_entries()], adjusted)


@given(specs=plugin_specs, data=st.data())
def test_shuffled_plugin_order_gives_identical_registries_and_adjustments(
    specs: list[tuple[list[tuple[str, bool]], list[tuple[str, bool]], list[FiguredAdjustment]]],
    data: st.DataObject,
) -> None:
    plugins = {
        f"plugin{index}": SpecPlugin(f"plugin{index}", *spec) for index, spec in enumerate(specs)
    }
    shuffled = data.draw(st.permutations(list(plugins)))

    assert outcome(plugins, shuffled) == outcome(plugins, list(plugins))
