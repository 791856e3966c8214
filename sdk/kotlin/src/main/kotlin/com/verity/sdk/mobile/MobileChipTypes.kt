package com.verity.sdk.mobile

import com.verity.sdk.identity.ChipFiles
import com.verity.sdk.identity.ChipProtocolOutcome
import com.verity.sdk.identity.ChipShapes
import com.verity.sdk.wire.ObjectShape
import com.verity.sdk.wire.Shapes
import com.verity.sdk.wire.objectShape

/**
 * A session's `upload/chip`: the passport chip's files as the app read them with JMRTD (docs/chip.md),
 * base64; the chip's answer to [MobileVerificationClient.chipChallenge]; PACE and Chip Authentication
 * as the app ran them (recorded, not verified by the server).
 */
data class ChipUpload(
    val files: ChipFiles,
    val activeAuthentication: ActiveAuthentication? = null,
    val pace: ChipProtocolOutcome? = null,
    val chipAuthentication: ChipProtocolOutcome? = null
) {
    /** The chip's INTERNAL AUTHENTICATE answer (base64) to the challenge [challengeId] names. */
    data class ActiveAuthentication(val challengeId: String, val signatureBase64: String)
}

/** A challenge for the chip to sign: this session's, single use, five minutes. [challengeBase64]'s 8 bytes go to the chip. */
data class ChipChallengeData(val challengeId: String, val challengeBase64: String, val expiresAtEpochMs: Long)

/** A session's chip, as its result gives it; the whole report is the operator's. */
data class MobileChipResult(
    /** Passive authentication held whole: the SOD's signature, the chain to a trusted CSCA, every hash. */
    val authentic: Boolean,
    /** `CHIP_…` codes; empty when nothing fell short. */
    val reasons: List<String>,
    /** `verified`, `failed`, `not_performed`, `not_offered` or `key_unreadable`. */
    val activeAuthentication: String,
    /** `verified`, `csca_unknown`, `signature_invalid`, `expired` or `not_checked`. */
    val chain: String,
    val cscaCountry: String?,
    val mrzMatchesPrinted: Boolean?,
    val faceMatchesSelfie: Boolean?,
    val faceMatchesPortrait: Boolean?
)

internal object MobileChipShapes {
    private val outcome = Shapes.optional(ChipShapes.outcome)

    val upload: ObjectShape<ChipUpload> = objectShape("upload_chip") {
        val files = field("files_b64", ChipShapes.files) { it.files }
        val active = field("active_authentication", Shapes.optional(objectShape<ChipUpload.ActiveAuthentication>("active_authentication") {
            val id = field("challenge_id", Shapes.string) { it.challengeId }
            val signature = field("signature_b64", Shapes.string) { it.signatureBase64 }
            construct { read -> ChipUpload.ActiveAuthentication(read[id], read[signature]) }
        })) { it.activeAuthentication }
        val reported = field("reported", Shapes.optional(objectShape<Pair<ChipProtocolOutcome?, ChipProtocolOutcome?>>("reported") {
            val pace = field("pace", outcome) { it.first }
            val chip = field("chip_authentication", outcome) { it.second }
            construct { read -> read[pace] to read[chip] }
        })) { upload -> if (upload.pace == null && upload.chipAuthentication == null) null else upload.pace to upload.chipAuthentication }
        construct { read -> ChipUpload(read[files], read[active], read[reported]?.first, read[reported]?.second) }
    }

    val challenge: ObjectShape<ChipChallengeData> = objectShape("ChipChallengeEnvelope.data") {
        val id = field("challenge_id", Shapes.string) { it.challengeId }
        val bytes = field("challenge_b64", Shapes.string) { it.challengeBase64 }
        val expires = field("expires_at_epoch_ms", Shapes.long) { it.expiresAtEpochMs }
        construct { read -> ChipChallengeData(read[id], read[bytes], read[expires]) }
    }

    val result: ObjectShape<MobileChipResult> = objectShape("MobileChipResult") {
        val authentic = field("authentic", Shapes.boolean) { it.authentic }
        val reasons = field("reasons", Shapes.list(Shapes.string)) { it.reasons }
        val active = field("active_authentication",
            Shapes.oneOf("verified", "failed", "not_performed", "not_offered", "key_unreadable")) { it.activeAuthentication }
        val chain = field("chain", Shapes.oneOf("verified", "csca_unknown", "signature_invalid", "expired", "not_checked")) { it.chain }
        val country = field("csca_country", Shapes.optional(Shapes.string)) { it.cscaCountry }
        val mrz = field("mrz_matches_printed", Shapes.optional(Shapes.boolean)) { it.mrzMatchesPrinted }
        val selfie = field("face_matches_selfie", Shapes.optional(Shapes.boolean)) { it.faceMatchesSelfie }
        val portrait = field("face_matches_portrait", Shapes.optional(Shapes.boolean)) { it.faceMatchesPortrait }
        construct { read ->
            MobileChipResult(read[authentic], read[reasons], read[active], read[chain], read[country], read[mrz], read[selfie], read[portrait])
        }
    }
}
