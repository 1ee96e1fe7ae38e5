#pragma once
// What the emulator remembers of the launches issued, for tests (cupylikeEmulatorLaunch): the
// latest few thousand, without their programs, so that records keep no module alive.
#include "emulator/modules.hpp"

namespace cupylike::emulator {

/// Remembers `launch`. Call with State::mutex held.
void record_launch(const Launch& launch);

}  // namespace cupylike::emulator
