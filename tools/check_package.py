"""Checks the layout of the cupylike package (docs/architecture.md).

- The top of cupylike/ holds only public modules, __init__.py and packages: a private module
  (`_name.py`) belongs in _core/ (machinery) or in the package of its NumPy reference section.
- No import cycle among cupylike's modules at module level: the graph of the imports each
  module runs when it is imported (function bodies left out), `import cupylike.x`,
  `from cupylike.x import y` (y a module or a name of x) and `from cupylike import x` resolved
  to modules. A package's __init__ importing its own submodules is not an edge back from them.
- No import inside a function (an import deferred to dodge a cycle), except those listed in
  DEFERRED with their reason: optional dependencies, or a costly one few processes need.

Usage: python tools/check_package.py [PACKAGE]   (default: this checkout's cupylike/)
Prints one line per problem and exits 1 if any.
"""

import ast
import pathlib
import sys

# (path inside the package, imported module): why the import waits for a call.
DEFERRED = {
    ("_core/_cuda_search.py", "cuda"):
        "cuda-pathfinder (about 40 ms to import) is asked only when the core first needs a CUDA "
        "component: a process that imports cupylike and compiles nothing never loads it",
    ("__init__.py", "cupylike.testing"):
        "cupylike.testing imports pytest (about 0.5 s); `cupylike.testing` loads it on first "
        "use, as numpy.testing does",
    ("linalg/_products.py", "scipy_openblas32"):
        "only the cpu device and the emulated GPU need the host BLAS; importing the wheel "
        "costs about 0.1 s (importlib.metadata), which a GPU process would pay for nothing",
}


def _modules(package):
    """{dotted name: path} of every module under `package` (a folder)."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _module_level(body):
    """The statements run when a module is imported: function bodies left out."""
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        yield node
        for field in ("body", "orelse", "finalbody", "handlers"):
            inner = getattr(node, field, None)
            if isinstance(inner, list):
                yield from _module_level(inner)


def _imports(name, path, modules):
    """The cupylike modules that module `name` imports at module level."""
    root = name.split(".")[0]
    is_package = path.name == "__init__.py"
    targets = set()
    for node in _module_level(ast.parse(path.read_text(), str(path)).body):
        if isinstance(node, ast.Import):
            targets.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the module's package
                package = name.split(".") if is_package else name.split(".")[:-1]
                package = package[:len(package) - node.level + 1]
                base = ".".join(package + ([base] if base else []))
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                targets.add(sub if sub in modules else base)
    return {t for t in targets if t in modules and t.split(".")[0] == root and t != name}


def _cycles(graph):
    """The strongly connected components of more than one module (Tarjan), each as a path."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(_path_through(graph, sorted(component)))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def _path_through(graph, component):
    """One cycle inside a strongly connected component, from its first module back to it."""
    start, members = component[0], set(component)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(graph[v] & members):
                if w == start:
                    return paths[v] + [start]
                if w not in paths:
                    paths[w] = paths[v] + [w]
                    nxt.append(w)
        frontier = nxt
    return component


def _deferred(package, modules):
    """Imports inside functions, as 'path:line: ...', and DEFERRED entries no longer used."""
    found, used = [], set()
    for path in modules.values():
        relative = path.relative_to(package).as_posix()
        tree = ast.parse(path.read_text(), str(path))
        for function in ast.walk(tree):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom):
                    names = ["." * node.level + (node.module or "")]
                else:
                    continue
                for imported in names:
                    if (relative, imported) in DEFERRED:
                        used.add((relative, imported))
                        continue
                    found.append(f"{package.name}/{relative}:{node.lineno}: `import {imported}` "
                                 f"inside {function.name}(): import at the top of the module")
    found = sorted(set(found))
    for relative, imported in sorted(DEFERRED.keys() - used):
        found.append(f"{package.name}/{relative}: DEFERRED lists `import {imported}`, "
                     "which is not there any more")
    return found


def problems(package):
    """Every problem of the package folder `package`, one line each."""
    package = pathlib.Path(package)
    found = [f"{package.name}/{p.name}: a private module at the top of the package: move it "
             "into _core/ or the package of its NumPy section"
             for p in sorted(package.glob("_*.py")) if p.name != "__init__.py"]
    modules = _modules(package)
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    found += [f"import cycle: {' -> '.join(cycle)}" for cycle in _cycles(graph)]
    found += _deferred(package, modules)
    return found


def main(argv):
    root = pathlib.Path(__file__).parents[1] / "cupylike"
    found = problems(pathlib.Path(argv[1]) if len(argv) > 1 else root)
    for line in found:
        print(line)
    if found:
        print(f"{len(found)} problem(s) with the package's layout (tools/check_package.py)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
