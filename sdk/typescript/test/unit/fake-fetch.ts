// A `fetch` that answers from a script, and records what it was sent: the
// transport's rules (retries, keys, error bodies, timeouts) tested without a
// server. The live tests (../live) then run the same calls against a real one.
import type { Fetch } from '../../src/index.js'

export interface Sent {
  url: string
  method: string
  headers: Record<string, string>
  body?: string
}

/** One scripted answer: a response, a thrown network error, or never answering (for the timeout). */
export type Scripted = { status: number; body?: unknown; headers?: Record<string, string> } | 'network-error' | 'hang'

export function scriptedFetch(script: Scripted[]): { fetch: Fetch; sent: Sent[] } {
  const sent: Sent[] = []
  const fetch: Fetch = async (url, init) => {
    sent.push({ url, method: String(init.method), headers: { ...(init.headers as Record<string, string>) }, body: init.body as string | undefined })
    const next = script.shift() ?? 'network-error'
    if (next === 'network-error') throw new TypeError('fetch failed')
    if (next === 'hang') {
      return new Promise<Response>((_, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
      })
    }
    const text = typeof next.body === 'string' ? next.body : next.body === undefined ? '' : JSON.stringify(next.body)
    return new Response(text, { status: next.status, headers: next.headers })
  }
  return { fetch, sent }
}

/** A valid `VerifiedIdentity` answer. */
export const verifiedJohn = {
  owner: 'user-1', verified: true, verifiedAtEpochMs: 1_764_000_000_000, verificationMethod: 'KNOWLEDGE_OF_PII',
  canAttemptVerificationAgain: false, attemptsRemaining: 2, requiredVerificationMethod: 'KNOWLEDGE_OF_PII',
  verificationLastAttemptedAtEpochMs: 1_764_000_000_000, idScanUrl: null, consented: true,
  acceptableDocumentTypes: ['passport', 'driverLicense'], documentVerificationStatus: 'notRequired', documentCheck: null,
}

export const johnInput = {
  firstName: 'John', lastName: 'Smith', address: '222333 Peachtree Place', city: 'Atlanta', state: 'GA', postalCode: '30318',
  country: 'US', dateOfBirth: '1975-02-28',
}

/** Short waits, so the retry tests take milliseconds. */
export const quickRetries = { delaysMs: [5, 5, 5], maximumWaitMs: 1000, inUsePatienceMs: 2000 }
