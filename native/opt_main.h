//===- opt_main.h - the pto-opt driver ------------------------------------===//
#ifndef SKEW_MLIR_OPT_MAIN_H
#define SKEW_MLIR_OPT_MAIN_H

#include <string>
#include <vector>

namespace skew {

// An mlir-opt compatible driver over MLIR's own pieces (command-line parser,
// pass registry, SourceMgr diagnostics and verifier). `dialectIRDL` is the
// text of the IRDL dialects loaded into every context. Runs on a thread of
// its own, with a deep stack; returns the exit code.
int optMain(const std::vector<std::string> &args, const std::string &version);

// The flags of `args` (after the program name) the driver does not define.
std::vector<std::string> unknownFlags(const std::vector<std::string> &args);

} // namespace skew

#endif
