"""Copy and cast kernels on 10**7 elements against NumPy: astype, non-contiguous copies
(a strided slice, a transposition), fill, and arange / linspace."""

import numpy
from harness import Row, per_call_seconds

import cupylike

N = 10**7


def _pair(name, ours, ref, ref_name, target=1.0):
    # Both sides run the same work; the device result is synchronised by its own call (cpu
    # streams are synchronous, and on cuda the next call on the stream orders after it).
    return Row(name, per_call_seconds(ours, repeats=5), per_call_seconds(ref, repeats=5),
               ref_name, target)


def bench_astype():
    host = numpy.random.default_rng(0).standard_normal(N)
    dev = cupylike.asarray(host)
    f32 = host.astype(numpy.float32)
    dev32 = cupylike.asarray(f32)
    return [
        _pair("astype f8->f4, 1e7", lambda: dev.astype(numpy.float32),
              lambda: host.astype(numpy.float32), "numpy astype"),
        _pair("astype f4->f8, 1e7", lambda: dev32.astype(numpy.float64),
              lambda: f32.astype(numpy.float64), "numpy astype"),
        _pair("astype f8->i4, 1e7", lambda: dev.astype(numpy.int32),
              lambda: host.astype(numpy.int32), "numpy astype"),
    ]


def bench_noncontiguous_copy():
    host = numpy.random.default_rng(1).standard_normal(2 * N)
    dev = cupylike.asarray(host)
    square = host[:N].reshape(2500, 4000)
    dev_square = dev[:N].reshape(2500, 4000)
    return [
        _pair("copy x[::2], 1e7", lambda: dev[::2].copy(), lambda: host[::2].copy(),
              "numpy copy"),
        _pair("copy x.T (2500x4000)", lambda: dev_square.T.copy(), lambda: square.T.copy(),
              "numpy copy"),
        _pair("astype f4 of x[::2], 1e7", lambda: dev[::2].astype(numpy.float32),
              lambda: host[::2].astype(numpy.float32), "numpy astype"),
    ]


def bench_fill_and_ranges():
    host = numpy.empty(N)
    dev = cupylike.empty(N)
    return [
        _pair("fill, 1e7", lambda: dev.fill(1.5), lambda: host.fill(1.5), "numpy fill", None),
        _pair("arange f8, 1e7", lambda: cupylike.arange(N, dtype=numpy.float64),
              lambda: numpy.arange(N, dtype=numpy.float64), "numpy arange", None),
        _pair("linspace, 1e7", lambda: cupylike.linspace(0, 1, N),
              lambda: numpy.linspace(0, 1, N), "numpy linspace", None),
    ]


def run():
    return bench_astype() + bench_noncontiguous_copy() + bench_fill_and_ranges()
