"""Mathematical functions beyond the ufuncs: sums, products and extrema (sum, prod, max, min,
ptp), cumulative sums and differences, rounding, clip, real/imag/angle, nan_to_num, where."""
