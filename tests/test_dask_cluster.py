"""cupylike chunks on a real Dask cluster: a distributed.LocalCluster of two worker processes
over loopback, started and closed here. Results are compared with the same graph on NumPy
chunks; arrays cross between the processes through cupylike's serializers."""

import os
import signal
import time

import numpy
import pytest

da = pytest.importorskip("dask.array")
dask = pytest.importorskip("dask")
distributed = pytest.importorskip("distributed")

import cupylike  # noqa: E402
from cupylike.testing import assert_allclose, assert_array_equal  # noqa: E402

HOST = numpy.random.default_rng(1).standard_normal((120, 90))
CHUNKS = (25, 30)


def _cluster():
    # Workers inherit this process's environment: CUPYLIKE_DEVICE (and the emulator's switch)
    # put their arrays on the same kind of device as this process's.
    return distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                    host="127.0.0.1", dashboard_address=":0")


@pytest.fixture(scope="module")
def client():
    with _cluster() as cluster, distributed.Client(cluster) as c:
        yield c


def _both(client, graph, host=HOST, chunks=CHUNKS):
    ours = graph(da.from_array(cupylike.asarray(host), chunks=chunks))
    theirs = graph(da.from_array(host, chunks=chunks))
    return client.compute(ours).result(), client.compute(theirs).result()


GRAPHS = {
    "chain": lambda d: (da.exp(d * 0.5) - d ** 2 + 1) / 3,
    "sum": lambda d: d.sum(),
    "mean axis 0": lambda d: d.mean(axis=0),
    "std axis 0": lambda d: d.std(axis=0),
    "std": lambda d: d.std(),
    "argmax axis 0": lambda d: d.argmax(axis=0),
    "argmax": lambda d: d.argmax(),
    "matmul": lambda d: d @ d.T,
    "fft": lambda d: da.fft.rfft(d.rechunk((25, 90)), axis=1),
    "sort rows": lambda d: da.map_blocks(numpy.sort, d.rechunk((25, 90)), axis=1),
    "topk": lambda d: da.topk(d.ravel(), 7),
    "mask": lambda d: d[d > 1.0],
    "mask mean": lambda d: d[d > 1.0].mean(),
    "rechunk": lambda d: d.rechunk((60, 45)).T,
    "standardize": lambda d: ((d - d.mean(axis=0)) / d.std(axis=0)).sum(axis=1),
}


@pytest.mark.parametrize("name", sorted(GRAPHS))
def test_graph_on_the_cluster_matches_numpy_chunks(client, name):
    ours, theirs = _both(client, GRAPHS[name])
    assert isinstance(ours, cupylike.ndarray), type(ours)
    assert ours.shape == theirs.shape and ours.dtype == theirs.dtype
    assert_allclose(ours, theirs, rtol=1e-11, atol=1e-11)


def test_workers_hold_cupylike_chunks_on_their_device(client):
    kind = cupylike.asarray(0).device.kind
    assert set(client.run(lambda: cupylike.asarray(0).device.kind).values()) == {kind}
    d = da.from_array(cupylike.asarray(HOST), chunks=CHUNKS) * 2
    futures = client.compute(d.to_delayed().ravel().tolist())
    chunks = client.gather(futures)
    assert all(isinstance(c, cupylike.ndarray) and c.device.kind == kind for c in chunks)
    assert_array_equal(cupylike.concatenate([cupylike.concatenate(chunks[i * 3:i * 3 + 3], axis=1)
                                             for i in range(5)]), HOST * 2)


def test_persist_keeps_chunks_on_the_workers(client):
    d = (da.from_array(cupylike.asarray(HOST), chunks=CHUNKS) + 1).persist()
    distributed.wait(d)
    held = client.run(lambda dask_worker: sum(isinstance(v, cupylike.ndarray)
                                              for v in dask_worker.data.values()))
    assert sum(held.values()) >= d.npartitions
    r = client.compute(d.sum(axis=1)).result()
    assert isinstance(r, cupylike.ndarray)
    assert_allclose(r, (HOST + 1).sum(axis=1), rtol=1e-12)


def test_random_backend_on_the_cluster(client):
    with dask.config.set({"array.backend": "cupylike"}):
        d = da.random.default_rng(11).standard_normal((400, 50), chunks=(100, 50))
        again = da.random.default_rng(11).standard_normal((400, 50), chunks=(100, 50))
        ones = da.ones((30, 20), chunks=10)
    assert isinstance(d._meta, cupylike.ndarray)
    r, r2 = client.compute([d, again], sync=True)
    assert isinstance(r, cupylike.ndarray) and r.shape == (400, 50)
    assert_array_equal(r, r2)  # seeded: the same draws whichever worker runs a chunk
    assert abs(float(r.mean())) < 0.1 and abs(float(r.std()) - 1) < 0.1
    total = client.compute(ones.sum()).result()
    assert isinstance(total, cupylike.ndarray) and float(total) == 600.0


@pytest.mark.parametrize("move", [lambda d: d.map_blocks(cupylike.asarray),
                                  lambda d: d.to_backend("cupylike")],
                         ids=["map_blocks", "to_backend"])
def test_numpy_chunks_moved_to_cupylike_on_the_workers(client, move):
    d = move(da.from_array(HOST, chunks=CHUNKS))
    r = client.compute((d ** 2).sum(axis=0)).result()
    assert isinstance(r, cupylike.ndarray)
    assert_allclose(r, (HOST ** 2).sum(axis=0), rtol=1e-12)


def _slow_double(block):
    time.sleep(0.05)
    return block * 2


def test_a_worker_killed_mid_computation_is_recomputed():
    with _cluster() as cluster, distributed.Client(cluster) as client:
        d = da.from_array(cupylike.asarray(HOST), chunks=(5, 90))  # 24 chunks
        graph = d.map_blocks(_slow_double).sum(axis=0)
        future = client.compute(graph)
        nanny = next(iter(cluster.workers.values()))
        victim = nanny.worker_address
        deadline = time.monotonic() + 60
        while not client.run(lambda dask_worker: len(dask_worker.data), workers=[victim])[victim]:
            assert time.monotonic() < deadline, "the worker never held a chunk"
            time.sleep(0.01)
        assert not future.done()
        os.kill(nanny.process.process.pid, signal.SIGKILL)  # mid-computation, holding chunks
        r = future.result(timeout=120)
        assert isinstance(r, cupylike.ndarray)
        assert_allclose(r, (HOST * 2).sum(axis=0), rtol=1e-12)
        assert victim not in client.scheduler_info()["workers"]  # it really died
