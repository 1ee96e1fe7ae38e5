"""How distributed sends cupylike arrays between processes.

- "dask" family (any comm, TCP included): the array's bytes as one host frame. A cpu-device
  array's frame is its own memory, uncopied; a CUDA-device array's is a host copy (the fallback
  Dask uses for CuPy). The receiver puts the array on its own device: a worker's arrays live on
  the worker's device (`CUPYLIKE_DEVICE` of the worker process).
- "cuda" family (comms that carry device memory, UCX): a CUDA-device array's bytes as a device
  frame, received as a view of that frame; cpu-device arrays decline it and take the "dask" one.
- pickle (arrays inside other objects): ndarray.__reduce_ex__, out of band from protocol 5.
dtype, shape and layout (C or Fortran order; other strides become C order) are kept.
"""

import numpy
from distributed.protocol import cuda_deserialize, cuda_serialize, dask_deserialize, dask_serialize

import cupylike


def register():
    nd = cupylike.ndarray
    dask_serialize.register(nd, _to_host_frames)
    dask_deserialize.register(nd, _from_host_frames)
    cuda_serialize.register(nd, _to_device_frames)
    cuda_deserialize.register(nd, _from_device_frames)


def _contiguous(x):
    return x if x.flags.c_contiguous or x.flags.f_contiguous else cupylike.ascontiguousarray(x)


def _header(x):
    order = "C" if x.flags.c_contiguous else "F"
    return {"dtype": x.dtype.str, "shape": list(x.shape), "order": order,
            "device": x.device.kind}


def _to_host_frames(x):
    x = _contiguous(x)
    if x.device.kind == "cpu":
        host = numpy.from_dlpack(x)  # the array's own bytes
    else:
        host = cupylike.asnumpy(x, order="K")
    header = _header(x)
    return header, [memoryview(host.reshape(-1, order=header["order"]).view(numpy.uint8))]


def _from_host_frames(header, frames):
    (frame,) = frames
    host = numpy.frombuffer(frame, dtype=header["dtype"])
    host = host.reshape(header["shape"], order=header["order"])
    return cupylike.array(host, order=header["order"])


def _to_device_frames(x):
    if x.device.kind != "cuda":
        raise NotImplementedError("a cpu-device array travels as host frames")
    x = _contiguous(x)
    header = _header(x)
    return header, [x.reshape(-1, order=header["order"]).view(numpy.uint8)]


def _from_device_frames(header, frames):
    (frame,) = frames
    flat = cupylike.asarray(frame).view(header["dtype"])  # a view of the received device bytes
    return flat.reshape(header["shape"], order=header["order"])
