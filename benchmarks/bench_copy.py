"""Copy and cast kernels on 10**7 elements against NumPy: astype, non-contiguous copies
(a strided slice, a transposition), fill, and arange / linspace."""

import numpy
from harness import Case, measure

N = 10**7


def bench_astype():
    host = numpy.random.default_rng(0).standard_normal(N)
    f32 = host.astype(numpy.float32)

    def cases(xp):
        dev, dev32 = xp.asarray(host), xp.asarray(f32)
        return [
            Case("astype f8->f4, 1e7", lambda: dev.astype(numpy.float32),
                 lambda: host.astype(numpy.float32), "numpy astype", 1.0),
            Case("astype f4->f8, 1e7", lambda: dev32.astype(numpy.float64),
                 lambda: f32.astype(numpy.float64), "numpy astype", 1.0),
            Case("astype f8->i4, 1e7", lambda: dev.astype(numpy.int32),
                 lambda: host.astype(numpy.int32), "numpy astype", 1.0),
        ]

    return measure(cases, min_time=0.2)


def bench_noncontiguous_copy():
    host = numpy.random.default_rng(1).standard_normal(2 * N)
    square = host[:N].reshape(2500, 4000)

    def cases(xp):
        dev = xp.asarray(host)
        dev_square = dev[:N].reshape(2500, 4000)
        return [
            Case("copy x[::2], 1e7", lambda: dev[::2].copy(), lambda: host[::2].copy(),
                 "numpy copy", 1.0),
            Case("copy x.T (2500x4000)", lambda: dev_square.T.copy(), lambda: square.T.copy(),
                 "numpy copy", 1.0),
            Case("astype f4 of x[::2], 1e7", lambda: dev[::2].astype(numpy.float32),
                 lambda: host[::2].astype(numpy.float32), "numpy astype", 1.0),
        ]

    return measure(cases, min_time=0.2)


def bench_fill_and_ranges():
    host = numpy.empty(N)

    def cases(xp):
        dev = xp.empty(N)
        return [
            Case("fill, 1e7", lambda: dev.fill(1.5), lambda: host.fill(1.5), "numpy fill", 1.0),
            Case("arange f8, 1e7", lambda: xp.arange(N, dtype=numpy.float64),
                 lambda: numpy.arange(N, dtype=numpy.float64), "numpy arange", None),
            Case("linspace, 1e7", lambda: xp.linspace(0, 1, N),
                 lambda: numpy.linspace(0, 1, N), "numpy linspace", None),
        ]

    return measure(cases, min_time=0.2)


def run():
    return bench_astype() + bench_noncontiguous_copy() + bench_fill_and_ranges()
