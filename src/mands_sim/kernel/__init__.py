"""The encounter kernel: segment clock, same-segment ordering and the action lifecycle."""
