// The parts of Node the tests use, declared here because Debian packages no
// `@types/node` (and no npm registry is reachable where this SDK is built).
declare module 'node:test' {
  type Body = () => void | Promise<void>
  export function test(name: string, body: Body): Promise<void>
  export function test(name: string, options: { timeout?: number }, body: Body): Promise<void>
  export function describe(name: string, body: () => void): void
  export function before(body: Body): void
  export function after(body: Body): void
}

declare module 'node:assert/strict' {
  interface Assert {
    (value: unknown, message?: string): asserts value
    ok(value: unknown, message?: string): asserts value
    equal<T>(actual: unknown, expected: T, message?: string): asserts actual is T
    notEqual(actual: unknown, expected: unknown, message?: string): void
    deepEqual<T>(actual: unknown, expected: T, message?: string): asserts actual is T
    match(value: string, pattern: RegExp, message?: string): void
    throws(body: () => unknown, expected?: unknown, message?: string): void
    rejects(body: Promise<unknown> | (() => Promise<unknown>), expected?: unknown, message?: string): Promise<void>
    fail(message?: string): never
  }
  const assert: Assert
  export default assert
}

declare module 'node:fs' {
  export function readFileSync(path: string): Uint8Array & { toString(encoding: 'base64' | 'utf8'): string }
  export function readFileSync(path: string, encoding: 'utf8'): string
}

declare module 'node:http' {
  interface IncomingMessage {
    headers: Record<string, string | string[] | undefined>
    method?: string
    url?: string
    on(event: 'data', listener: (chunk: Uint8Array) => void): void
    on(event: 'end', listener: () => void): void
  }
  interface ServerResponse {
    statusCode: number
    end(body?: string): void
    setHeader(name: string, value: string): void
    destroy(): void
  }
  interface Server {
    listen(port: number, host: string, callback: () => void): void
    address(): { port: number }
    close(callback?: () => void): void
    closeAllConnections?(): void
  }
  export function createServer(handler: (request: IncomingMessage, response: ServerResponse) => void): Server
}

declare const process: { env: Record<string, string | undefined>; exitCode?: number; stdout: { write(text: string): void } }

declare module 'node:crypto' {
  interface KeyObject { readonly type: string }
  export function createPrivateKey(options: { key: Uint8Array; format: 'der'; type: 'pkcs8' }): KeyObject
  /** With `RSA_NO_PADDING`, the raw RSA private operation (what a chip's Active Authentication does). */
  export function privateDecrypt(options: { key: KeyObject; padding: number }, data: Uint8Array): Uint8Array & { toString(encoding: 'base64'): string }
  export function randomBytes(size: number): Uint8Array
  export function createHash(algorithm: 'sha1' | 'sha256'): { update(data: Uint8Array): { digest(): Uint8Array } }
  export const constants: { RSA_NO_PADDING: number }
}

declare const Buffer: {
  from(data: string, encoding: 'base64'): Uint8Array
  from(data: number[]): Uint8Array
  concat(list: Uint8Array[]): Uint8Array
}
