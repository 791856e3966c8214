// What a client of the wire (and of the Verity SDK, which re-exports this
// module) sees of VerityCore: the enums and value types the wire carries,
// named once here. The engines, the policies, the sanctions matcher and the
// rest of VerityCore stay out of an app's namespace; the server and the CLI
// import VerityCore themselves.
@_exported import enum VerityCore.AccreditationEvidenceKind
@_exported import enum VerityCore.CertificationStatus
@_exported import enum VerityCore.DocumentSide
@_exported import enum VerityCore.DocumentType
@_exported import enum VerityCore.DocumentVerificationStatus
@_exported import enum VerityCore.MobileOutcome
@_exported import enum VerityCore.MobileProduct
@_exported import enum VerityCore.MobileStep
@_exported import enum VerityCore.VerificationMethod
@_exported import struct VerityCore.DocumentReport
@_exported import struct VerityCore.DocumentVerificationPlus
@_exported import struct VerityCore.SelfieEvidence
@_exported import struct VerityCore.TransactionDescription
