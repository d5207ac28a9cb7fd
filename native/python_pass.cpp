//===- python_pass.cpp - mlir::Pass subclasses implemented in Python ------===//

#include "python_pass.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/TypeID.h"

#include <variant>

using namespace mlir;

namespace skew {
namespace {

// Each kind of option is a real pass option owned by the pass instance; the
// parser, `--help` and textual pipeline printing all come from MLIR.
using IntOption = Pass::Option<int64_t>;
using BoolOption = Pass::Option<bool>;
using StringOption = Pass::Option<std::string>;
using AnyOption =
    std::variant<std::unique_ptr<IntOption>, std::unique_ptr<BoolOption>,
                 std::unique_ptr<StringOption>>;

template <typename T> static T parseDefault(llvm::StringRef text);
template <> int64_t parseDefault<int64_t>(llvm::StringRef text) {
  int64_t value = 0;
  (void)text.getAsInteger(10, value);
  return value;
}
template <> bool parseDefault<bool>(llvm::StringRef text) {
  return text == "true" || text == "1";
}

struct PassIdentity {
  const PythonPassSpec *spec;
  TypeID typeID;
};

class PythonPass : public Pass {
public:
  explicit PythonPass(const PassIdentity &identity)
      : Pass(identity.typeID,
             identity.spec->opName.empty()
                 ? std::nullopt
                 : std::optional<llvm::StringRef>(identity.spec->opName)),
        identity(identity) {
    for (const OptionSpec &o : identity.spec->options) {
      auto desc = llvm::cl::desc(o.help);
      switch (o.kind) {
      case OptionKind::Int:
        options.emplace_back(std::make_unique<IntOption>(
            *this, o.name, desc,
            llvm::cl::init(parseDefault<int64_t>(o.defaultText))));
        break;
      case OptionKind::Bool:
        options.emplace_back(std::make_unique<BoolOption>(
            *this, o.name, desc,
            llvm::cl::init(parseDefault<bool>(o.defaultText))));
        break;
      case OptionKind::String:
        options.emplace_back(std::make_unique<StringOption>(
            *this, o.name, desc, llvm::cl::init(o.defaultText)));
        break;
      }
    }
  }

  llvm::StringRef getName() const override { return identity.spec->className; }
  llvm::StringRef getArgument() const override {
    return identity.spec->argument;
  }
  llvm::StringRef getDescription() const override {
    return identity.spec->summary;
  }
  bool canScheduleOn(RegisteredOperationName name) const override {
    return identity.spec->opName.empty() ||
           name.getStringRef() == identity.spec->opName;
  }

  std::unique_ptr<Pass> clonePass() const override {
    auto clone = std::make_unique<PythonPass>(identity);
    clone->copyOptionValuesFrom(this);
    return clone;
  }

  // Values out of range are an error of the pipeline, reported once where
  // it is parsed (as a C++ pass's option parser reports a bad value), not
  // once per operation the pass runs on.
  LogicalResult initializeOptions(
      llvm::StringRef text,
      function_ref<LogicalResult(const llvm::Twine &)> errorHandler) override {
    if (failed(Pass::initializeOptions(text, errorHandler)))
      return failure();
    std::string error = identity.spec->check(values());
    if (error.empty())
      return success();
    return errorHandler(error);
  }

  // The runner's own error becomes an error diagnostic naming the pass.
  void runOnOperation() override {
    Operation *op = getOperation();
    std::string error;
    if (identity.spec->run(wrap(op), values(), error))
      return;
    if (!error.empty())
      op->emitError() << "pass '" << getArgument()
                      << "' failed in its Python runner: " << error;
    signalPassFailure();
  }

private:
  std::vector<OptionValue> values() const {
    std::vector<OptionValue> values;
    for (const AnyOption &option : options)
      values.push_back(std::visit(
          [](const auto &o) { return OptionValue(o->getValue()); }, option));
    return values;
  }

  PassIdentity identity;
  std::vector<AnyOption> options;
};

} // namespace

std::string registerPythonPass(std::unique_ptr<PythonPassSpec> spec) {
  if (spec->argument.empty())
    return "a pass needs a non-empty argument";
  if (PassInfo::lookup(spec->argument) ||
      PassPipelineInfo::lookup(spec->argument))
    return "a pass or pipeline named '" + spec->argument +
           "' is already registered";
  // TypeIDs must be unique per pass class; one allocator for the process.
  static TypeIDAllocator allocator;
  // The spec lives as long as the registry: for the life of the process.
  PassIdentity identity{spec.release(), allocator.allocate()};
  registerPass([identity]() -> std::unique_ptr<Pass> {
    return std::make_unique<PythonPass>(identity);
  });
  return "";
}

} // namespace skew
