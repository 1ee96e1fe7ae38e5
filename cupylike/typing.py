"""cupylike.typing: annotations for code written against cupylike, as numpy.typing and
cupy.typing give them. ``NDArray[numpy.float32]`` is a cupylike array of float32."""

import types
import typing

import numpy
from numpy.typing import ArrayLike, DTypeLike, NBitBase

from cupylike._core._native import ndarray

__all__ = ["ArrayLike", "DTypeLike", "NBitBase", "NDArray"]

_ScalarT = typing.TypeVar("_ScalarT", bound=numpy.generic)

NDArray = types.GenericAlias(ndarray, (tuple[typing.Any, ...], numpy.dtype[_ScalarT]))
