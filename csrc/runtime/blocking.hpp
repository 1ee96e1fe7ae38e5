#pragma once
/// Long blocking steps of the core (a compiler running) let the embedding interpreter's other
/// threads go on: the Python bindings install hooks that release the GIL, and every compile
/// runs inside a BlockingRegion, so no caller has to know which call may compile.
namespace cupylike {

/// `enter` returns a token for `leave` (null: nothing to restore). Set once, at import.
void set_blocking_hooks(void* (*enter)(), void (*leave)(void*));

class BlockingRegion {
 public:
  BlockingRegion();
  ~BlockingRegion();
  BlockingRegion(const BlockingRegion&) = delete;
  BlockingRegion& operator=(const BlockingRegion&) = delete;

 private:
  void* token_;
};

}  // namespace cupylike
