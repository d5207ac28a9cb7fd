"""A pass defined only in the test suite, to exercise the pass registry."""

from mlir import ir

from skew_mlir import Pass, PassFailure, diagnostics, option, register_pass


@register_pass
class TagFunctions(Pass):
    """Tags every op it runs on with its option values; can fail on demand."""

    argument = "test-tag"
    op_name = "func.func"
    summary = "Test pass: tag the operation with its option values"
    count: int = option(3, "An integer option")
    flag: bool = option(False, "A boolean option")
    label: str = option("none", "A string option")
    mode: str = option("tag", "tag | raise | fail | remark")

    def run(self, op: ir.Operation) -> None:
        if self.mode == "raise":
            raise RuntimeError("deliberate failure")
        if self.mode == "fail":
            diagnostics.error(op.location, "test-tag failed on purpose")
            raise PassFailure()
        if self.mode == "remark":
            diagnostics.remark(op.location, f"count is {self.count}")
            diagnostics.warning(op.location, f"label is {self.label}")
            return
        i64 = ir.IntegerType.get_signless(64)
        op.attributes["test.count"] = ir.IntegerAttr.get(i64, self.count)
        op.attributes["test.flag"] = ir.BoolAttr.get(self.flag)
        op.attributes["test.label"] = ir.StringAttr.get(self.label)
