import FuzzSupport

/// libFuzzer's entry point: the Binary property-list readers (parse and salvage) on any bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  FuzzedFormat.binary.exercise(Array(UnsafeRawBufferPointer(start: start, count: count)))
  return 0
}
