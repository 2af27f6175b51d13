"""The rulebook's "Editing Points: Experience": what a session earns, as plugins."""
