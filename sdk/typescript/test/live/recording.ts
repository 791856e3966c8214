// The specification's snippets catch every error and keep their results in
// block-scoped constants, as documentation does. To assert what they did
// without editing them, the client they call is wrapped: every call's answer
// or error is recorded, in order.

export interface Recorded {
  method: string
  value?: unknown
  error?: unknown
}

export function recording<T extends object>(target: T, log: Recorded[]): T {
  return new Proxy(target, {
    get(object, key, receiver) {
      const member = Reflect.get(object, key, receiver)
      if (typeof member !== 'function') return member
      return (...args: unknown[]) => {
        const result = member.apply(object, args)
        if (!(result instanceof Promise)) return result
        return result.then(
          (value: unknown) => { log.push({ method: String(key), value }); return value },
          (error: unknown) => { log.push({ method: String(key), error }); throw error },
        )
      }
    },
  })
}

/** The one recorded call of `method`: it must have answered, not failed. */
export function answerOf<T>(log: Recorded[], method: string): T {
  const calls = log.filter((entry) => entry.method === method)
  if (calls.length !== 1) throw new Error(`${method} was called ${calls.length} times: ${JSON.stringify(log.map((entry) => entry.method))}`)
  if (calls[0].error !== undefined) throw new Error(`${method} failed: ${String(calls[0].error)}`)
  return calls[0].value as T
}
