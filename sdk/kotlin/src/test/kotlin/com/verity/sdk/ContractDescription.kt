package com.verity.sdk

import com.verity.sdk.identity.IdentityVerificationClient
import com.verity.sdk.mobile.MobileVerificationClient
import com.verity.sdk.ocr.DocumentReaderClient
import com.verity.sdk.wire.Json

/**
 * Prints every call this SDK makes, with the shapes it sends and reads, as
 * JSON for the contract test (`scripts/sdk-contract.py`), which holds them to
 * `docs/openapi.yaml`. The shapes printed are the ones the clients use.
 */
object ContractDescription {
    @JvmStatic
    fun main(arguments: Array<String>) {
        val calls = IdentityVerificationClient.ALL + MobileVerificationClient.ALL + DocumentReaderClient.ALL
        println(Json.write(mapOf("sdk" to "kotlin", "calls" to calls.map { it.describe() },
            "webhookEventTypes" to com.verity.sdk.webhooks.Webhook.EVENT_TYPES.toList())))
    }
}
