"""Statistics: mean, var, std, average, cov, corrcoef, the nan* reductions, median and
quantiles, histograms."""
