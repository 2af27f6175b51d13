"""The rulebook's powers (seed "Powers"), one builtin plugin per power, on the power kit.

Each module is a plugin of its own (its own entry point ``mands_rulebook.powers.<name>``, disabled
by that name) and describes its power as a :class:`~mands_rulebook.kit.powers.uses.PowerSpec`:

* :mod:`.electric_power` — Electric Power (blast, Skin Temper; grounding G-76);
* :mod:`.fire_coat` — Fire Coat (flame-up, fire blast with spread and forks, Blinding, Safe
  Temperature; G-77, G-78).

``docs/writing-plugins.md`` "Writing a power" shows how a power module is built.
"""
