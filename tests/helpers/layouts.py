"""Device arrays in the layouts the copy, cast and assignment tests run over, each paired with
the NumPy array of the same values and layout."""

import numpy

import cupylike
from cupylike.testing import sample_values

SHAPE = (4, 5, 6)


def layout_pairs(dtype, *, seed=0, writeable=False, values=None):
    """[(name, numpy array, cupylike array)]: C and F order, slices with steps, negative
    strides, a transposition, a strided column, 0-d, empty and (unless `writeable`) broadcast
    views of sample_values (passed through `values` when given). The device arrays have the
    NumPy arrays' strides."""
    host = sample_values(dtype, SHAPE, seed=seed)
    if values is not None:
        host = values(host)
    dev = cupylike.asarray(host)
    f_host = numpy.asfortranarray(host)
    f_dev = cupylike.asarray(f_host)
    pairs = [
        ("C", host, dev),
        ("F", f_host, f_dev),
        ("sliced", host[::2, 1:4, ::3], dev[::2, 1:4, ::3]),
        ("negative", host[::-1, :, ::-2], dev[::-1, :, ::-2]),
        ("transposed", host.transpose(2, 0, 1), dev.transpose(2, 0, 1)),
        ("column", f_host[:, 2], f_dev[:, 2]),
        ("0-d", host[1, 2, 3, ...], dev[1, 2, 3, ...]),
        ("empty", host[:, :0], dev[:, :0]),
    ]
    if not writeable:
        pairs.append(("broadcast", numpy.broadcast_to(host[:, 1:2], (3, 4, 5, 6)),
                      cupylike.broadcast_to(dev[:, 1:2], (3, 4, 5, 6))))
    for name, h, d in pairs:
        assert h.strides == d.strides, name
    return pairs


def layout_names(writeable=False):
    return [name for name, _, _ in layout_pairs(numpy.int8, writeable=writeable)]
