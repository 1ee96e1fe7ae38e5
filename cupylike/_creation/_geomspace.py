"""numpy.geomspace: numbers spaced evenly on a log scale between two ends, scalars or arrays
(negative and complex ends too), made with the ufuncs on the device."""

import operator

import numpy

from cupylike._core import _native
from cupylike._core._ufuncs import UFUNCS


def _end(value):
    """An end as a device array (scalars and sequences are host parameters that move)."""
    if isinstance(value, _native.ndarray):
        return value
    return _native.asarray(numpy.asarray(value))


def _log_points(log_start, log_stop, num, endpoint, dt):
    """NumPy's linspace of the two logarithms along a new first axis."""
    div = (num - 1) if endpoint else num
    delta = UFUNCS["subtract"](log_stop, log_start)
    shape = (num,) + (1,) * delta.ndim
    steps = _native.reshape(_native.arange(0, num, dtype=dt), shape)
    if div > 0:
        step = UFUNCS["true_divide"](delta, div)
        if bool(UFUNCS["equal"](step, 0).any()):
            # NumPy's rule for a zero step (a denormal delta): divide first, then scale.
            steps = UFUNCS["multiply"](UFUNCS["true_divide"](steps, div), delta)
        else:
            steps = UFUNCS["multiply"](steps, step)
    else:
        steps = UFUNCS["multiply"](steps, delta)
    points = UFUNCS["add"](steps, log_start)
    if endpoint and num > 1:
        points[-1, ...] = log_stop
    return points


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    """`num` numbers from `start` to `stop` in geometric progression (see numpy.geomspace):
    ends may be arrays (the points along `axis`), negative (the sign is taken out and put
    back) or complex (rotated onto the positive real axis), but not zero."""
    start, stop = _end(start), _end(stop)
    num = operator.index(num)
    if num < 0:
        raise ValueError(f"Number of samples, {num}, must be non-negative.")
    if bool(UFUNCS["equal"](start, 0).any()) or bool(UFUNCS["equal"](stop, 0).any()):
        raise ValueError("Geometric sequence cannot include zero")
    dt = numpy.result_type(start.dtype, stop.dtype, float(num), numpy.zeros((), dtype))
    dtype = dt if dtype is None else numpy.dtype(dtype)
    start, stop = start.astype(dt), stop.astype(dt)
    out_sign = UFUNCS["sign"](start)
    start = UFUNCS["true_divide"](start, out_sign)
    stop = UFUNCS["true_divide"](stop, out_sign)
    shape = numpy.broadcast_shapes(start.shape, stop.shape)
    start, stop = _native.broadcast_to(start, shape), _native.broadcast_to(stop, shape)
    points = _log_points(UFUNCS["log10"](start), UFUNCS["log10"](stop), num, endpoint, dt)
    result = UFUNCS["power"](dt.type(10.0), points)
    if num > 0:
        # exp(log(x)) is not always x: the ends are the arguments themselves, as NumPy's.
        result[0, ...] = start
        if num > 1 and endpoint:
            result[-1, ...] = stop
    result = UFUNCS["multiply"](result, out_sign)
    if axis != 0:
        result = _native.moveaxis(result, 0, axis)
    return result.astype(dtype, copy=False)
