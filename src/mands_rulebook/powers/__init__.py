"""The rulebook's powers (seed "Powers"), one builtin plugin per power, on the power kit.

Each power is a plugin of its own (its own entry point ``mands_rulebook.powers.<name>``, disabled
by that name) and describes its power as a :class:`~mands_rulebook.kit.powers.uses.PowerSpec`;
``docs/powers.md`` lists them all. Besides the powers: :mod:`.control` is %Control, the plugin
that lets a power fail when used; :mod:`.template`, no plugin, holds what the template powers
share (a power built from ``docs/rules/powers.md`` §3). A power too long for one module is a
package whose ``__init__`` is the plugin (:mod:`.absorption`, with what it lends in
:mod:`.absorption.lent_attributes`).

``docs/writing-plugins.md`` "10. The rulebook's own powers" shows how a power module is built.
"""
