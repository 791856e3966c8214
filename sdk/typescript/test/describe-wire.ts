// Prints every call this SDK makes, with the shapes it sends and reads, as
// JSON for the contract test (`scripts/sdk-contract.py`), which holds them to
// `docs/openapi.yaml`. The shapes printed are the ones the clients use.
import { IdentityEndpoint } from '../src/identity/endpoints.js'
import { MobileEndpoint } from '../src/mobile/endpoints.js'
import type { Endpoint } from '../src/wire/endpoint.js'
import { WEBHOOK_EVENT_TYPES } from '../src/webhooks/webhook.js'

type AnyCall = Endpoint<unknown, unknown>
const isCall = (value: unknown): value is AnyCall => typeof value === 'object' && value !== null && 'verb' in value
const calls: AnyCall[] = ([
  ...Object.values(IdentityEndpoint),
  ...(['verifyidentity', 'verifycompliance'] as const).flatMap((product) => Object.values(MobileEndpoint.documentProduct(product))),
  ...Object.values(MobileEndpoint),
] as unknown[]).filter(isCall)

process.stdout.write(JSON.stringify({
  sdk: 'typescript',
  calls: calls.map((call) => ({
    method: call.verb, path: call.path, status: call.status, credential: call.credential,
    request: call.body?.describe() ?? null, response: call.answer.describe(),
  })),
  webhookEventTypes: WEBHOOK_EVENT_TYPES,
}, null, 1))
