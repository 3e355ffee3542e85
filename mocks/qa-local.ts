import type { Controls, DataControls } from './controls'
import { db, type DbName } from './db'
import { sentMail } from './outbox'
import type { PersistentDb } from './persistence'
import { drawLottery, lotteryOf } from './lottery'
import { hasLapsed, settleDuePayments, withLedger, type Provider } from './provider'
import type { QaApi, QaPendingReview } from './qa-api'
import { clockPresetsOf } from './qa-clock'
import { databaseFileText, readDatabaseFile } from './qa-database-file'
import type { RequestLog } from './qa-request-log'
import { roomReport } from './queue'
import { stageRush } from './queue-stage'
import { raceTitle } from './records'
import { PERSONAS } from './seed'
import { freeOnePlace } from './wait-list'

/** The parts of one simulated backend the QA API drives: the page's (browser.ts) or the server's (http-server.ts). */
export interface QaBackend {
  controls: Controls
  data: DataControls
  provider: Provider
  database: PersistentDb
  requestLog: RequestLog
}

const iso = (epochMs: number) => new Date(epochMs).toISOString()

/**
 * The QA API over a backend in this process: in the page, the MSW worker's; behind
 * `npm run mock:server` in QA mode, the server's, which its `/__qa/` route answers from.
 */
export function createLocalQaApi({ controls, data, provider, database, requestLog }: QaBackend): QaApi {
  return {
    async state() {
      const { faults, latencyMs } = controls.state()
      return { now: iso(controls.now()), faults: { ...faults }, latencyMs: { ...latencyMs } }
    },
    async personas() {
      return PERSONAS.map((persona) => ({ ...persona }))
    },

    async setNow(at) {
      if (Number.isNaN(Date.parse(at))) throw new TypeError(`setNow: ${JSON.stringify(at)} is not an ISO 8601 instant`)
      controls.setNow(at)
    },
    async clockPresets() {
      return clockPresetsOf(db.races.all())
    },

    async races() {
      const now = controls.now()
      return db.races
        .findMany((q) => q.where((race) => Date.parse(race.data_evento) > now))
        .sort((a, b) => Date.parse(a.data_evento) - Date.parse(b.data_evento))
        .map((race) => ({
          raceId: race.id,
          title: raceTitle(race),
          startsAt: race.data_evento,
          places: race.posti,
          taken: race.iscritti,
          lottery: race.ammissione === 'lotteria',
          waiverVersion: race.liberatoria_versione,
          waitingRoom: race.sala_attesa !== undefined,
          waitList: !!race.lista_attesa,
          lotteryDrawn: (lotteryOf(race.id)?.ordine ?? null) !== null,
        }))
    },
    fillRace: (raceId, left) => data.fillRace(raceId, left),
    reviseWaiver: (raceId) => data.reviseWaiver(raceId),
    async stageRush(options) {
      try {
        return await stageRush(options)
      } finally {
        database.persist()
      }
    },
    async queueOf(raceId) {
      const race = db.races.findFirst((q) => q.where({ id: raceId }))
      if (!race?.sala_attesa) throw new Error(`queueOf: race ${JSON.stringify(raceId)} has no waiting room`)
      const now = controls.now()
      try {
        await settleDuePayments(now)
      } finally {
        database.persist()
      }
      return roomReport(db.races.findFirst((q) => q.where({ id: raceId }))!, now)
    },
    async drawLottery(raceId) {
      const now = controls.now()
      try {
        // What is due first (a draw the clock already passed is the same draw, made once).
        await settleDuePayments(now)
        const outcome = await withLedger(() => {
          const race = db.races.findFirst((q) => q.where({ id: raceId }))
          return race && drawLottery(race, now)
        })
        if (!outcome) throw new Error(`drawLottery: race ${JSON.stringify(raceId)} has no lottery`)
        return { drawn: outcome.estratti, notDrawn: outcome.non_estratti }
      } finally {
        database.persist()
      }
    },
    async freePlace(raceId) {
      const race = db.races.findFirst((q) => q.where({ id: raceId }))
      if (!race?.lista_attesa) throw new Error(`freePlace: race ${JSON.stringify(raceId)} keeps no wait list`)
      const now = controls.now()
      try {
        await settleDuePayments(now)
        await withLedger(() => freeOnePlace(race, now))
      } finally {
        database.persist()
      }
    },

    async fault(target, fault) {
      controls.fault(target, fault)
    },
    async latency(target, ms) {
      controls.latency(target, ms)
    },
    async clearFaults() {
      controls.clearFaults()
    },

    async pending() {
      return pendingReview(controls.now())
    },
    reviewCertificate: (athleteId, verdict) => data.reviewCertificate(athleteId, verdict),
    reviewExperience: (reportId, verdict, reason) => data.reviewExperience(reportId, verdict, reason),
    async settlePayment(paymentId, outcome, reason) {
      if (!db.payments.findFirst((q) => q.where({ pagamento_id: paymentId }))) throw new Error(`settlePayment: no payment ${JSON.stringify(paymentId)}`)
      await provider.settleNow(paymentId, outcome, reason)
    },

    async mailbox() {
      return sentMail().map((mail) => ({ id: mail.id, to: mail.to, kind: mail.kind, link: mail.link, at: iso(mail.sent_at) }))
    },
    async requests() {
      return requestLog.entries()
    },

    async exportDatabase() {
      database.persist()
      return databaseFileText(database.changes(), controls.now(), Date.now())
    },
    async importDatabase(text) {
      const read = readDatabaseFile(text)
      if (!read.ok) return read
      await database.replace(read.file.changes)
      controls.setNow(read.file.clock.now)
      return { ok: true }
    },
    async reset() {
      controls.reset()
      requestLog.clear()
      await database.reset()
    },

    subscribe(listener) {
      // Many changes come at once (a reset reloads every record): one call for them, a task later,
      // once the database's hooks (which run before a change lands) are through.
      let scheduled = false
      let stopped = false
      const notify = () => {
        if (scheduled) return
        scheduled = true
        setTimeout(() => {
          scheduled = false
          if (!stopped) listener()
        })
      }
      // One signal per collection: one for all would pass Node's listener warning limit.
      const controllers = (Object.keys(db) as DbName[]).map((name) => {
        const controller = new AbortController()
        const { hooks } = db[name] as unknown as (typeof db)['sessions']
        for (const event of ['create', 'update', 'delete'] as const) hooks.on(event, notify, { signal: controller.signal })
        return controller
      })
      const unsubscribe = [controls.subscribe(notify), requestLog.subscribe(notify)]
      return () => {
        stopped = true
        for (const controller of controllers) controller.abort()
        for (const off of unsubscribe) off()
      }
    },
  }
}

