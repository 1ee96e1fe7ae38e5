"""Minmax ufuncs."""

ENTRIES = []
