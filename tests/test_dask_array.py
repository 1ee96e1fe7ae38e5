"""cupylike arrays as dask.array chunks, in one process (the synchronous scheduler): every
graph is computed twice, with NumPy chunks and with cupylike chunks, and the results compared
value by value; results and metas stay cupylike. tests/test_dask_cluster.py runs graphs on a
real cluster."""

import pickle

import numpy
import pytest
from helpers.python_subprocess import run_python

da = pytest.importorskip("dask.array")
dask = pytest.importorskip("dask")
protocol = pytest.importorskip("distributed.protocol")

import cupylike  # noqa: E402
from cupylike.testing import assert_allclose, assert_array_equal  # noqa: E402

HOST = numpy.random.default_rng(0).standard_normal((40, 30))
CHUNKS = (15, 10)  # uneven: 40 = 15 + 15 + 10


# Graphs whose meta Dask itself builds from the dtype alone, as NumPy's, whatever the chunks
# (a boolean mask's result; fft, whose meta Dask tries on a 0-size chunk that fft refuses):
# their chunks are cupylike all the same.
DASK_DROPS_META = {"mask", "mask sum", "fft"}


def _both(graph, host=HOST, chunks=CHUNKS, name=None):
    """(cupylike result, NumPy result) of graph(dask array) for the two chunk types."""
    ours = graph(da.from_array(cupylike.asarray(host), chunks=chunks))
    theirs = graph(da.from_array(host, chunks=chunks))
    if name not in DASK_DROPS_META:
        assert isinstance(ours._meta, cupylike.ndarray), type(ours._meta)
    return ours.compute(scheduler="sync"), theirs.compute(scheduler="sync")


GRAPHS = {
    "sum": lambda d: d.sum(),
    "mean axis 0": lambda d: d.mean(axis=0),
    "mean": lambda d: d.mean(),
    "std axis 0": lambda d: d.std(axis=0),
    "var axis 1 ddof": lambda d: d.var(axis=1, ddof=1),
    "argmax axis 0": lambda d: d.argmax(axis=0),
    "argmin": lambda d: d.argmin(),
    "max keepdims": lambda d: d.max(axis=1, keepdims=True),
    "any": lambda d: (d > 2).any(axis=0),
    "nanmean": lambda d: da.nanmean(da.where(d > 1, numpy.nan, d), axis=0),
    "nansum": lambda d: da.nansum(da.where(d > 1, numpy.nan, d)),
    "chain": lambda d: (da.sin(d) * 2 + 1).sum(axis=1),
    "numpy ufunc": lambda d: numpy.exp(d) - numpy.float32(1),
    "matmul": lambda d: d @ d.T,
    "tensordot": lambda d: da.tensordot(d, d, axes=((0,), (0,))),
    "einsum": lambda d: da.einsum("ij,ij->i", d, d),
    "einsum dtype casting": lambda d: da.einsum("ij,kj->ik", d, d, dtype="f4",
                                                casting="same_kind"),
    "concatenate": lambda d: da.concatenate([d, d[::-1]], axis=1),
    "stack": lambda d: da.stack([d, d]),
    "transpose": lambda d: d.T[::2],
    "cumsum": lambda d: d.cumsum(axis=0),
    "take": lambda d: d[[1, 5, 30, 5]],
    "mask": lambda d: d[d > 0.5],
    "mask sum": lambda d: d[d > 0].sum(),
    "fft": lambda d: da.fft.fft(d.rechunk((15, 30)), axis=1),
    "sort rows": lambda d: da.map_blocks(numpy.sort, d.rechunk((15, 30)), axis=1),
    "topk": lambda d: da.topk(d.ravel(), 5),
    "percentile": lambda d: da.percentile(d.ravel(), [10, 50, 90]),
    "rechunk": lambda d: d.rechunk((7, 30)),
    "unique": lambda d: da.unique((d * 2).astype(int)),
    "where": lambda d: da.where(d > 0, d, -d),
    "reshape": lambda d: d.rechunk((8, 30)).reshape(5, 8, 30),
}


@pytest.mark.parametrize("name", sorted(GRAPHS))
def test_graph_matches_numpy_chunks(name):
    ours, theirs = _both(GRAPHS[name], name=name)
    assert isinstance(ours, cupylike.ndarray), type(ours)
    assert ours.shape == theirs.shape and ours.dtype == theirs.dtype
    tolerance = 1e-5 if ours.dtype == numpy.float32 else 1e-12
    assert_allclose(ours, theirs, rtol=tolerance, atol=tolerance)


