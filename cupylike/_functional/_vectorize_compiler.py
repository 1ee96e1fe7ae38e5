"""vectorize's compiler: a Python function of scalars, as a syntax tree, into the body of an
elementwise kernel for given argument dtypes. Each local value becomes one C++ variable of the
dtype NumPy gives it (_vectorize_types); `if` statements become C++ ifs, a variable assigned
in both branches gets the promoted type of the two. What falls outside the subset raises
UncompilableError (a TypeError) naming the construct and its line."""

import ast
import builtins
import math
import operator
import types

import numpy

from cupylike._core._ufuncs import UFUNCS
from cupylike._functional import _vectorize_source as source
from cupylike._functional._vectorize_types import (
    UncompilableError,
    Value,
    constant,
    ctype,
    find_loop,
    literal,
    promote,
)

_BINARY = {ast.Add: "add", ast.Sub: "subtract", ast.Mult: "multiply", ast.Div: "divide",
           ast.FloorDiv: "floor_divide", ast.Mod: "remainder", ast.Pow: "power",
           ast.BitAnd: "bitwise_and", ast.BitOr: "bitwise_or", ast.BitXor: "bitwise_xor",
           ast.LShift: "left_shift", ast.RShift: "right_shift"}
_PY_BINARY = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
              ast.Div: operator.truediv, ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod,
              ast.Pow: operator.pow, ast.BitAnd: operator.and_, ast.BitOr: operator.or_,
              ast.BitXor: operator.xor, ast.LShift: operator.lshift,
              ast.RShift: operator.rshift}
_UNARY = {ast.USub: ("negative", operator.neg), ast.UAdd: ("positive", operator.pos),
          ast.Invert: ("invert", operator.invert)}
_COMPARE = {ast.Lt: ("less", operator.lt), ast.LtE: ("less_equal", operator.le),
            ast.Gt: ("greater", operator.gt), ast.GtE: ("greater_equal", operator.ge),
            ast.Eq: ("equal", operator.eq), ast.NotEq: ("not_equal", operator.ne)}
# math's functions as the ufuncs that compute them; math takes and returns Python floats.
_MATH = {"sin": "sin", "cos": "cos", "tan": "tan", "asin": "arcsin", "acos": "arccos",
         "atan": "arctan", "atan2": "arctan2", "sinh": "sinh", "cosh": "cosh", "tanh": "tanh",
         "asinh": "arcsinh", "acosh": "arccosh", "atanh": "arctanh", "exp": "exp",
         "exp2": "exp2", "expm1": "expm1", "log": "log", "log2": "log2", "log10": "log10",
         "log1p": "log1p", "sqrt": "sqrt", "cbrt": "cbrt", "fabs": "fabs", "hypot": "hypot",
         "copysign": "copysign", "pow": "power", "fmod": "fmod", "degrees": "degrees",
         "radians": "radians", "floor": "floor", "ceil": "ceil", "trunc": "trunc",
         "isnan": "isnan", "isinf": "isinf", "isfinite": "isfinite"}
_MATH_TO_INT = {"floor", "ceil", "trunc"}  # Python ints
_MATH_TO_BOOL = {"isnan", "isinf", "isfinite"}
_STATEMENTS = {ast.For: "a for loop", ast.While: "a while loop", ast.With: "a with block",
               ast.Try: "a try block", ast.Raise: "a raise statement",
               ast.Assert: "an assert statement", ast.Import: "an import",
               ast.ImportFrom: "an import", ast.Global: "a global statement",
               ast.Nonlocal: "a nonlocal statement", ast.Delete: "a del statement",
               ast.FunctionDef: "a nested function", ast.ClassDef: "a class definition",
               ast.Match: "a match statement"}
_EXPRESSIONS = {ast.Lambda: "a lambda", ast.ListComp: "a list comprehension",
                ast.GeneratorExp: "a generator expression", ast.List: "a list",
                ast.Dict: "a dict", ast.Set: "a set", ast.Subscript: "a subscript",
                ast.JoinedStr: "an f-string", ast.Starred: "a starred expression",
                ast.NamedExpr: "an assignment expression", ast.Await: "an await",
                ast.Yield: "a yield", ast.Slice: "a slice"}