/** The work waiting for the organiser's staff and for the payment provider. */
function pendingReview(now: number): QaPendingReview {
  const athleteName = (id: number) => {
    const athlete = db.athletes.findFirst((q) => q.where({ id }))
    return [athlete?.nome, athlete?.cognome].filter(Boolean).join(' ')
  }
  const certificates = db.athletes
    .findMany((q) =>
      q.where((athlete) => athlete.certificato_rinnovo?.validazione_certificato === 'in_revisione' || (!!athlete.certificato_medico_file && athlete.validazione_certificato === 'in_revisione')),
    )
    .map((athlete) => ({
      athleteId: athlete.id,
      athleteName: athleteName(athlete.id),
      mail: athlete.mail ?? '',
      renewal: athlete.certificato_rinnovo?.validazione_certificato === 'in_revisione',
      // The backend keeps no upload time of a certificate.
      uploadedAt: null,
    }))
  const experienceReports = db.experience
    .findMany((q) => q.where({ stato: 'in_verifica' }))
    .map((report) => ({ reportId: report.id, athleteId: report.athlete_id, athleteName: athleteName(report.athlete_id), race: report.gara, date: report.data }))
  const payments = db.payments
    .findMany((q) => q.where({ stato: 'pending' }))
    .filter((payment) => !hasLapsed(payment, now))
    .map((payment) => {
      const race = db.races.findFirst((q) => q.where({ id: payment.project_id }))
      return {
        paymentId: payment.pagamento_id,
        athleteId: payment.athlete_id,
        athleteName: athleteName(payment.athlete_id),
        raceId: payment.project_id,
        race: race ? raceTitle(race) : '',
        amountCents: Math.round(payment.totale * 100),
        state: payment.esito ?? 'undecided',
      }
    })
  return { certificates, experienceReports, payments }
}