def test_empty_and_zero_d_chunks():
    empty = numpy.zeros((0, 4))
    ours, theirs = _both(lambda d: d.sum(axis=0), empty, (1, 2))
    assert_array_equal(ours, theirs)
    ours, theirs = _both(lambda d: d + 1, numpy.array(2.5), ())
    assert ours.shape == () and ours == theirs


@pytest.mark.parametrize("dtype", [numpy.int8, numpy.uint32, numpy.float32, numpy.complex64,
                                   numpy.bool_])
def test_dtypes_keep_numpys_results(dtype):
    host = (HOST * 10).astype(dtype)
    for graph in (lambda d: d.sum(axis=0), lambda d: d * 2, lambda d: d.max()):
        ours, theirs = _both(graph, host)
        assert ours.dtype == theirs.dtype
        assert_allclose(ours, theirs, rtol=1e-6)


def test_a_strided_source_array():
    ours, theirs = _both(lambda d: d.mean(axis=1), HOST[::-2, 1::3], (7, 4))
    assert_allclose(ours, theirs, rtol=1e-12)


def test_map_blocks_asarray_moves_numpy_chunks_to_cupylike():
    d = da.from_array(HOST, chunks=CHUNKS).map_blocks(cupylike.asarray)
    assert isinstance(d._meta, cupylike.ndarray)
    assert_array_equal(d.compute(scheduler="sync"), HOST)


def test_explicit_meta_keeps_the_chunk_type():
    d = da.from_array(HOST, chunks=CHUNKS).map_blocks(cupylike.asarray, meta=cupylike.empty(()))
    r = (d * 3).sum(axis=0).compute(scheduler="sync")
    assert isinstance(r, cupylike.ndarray)
    assert_allclose(r, (HOST * 3).sum(axis=0), rtol=1e-12)


def test_to_backend_both_ways():
    d = da.from_array(HOST, chunks=CHUNKS)
    ours = d.to_backend("cupylike")
    assert isinstance(ours._meta, cupylike.ndarray)
    back = ours.to_backend("numpy").compute(scheduler="sync")
    assert type(back) is numpy.ndarray
    assert_array_equal(back, HOST)


CREATION = {
    "ones": lambda: da.ones((10, 4), chunks=5, dtype="f4"),
    "zeros": lambda: da.zeros(7, chunks=3, dtype="i2"),
    "empty": lambda: da.empty((3, 2), chunks=2),
    "full": lambda: da.full((5,), 2.5, chunks=2),
    "arange": lambda: da.arange(1, 20, 3, chunks=4),
}


def _on_cupylike_backend(make):
    """make() under array.backend "cupylike", and its result; both checked to be cupylike."""
    with dask.config.set({"array.backend": "cupylike"}):
        d = make()
    assert isinstance(d._meta, cupylike.ndarray)
    r = d.compute(scheduler="sync")
    assert isinstance(r, cupylike.ndarray) and r.shape == d.shape and r.dtype == d.dtype
    return r


@pytest.mark.parametrize("name", sorted(CREATION))
def test_backend_creation_makes_cupylike_chunks(name):
    r = _on_cupylike_backend(CREATION[name])
    theirs = CREATION[name]().compute(scheduler="sync")
    assert r.dtype == theirs.dtype and r.shape == theirs.shape
    if name != "empty":
        assert_array_equal(r, theirs)


RANDOM = {
    "RandomState normal": lambda: da.random.RandomState(3).normal(2, 3, size=(40, 6), chunks=7),
    "random": lambda: da.random.random((50,), chunks=20),
    "Generator standard_normal": lambda: da.random.default_rng(4).standard_normal((40, 6),
                                                                                  chunks=7),
    "Generator integers": lambda: da.random.default_rng(5).integers(0, 10, size=60, chunks=25),
    "Generator uniform f32": lambda: da.random.default_rng(6).random(60, chunks=25,
                                                                     dtype=numpy.float32),
    "Generator choice": lambda: da.random.default_rng(7).choice(5, size=30, chunks=12),
    "Generator permutation": lambda: da.random.default_rng(8).permutation(30),
}


