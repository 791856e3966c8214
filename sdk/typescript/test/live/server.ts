// The live server the tests run against (`scripts/sdk-tests.sh` starts a
// `verity demo` and names it here), and the integrator's backend: what a
// tenant's own server does with its secret key (mint a user's token, redeem a
// VerifyHuman token, register a webhook endpoint), done over plain HTTP as a
// backend in any language would.
import { readFileSync } from 'node:fs'

function required(name: string): string {
  const value = process.env[name]
  if (!value) throw new Error(`${name} is not set: run the live tests through scripts/sdk-tests.sh`)
  return value
}

interface DemoKeys { secretKey: string; /** A publishable test key with every mobile scope (`vhk_test_…`). */ clientKey: string }

export const server = {
  url: required('VERITY_TEST_URL'),
  keys: JSON.parse(readFileSync(required('VERITY_TEST_KEYS'), 'utf8')) as DemoKeys,
  /** The documents and selfies the project renders (`scripts/generate-test-documents.sh`). */
  fixtures: required('VERITY_TEST_FIXTURES'),
  /** Real specimen scans no one on the project made (`../shared/data/documents/mrz-specimens`). */
  specimens: required('VERITY_TEST_SPECIMENS'),
  /** The shared ePassport chip sets no one on the project made (`../shared/data/chip`). */
  chip: required('VERITY_TEST_CHIP'),
}

/** A file's bytes in base64, as an app sends images. */
export function base64(path: string): string {
  return readFileSync(path).toString('base64')
}

export const fixture = (name: string) => base64(`${server.fixtures}/${name}`)
export const specimen = (name: string) => base64(`${server.specimens}/${name}`)
export const chipFile = (name: string) => base64(`${server.chip}/${name}`)

/** A fresh reference for a user no other test touches. */
export function newUserRef(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e9).toString(36)}`
}

/** One call of the admin API with the tenant's secret key; the parsed answer, or a thrown error with the status. */
export async function backend(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${server.keys.secretKey}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text}`)
  return text === '' ? {} : JSON.parse(text)
}

/** What an app's backend does for each user session: a token for that user. */
export async function userToken(userRef: string): Promise<string> {
  return (await backend('POST', `/admin/v1/users/${encodeURIComponent(userRef)}/token`)).token as string
}

/** Polls `read` until `done` holds or `seconds` pass; the last value either way. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, seconds = 90): Promise<T> {
  const ends = Date.now() + seconds * 1000
  let value = await read()
  while (!done(value) && Date.now() < ends) {
    await new Promise((resolve) => setTimeout(resolve, 500))
    value = await read()
  }
  return value
}
