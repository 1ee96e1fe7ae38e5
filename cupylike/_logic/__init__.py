"""Logic functions beyond the ufuncs: truth value testing (all, any), and the set routines
(unique, isin, in1d, union1d, ...), which CuPy keeps here too."""
