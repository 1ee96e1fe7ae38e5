"""CUDA graphs (``cupylike.cuda.graph``, as ``cupy.cuda.graph``).

A :class:`Graph` is made by stream capture: ``stream.begin_capture()``, the work, then
``graph = stream.end_capture()``; ``graph.launch(stream)`` replays the work in the order it was
issued, reading the current contents of the memory it names. On the cpu device the launches,
copies and fills issued to the capturing stream are recorded and replayed by the host; on a GPU
(and the emulated GPU) the driver's graph API does it. docs/differences_gpu.md ("CUDA
graphs") lists what differs from CuPy.
"""

from cupylike._core._native import Graph

__all__ = ["Graph"]
