// A user's own IRDL dialect, for --irdl-file.
irdl.dialect @demo {
  irdl.operation @mark {
    %t = irdl.any
    irdl.operands(value: %t)
  }
}
