"""cupylike arrays as Dask chunks (docs/dask.md).

Dask is optional: nothing here imports it. cupylike's import asks `_import_hook` to register
with each part of Dask once that part is imported (at once if it already is): `_array` with
dask.array, `_sizeof` with dask.sizeof, `_serialize` with distributed. `_backend` is Dask's
entry point for `dask.config.set({"array.backend": "cupylike"})`, which Dask itself loads.
"""

from cupylike._dask._import_hook import after_import

after_import("dask.sizeof", "cupylike._dask._sizeof")
after_import("dask.array", "cupylike._dask._array")
after_import("distributed.protocol", "cupylike._dask._serialize")
