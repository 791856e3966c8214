// The wire's vocabulary, which every request and response here is built
// from: a client of the wire (and of the Verity SDK, which re-exports this
// module) sees it, and nothing of VerityCore's engines, policies or rules.
@_exported import VerityWire
