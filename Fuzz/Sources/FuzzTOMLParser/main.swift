import FuzzSupport

/// libFuzzer's entry point: the TOML reader, salvage and writer on any bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let input = Array(UnsafeBufferPointer(start: start, count: count))
  FuzzedTOML.exercise(input)
  return 0
}

/// The entry point SwiftPM links as `main`; see ``runFuzzer(_:_:_:)``.
@_cdecl("FuzzTOMLParser_main")
public func main(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  runFuzzer(argc, argv, fuzz)
}
