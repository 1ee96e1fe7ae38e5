"""poly1d, NumPy's one-variable polynomial class, over coefficients held on the device."""

import warnings

import numpy

from cupylike._core import _native
from cupylike._manipulation._insert_delete import trim_zeros
from cupylike._manipulation._joining import concatenate
from cupylike._math import _polyarith as P


def product(a1, a2):
    """numpy.polymul on coefficient arrays: both trimmed as poly1d trims them, then convolved."""
    return P.convolve_full(poly1d(a1).coeffs, poly1d(a2).coeffs)


def compose(p, x):
    """The polynomial p(x(t)) of coefficients p and a poly1d x, by Horner's rule on poly1d
    arithmetic (numpy.polyval's poly1d case)."""
    y = 0
    for k in range(p.shape[0]):
        y = y * x + p[k]
    return y


class poly1d:  # noqa: N801 (NumPy's name)
    """A one-variable polynomial (see numpy.poly1d), its coefficients a 1-d cupylike array in
    decreasing powers.

    Parameters
    ----------
    c_or_r : array_like
        The coefficients, leading zeros dropped; with ``r=True``, the roots.
    r : bool
        Whether `c_or_r` holds the roots.
    variable : str, optional
        The variable's name when printed (default 'x').
    """

    __hash__ = None

    def __init__(self, c_or_r, r=False, variable=None):
        if isinstance(c_or_r, poly1d):
            self._variable = c_or_r._variable
            self._coeffs = c_or_r._coeffs
            if set(c_or_r.__dict__) - set(self.__dict__):
                warnings.warn("In the future extra properties will not be copied across when "
                              "constructing one poly1d from another", FutureWarning,
                              stacklevel=2)
                self.__dict__.update(c_or_r.__dict__)
            if variable is not None:
                self._variable = variable
            return
        if r:
            c_or_r = P.poly_from(_native.asarray(c_or_r))
        c = _native.asarray(c_or_r)
        if c.ndim == 0:
            c = c.reshape(1)
        if c.ndim > 1:
            raise ValueError("Polynomial must be 1d only.")
        c = trim_zeros(c, trim="f")
        if c.shape[0] == 0:
            c = _native.zeros(1, c.dtype, device=c.device)
        self._coeffs = c
        self._variable = "x" if variable is None else variable

    @property
    def coeffs(self):
        """The coefficients, highest power first (a cupylike array; settable in place only)."""
        return self._coeffs

    @coeffs.setter
    def coeffs(self, value):
        # NumPy allows `p.coeffs += 1` (the same array back) and nothing else.
        if value is not self._coeffs:
            raise AttributeError("Cannot set attribute")

    @property
    def variable(self):
        """The variable's name when printed."""
        return self._variable

    @property
    def order(self):
        """The degree (the number of coefficients less one)."""
        return self._coeffs.shape[0] - 1

    @property
    def roots(self):
        """The roots (see cupylike.roots)."""
        return P.roots_of(self._coeffs)

    r = roots
    c = coef = coefficients = coeffs
    o = order

    def __array__(self, dtype=None, copy=None):
        # As for a cupylike array: no implicit move to the host (use cupylike.asnumpy).
        return self._coeffs.__array__(dtype, copy=copy)

    def __repr__(self):
        return f"poly1d({repr(self._coeffs)[6:-1]})"

    def __str__(self):
        # Printing is host work: NumPy's class formats the host copy of the coefficients
        # (leading zeros, which __setitem__ can leave, print as NumPy prints them).
        host = _native.asnumpy(self._coeffs)
        printed = numpy.poly1d(host, variable=self._variable)
        if printed.coeffs.shape[0] < host.shape[0]:
            printed[host.shape[0] - 1] = host[0]
        return str(printed)

    def __len__(self):
        return self.order

    def __iter__(self):
        # Over a copy: NumPy yields scalars, which a later __setitem__ leaves alone.
        return iter(self._coeffs.copy())

    def __call__(self, val):
        if isinstance(val, poly1d):
            return compose(self._coeffs, val)
        return P.horner(self._coeffs, P.operand(val, "poly1d.__call__"))

    def __neg__(self):
        return poly1d(-self._coeffs)

    def __pos__(self):
        return self

    def __mul__(self, other):
        if numpy.isscalar(other):
            return poly1d(self._coeffs * other)
        return poly1d(product(self._coeffs, poly1d(other).coeffs))

    __rmul__ = __mul__

    def __add__(self, other):
        return poly1d(P.add_aligned(self._coeffs, poly1d(other).coeffs))

    __radd__ = __add__

    def __sub__(self, other):
        return poly1d(P.add_aligned(self._coeffs, poly1d(other).coeffs, subtract=True))

    def __rsub__(self, other):
        return poly1d(P.add_aligned(poly1d(other).coeffs, self._coeffs, subtract=True))

    def __pow__(self, val):
        if not numpy.isscalar(val) or int(val) != val or val < 0:
            raise ValueError("Power to non-negative integers only.")
        res = _native.ones(1, numpy.int64, device=self._coeffs.device)
        for _ in range(int(val)):
            res = product(self._coeffs, res)
        return poly1d(res)

    def __truediv__(self, other):
        if numpy.isscalar(other):
            return poly1d(self._coeffs / other)
        q, r = P.divide(self._coeffs, poly1d(other).coeffs)
        return poly1d(q), poly1d(r)

    def __rtruediv__(self, other):
        if numpy.isscalar(other):
            return poly1d(other / self._coeffs)
        q, r = P.divide(poly1d(other).coeffs, self._coeffs)
        return poly1d(q), poly1d(r)

    def __eq__(self, other):
        if not isinstance(other, poly1d):
            return NotImplemented
        if self._coeffs.shape != other._coeffs.shape:
            return False
        return bool((self._coeffs == other._coeffs).all())

    def __ne__(self, other):
        if not isinstance(other, poly1d):
            return NotImplemented
        return not self.__eq__(other)

    def __getitem__(self, val):
        if val > self.order or val < 0:
            # NumPy gives the dtype's scalar zero; cupylike gives 0-d arrays for elements.
            return _native.zeros((), self._coeffs.dtype, device=self._coeffs.device)
        # A copy, as NumPy's scalar: a later __setitem__ must not change it.
        return self._coeffs[self.order - val].copy()

    def __setitem__(self, key, val):
        if key < 0:
            raise ValueError("Does not support negative powers.")
        if key > self.order:
            c = self._coeffs
            self._coeffs = concatenate(
                (_native.zeros(key - self.order, c.dtype, device=c.device), c))
        self._coeffs[self.order - key] = val

    def integ(self, m=1, k=0):
        """The m-th antiderivative, with integration constants k (see numpy.poly1d.integ)."""
        m = int(m)
        if m < 0:
            raise ValueError("Order of integral must be positive (see polyder)")
        return poly1d(P.integral(self._coeffs, m, P.integration_constants(k, m)))

    def deriv(self, m=1):
        """The m-th derivative (see numpy.poly1d.deriv)."""
        m = int(m)
        if m < 0:
            raise ValueError("Order of derivative must be positive (see polyint)")
        return poly1d(P.derivative(self._coeffs, m))
