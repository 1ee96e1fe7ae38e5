"""The kernels of one trace: an ElementwiseKernel whose body is the trace's statements (with
its outputs and the arguments updated in place as output parameters), or a ReductionKernel
whose map runs them and whose identity, map, reduce and post are the reduction table's loop
for the reduced value's dtype, the loop the unfused sum/max/... would run. Both go through
the kernels' caches and compilers, with --fmad=false as every cupylike kernel."""

import re

import numpy

from cupylike._core import _native
from cupylike._core._reduction_table import TABLE as REDUCTION_TABLE
from cupylike._core._ufunc_reduce import loop_dtypes
from cupylike._fusion._trace import COMPUTE_TYPES, ctype

_INCLUDES = "#include <cupylike/cast.cuh>\n#include <cupylike/ufunc_math.cuh>\n"
_REDUCTIONS = {entry.name: entry for entry in REDUCTION_TABLE}
# kind -> the reduction table's entry the unfused function or method runs
_ENTRY = {"sum": "add", "prod": "multiply", "max": "maximum", "min": "minimum",
          "all": "logical_and", "any": "logical_or"}


def _identifier(name):
    return "".join(c if c.isalnum() else "_" for c in name)


def _preamble(trace):
    return _INCLUDES + "".join(sorted(p + "\n" for p in trace.preambles if p)) + \
        trace.struct_source()


def _param(k, dtype):
    return f"{numpy.dtype(dtype).name} p{k}"


def elementwise(trace, name, param_dtypes, outputs):
    """(kernel, input parameter indices, in-place parameter indices) computing the values
    `outputs` and the trace's in-place writes; None for the kernel when nothing is left to
    compute."""
    written = sorted(trace.writes)
    targets = [trace.writes[k]._value for k in written] + [o._value for o in outputs]
    statements, params = trace.needed([v.code for v in targets])
    ins = [k for k in params if k not in trace.writes]
    if not outputs and not written:
        return None, ins, written
    stores = [f"p{k} = {trace.as_type(trace.writes[k]._value, param_dtypes[k])};"
              for k in written]
    stores += [f"o{j} = {trace.as_type(o._value, o.dtype)};" for j, o in enumerate(outputs)]
    body = "\n".join([s.code for s in statements] + stores)
    in_params = ", ".join(_param(k, param_dtypes[k]) for k in ins)
    out_params = ", ".join([_param(k, param_dtypes[k]) for k in written] +
                           [f"{o.dtype.name} o{j}" for j, o in enumerate(outputs)])
    kernel = _native.ElementwiseKernel(in_params, out_params, body,
                                       f"cupylike_fuse_{_identifier(name)}",
                                       preamble=_preamble(trace), return_tuple=True)
    return kernel, ins, written


def reduction_loop(kind, dtype, asked):
    """(entry, loop, loop input dtype, output dtype) of the unfused `kind` of `dtype`."""
    entry = _REDUCTIONS[_ENTRY[kind]]
    if kind in ("sum", "prod"):
        out = asked if asked is not None else numpy.sum(numpy.empty(0, dtype)).dtype
    elif kind in ("all", "any"):
        out = numpy.dtype(bool)
    else:
        out = numpy.dtype(loop_dtypes(entry.name)[dtype.name])
    for source in (dtype, out):
        for loop in entry.loops:
            if loop.types == f"{source.char}->{out.char}":
                return entry, loop, source, out
    raise TypeError(f"{kind} has no loop for {dtype} in cupylike")


def reduction(trace, name, param_dtypes, result):
    """(kernel, input parameter indices, entry, output dtype) of the reduction `result`."""
    kind, operand, _, _, asked = result._reduction
    entry, loop, in_dtype, out = reduction_loop(kind, operand.dtype, asked)
    statements, params = trace.needed([operand._value.code])
    ns = f"fz_{_identifier(name)}"
    acc = COMPUTE_TYPES[numpy.dtype(loop.acc)] if len(loop.acc) == 1 else loop.acc
    reduce_type = numpy.dtype(loop.acc).name if len(loop.acc) == 1 else loop.acc
    args = "".join(f"const {ctype(param_dtypes[k])}& p{k}, " for k in params)
    lines = "\n".join(s.code for s in statements)
    c0 = COMPUTE_TYPES[in_dtype]
    preamble = (_preamble(trace) + entry.preamble + f"\nnamespace {ns} {{\n"
                f"typedef {acc} A;\ntypedef {c0} C0;\n"
                f"__device__ inline A identity() {{ return {loop.identity}; }}\n"
                f"__device__ inline A map(const C0& in0, long long _i) {{ return {loop.map}; }}\n"
                f"__device__ inline A reduce(const A& a, const A& b) {{ return {loop.reduce}; }}\n"
                f"__device__ inline void post(const A& a, long long _n, "
                f"{COMPUTE_TYPES[out]}& out0) {{ {loop.post}; }}\n"
                f"__device__ inline A fused({args}long long _i) {{\n{lines}\n"
                f"return map(cupylike::cast<C0>({trace.as_type(operand._value, in_dtype)}), _i);"
                f"\n}}\n}}  // namespace {ns}\n")
    index = "_J" if re.search(r"\b_i\b", loop.map) else "0"
    call_args = "".join(f"p{k}, " for k in params)
    kernel = _native.ReductionKernel(
        ", ".join(_param(k, param_dtypes[k]) for k in params), f"{out.name} out0",
        f"{ns}::fused({call_args}{index})", f"{ns}::reduce(a, b)",
        f"{ns}::post(a, _n, out0)", f"{ns}::identity()",
        f"cupylike_fuse_{_identifier(name)}", reduce_type=reduce_type, preamble=preamble)
    return kernel, params, entry, out
