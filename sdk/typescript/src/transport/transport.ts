import { type Endpoint, fillPath, honoursIdempotencyKey, WireHeader } from '../wire/endpoint.js'
import { WireShapeError } from '../wire/schema.js'
import { ClientCode, clientFailure, failureFromAnswer, type ServiceFailure } from './failure.js'
import { defaultRetries, type Retries, withRetries } from './retries.js'

/** The `fetch` the SDK calls: the platform's own by default (browsers, React Native, Node 18 and later). */
export type Fetch = (input: string, init: RequestInit) => Promise<Response>

/** What every client is configured with. */
export interface TransportOptions {
  /** The Verity server, e.g. `https://verity.example.com`. */
  baseUrl: string
  /** How long one try may take before it fails with `TIMEOUT` (and is retried); 60 s by default. */
  requestTimeoutMs?: number
  /** How failed calls are tried again; `noRetries` for one try. */
  retries?: Retries
  /** A `fetch` of your own (a proxy, a test double); the global one by default. */
  fetch?: Fetch
}

/** One call's particulars. */
export interface Call<Body> {
  parameters?: Record<string, string>
  query?: Record<string, string>
  body?: Body
  /** The credential's value: a user token, or a client key. */
  credential: string
  headers?: Record<string, string>
}

/**
 * The SDK's one way to call the service: JSON in and out, a credential in
 * its header, every failure decoded once into a `ServiceFailure`, and the
 * retries.
 */
export class Transport {
  private readonly base: string
  private readonly timeoutMs: number
  private readonly retries: Retries
  private readonly fetch: Fetch

  constructor(options: TransportOptions) {
    this.base = checkedBaseUrl(options.baseUrl)
    this.timeoutMs = options.requestTimeoutMs ?? 60_000
    if (!(this.timeoutMs > 0) || !Number.isFinite(this.timeoutMs)) {
      throw clientFailure(ClientCode.invalidInput, 'requestTimeoutMs must be a positive number of milliseconds', 0, 'requestTimeoutMs')
    }
    this.retries = options.retries ?? defaultRetries
    const platformFetch = typeof fetch === 'function' ? fetch.bind(globalThis) : undefined
    const chosen = options.fetch ?? platformFetch
    if (!chosen) throw clientFailure(ClientCode.invalidInput, 'this platform has no fetch: pass one in the options', 0, 'fetch')
    this.fetch = chosen
  }

  /** One call of `call`, tried again by the retries; throws a `ServiceFailure`. */
  async send<Body, Answer>(call: Endpoint<Body, Answer>, particulars: Call<Body>): Promise<Answer> {
    const idempotent = honoursIdempotencyKey(call as Endpoint<unknown, unknown>)
    const headers: Record<string, string> = { Accept: 'application/json', ...particulars.headers }
    if (call.credential === 'userToken') headers.Authorization = `Bearer ${particulars.credential}`
    else headers[WireHeader.clientKey] = particulars.credential
    if (idempotent) headers[WireHeader.idempotencyKey] = newIdempotencyKey()
    let body: string | undefined
    if (call.body && particulars.body !== undefined) {
      body = JSON.stringify(call.body.write(particulars.body))
      headers['Content-Type'] = 'application/json'
    }
    let url = this.base + fillPath(call.path, particulars.parameters)
    // Written out rather than with URLSearchParams, which React Native implements only in part.
    const query = Object.entries(particulars.query ?? {}).map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    if (query.length > 0) url += `?${query.join('&')}`
    return withRetries(this.retries, idempotent, () => this.once(call, url, headers, body))
  }

  private async once<Body, Answer>(call: Endpoint<Body, Answer>, url: string, headers: Record<string, string>,
    body: string | undefined): Promise<Answer> {
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => { timedOut = true; controller.abort() }, this.timeoutMs)
    let response: Response
    let text: string
    try {
      response = await this.fetch(url, { method: call.verb, headers, body, signal: controller.signal })
      // The timeout covers the whole answer, body included.
      text = await response.text()
    } catch (error) {
      throw timedOut
        ? clientFailure(ClientCode.timeout, `the service did not answer within ${this.timeoutMs} ms`)
        : clientFailure(ClientCode.networkError, `the service could not be reached: ${describe(error)}`)
    } finally {
      clearTimeout(timer)
    }
    if (response.status < 200 || response.status >= 300) {
      throw failureFromAnswer(text, response.status, response.headers.get(WireHeader.retryAfter))
    }
    try {
      return call.answer.read(text === '' ? undefined : JSON.parse(text), '')
    } catch (error) {
      const what = error instanceof WireShapeError ? error.message : 'the answer is not JSON'
      throw clientFailure(ClientCode.invalidResponse, `the service's answer could not be read: ${what}`, response.status)
    }
  }
}

/**
 * An http or https address with a host (and perhaps a port and a path), its
 * trailing slashes dropped. Checked by pattern rather than with `URL`, whose
 * `hostname` React Native does not implement everywhere.
 */
function checkedBaseUrl(baseUrl: string): string {
  if (typeof baseUrl !== 'string' || !/^https?:\/\/(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?(\/[^\s?#]*)?$/.test(baseUrl)) {
    throw clientFailure(ClientCode.invalidInput, 'baseUrl must be an http or https address with a host', 0, 'baseUrl')
  }
  return baseUrl.replace(/\/+$/, '')
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause
    return cause instanceof Error ? `${error.message} (${cause.message})` : error.message
  }
  return String(error)
}

/**
 * A fresh key for one call's tries. It need only be unique, not secret:
 * `crypto.randomUUID` where the platform has it, otherwise (React Native
 * without a polyfill) random digits and the time.
 */
function newIdempotencyKey(): string {
  const platform = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto
  if (platform?.randomUUID) return platform.randomUUID()
  const random = () => Math.floor(Math.random() * 0x100000000).toString(16).padStart(8, '0')
  return `${Date.now().toString(16)}-${random()}-${random()}-${random()}`
}

export type { ServiceFailure }
