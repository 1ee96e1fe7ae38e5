#pragma once
/// Who installed a signal handler. The extension and the emulated GPU's driver library each
/// carry a copy of the kernel runtime, with handlers of their own that chain to whatever was in
/// front before them; if each also put itself back in front of the other, each would chain to the
/// other for ever. So a handler puts itself back in front only of handlers from outside cupylike.
#include <signal.h>

namespace cupylike {

/// Whether `action`'s handler lives in one of cupylike's libraries.
bool installed_by_cupylike(const struct sigaction& action);

}  // namespace cupylike
