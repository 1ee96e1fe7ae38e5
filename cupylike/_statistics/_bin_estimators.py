"""numpy.histogram's bin-width estimators for string `bins` ('auto', 'fd', 'doane', 'scott',
'stone', 'rice', 'sturges', 'sqrt'), NumPy's formulas term by term. The statistics they need
(extent, std, percentiles, skewness, the counts of 'stone''s trial histograms) are reductions
on the device, each read back as one host scalar, as NumPy's are Python scalars."""

import warnings

import numpy

from cupylike._core._ufuncs import UFUNCS
from cupylike._math._sumprod import max as _max
from cupylike._math._sumprod import min as _min
from cupylike._math._sumprod import sum as _sum
from cupylike._statistics._meanvar import mean, std
from cupylike._statistics._quantiles import percentile

_UNSIGNED = {numpy.dtype(s): numpy.dtype(u) for s, u in
             zip("bhilq", "BHILQ", strict=True)}


def host_scalar(value):
    """A 0-d device array as the NumPy scalar of its dtype."""
    return numpy.asarray(value.get())[()]


def unsigned_subtract(a, b):
    """a - b, in the unsigned type of the same size for signed integers (so the difference of
    int8 -128 and 127 is 255, not a wrapped value), as numpy.histogram subtracts edges."""
    dtype = numpy.result_type(a, b)
    unsigned = _UNSIGNED.get(dtype)
    if unsigned is None:
        return numpy.subtract(a, b, dtype=dtype)
    return numpy.subtract(numpy.asarray(a, dtype=dtype), numpy.asarray(b, dtype=dtype),
                          casting="unsafe", dtype=unsigned)


def _ptp(x):
    return unsigned_subtract(host_scalar(_max(x)), host_scalar(_min(x)))


def _sqrt(x, counts):
    return _ptp(x) / numpy.sqrt(x.size)


def _sturges(x, counts):
    return _ptp(x) / (numpy.log2(x.size) + 1.0)


def _rice(x, counts):
    return _ptp(x) / (2.0 * x.size ** (1.0 / 3))


def _scott(x, counts):
    return (24.0 * numpy.pi**0.5 / x.size)**(1.0 / 3.0) * host_scalar(std(x))


def _stone(x, counts):
    n = x.size
    ptp_x = _ptp(x)
    if n <= 1 or ptp_x == 0:
        return 0

    def jhat(nbins):
        p_k = UFUNCS["true_divide"](counts(nbins), n)
        return (2 - (n + 1) * float(host_scalar(_sum(UFUNCS["multiply"](p_k, p_k))))) / (
            ptp_x / nbins)

    upper = max(100, int(numpy.sqrt(n)))
    nbins = min(range(1, upper + 1), key=jhat)
    if nbins == upper:
        warnings.warn("The number of bins estimated may be suboptimal.", RuntimeWarning,
                      stacklevel=6)
    return ptp_x / nbins


def _doane(x, counts):
    if x.size > 2:
        sg1 = numpy.sqrt(6.0 * (x.size - 2) / ((x.size + 1.0) * (x.size + 3)))
        sigma = host_scalar(std(x))
        if sigma > 0.0:
            temp = UFUNCS["subtract"](x, mean(x))
            temp = UFUNCS["power"](UFUNCS["true_divide"](temp, sigma, out=temp), 3, out=temp)
            g1 = host_scalar(mean(temp))
            return _ptp(x) / (1.0 + numpy.log2(x.size) + numpy.log2(1.0 + numpy.absolute(g1)
                                                                    / sg1))
    return 0.0


def _fd(x, counts):
    upper, lower = percentile(x, [75, 25]).get()
    return 2.0 * numpy.subtract(upper, lower) * x.size ** (-1.0 / 3.0)


def _auto(x, counts):
    fd = _fd(x, counts)
    sturges = _sturges(x, counts)
    corrected = max(fd, _sqrt(x, counts) / 2)  # NumPy's limit on the number of bins
    return min(corrected, sturges)


ESTIMATORS = {"auto": _auto, "fd": _fd, "doane": _doane, "scott": _scott, "stone": _stone,
              "rice": _rice, "sturges": _sturges, "sqrt": _sqrt}


def bin_width(name, x, counts):
    """The bin width estimator `name` gives for the non-empty 1-d data x; counts(nbins) is the
    histogram of x in nbins equal bins over the range (for 'stone')."""
    return ESTIMATORS[name](x, counts)
