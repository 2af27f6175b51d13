"""The rulebook's kit: the rules as functions and values that the chapters' plugins build on."""
