"""Array creation routines beyond the core's: building matrices (diag, diagflat, tri, tril,
triu), with the diagonal helpers they share (diagonal, trace, fill_diagonal)."""
