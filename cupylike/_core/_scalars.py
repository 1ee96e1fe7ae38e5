"""The scalar types and dtype names of the supported dtypes, which are NumPy's own."""

from numpy import (
    bool_,
    complex64,
    complex128,
    float16,
    float32,
    float64,
    int8,
    int16,
    int32,
    int64,
    uint8,
    uint16,
    uint32,
    uint64,
)

bool = bool_  # noqa: A001  (NumPy 2 has numpy.bool)
half = float16
single = float32
double = float64
csingle = complex64
cdouble = complex128
byte = int8
ubyte = uint8
short = int16
ushort = uint16
intc = int32
uintc = uint32
int_ = int64
intp = int64
uintp = uint64
longlong = int64
ulonglong = uint64
float_ = float64
complex_ = complex128

__all__ = [
    "bool_", "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "float32", "float64", "complex64", "complex128", "half", "single", "double",
    "csingle", "cdouble", "byte", "ubyte", "short", "ushort", "intc", "uintc", "int_", "intp",
    "uintp", "longlong", "ulonglong",
]

# NumPy's abstract scalar types and the scalar types of dtypes cupylike arrays cannot hold
# (object, strings, void, long double): the same objects as NumPy's, as CuPy has them, so
# issubdtype and isinstance tests written for NumPy work. Making an array of one of the
# unsupported dtypes raises TypeError (docs/differences_breadth.md).
from numpy import (  # noqa: E402
    bytes_,
    character,
    clongdouble,
    complexfloating,
    flexible,
    floating,
    generic,
    inexact,
    integer,
    long,
    longdouble,
    number,
    object_,
    signedinteger,
    str_,
    uint,
    ulong,
    unsignedinteger,
    void,
)

__all__ += [
    "generic", "number", "integer", "signedinteger", "unsignedinteger", "inexact", "floating",
    "complexfloating", "flexible", "character", "bytes_", "str_", "void", "object_", "long",
    "ulong", "uint", "longdouble", "clongdouble",
]