def _describe(node):
    return _STATEMENTS.get(type(node)) or _EXPRESSIONS.get(type(node)) or \
        f"a {type(node).__name__} node"


class Compiler:
    """Compiles `func` (its tree from _vectorize_source) for arguments of `dtypes`; `fixed`
    holds the values of the parameters that are not arrays (defaults), by name."""

    def __init__(self, func, dtypes, fixed):
        self.func = func
        self.name = getattr(func, "__qualname__", "<function>")
        self.tree, self.first_line = source.function_tree(func)
        self.lines = []
        self.count = 0
        self.structs = {}
        self.preambles = set()
        self.returns = []
        self.env = {}
        self.dtypes = dtypes
        self.fixed = fixed

    # -- errors and variables --------------------------------------------------------------
    def fail(self, node, construct, why=""):
        line = self.first_line + getattr(node, "lineno", 1) - 1
        raise UncompilableError(f"cupylike.vectorize cannot compile {construct} at line {line} of "
                           f"{self.name}" + (f": {why}" if why else ""))

    def declare(self, dtype, expr, weak=False):
        self.count += 1
        name = f"v{self.count}"
        self.lines.append(f"{ctype(dtype)} {name} = {expr};")
        return Value(name, dtype, weak)

    def as_type(self, value, dtype):
        """C++ for `value` converted to `dtype` (NumPy's cast, unsafe)."""
        if value.is_const:
            return literal(value.const, dtype)
        if value.dtype == dtype:
            return value.code
        return f"cupylike::cast<{ctype(dtype)}>({value.code})"

    def truth(self, value):
        if value.is_const:
            return "true" if value.const else "false"
        return value.code if value.dtype.kind == "b" else f"cupylike::cast<bool>({value.code})"

    # -- ufunc loops -----------------------------------------------------------------------
    def ufunc(self, node, name, args, weak=None):
        """The value of ufunc `name` on `args`, with the loop NumPy picks; its result is weak
        when every argument is (Python scalars give Python scalars) unless `weak` says."""
        try:
            loop = find_loop(name, args)
        except (TypeError, numpy.exceptions.DTypePromotionError) as e:
            kinds = ", ".join(a.dtype.name if not a.weak else
                              {"b": "bool", "i": "int", "f": "float", "c": "complex"}[
                                  a.dtype.kind] for a in args)
            self.fail(node, f"`{ast.unparse(node)}` ({name} of {kinds})", str(e))
        key = (loop.name, loop.types)
        if key not in self.structs:
            self.structs[key] = (f"vz_op{len(self.structs)}", loop.op)
            self.preambles.add(loop.preamble)
        struct = self.structs[key][0]
        nin = len(args)
        ins = [f"cupylike::cast<{struct}::C{k}>({self.as_type(a, loop.types[k])})"
               for k, a in enumerate(args)]
        self.count += 1
        result = f"r{self.count}"
        self.lines.append(f"{struct}::C{nin} {result}; {struct}::f({', '.join(ins)}, {result});")
        dtype = loop.types[nin]
        weak = all(a.weak for a in args) if weak is None else weak
        return self.declare(dtype, f"cupylike::cast<{ctype(dtype)}>({result})", weak)

    def struct_source(self):
        out = []
        for (_, dtypes), (struct, op) in self.structs.items():
            s = f"struct {struct} {{\n"
            for k, d in enumerate(dtypes):
                compute = "float" if d.char == "e" else ctype(d)
                s += f"  typedef {ctype(d)} S{k};\n  typedef {compute} C{k};\n"
            nin = len(dtypes) - 1
            params = [f"const C{k}& in{k}" for k in range(nin)] + [f"C{nin}& out0"]
            s += (f"  __device__ static inline void f({', '.join(params)}) {{\n    {op};\n"
                  "  }\n};\n")
            out.append(s)
        return "".join(out)

    # -- statements ------------------------------------------------------------------------
    def compile(self):
        """(kernel body with returns as placeholders, [values of each return])."""
        node = self.tree
        args = node.args
        if args.vararg or args.kwarg or args.kwonlyargs:
            self.fail(node, "*args, **kwargs or keyword-only parameters")
        names = [a.arg for a in args.posonlyargs + args.args]
        if len(names) - len(self.fixed) != len(self.dtypes):
            raise TypeError(f"{self.name}() takes {len(names)} positional arguments but "
                            f"{len(self.dtypes) + len(self.fixed)} were given")
        k = 0
        for name in names:
            if name in self.fixed:
                value = constant(self.fixed[name])
                if value is None:
                    self.fail(node, f"the parameter {name!r}",
                              f"its value {self.fixed[name]!r} is not a number")
                self.env[name] = value
            else:
                self.env[name] = Value(f"in{k}", self.dtypes[k])
                k += 1
        if isinstance(node, ast.Lambda):
            self.statement(ast.Return(value=node.body, lineno=node.lineno))
            return self.lines, self.returns
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            body = body[1:]  # the docstring
        if not self.block(body):
            self.fail(body[-1] if body else node, "a path without a return",
                      "the function can end without returning a value (None)")
        return self.lines, self.returns

    def block(self, statements):
        """Compiles `statements`; True when every path through them returns."""
        for statement in statements:
            if self.statement(statement):
                return True
        return False

    def statement(self, node):
        if isinstance(node, ast.Return):
            if node.value is None:
                self.fail(node, "a return without a value", "vectorize needs a number")
            parts = node.value.elts if isinstance(node.value, ast.Tuple) else [node.value]
            values = [self.expr(p) for p in parts]
            self.lines.append(f"@RETURN{len(self.returns)}@")
            self.returns.append((values, isinstance(node.value, ast.Tuple), node))
            return True
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if node.value is None or any(not isinstance(t, ast.Name) for t in targets):
                self.fail(node, "an assignment to something other than a local name")
            if isinstance(node, ast.AugAssign):
                value = self.binary(node, node.op, self.expr(targets[0]), self.expr(node.value))
            else:
                value = self.expr(node.value)
            for t in targets:
                self.env[t.id] = value
            return False
        if isinstance(node, ast.If):
            return self.if_statement(node)
        if isinstance(node, ast.Pass):
            return False
        if isinstance(node, ast.Expr):
            self.fail(node, "an expression statement", "its value would be thrown away")
        self.fail(node, _describe(node))

    def if_statement(self, node):
        test = self.expr(node.test)
        if test.is_const:
            return self.block(node.body if test.const else node.orelse)
        outer, before = self.lines, dict(self.env)
        branches = []
        for body in (node.body, node.orelse):
            self.lines, self.env = [], dict(before)
            returned = self.block(body)
            branches.append((self.lines, self.env, returned))
        self.lines = outer
        live = [b for b in branches if not b[2]]
        merged = dict(before)
        names = sorted({n for _, env, _ in live for n in env})  # a stable source: cached
        for name in names:
            values = [env.get(name) for _, env, _ in live]
            if any(v is None for v in values):
                merged.pop(name, None)  # unbound on some path: an error if read
                continue
            # A value made inside a branch lives in its C++ block: it is copied out.
            if all(v is values[0] for v in values) and (values[0] is before.get(name)
                                                        or values[0].is_const):
                merged[name] = values[0]
                continue
            dtype, weak = promote(values)
            self.count += 1
            var = Value(f"m{self.count}", dtype, weak)
            self.lines.append(f"{ctype(dtype)} {var.code};")
            for (lines, _, _), v in zip(live, values, strict=True):
                lines.append(f"{var.code} = {self.as_type(v, dtype)};")
            merged[name] = var
        self.lines.append(f"if ({self.truth(test)}) {{")
        self.lines += branches[0][0]
        self.lines.append("} else {")
        self.lines += branches[1][0]
        self.lines.append("}")
        self.env = merged
        return not live

    # -- expressions -----------------------------------------------------------------------
    def expr(self, node):
        if isinstance(node, ast.Constant):
            value = constant(node.value)
            if value is None:
                self.fail(node, f"the constant {node.value!r}", "only numbers can be compiled")
            return value
        if isinstance(node, ast.Name):
            if node.id in self.env:
                return self.env[node.id]
            return self.static_value(node, self.resolve(node))
        if isinstance(node, ast.Attribute):
            return self.static_value(node, self.resolve(node))
        if isinstance(node, ast.BinOp):
            return self.binary(node, node.op, self.expr(node.left), self.expr(node.right))
        if isinstance(node, ast.UnaryOp):
            operand = self.expr(node.operand)
            if isinstance(node.op, ast.Not):
                if operand.is_const:
                    return constant(not operand.const)
                return self.declare(numpy.dtype(bool), f"!{self.truth(operand)}")
            name, fold = _UNARY[type(node.op)]
            return self.fold(fold, [operand]) or self.ufunc(node, name, [operand])
        if isinstance(node, ast.Compare):
            return self.compare(node)
        if isinstance(node, ast.BoolOp):
            values = [self.expr(v) for v in node.values]
            result = values[0]
            for v in values[1:]:
                # `a and b` is a when a is false, else b; `a or b` the other way round.
                result = self.select(result, v, result) if isinstance(node.op, ast.And) \
                    else self.select(result, result, v)
            return result
        if isinstance(node, ast.IfExp):
            return self.select(self.expr(node.test), self.expr(node.body), self.expr(node.orelse))
        if isinstance(node, ast.Call):
            return self.call(node)
        if isinstance(node, ast.Tuple):
            self.fail(node, "a tuple", "tuples can only be returned (several outputs)")
        self.fail(node, _describe(node))

    def fold(self, op, values):
        """The compile-time value of `op` on constants (Python's own arithmetic), or None."""
        if not all(v.is_const for v in values):
            return None
        try:
            return constant(op(*(v.const for v in values)))
        except (ArithmeticError, ValueError, TypeError):
            return None  # left to the kernel, which gives NumPy's result

    def binary(self, node, op, left, right):
        name = _BINARY.get(type(op))
        if name is None:
            self.fail(node, f"the operator {type(op).__name__}")
        return self.fold(_PY_BINARY[type(op)], [left, right]) or \
            self.ufunc(node, name, [left, right])

    def compare(self, node):
        result, left = None, self.expr(node.left)
        for op, right_node in zip(node.ops, node.comparators, strict=True):
            if type(op) not in _COMPARE:
                self.fail(node, f"the comparison {type(op).__name__}", "only < <= > >= == != "
                          "compile")
            right = self.expr(right_node)
            name, fold = _COMPARE[type(op)]
            step = self.fold(fold, [left, right]) or self.ufunc(node, name, [left, right],
                                                               weak=False)
            result = step if result is None else self.select(result, step, result)
            left = right
        return result

    def select(self, test, if_true, if_false):
        """`if_true if test else if_false`, in the promoted type of the two."""
        if test.is_const:
            return if_true if test.const else if_false
        dtype, weak = promote([if_true, if_false])
        return self.declare(dtype, f"{self.truth(test)} ? {self.as_type(if_true, dtype)} : "
                                   f"{self.as_type(if_false, dtype)}", weak)

    # -- names and calls -------------------------------------------------------------------
    def resolve(self, node):
        """The object a free name or an attribute chain on one stands for."""
        if isinstance(node, ast.Name):
            found = source.free_value(self.func, node.id)
            if found is source.MISSING:
                self.fail(node, f"the name {node.id!r}", "it is not defined (or not bound on "
                          "every path)")
            return found
        if isinstance(node, ast.Attribute):
            if isinstance(node.value, ast.Name) and node.value.id in self.env:
                self.fail(node, f"the attribute .{node.attr} of a value")
            base = self.resolve(node.value)
            if not isinstance(base, types.ModuleType):
                self.fail(node, f"the attribute .{node.attr} of {type(base).__name__}",
                          "only attributes of modules (math, numpy, cupylike) compile")
            try:
                return getattr(base, node.attr)
            except AttributeError:
                self.fail(node, f"{base.__name__}.{node.attr}", "no such name")
        self.fail(node, _describe(node))

    def static_value(self, node, obj):
        value = constant(obj)
        if value is None:
            self.fail(node, f"the name {ast.unparse(node)!r} ({type(obj).__name__})",
                      "only numbers are read from outside the function")
        return value

    def call(self, node):
        if node.keywords:
            self.fail(node, "a call with keyword arguments")
        func = self.resolve(node.func)
        callee = ast.unparse(node.func)
        what = f"a call of {getattr(func, '__name__', callee) if callee == source.SELF else callee}"
        args = [self.expr(a) for a in node.args]
        if func is builtins.abs and len(args) == 1:
            return self.fold(abs, args) or self.ufunc(node, "absolute", args)
        if func in (builtins.min, builtins.max) and len(args) >= 2:
            name, op = ("less", operator.lt) if func is builtins.min else ("greater", operator.gt)
            result = args[0]
            for v in args[1:]:  # Python keeps the first of equal (or unordered) values
                better = self.fold(op, [v, result]) or self.ufunc(node, name, [v, result],
                                                                  weak=False)
                result = self.select(better, v, result)
            return result
        if func in (builtins.int, builtins.float, builtins.bool, builtins.complex) \
                and len(args) == 1:
            folded = self.fold(func, args)
            if folded:
                return folded
            if args[0].dtype.kind == "c" and func is not builtins.complex \
                    and func is not builtins.bool:
                self.fail(node, what, f"{func.__name__}() of a complex number")
            dtype = numpy.dtype({int: "int64", float: "float64", bool: "bool",
                                 complex: "complex128"}[func])
            return self.declare(dtype, self.as_type(args[0], dtype), weak=func is not bool)
        if func is builtins.pow and len(args) == 2:
            return self.fold(pow, args) or self.ufunc(node, "power", args)
        if isinstance(func, type) and issubclass(func, numpy.generic) and len(args) == 1:
            dtype = numpy.dtype(func)
            if dtype.kind not in "biufc":
                self.fail(node, what, f"{dtype} is not a numeric type")
            return self.fold(func, args) or self.declare(dtype, self.as_type(args[0], dtype))
        if getattr(func, "__module__", None) == "math" and \
                getattr(math, getattr(func, "__name__", ""), None) is func:
            return self.math_call(node, func.__name__, args, what)
        ufunc_name = getattr(func, "__name__", None)
        if ufunc_name in UFUNCS and (func is UFUNCS[ufunc_name] or func is getattr(
                numpy, ufunc_name, None)) and isinstance(getattr(numpy, ufunc_name, None),
                                                         numpy.ufunc):
            if getattr(numpy, ufunc_name).nout != 1 or len(args) != getattr(numpy,
                                                                            ufunc_name).nin:
                self.fail(node, what, "only ufuncs of one output, called with all their "
                          "inputs, compile")
            return self.ufunc(node, ufunc_name, args, weak=False)
        self.fail(node, what, "only arithmetic, abs, min, max, int, float, bool, complex, "
                  "math's functions and NumPy's ufuncs compile")

    def math_call(self, node, name, args, what):
        if name not in _MATH or (name == "log" and len(args) != 1):
            self.fail(node, what, f"math.{name} is not among the compiled math functions")
        for a in args:
            if a.dtype.kind == "c":
                self.fail(node, what, "must be real number, not complex")
        folded = self.fold(getattr(math, name), args)
        if folded:
            return folded
        double = numpy.dtype(float)
        as_float = [Value(self.as_type(a, double), double, True) for a in args]
        result = self.ufunc(node, _MATH[name], as_float, weak=True)
        if name in _MATH_TO_INT:
            return self.declare(numpy.dtype("int64"), self.as_type(result, numpy.dtype("int64")),
                                weak=True)
        if name in _MATH_TO_BOOL:
            return Value(result.code, numpy.dtype(bool), False)
        return result

