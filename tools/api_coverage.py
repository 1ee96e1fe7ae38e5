"""Writes docs/api_coverage.md: for each namespace (main, linalg, fft, random, testing, cuda)
NumPy's and CuPy's public names with cupylike's beside them, the Array API 2024.12 names (from
the array-api-strict package), and counts.

CuPy needs a GPU library stack to install, so its names come from tools/cupy_names.json,
recorded from an installed CuPy with --refresh-cupy (CuPy imports and lists its names without
a GPU).

cupylike's names are those of the cupylike that Python imports (set PYTHONPATH for a checkout).

Usage: python tools/api_coverage.py [--refresh-cupy] [--check]
  --refresh-cupy  record CuPy's names again from the installed cupy
  --check         exit 1, writing nothing, if docs/api_coverage.md is not current
"""

import __future__

import argparse
import importlib
import json
import pathlib
import sys
import types

import numpy

import cupylike

ROOT = pathlib.Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "api_coverage.md"
CUPY_NAMES = ROOT / "tools" / "cupy_names.json"
NAMESPACES = ["main", "linalg", "fft", "random", "testing", "cuda"]
ARRAY_API_VERSION = "2024.12"
# array-api-strict's own helpers and array members, which the standard does not name.
ARRAY_API_STRICT_EXTRAS = {
    "ArrayAPIStrictFlags", "Device", "__version__", "get_array_api_strict_flags",
    "set_array_api_strict_flags", "reset_array_api_strict_flags", "fft", "linalg",
    "__array__", "__buffer__", "__reduce__", "__repr__", "__str__", "__iter__",
}
_CLASS_PLUMBING = {"__module__", "__doc__", "__dict__", "__weakref__", "__slots__",
                   "__annotations__", "__hash__", "__init__", "__new__", "__getstate__",
                   "__firstlineno__", "__static_attributes__", "__setstate__"}


def _module(package, namespace):
    name = package if namespace == "main" else f"{package}.{namespace}"
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def public_names(module):
    """The public names of `module`: its __all__, else those not starting with _, leaving out
    modules imported from elsewhere (a namespace's own submodules count) and `from __future__`
    features."""
    if module is None:
        return []
    if hasattr(module, "__all__"):
        return sorted(set(module.__all__))
    root = module.__name__.split(".")[0]
    return sorted(n for n, v in vars(module).items() if not n.startswith("_") and not (
        isinstance(v, types.ModuleType) and not v.__name__.startswith(root + "."))
        and not isinstance(v, __future__._Feature))


def cupy_names():
    """{"version": ..., "namespaces": {namespace: [names]}} recorded in tools/cupy_names.json."""
    return json.loads(CUPY_NAMES.read_text())


def refresh_cupy():
    import cupy  # noqa: PLC0415 - an optional tool dependency, only for --refresh-cupy

    record = {"version": cupy.__version__,
              "namespaces": {ns: public_names(_module("cupy", ns)) for ns in NAMESPACES}}
    CUPY_NAMES.write_text(json.dumps(record, indent=1) + "\n")


def _required_version(fn):
    """The Array API version array-api-strict requires for `fn` (its requires_api_version
    wrapper keeps it in a closure cell named `version`), or None."""
    while fn is not None:
        code = getattr(fn, "__code__", None)
        if code is not None and "version" in code.co_freevars:
            return fn.__closure__[code.co_freevars.index("version")].cell_contents
        fn = getattr(fn, "__wrapped__", None)
    return None


def _standard(names, module):
    return sorted(n for n in names if n not in ARRAY_API_STRICT_EXTRAS
                  and (_required_version(getattr(module, n, None)) or "") <= ARRAY_API_VERSION)


def array_api_names():
    """{"main"|"linalg"|"fft"|"ndarray": [names]} of the Array API 2024.12, from
    array-api-strict."""
    import array_api_strict as xp  # noqa: PLC0415 - a test dependency, only for this document
    from array_api_strict._array_object import Array  # noqa: PLC0415

    members = [n for n in vars(Array) if n not in _CLASS_PLUMBING
               and (not n.startswith("_") or n.startswith("__"))]
    return {"main": _standard(xp.__all__, xp), "linalg": _standard(xp.linalg.__all__, xp.linalg),
            "fft": _standard(xp.fft.__all__, xp.fft), "ndarray": _standard(members, Array)}


def _has(owner, name):
    return owner is not None and hasattr(owner, name)


def _mark(present):
    return "✓" if present else "—"


def _table(rows, headers):
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return lines


def render():
    """The document's text."""
    import array_api_strict  # noqa: PLC0415 - a test dependency, only for this document

    cupy = cupy_names()
    standard = array_api_names()
    ours = {ns: _module("cupylike", ns) for ns in NAMESPACES}
    summary, sections = [], []
    for ns in NAMESPACES:
        np_names = public_names(_module("numpy", ns)) if ns != "cuda" else []
        cp_names = cupy["namespaces"][ns]
        names = sorted(set(np_names) | set(cp_names))
        have = {n for n in names if _has(ours[ns], n)}
        np_have, cp_have = len(have & set(np_names)), len(have & set(cp_names))
        summary.append([f"`{ns}`", f"{np_have} / {len(np_names)}", f"{cp_have} / {len(cp_names)}"])
        title = "cupylike" if ns == "main" else f"cupylike.{ns}"
        rows = [[f"`{n}`", _mark(n in np_names), _mark(n in cp_names), _mark(n in have)]
                for n in names]
        sections += ["", f"## `{title}`", "", f"NumPy: {np_have} of {len(np_names)}; "
                     f"CuPy: {cp_have} of {len(cp_names)}.", ""]
        sections += _table(rows, ["name", "NumPy", "CuPy", "cupylike"])
    api_summary, api_sections = [], []
    owners = {"main": cupylike, "linalg": cupylike.linalg, "fft": cupylike.fft,
              "ndarray": cupylike.ndarray}
    for part, names in standard.items():
        have = [n for n in names if _has(owners[part], n)]
        api_summary.append([f"`{part}`", f"{len(have)} / {len(names)}"])
        missing = [n for n in names if n not in have]
        api_sections += ["", f"### `{part}`", "", f"{len(have)} of {len(names)}; missing: "
                         + (", ".join(f"`{n}`" for n in missing) or "none") + "."]
    head = [
        "# API coverage", "",
        "Generated by `python tools/api_coverage.py` from the code; do not edit by hand "
        "(tests/test_api_coverage.py checks it is current).", "",
        f"Compared with NumPy {numpy.__version__}, CuPy {cupy['version']} (names recorded in "
        "tools/cupy_names.json) and the Array API "
        f"{ARRAY_API_VERSION} (from array-api-strict {array_api_strict.__version__}). ✓: the "
        "name exists there; cupylike's column says whether `cupylike` has it, not whether it "
        "behaves the same.", "",
        "## Summary", "",
        *_table(summary, ["namespace", "NumPy's names we have", "CuPy's names we have"]), "",
        *_table(api_summary, [f"Array API {ARRAY_API_VERSION}", "names we have"]),
    ]
    return "\n".join(head + sections + ["", f"## Array API {ARRAY_API_VERSION}"]
                     + api_sections) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--refresh-cupy", action="store_true")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    if args.refresh_cupy:
        refresh_cupy()
    text = render()
    if args.check:
        if DOC.read_text() != text:
            print("docs/api_coverage.md is not current: run python tools/api_coverage.py")
            return 1
        return 0
    DOC.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
