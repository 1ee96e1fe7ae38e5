"""cupylike: NumPy's API on NVIDIA GPUs, and on the CPU where there is no GPU.

Swap ``import numpy as np`` for ``import cupylike as cp``; move data with ``cp.asarray`` and
``cp.asnumpy``. The device is ``CUPYLIKE_DEVICE`` (``cpu``, ``cuda`` or ``cuda:N``) if set, else
the first usable CUDA device, else ``cpu``.
"""

import numpy as _numpy

from cupylike import (
    _core,
    cuda,  # noqa: E402  (after _core: cuda re-exports its classes)
)
from cupylike._core import (
    Device,
    array,
    asarray,
    asnumpy,
    broadcast_to,
    can_cast,
    empty,
    empty_like,
    expand_dims,
    get_default_memory_pool,
    get_default_pinned_memory_pool,
    moveaxis,
    ndarray,
    promote_types,
    ravel,
    reshape,
    result_type,
    squeeze,
    swapaxes,
    transpose,
    zeros,
    zeros_like,
)
from cupylike._scalars import *  # noqa: F403,E402

__version__ = "0.1.0"

# dtypes are NumPy's own objects, so `x.dtype == np.float32` and Dask's meta handling work.
dtype = _numpy.dtype
iinfo = _numpy.iinfo
finfo = _numpy.finfo
newaxis = None


def _reduce(self):
    return (_core._rebuild, (self.get(order="K"), self.device))


ndarray.__reduce__ = _reduce
ndarray.__module__ = "cupylike"
