#pragma once
/// Handing arrays between libraries on CUDA streams, as the DLPack and CUDA array interface
/// protocols do: a stream travels as an integer, 1 for the legacy default stream, 2 for the
/// per-thread default stream and the CUstream's address otherwise (0 is ambiguous and not
/// allowed). The consumer's stream must not run ahead of the work the producer has issued.
#include <cstdint>

#include "runtime/stream.hpp"

namespace cupylike {

/// The protocol's integer for `stream`: 1 for the null stream (CUDA's legacy default stream).
int64_t protocol_stream_value(const Stream& stream);
/// The handle a protocol integer names (the null handle for 1); ValueError for 0 and for
/// negative values.
StreamHandle protocol_stream_handle(int64_t value);
/// Work issued later on `waiter` waits for the work issued so far on `producer` (through an
/// event, so the host does not wait); nothing when they are the same stream.
void stream_wait_stream(Device device, StreamHandle waiter, StreamHandle producer);

}  // namespace cupylike
