import type { Shape } from './schema.js'

/** The methods the SDK's calls use. */
export type Verb = 'GET' | 'POST' | 'DELETE'

/** Who a call is made for (`docs/security.md`, "Who may call what"). */
export type Credential = 'userToken' | 'clientKey'

/**
 * One call of the API, declared once: its verb, its path (with `{name}`
 * placeholders, as `docs/openapi.yaml` writes them), the shape of its body
 * and of its answer, its credential and the status of a success. The clients
 * send through these, and the contract test reads them, so a call cannot
 * drift from the server's description of it.
 */
export interface Endpoint<Body, Answer> {
  readonly verb: Verb
  readonly path: string
  readonly body?: Shape<Body>
  readonly answer: Shape<Answer>
  readonly credential: Credential
  readonly status: number
}

export function endpoint<Body, Answer>(
  verb: Verb, path: string, credential: Credential, answer: Shape<Answer>, body?: Shape<Body>, status = 200,
): Endpoint<Body, Answer> {
  return { verb, path, body, answer, credential, status }
}

/**
 * Every POST behind a credential honours `Idempotency-Key` (the server's
 * rule): its tries share one key, so a retry after a lost answer is answered
 * with the first answer instead of being done twice.
 */
export function honoursIdempotencyKey(call: Endpoint<unknown, unknown>): boolean {
  return call.verb === 'POST'
}

/** The path with its `{name}` placeholders filled, each value percent-encoded. */
export function fillPath(path: string, parameters: Record<string, string> = {}): string {
  return path.replace(/\{([a-z_A-Z]+)\}/g, (_, name: string) => {
    const value = parameters[name]
    if (value === undefined) throw new Error(`${path} needs a value for ${name}`)
    return encodeURIComponent(value)
  })
}

/** The headers the wire names (`VerityAPI`'s `WireHeader`), spelled once for this SDK. */
export const WireHeader = {
  clientKey: 'X-Client-Key',
  mobileSession: 'X-Mobile-Session',
  idempotencyKey: 'Idempotency-Key',
  retryAfter: 'Retry-After',
  webhookSignature: 'Verity-Signature',
} as const
