/**
 * For the sanitizer and inspector tests: the machines that hold secrets, run (with the Flows page's
 * faked actors) to where their context and events carry each kind of them, the values marked so a
 * test finds any that leaks in what was sent.
 */
import { createActor, type AnyEventObject, type AnyStateMachine } from 'xstate'
import type { Profile } from '../../../contracts/athlete.contract'
import { certificateMachine } from '../../../machines/certificate/certificate.machine'
import { enrolmentMachine } from '../../../machines/enrolment/enrolment.machine'
import { sessionMachine } from '../../../machines/session/session.machine'
import type { Inspect } from '../../lib/inspection'
import { SIMULATIONS, type Answer } from './simulations'
import { simulate } from './simulator'

export const SECRETS = {
  password: 'SECRET-password-8f2',
  token: 'SECRET-token-19ac',
  grantedToken: 'SECRET-granted-token-77b',
  taxCode: 'SECRETCF90A41A326X',
  certificateFile: 'SECRET-certificate-file.pdf',
  certificateExpiry: '2098-07-15',
  certificateReview: 'in_revision',
  signedUrl: 'https://files.example/SECRET-signed-3d1',
  answer: 'SECRET free-text answer',
  sentence: 'SECRET typed sentence',
  experience: 'SECRET experience answer',
} as const

/** What stays visible: a sanitized copy must still say what happened. */
export const KEPT = { raceId: 4242, refund: 'protetto' } as const

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

function drive(machine: AnyStateMachine, inspect?: Inspect) {
  const simulated = simulate(machine, SIMULATIONS[machine.id]!)
  const input = machine.id === 'enrolment' ? { ...(simulated.input as object), raceId: KEPT.raceId } : simulated.input
  const actor = createActor(simulated.logic, { input, ...(inspect ? { inspect } : {}) })
  const sent: AnyEventObject[] = []
  actor.start()
  return {
    actor,
    sent,
    async send(event: AnyEventObject) {
      sent.push(event)
      actor.send(event)
      await settle()
    },
    async answer(src: string, answer: Omit<Answer, 'label'>) {
      const call = simulated.pending().find((candidate) => candidate.src === src)
      if (!call) throw new Error(`${machine.id}: ${src} is not waiting`)
      call.answer({ label: 'test', ...answer } as Answer)
      await settle()
    },
  }
}

const PROFILE_WITH_SECRETS = {
  ...(SIMULATIONS.session!.answers.loadProfile![0] as { output: Profile }).output,
  cod_fiscale: SECRETS.taxCode,
  certificato_medico_file: SECRETS.certificateFile,
  scadenza_certificato: SECRETS.certificateExpiry,
  torexperience: [{ gara: 'Tor', anno: 2020, note: SECRETS.experience }],
}

/** A password sign-in, its token and the athlete's profile (tax code, certificate, experience). */
export async function driveSession(inspect?: Inspect) {
  const run = drive(sessionMachine, inspect)
  await run.send({ type: 'session.login', username: 'sim@example.org', password: SECRETS.password })
  await run.answer('requestToken', { output: { accessToken: SECRETS.grantedToken, expiresIn: 7_200, receivedAt: 0 } })
  await run.answer('loadProfile', { output: PROFILE_WITH_SECRETS })
  await run.send({ type: 'session.signIn', token: SECRETS.token, source: 'confirmation', now: 0 })
  return run
}

/** The wizard up to the waiver: a free-text answer, then the typed sentence. */
export async function driveEnrolment(inspect?: Inspect) {
  const run = drive(enrolmentMachine, inspect)
  const [gatePassed] = SIMULATIONS.enrolment!.answers.checkEligibility!
  await run.answer('checkEligibility', gatePassed!)
  await run.send({ type: 'data.confirm', confirmed: true })
  await run.send({ type: 'wizard.next' })
  await run.send({ type: 'extra.answer', name: 'tshirt', value: SECRETS.answer })
  await run.send({ type: 'wizard.next' })
  await run.send({ type: 'rules.accept', accepted: true })
  await run.send({ type: 'wizard.next' })
  await run.send({ type: 'refund.choose', option: KEPT.refund })
  await run.send({ type: 'wizard.next' })
  await run.send({ type: 'gps.choose', rent: false })
  await run.send({ type: 'wizard.next' })
  await run.send({ type: 'summary.confirm' })
  await run.answer('enrol', { output: undefined })
  await run.send({ type: 'disclaimer.type', text: SECRETS.sentence })
  return run
}

/** A certificate chosen, sent to its signed URL, saved and found in review. */
export async function driveCertificate(inspect?: Inspect) {
  const run = drive(certificateMachine, inspect)
  await run.send({ type: 'certificate.chooseFile', file: { name: SECRETS.certificateFile, size: 1_000, sniffedType: 'pdf' } })
  await run.send({ type: 'certificate.setExpiry', expiry: SECRETS.certificateExpiry })
  await run.send({ type: 'certificate.submit' })
  await run.answer('requestUpload', { output: { signedUrl: SECRETS.signedUrl } })
  await run.send({ type: 'upload.done' })
  await run.answer('saveCertificate', { output: undefined })
  await run.answer('reloadProfile', { output: SECRETS.certificateReview })
  return run
}

export const DRIVES = { session: driveSession, enrolment: driveEnrolment, certificate: driveCertificate }

/** Each secret found in `text`: none, when everything was sanitized. */
export function leakedIn(text: string): string[] {
  return Object.values(SECRETS).filter((secret) => text.includes(secret))
}
