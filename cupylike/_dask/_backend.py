"""Dask's array backend "cupylike": `dask.config.set({"array.backend": "cupylike"})` makes
dask.array's creation functions and dask.array.random produce cupylike chunks.

Dask finds this class through the "dask.array.backends" entry point (pyproject.toml) and loads
it only when the backend is asked for. Creation goes through Dask's NumPy path with a cupylike
meta array: Dask then builds each chunk with the meta's library.
"""

import dask.array as da
from dask import config
from dask.array.backends import ArrayBackendEntrypoint

import cupylike
from cupylike._dask import _array


def _with_cupylike_meta(name, *args, meta=None, **kwargs):
    meta = cupylike.empty(()) if meta is None else meta
    with config.set({"array.backend": "numpy"}):
        return getattr(da, name)(*args, meta=meta, **kwargs)


class CupylikeBackendEntrypoint(ArrayBackendEntrypoint):
    """Dask's entry point for cupylike chunks (see the module's docstring)."""

    @classmethod
    def to_backend_dispatch(cls):
        return _array.to_cupylike_dispatch

    @classmethod
    def to_backend(cls, data, **kwargs):
        if isinstance(data._meta, cupylike.ndarray):
            return data
        return data.map_blocks(cls.to_backend_dispatch(), **kwargs)

    @property
    def RandomState(self):  # noqa: N802 (Dask's name)
        return cupylike.random.RandomState

    @property
    def default_bit_generator(self):
        # cupylike's default_rng's: Philox draws its words on the device.
        return cupylike.random.Philox

    @staticmethod
    def ones(*args, **kwargs):
        return _with_cupylike_meta("ones", *args, **kwargs)

    @staticmethod
    def zeros(*args, **kwargs):
        return _with_cupylike_meta("zeros", *args, **kwargs)

    @staticmethod
    def empty(*args, **kwargs):
        return _with_cupylike_meta("empty", *args, **kwargs)

    @staticmethod
    def full(*args, **kwargs):
        return _with_cupylike_meta("full", *args, **kwargs)

    @staticmethod
    def arange(*args, like=None, **kwargs):
        like = cupylike.empty(()) if like is None else like
        with config.set({"array.backend": "numpy"}):
            return da.arange(*args, like=like, **kwargs)
