import type { ServiceFailure } from './failure.js'

/**
 * How a client tries a call again, the same rules as the Swift SDK's
 * `ServiceRetries`. A retryable failure (`RATE_LIMITED`,
 * `SERVICE_UNAVAILABLE`, `SYSTEM_ERROR` with `retryable`, an unreachable or
 * silent service) is tried again after each of `delaysMs` in turn, or after
 * the `Retry-After` the service asks for when that is no longer than
 * `maximumWaitMs`. A POST keeps one `Idempotency-Key` for all its tries; when
 * the first try is still running on the service (`IDEMPOTENCY_KEY_IN_USE`)
 * the client waits for its answer, asking every 2 s, for up to
 * `inUsePatienceMs`.
 */
export interface Retries {
  delaysMs: number[]
  maximumWaitMs: number
  inUsePatienceMs: number
}

export const defaultRetries: Retries = { delaysMs: [1000, 3000, 9000], maximumWaitMs: 60_000, inUsePatienceMs: 300_000 }

/** One try, no retry. */
export const noRetries: Retries = { delaysMs: [], maximumWaitMs: 0, inUsePatienceMs: 0 }

const inUseCode = 'IDEMPOTENCY_KEY_IN_USE'

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** `attempt` until it succeeds, fails for good, or the retries run out; it throws a `ServiceFailure`. */
export async function withRetries<T>(retries: Retries, idempotent: boolean, attempt: () => Promise<T>): Promise<T> {
  let spent = 0
  const patienceEnds = Date.now() + retries.inUsePatienceMs
  for (;;) {
    try {
      return await attempt()
    } catch (error) {
      const failure = error as ServiceFailure
      // Our own first try is still running there: its answer will be replayed to us. Not a retry spent.
      if (failure.code === inUseCode && idempotent && Date.now() < patienceEnds) {
        await sleep(Math.min(failure.retryAfterSeconds ?? 2, 10) * 1000)
        continue
      }
      if (!failure.retryable || spent >= retries.delaysMs.length) throw failure
      const asked = failure.retryAfterSeconds !== undefined ? failure.retryAfterSeconds * 1000 : retries.delaysMs[spent]
      if (asked > retries.maximumWaitMs) throw failure
      await sleep(asked)
      spent += 1
    }
  }
}