@pytest.mark.parametrize("name", sorted(RANDOM))
def test_backend_random_draws_cupylike_chunks(name):
    r = _on_cupylike_backend(RANDOM[name])
    if name != "random":  # seeded: the same graph draws the same numbers
        assert_array_equal(_on_cupylike_backend(RANDOM[name]), r)
    if "permutation" in name:
        assert_array_equal(cupylike.sort(r), numpy.arange(30))
    if "integers" in name or "choice" in name:
        assert int(r.min()) >= 0 and int(r.max()) < (10 if "integers" in name else 5)


def test_sizeof_counts_the_bytes_once():
    from dask.sizeof import sizeof

    x = cupylike.zeros((100, 20), dtype=numpy.float32)
    assert sizeof(x) == 8000
    assert sizeof(x[::2]) == 4000
    assert sizeof(cupylike.broadcast_to(cupylike.zeros(20), (1000, 20))) == 160


LAYOUTS = {
    "C": lambda x: x, "F": cupylike.asfortranarray, "strided": lambda x: x[::2, ::-1],
    "0-d": lambda x: x[1, 2], "empty": lambda x: x[:0],
}


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.int64, numpy.complex128, numpy.bool_],
                         ids=str)
def test_distributed_serialization_keeps_dtype_shape_layout_device(layout, dtype):
    x = LAYOUTS[layout](cupylike.asarray((HOST[:6, :8] * 4).astype(dtype)))
    families = [("dask",), ("cuda", "dask")]
    for family in families:
        header, frames = protocol.serialize(x, serializers=family)
        y = protocol.deserialize(header, frames, deserializers=family)
        assert isinstance(y, cupylike.ndarray) and y.device == x.device
        assert y.dtype == x.dtype and y.shape == x.shape
        if x.flags.f_contiguous and not x.flags.c_contiguous:
            assert y.flags.f_contiguous
        assert_array_equal(y, x.get())
        if header["serializer"] == "dask":  # one frame of the bytes, nothing else
            assert len(frames) == 1 and memoryview(frames[0]).nbytes == x.nbytes


def test_cpu_arrays_travel_as_their_own_memory_and_decline_device_frames():
    x = cupylike.arange(1000.0)
    if x.device.kind != "cpu":
        pytest.skip("the cpu device's case")
    header, frames = protocol.serialize(x, serializers=("cuda", "dask"))
    assert header["serializer"] == "dask"  # cuda declined: no device memory to send
    x[7] = -3.0
    assert numpy.frombuffer(frames[0], dtype=numpy.float64)[7] == -3.0  # not a copy


def test_cuda_arrays_travel_as_device_frames():
    x = cupylike.arange(1000.0)
    if x.device.kind != "cuda":
        pytest.skip("the CUDA device's case")
    header, frames = protocol.serialize(x, serializers=("cuda",))
    assert header["serializer"] == "cuda" and isinstance(frames[0], cupylike.ndarray)
    y = protocol.deserialize(header, frames, deserializers=("cuda",))
    assert y.__cuda_array_interface__["data"][0] == frames[0].data.ptr  # a view of the frame
    assert_array_equal(y, numpy.arange(1000.0))


def test_pickle_inside_a_task_tuple_is_out_of_band():
    x = cupylike.arange(5000.0)
    buffers = []
    data = pickle.dumps(("task", x, 3), protocol=5, buffer_callback=buffers.append)
    assert len(buffers) == 1 and len(data) < 1000
    _, y, _ = pickle.loads(data, buffers=buffers)
    assert_array_equal(y, x.get())


IMPORT_ORDERS = {
    "dask first": "import dask.array as da, distributed.protocol; import cupylike",
    "cupylike first": "import cupylike; import dask.array as da, distributed.protocol",
}


@pytest.mark.parametrize("order", sorted(IMPORT_ORDERS))
def test_registration_happens_whichever_is_imported_first(order):
    script = "import warnings; warnings.simplefilter('error', RuntimeWarning)\n" + \
        IMPORT_ORDERS[order] + """
from dask.array.dispatch import concatenate_lookup
from dask.sizeof import sizeof
from distributed.protocol import dask_serialize
x = cupylike.zeros(4)
assert concatenate_lookup.dispatch(cupylike.ndarray) is cupylike.concatenate
assert dask_serialize.dispatch(cupylike.ndarray).__module__ == "cupylike._dask._serialize"
assert sizeof(x) == 32
print(type(da.from_array(x).sum().compute()).__name__)
"""
    done = run_python(script, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ndarray"


def test_importing_cupylike_does_not_import_dask():
    script = "import sys, cupylike; print([m for m in sys.modules if m.split('.')[0] in " \
             "('dask', 'distributed')])"
    done = run_python(script, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
