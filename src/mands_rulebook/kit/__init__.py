"""The rulebook's kit: the rules as functions, values and events, which the chapters' plugins
register and build on (``docs/design.md`` "Plugins").

No module here implements a hook (``tests/meta/test_kit_defines_only.py``), so importing one
registers nothing; what two chapters share lives here, since no chapter imports another
(import-linter's layers contract in ``pyproject.toml``). The kit stands on the kernel
(``mands_sim``) and never imports the plugin API, which declares part of it to plugin authors
(``mands_sim.api``: the power kit, blows, covers and ranges).

A kit module with a plugin of the same name holds that plugin's rules: ``kit.fists`` is what
``combat.fists`` registers, ``kit.editing_points`` what ``optional.editing_points`` plays; the
others (positions, pace, crowding, damage, injury, the movement rolls …) are what those build
on.
"""
