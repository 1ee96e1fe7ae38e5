"""Comparison ufuncs."""

ENTRIES = []
