"""The rulebook's powers (seed "Powers"), one builtin plugin per power, on the power kit.

Each power is a plugin of its own (its own entry point ``mands_rulebook.powers.<name>``, disabled
by that name) and describes its power as a :class:`~mands_rulebook.kit.powers.uses.PowerSpec`;
``docs/powers.md`` lists them all. Besides the powers: :mod:`.control` is %Control, the plugin
that lets a power fail when used; :mod:`.template` holds what the template powers share (a
power built from ``docs/rules/powers.md`` §3) and :mod:`.lent_attributes` what Absorption lends;
those two are no plugins.

``docs/writing-plugins.md`` "10. The rulebook's own powers" shows how a power module is built.
"""
