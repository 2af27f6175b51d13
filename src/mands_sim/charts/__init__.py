"""The Action Charts and the other rulebook tables, as data (``docs/rules/charts.md``).

Tables are TOML files under ``data/``, checked when loaded (:mod:`.loading`); each chart has its
module (:mod:`.action`, :mod:`.ep_use`, :mod:`.skin_temper`, :mod:`.experience`,
:mod:`.senses`). Import a name from the module that defines it.
"""
