"""Functional programming (NumPy's reference section of that name): apply_along_axis,
apply_over_axes, piecewise and vectorize, whose kernels are compiled from a Python function's
source."""
