// mobile-api.txt's React Native quick start, pasted verbatim, import and
// placeholder key included. The app names its server once in its
// configuration (`VERITY_BASE_URL`, set by scripts/sdk-tests.sh as an app's
// build would), and installs Verity's package under the specification's name
// (an npm alias of the packed tarball): nothing else is needed for it to run.
// Its key is the specification's placeholder, so the live server refuses it,
// typed: the call was made, to the configured server, with the key in its
// header. (mobile-spec.test.ts runs the same lines with a real key to a pass.)
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { fixture } from './server.js'
import { VerifyHuman } from '@verifyhuman/react-native';

test('the React Native quick start runs as written: the configured server answers its placeholder key, typed', async () => {
  const photo = { base64: fixture('john-smith-selfie.jpg') }
  assert.equal(VerifyHuman.defaultBaseUrl, undefined, 'the app set no address in code')

  await assert.rejects(async () => {
const client = new VerifyHuman({ clientKey: 'vhk_live_...' }); // SDK adds the header for you
const result = await client.verifyHuman({ image: photo.base64 });
if (result.outcome === 'pass') {
// Send result.data.token to your backend for validation
}
  }, (error: { code?: string, httpStatus?: number }) => {
    assert.equal(error.code, 'INVALID_CLIENT_KEY', `${JSON.stringify(error)}`)
    assert.equal(error.httpStatus, 401)
    return true
  })
})

test('without a configured server the quick start fails at once, naming the setting', () => {
  const saved = process.env.VERITY_BASE_URL
  delete process.env.VERITY_BASE_URL
  try {
    assert.throws(() => new VerifyHuman({ clientKey: 'vhk_live_...' }), (error: { field?: string, message?: string }) =>
      error.field === 'baseUrl' && (error.message ?? '').includes('VERITY_BASE_URL'))
  } finally {
    process.env.VERITY_BASE_URL = saved
  }
})
