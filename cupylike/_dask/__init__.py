"""cupylike arrays as Dask chunks (docs/dask.md).

Dask is optional: nothing here imports it until Dask is imported. `_import_hook.install()`,
run at the end of cupylike's import, has each module below registered with its part of Dask
once that part is imported (at once if it already is): `_sizeof` with dask.sizeof, `_array`
with dask.array, `_serialize` with distributed. `_backend` is Dask's entry point for
`dask.config.set({"array.backend": "cupylike"})`, which Dask itself loads.
"""
