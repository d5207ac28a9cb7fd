"""A pass defined only in the test suite, to exercise the pass registry."""

from mlir import ir

from skew_mlir import Option, Pass, PassFailure, diagnostics, register_pass


@register_pass
class TagFunctions(Pass):
    """Tags every op it runs on with its option values; can fail on demand."""

    argument = "test-tag"
    op_name = "func.func"
    summary = "Test pass: tag the operation with its option values"
    options = (
        Option("count", int, 3, "An integer option"),
        Option("flag", bool, False, "A boolean option"),
        Option("label", str, "none", "A string option"),
        Option("sizes", list[int], [1, 2], "An integer list option"),
        Option("mode", str, "tag", "tag | raise | fail | remark"),
    )

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
        op.attributes["test.sizes"] = ir.ArrayAttr.get(
            [ir.IntegerAttr.get(i64, s) for s in self.sizes])
