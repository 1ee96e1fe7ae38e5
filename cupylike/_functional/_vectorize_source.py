"""The syntax tree of the function vectorize compiles, read from its source (a def, or a lambda
found in the lines that hold it), and the objects its free names stand for at compile time."""

import ast
import builtins
import inspect
import textwrap
import types

from cupylike._functional._vectorize_types import UncompilableError

MISSING = object()  # a free name bound to nothing


def _parses(text):
    """The trees of `text` and of its prefixes wrapped in parentheses (a lambda's first line
    may end inside a call or a list, as `f(lambda x: x + 1,`), longest first."""
    text = textwrap.dedent(text).strip()
    for attempt in [text] + ["(" + text[:len(text) - cut] + ")" for cut in range(
            min(len(text), 200))]:
        try:
            yield ast.parse(attempt)
        except SyntaxError:
            continue


def _same_lambda(node, func):
    """Whether the lambda `node` compiles to code like `func`'s: the same parameters,
    constants and names."""
    try:
        code = compile(ast.Expression(node), "<lambda>", "eval").co_consts[0]
    except (SyntaxError, ValueError, IndexError):
        return False
    own = func.__code__
    if not isinstance(code, types.CodeType) or code.co_varnames != own.co_varnames or \
            code.co_consts != own.co_consts:
        return False
    # Bytecode is no test: the compiler's choices (LOAD_METHOD or LOAD_ATTR, a closure's
    # LOAD_DEREF) differ between a lambda compiled alone and in its function.
    return set(code.co_names) == set(own.co_names) | set(own.co_freevars)


def _find_lambda(func, name):
    """The Lambda node of `func` and its file line: the lines from the lambda's first one on,
    one more at a time, parsed until lambdas that compile to `func` turn up."""
    _, first = inspect.getsourcelines(func)
    lines = inspect.findsource(func)[0][first - 1:first + 30]
    for n in range(1, len(lines) + 1):
        for tree in _parses("".join(lines[:n])):
            found = [node for node in ast.walk(tree) if isinstance(node, ast.Lambda)
                     and node.lineno == 1 and _same_lambda(node, func)]
            if len({ast.dump(node) for node in found}) == 1:  # the same lambda twice: either
                return found[0], first
            if found:
                raise UncompilableError(f"cupylike.vectorize cannot compile {name} at line "
                                   f"{first}: the lambda cannot be told apart from the others "
                                   "on its line; define it with def or on a line of its own")
    raise UncompilableError(f"cupylike.vectorize cannot compile {name} at line {first}: its "
                       "source does not parse on its own")


SELF = "__vectorized__"  # the name a built-in function is called by in its made-up tree


def _builtin_arity(func):
    """The number of arguments of a built-in function or ufunc vectorize can call; None for
    a Python function or anything else."""
    if isinstance(func, types.FunctionType):
        return None
    nin = getattr(func, "nin", None)
    if isinstance(nin, int) and getattr(func, "nout", None) == 1:
        return nin
    try:
        parameters = inspect.signature(func).parameters.values()
    except (TypeError, ValueError):
        return None
    if any(p.kind not in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) or p.default is not
           p.empty for p in parameters):
        return None
    return len(parameters)


def function_tree(func):
    """(the FunctionDef or Lambda node of `func`, the file line of its first line);
    UncompilableError when its source cannot be read or the lambda cannot be told apart. A
    built-in function or ufunc (math.sin, numpy.arctan2) gets the tree of a lambda calling
    it, which compiles it as a call of it in a function."""
    name = getattr(func, "__qualname__", repr(func))
    arity = _builtin_arity(func)
    if arity is not None:
        names = ", ".join(f"a{k}" for k in range(arity))
        return ast.parse(f"lambda {names}: {SELF}({names})", mode="eval").body, 1
    try:
        lines, first = inspect.getsourcelines(func)
    except (OSError, TypeError):
        if not isinstance(func, types.FunctionType):
            raise UncompilableError(f"cupylike.vectorize cannot compile {name}: of the built-in "
                               "functions, only those of fixed positional arguments among "
                               "math's, abs and one-output ufuncs compile") from None
        raise UncompilableError(f"cupylike.vectorize cannot compile {name}: its source is not "
                           "available (code typed at a prompt or made by exec); pass a "
                           "Python function defined in a file") from None
    if func.__name__ == "<lambda>":
        return _find_lambda(func, name)
    tree = next(_parses("".join(lines)), None)
    if tree is None:
        raise UncompilableError(f"cupylike.vectorize cannot compile {name} at line {first}: its "
                           "source does not parse on its own")
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == \
                func.__name__:
            if isinstance(node, ast.AsyncFunctionDef):
                raise UncompilableError(f"cupylike.vectorize cannot compile an async function at "
                                   f"line {first} of {name}")
            return node, first
    raise UncompilableError(f"cupylike.vectorize cannot compile {name} at line {first}: its "
                       "definition was not found in its source")


def free_value(func, name):
    """What the free name `name` of `func` stands for now (its closure, then its globals,
    then the builtins); MISSING when nothing."""
    if name == SELF:
        return func
    code = getattr(func, "__code__", None)
    if code is None:
        return MISSING
    if name in code.co_freevars and func.__closure__:
        cell = func.__closure__[code.co_freevars.index(name)]
        try:
            return cell.cell_contents
        except ValueError:
            return MISSING
    if name in func.__globals__:
        return func.__globals__[name]
    return getattr(builtins, name, MISSING)


