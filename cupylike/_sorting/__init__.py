"""Sorting, searching and counting: sort, argsort, lexsort, partition, their kernels;
argmax, argmin, searchsorted, digitize, count_nonzero."""
