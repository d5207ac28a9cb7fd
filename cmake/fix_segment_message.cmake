# mlir-tblgen 22 writes a broken string literal for the operandSegmentSizes
# check of ops of a dialect without properties
# (usePropertiesForAttributes = 0): `"... op "'operandSegmentSizes' ..."`.
# This joins the two pieces into one literal. FILE: the generated .inc.
file(READ "${FILE}" text)
string(REPLACE "\"'operandSegmentSizes' attribute" "'operandSegmentSizes' attribute"
  text "${text}")
file(WRITE "${FILE}" "${text}")
