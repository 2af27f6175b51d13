"""The rulebook's optional rules, as plugins."""
