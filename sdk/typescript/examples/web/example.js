// The example page's script: the TypeScript SDK, built into
// sdk/typescript/dist and served by the demo under /examples/web/sdk/,
// called as docs/sdk-typescript.md shows. Plain JavaScript, so the page needs
// no build of its own.
import { IdentityVerificationClient, IdentityVerificationError, MobileVerificationError, VerifyHuman } from './sdk/index.js'

const byId = (id) => document.getElementById(id)

/** Shows a verdict line and the answer as JSON; text only, never markup. */
function show(target, verdict, good, answer) {
  const line = document.createElement('p')
  line.className = `verdict ${good ? 'pass' : 'fail'}`
  line.textContent = verdict
  const details = document.createElement('pre')
  details.textContent = JSON.stringify(answer, null, 2)
  target.replaceChildren(line, details)
}

function failure(target, error) {
  const known = error instanceof IdentityVerificationError || error instanceof MobileVerificationError
  show(target, known ? `Refused: ${error.code}${error.field ? ` (${error.field})` : ''}: ${error.message}` : `Failed: ${error}`, false,
    known ? { code: error.code, field: error.field ?? null, retryable: error.retryable, httpStatus: error.httpStatus } : {})
}

/** Runs `work` with the form's button off and the last answer cleared, so a stale verdict is never read as the new one. */
async function busy(form, target, work) {
  const button = form.querySelector('button')
  button.disabled = true
  const working = document.createElement('p')
  working.textContent = 'Working…'
  target.replaceChildren(working)
  try { await work() } finally { button.disabled = false }
}

byId('identity-form').addEventListener('submit', (event) => {
  event.preventDefault()
  const form = event.currentTarget
  const target = byId('identity-result')
  busy(form, target, async () => {
    try {
      const identityVerificationClient = new IdentityVerificationClient({ baseUrl: location.origin, token: byId('token').value.trim() })
      // Where the environment requires consent and the user has not given it, the text is shown first (consent.txt's order).
      if (await identityVerificationClient.isConsentRequiredForVerification()
        && !(await identityVerificationClient.getIdentityDataProcessingConsentStatus()).consented) {
        const text = await identityVerificationClient.getIdentityDataProcessingConsentContent({
          preferredContentType: 'text/plain', preferredLocale: navigator.language || 'en-US' })
        askConsent(form, target, text, async () => {
          await identityVerificationClient.provideIdentityDataProcessingConsent(text)
          await verify(identityVerificationClient, target)
        })
        return
      }
      await verify(identityVerificationClient, target)
    } catch (error) {
      failure(target, error)
    }
  })
})

/** The consent text, and a button that records agreement to exactly that text, then goes on. */
function askConsent(form, target, text, agreed) {
  const intro = document.createElement('p')
  intro.textContent = 'This environment asks for your consent before verifying. The text:'
  const content = document.createElement('blockquote')
  content.textContent = text.content
  const agree = document.createElement('button')
  agree.type = 'button'
  agree.id = 'agree'
  agree.textContent = 'I agree: verify'
  agree.addEventListener('click', () => busy(form, target, async () => {
    try { await agreed() } catch (error) { failure(target, error) }
  }))
  target.replaceChildren(intro, content, agree)
  agree.focus()
}

/** verifyIdentity with the form's details, and its verdict shown. */
async function verify(identityVerificationClient, target) {
  const field = (name) => byId(name).value.trim()
  const verifiedIdentity = await identityVerificationClient.verifyIdentity({
    firstName: field('firstName'), lastName: field('lastName'), address: field('address'), city: field('city') || undefined,
    state: field('state') || undefined, postalCode: field('postalCode'), country: field('country'), dateOfBirth: field('dateOfBirth'),
  })
  const verdict = verifiedIdentity.verified ? `Verified (${verifiedIdentity.verificationMethod})`
    : verifiedIdentity.canAttemptVerificationAgain ? `Not verified: ${verifiedIdentity.attemptsRemaining} attempts left`
      : `Not verified: ${verifiedIdentity.requiredVerificationMethod} required`
  show(target, verdict, verifiedIdentity.verified, verifiedIdentity)
}

/** A file's bytes as base64, as the mobile API takes images. */
function base64Of(file) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })
}

byId('human-form').addEventListener('submit', (event) => {
  event.preventDefault()
  const form = event.currentTarget
  const target = byId('human-result')
  busy(form, target, async () => {
    try {
      const file = byId('photo').files[0]
      if (!file) { show(target, 'Choose a photo first.', false, {}); return }
      const photo = { base64: await base64Of(file) }
      // The React Native quick start, in a browser.
      const client = new VerifyHuman({ clientKey: byId('clientKey').value.trim(), baseUrl: location.origin })
      const result = await client.verifyHuman({ image: photo.base64 })
      show(target, result.outcome === 'pass' ? 'Pass: a single live-looking face' : `Fail: ${result.data.reasons.join(', ') || result.outcome}`,
        result.outcome === 'pass', result)
    } catch (error) {
      failure(target, error)
    }
  })
})
