// The domain builds on the wire's vocabulary (error codes, the enums and
// report shapes the wire carries): whoever imports VerityCore sees it too.
@_exported import VerityWire
