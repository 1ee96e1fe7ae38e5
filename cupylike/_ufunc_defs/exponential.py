"""Exponential ufuncs."""

ENTRIES = []
