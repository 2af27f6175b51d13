"""Toughness reports: the report data (:mod:`.summary`), the verdict (:mod:`.verdict`), and the
terminal, JSON and HTML renderings."""
