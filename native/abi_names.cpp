//===- abi_names.cpp - pypto's kernel ABI arguments keep their names ------===//

#include "abi_names.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <optional>

using namespace mlir;

namespace skew {
namespace {

// pypto's prefix for the arguments it adds to a kernel (pto_codegen.cpp).
constexpr llvm::StringLiteral kAbiPrefix = "__pypto_";

// The buffer of the file `loc` names: the input (a split chunk's locations
// name the whole file, which comes first in the driver's SourceMgr), else
// the file itself, read as the diagnostic handler reads one (an input
// printed with its locations points into the file it was printed from).
unsigned bufferOf(FileLineColLoc loc, llvm::SourceMgr &sourceMgr) {
  llvm::StringRef filename = loc.getFilename().strref();
  for (unsigned id = 1; id <= sourceMgr.getNumBuffers(); ++id)
    if (sourceMgr.getMemoryBuffer(id)->getBufferIdentifier() == filename)
      return id;
  std::string includedPath;
  return sourceMgr.AddIncludeFile(filename.str(), llvm::SMLoc(), includedPath);
}

// The `%name` at `loc` in its file.
std::optional<llvm::StringRef> sourceName(FileLineColLoc loc,
                                          llvm::SourceMgr &sourceMgr) {
  unsigned id = bufferOf(loc, sourceMgr);
  if (id == 0)
    return std::nullopt;
  llvm::SMLoc at =
      sourceMgr.FindLocForLineAndColumn(id, loc.getLine(), loc.getColumn());
  if (!at.isValid())
    return std::nullopt;
  llvm::StringRef rest(at.getPointer(),
                       sourceMgr.getMemoryBuffer(id)->getBufferEnd() -
                           at.getPointer());
  if (!rest.consume_front("%"))
    return std::nullopt;
  // The characters of an SSA name (MLIR's suffix-id grammar).
  return rest.take_while([](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.' || c == '-';
  });
}

} // namespace

bool keepAbiArgumentNames(Operation *root, llvm::SourceMgr &sourceMgr) {
  bool kept = false;
  root->walk([&](FunctionOpInterface function) {
    if (function.isExternal())
      return;
    for (BlockArgument arg : function.getArguments()) {
      // A file printed with its locations has the NameLoc already.
      if (auto named = dyn_cast<NameLoc>(arg.getLoc())) {
        kept |= named.getName().strref().starts_with(kAbiPrefix);
        continue;
      }
      auto loc = dyn_cast<FileLineColLoc>(arg.getLoc());
      if (!loc)
        continue;
      std::optional<llvm::StringRef> name = sourceName(loc, sourceMgr);
      if (!name || !name->starts_with(kAbiPrefix))
        continue;
      arg.setLoc(NameLoc::get(StringAttr::get(arg.getContext(), *name), loc));
      kept = true;
    }
  });
  return kept;
}

} // namespace skew
