//===- fifo_runtime.h - the JIT executor's cross-core FIFOs ---------------===//
//
// A run of a JIT-compiled kernel pair: one thread per core (cube, vector or
// vector sub-blocks 0 and 1) calling its kernel's packed C interface, the
// pipes between them as bounded in-order queues under one lock, and the
// functions the compiled kernels call (push, pop, tfree, sub-block index,
// MLIR's generic allocation functions). A tile buffer's message carries its
// valid shape, split and joined as the FIFO contract says.
// Plain C++: no MLIR, no Python.
//
// Slot accounting follows the FIFO contract (docs/fifo-contract.md, the
// rules of python/skew_mlir/fifo_model.py): a producer lane may run `slots`
// messages ahead of the last one every consumer lane released; a message is
// complete when every producer lane pushed it; a consumer releases at the
// pop, or at its tfree when it frees the pipe. Deadlock detection is exact:
// a core about to block checks whether every other core has returned or is
// blocked on a condition that is still false.
//
//===----------------------------------------------------------------------===//

#ifndef SKEW_MLIR_FIFO_RUNTIME_H
#define SKEW_MLIR_FIFO_RUNTIME_H

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace skew::jit {

struct PipeConfig {
  std::string name;   // "C2V", "V2C id 1", for reports
  int producers;      // lanes: 1 (cube) or the vector sub-blocks
  int consumers;
  int64_t slots;      // any count the option gives (slot_num is an i32)
  bool frees;         // the consumer releases with tfree, not at the pop
};

// Stop: a call the run must end at, with `where` as the error. Sync: a
// barrier (pto.syncall) of the cores whose role is in `joins`.
enum SiteKind { Push = 0, Pop = 1, Free = 2, Stop = 3, Sync = 4 };
enum Role { CubeRole = 1, VectorRole = 2 }; // bits of a Sync site's `joins`

struct SiteConfig {
  std::string where;  // the op and its location
  int kind;           // SiteKind
  int pipe;           // index into the pipes (-1 for Stop)
  int split;          // 0 none, 1 up/down, 2 left/right
  int elemBytes;
  std::string elem;   // element type, for reports
  int joins;          // a Sync site's Role bits; 0 otherwise
};

struct CoreConfig {
  std::string label;  // "cube", "vector sub-block 1", for reports
  std::string function;
  uintptr_t entry;    // void (*)(void **): a packed C interface
  uintptr_t args;     // its void *[] of argument pointers
  int lane;           // the core's lane on a pipe's vector side (0 or 1)
  int role;           // its Role
};

struct Message {
  int site;                       // its first push, for the element type
  std::vector<int64_t> shape;     // of the whole tile
  std::vector<uint8_t> data;      // the whole tile, row-major
  std::vector<int64_t> valid;     // a tile buffer's valid rows and columns;
                                  // empty for a tensor or memref
};

enum Status { Ok = 0, Deadlocked = 1, Failed = 2 };

struct RunOutcome {
  int status;
  std::string message;
};

// Runs the cores to completion, a deadlock or an error; call without the
// GIL. `maxBytes` bounds the message data kept for the traces,
// `maxValueBytes` each allocation the kernels make.
RunOutcome runPair(const std::vector<PipeConfig> &pipes,
                   const std::vector<SiteConfig> &sites,
                   const std::vector<CoreConfig> &cores, uint64_t maxBytes,
                   uint64_t maxValueBytes,
                   std::vector<std::vector<Message>> &traces);

// Addresses of the functions compiled kernels call, by symbol name.
std::map<std::string, uintptr_t> runtimeSymbols();

// Whether a failed run left threads behind (the process must not start
// another run then).
bool abandoned();

} // namespace skew::jit

#endif
