"""Logical ufuncs."""

ENTRIES = []
