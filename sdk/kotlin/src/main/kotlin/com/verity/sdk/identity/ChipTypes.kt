package com.verity.sdk.identity

import com.verity.sdk.wire.ObjectShape
import com.verity.sdk.wire.Shapes
import com.verity.sdk.wire.objectShape

/**
 * A passport's or eID card's chip as the app read it over NFC with JMRTD (docs/chip.md):
 * each file's bytes in base64, the chip's answer to [IdentityVerificationClient.chipChallenge],
 * and PACE and Chip Authentication as the app ran them (recorded, not verified by the server).
 */
data class ChipEvidenceInput(
    val files: ChipFiles,
    val activeAuthentication: ChipActiveAuthenticationInput? = null,
    val reported: ChipReportedProtocolsInput? = null
)

/** The chip's files, base64: EF.SOD at least; DG1 (MRZ), DG2 (face), DG14 and DG15 where the chip has them. */
data class ChipFiles(
    val sod: String,
    val com: String? = null,
    val dg1: String? = null, val dg2: String? = null, val dg3: String? = null, val dg4: String? = null,
    val dg5: String? = null, val dg6: String? = null, val dg7: String? = null, val dg8: String? = null,
    val dg9: String? = null, val dg10: String? = null, val dg11: String? = null, val dg12: String? = null,
    val dg13: String? = null, val dg14: String? = null, val dg15: String? = null, val dg16: String? = null,
    val cardAccess: String? = null, val cardSecurity: String? = null
)

/** The chip's INTERNAL AUTHENTICATE answer (base64) to the challenge [challengeId] names. */
data class ChipActiveAuthenticationInput(val challengeId: String, val signatureBase64: String)

/** How PACE or Chip Authentication went, as the app saw it. */
@Suppress("EnumEntryName")
enum class ChipProtocolOutcome { succeeded, failed, not_performed }

data class ChipReportedProtocolsInput(val pace: ChipProtocolOutcome? = null, val chipAuthentication: ChipProtocolOutcome? = null)

/** A challenge for the chip to sign: single use, this user's, five minutes. */
data class ChipChallenge(
    val challengeId: String,
    /** The 8 bytes to send the chip in INTERNAL AUTHENTICATE, base64. */
    val challengeBase64: String,
    val expiresAtEpochMs: Long
)

/** The shapes of the chip's values on the wire. */
internal object ChipShapes {
    internal val outcome = Shapes.oneOf(ChipProtocolOutcome.values()) { it.name }

    internal val files: ObjectShape<ChipFiles> = objectShape("ChipFiles") {
        val sod = field("sod", Shapes.string) { it.sod }
        val optional = Shapes.optional(Shapes.string)
        val com = field("com", optional) { it.com }
        val dg1 = field("dg1", optional) { it.dg1 }; val dg2 = field("dg2", optional) { it.dg2 }
        val dg3 = field("dg3", optional) { it.dg3 }; val dg4 = field("dg4", optional) { it.dg4 }
        val dg5 = field("dg5", optional) { it.dg5 }; val dg6 = field("dg6", optional) { it.dg6 }
        val dg7 = field("dg7", optional) { it.dg7 }; val dg8 = field("dg8", optional) { it.dg8 }
        val dg9 = field("dg9", optional) { it.dg9 }; val dg10 = field("dg10", optional) { it.dg10 }
        val dg11 = field("dg11", optional) { it.dg11 }; val dg12 = field("dg12", optional) { it.dg12 }
        val dg13 = field("dg13", optional) { it.dg13 }; val dg14 = field("dg14", optional) { it.dg14 }
        val dg15 = field("dg15", optional) { it.dg15 }; val dg16 = field("dg16", optional) { it.dg16 }
        val access = field("cardAccess", optional) { it.cardAccess }
        val security = field("cardSecurity", optional) { it.cardSecurity }
        construct { read ->
            ChipFiles(read[sod], read[com], read[dg1], read[dg2], read[dg3], read[dg4], read[dg5], read[dg6], read[dg7], read[dg8],
                read[dg9], read[dg10], read[dg11], read[dg12], read[dg13], read[dg14], read[dg15], read[dg16], read[access], read[security])
        }
    }

    private val activeAuthentication: ObjectShape<ChipActiveAuthenticationInput> = objectShape("ChipActiveAuthenticationInput") {
        val id = field("challengeId", Shapes.string) { it.challengeId }
        val signature = field("signatureBase64", Shapes.string) { it.signatureBase64 }
        construct { read -> ChipActiveAuthenticationInput(read[id], read[signature]) }
    }

    private val reported: ObjectShape<ChipReportedProtocolsInput> = objectShape("ChipReportedProtocolsInput") {
        val pace = field("pace", Shapes.optional(outcome)) { it.pace }
        val chip = field("chipAuthentication", Shapes.optional(outcome)) { it.chipAuthentication }
        construct { read -> ChipReportedProtocolsInput(read[pace], read[chip]) }
    }

    val evidence: ObjectShape<ChipEvidenceInput> = objectShape("ChipEvidenceInput") {
        val files = field("files", files) { it.files }
        val active = field("activeAuthentication", Shapes.optional(activeAuthentication)) { it.activeAuthentication }
        val reported = field("reported", Shapes.optional(reported)) { it.reported }
        construct { read -> ChipEvidenceInput(read[files], read[active], read[reported]) }
    }

    val challenge: ObjectShape<ChipChallenge> = objectShape("ChipChallenge") {
        val id = field("challengeId", Shapes.string) { it.challengeId }
        val bytes = field("challengeBase64", Shapes.string) { it.challengeBase64 }
        val expires = field("expiresAtEpochMs", Shapes.long) { it.expiresAtEpochMs }
        construct { read -> ChipChallenge(read[id], read[bytes], read[expires]) }
    }
}
