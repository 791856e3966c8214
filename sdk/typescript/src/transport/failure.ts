// A failed call, decoded once: the service's error body (the `/v1` surfaces'
// `{"error": {…}}` or the mobile API's flat `success: false` body), or what
// the SDK saw when there was none. Each client turns it into its own error
// class, so a caller catches one family per client.

/** Codes the SDK raises itself, when the service said nothing it could read. */
export const ClientCode = {
  /** The request was wrong before it left (a bad base URL, a missing option). */
  invalidInput: 'INVALID_INPUT',
  /** The service could not be reached (refused, reset, DNS, TLS): retried. */
  networkError: 'NETWORK_ERROR',
  /** The service did not answer within the request timeout: retried. */
  timeout: 'TIMEOUT',
  /** The service answered something the SDK cannot read. */
  invalidResponse: 'INVALID_RESPONSE',
  /** A 5xx without an error body (a proxy's page): retried. */
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
} as const

export interface ServiceFailure {
  code: string
  message: string
  field?: string
  retryable: boolean
  /** The HTTP status; 0 when the service was not reached. */
  httpStatus: number
  /** Seconds the service asked to wait (`Retry-After`). */
  retryAfterSeconds?: number
  /** The mobile API's session, when the error names it. */
  sessionId?: string
}

export function clientFailure(code: string, message: string, httpStatus = 0, field?: string): ServiceFailure {
  const retryable = code === ClientCode.networkError || code === ClientCode.timeout || code === ClientCode.serviceUnavailable
  return { code, message, field, retryable, httpStatus }
}

/** A non-2xx answer: its error body in either shape, or the status alone. */
export function failureFromAnswer(text: string, status: number, retryAfter: string | null): ServiceFailure {
  const retryAfterSeconds = retryAfter !== null && /^\d+$/.test(retryAfter) ? Number(retryAfter) : undefined
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  const record = (value: unknown): Record<string, unknown> | undefined =>
    typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
  const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)
  const envelope = record(record(body)?.error) ?? record(body)
  const code = textOf(envelope?.code)
  if (envelope && code && /^[A-Z_]+$/.test(code)) {
    return {
      code,
      message: textOf(envelope.message) ?? `the service answered HTTP ${status}`,
      field: textOf(envelope.field),
      retryable: envelope.retryable === true,
      httpStatus: status,
      retryAfterSeconds,
      sessionId: textOf(envelope.session_id),
    }
  }
  const failure = clientFailure(status >= 500 ? ClientCode.serviceUnavailable : ClientCode.invalidResponse,
    `the service answered HTTP ${status}`, status)
  return { ...failure, retryAfterSeconds }
}

/** Whether a thrown value is a `ServiceFailure` (the transport throws them as plain values; clients wrap them). */
export function isServiceFailure(value: unknown): value is ServiceFailure {
  return typeof value === 'object' && value !== null && !(value instanceof Error)
    && typeof (value as ServiceFailure).code === 'string' && typeof (value as ServiceFailure).httpStatus === 'number'
}
