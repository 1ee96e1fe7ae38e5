"""Floating ufuncs."""

ENTRIES = []
