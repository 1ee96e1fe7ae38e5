"""Trigonometric ufuncs."""

ENTRIES = []
