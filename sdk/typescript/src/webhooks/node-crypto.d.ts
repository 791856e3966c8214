// The two functions of Node's `node:crypto` this entry point uses, declared
// here because Debian packages no `@types/node` (and no npm registry is
// reachable on the machines that build this SDK).
declare module 'node:crypto' {
  interface Hmac {
    update(data: string | Uint8Array): Hmac
    digest(): Uint8Array
  }
  export function createHmac(algorithm: string, key: string | Uint8Array): Hmac
  export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean
}
