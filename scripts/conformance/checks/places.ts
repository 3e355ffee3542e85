/**
 * The rules of the places that are scarce (decisions 037 and 038): the waiting room's one ticket per
 * athlete, its held place and its public draw (`waiting-room`); the wait list's order (`wait-list`);
 * the lottery anyone can check (`lottery`); a paid place's refund and transfer (`places`). Every
 * group needs the staging hooks: each check stages its race or moves the clock, and starts from the
 * seed. The accounts are the seed's personas (or the same keys, `--accounts`): a check looks for the
 * race or the paid place it needs rather than naming the seed's ids, which a staging backend may not share.
 */
import * as z from 'zod/mini'
import * as athlete from '../../../contracts/athlete.contract'
import { commitmentOf, drawOrder, firstDifference } from '../../../contracts/lottery-draw'
import * as lottery from '../../../contracts/lottery.contract'
import * as places from '../../../contracts/places.contract'
import * as queue from '../../../contracts/queue.contract'
import * as races from '../../../contracts/races.contract'
import { roomDrawOrder } from '../../../contracts/room-draw'
import * as subscriptions from '../../../contracts/subscriptions.contract'
import { MINUTE_MS, SECOND_MS } from '../../../contracts/time'
import * as waitList from '../../../contracts/wait-list.contract'
import type { QaApi, QaRushOptions } from '../../../mocks/qa-api'
import { describeError, type Account, type Backend } from '../backend'
import { expectRule, saying, type Group } from '../kit'

const iso = (ms: number) => new Date(ms).toISOString()

/** The backend's clock now, which the staged races and the moves of the clock count from. */
async function clockOf(hooks: QaApi): Promise<number> {
  return Date.parse((await hooks.state()).now)
}

/** A race whose waiting room opens now, a place for each of its athletes (signed in, `stageRush`), no simulated others. */
async function stagedRoom(hooks: QaApi, options: Pick<QaRushOptions, 'athletes' | 'admissionsPerMinute'> & { opensInMs: number }) {
  const now = await clockOf(hooks)
  const opening = now + options.opensInMs
  const staged = await hooks.stageRush({
    athletes: options.athletes,
    places: options.athletes,
    admissionsPerMinute: options.admissionsPerMinute,
    admissionSeconds: 300,
    holdSeconds: 600,
    roomOpensAt: iso(now),
    registrationOpensAt: iso(opening),
  })
  return { ...staged, opening }
}

const signedIn = (backend: Backend) => backend.accounts.filter((account) => account.password)

/** Every place of the signed-in athlete, whatever its state, as My races reads them. */
async function placesOf(backend: Backend, token: string): Promise<athlete.Subscription[]> {
  const me = await backend.ok(athlete.me, { token })
  const query = { contact_id: me.profilo[0]!.id, from_date: '2000-01-01', to_date: '2100-12-31' }
  return (await backend.ok(athlete.subscriptions, { token, query })).iscrizioni
}

/** A paid, active place of one of the accounts, in a race that `fits`, with its holder's token. */
interface PaidPlace {
  account: Account
  token: string
  place: athlete.Subscription
  race: races.Race
}

async function* paidPlaces(backend: Backend, fits: (race: races.Race) => boolean): AsyncGenerator<PaidPlace> {
  for (const account of signedIn(backend)) {
    const token = await backend.signIn(account.key)
    for (const place of await placesOf(backend, token)) {
      if (!place.pagato || (place.stato ?? 'attiva') !== 'attiva' || place.cessione) continue
      const race = await backend.ok(races.get, { params: { id: place.project_id }, query: {} })
      if (fits(race)) yield { account, token, place, race }
    }
  }
}

const ordinal = (n: number) => `${String(n)}${Math.floor(n / 10) % 10 === 1 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`

export const PLACE_GROUPS: readonly Group[] = [
  {
    name: 'waiting-room',
    needsHooks: true,
    checks: [
      {
        id: 'waiting-room.one-ticket',
        rule: 'an athlete joining a waiting room again (a reload, another tab) is answered 409 already_in_queue with the ticket they hold, never given a new one (decision 037, the fairness rule)',
        run: async (backend) => {
          const { raceId, tokens } = await stagedRoom(backend.hooks!, { athletes: 2, admissionsPerMinute: 60, opensInMs: 10 * MINUTE_MS })
          const [first, second] = tokens as [string, string]
          const params = { id: raceId }
          const joined = await backend.ok(queue.join, { params, token: first })
          // Someone joins in between, so a ticket made again would come after theirs.
          await backend.ok(queue.join, { params, token: second })
          const again = await backend.call(queue.join, { params, token: first })
          expectRule(
            !again.ok && again.error.kind === 'http' && again.error.status === 409 && again.error.code === 'already_in_queue',
            `joining again ${again.ok ? `was given ticket ${again.data.biglietto} (number ${String(again.data.sorteggio?.numero ?? '?')}) instead of keeping ${joined.biglietto}` : `answered ${describeError(again.error)}`}, where the rule wants 409 already_in_queue with ${joined.biglietto}`,
          )
          const conflict = z.safeParse(queue.JoinQueueConflictSchema, again.error.body)
          const kept = conflict.success ? conflict.data.biglietto : undefined
          expectRule(kept?.biglietto === joined.biglietto, `joining again answered already_in_queue with ${kept ? `ticket ${kept.biglietto}` : 'no ticket'}, not the ticket held (${joined.biglietto})`)
          const held = await backend.ok(queue.status, { params, token: first })
          expectRule(
            held.biglietto === joined.biglietto && held.sorteggio?.numero === joined.sorteggio?.numero,
            `after joining again the athlete holds ticket ${held.biglietto} (number ${String(held.sorteggio?.numero ?? '?')}), not the one first taken (${joined.biglietto}, number ${String(joined.sorteggio?.numero ?? '?')})`,
          )
        },
      },
      {
        id: 'waiting-room.hold-needs-admission',
        rule: "a place is held (queue.hold) only with the athlete's own admission: another athlete's or a forged one is 422 admission_invalid and holds nothing, an athlete without a ticket is 404 not_in_queue (decision 037, contracts/queue.contract.ts)",
        run: async (backend) => {
          const hooks = backend.hooks!
          // Registration opens as the room does: each join is admitted in arrival order, one a second.
          const { raceId, tokens, opening } = await stagedRoom(hooks, { athletes: 3, admissionsPerMinute: 60, opensInMs: 0 })
          const [mine, theirs, outsider] = tokens as [string, string, string]
          const params = { id: raceId }
          await backend.ok(queue.join, { params, token: mine })
          await backend.ok(queue.join, { params, token: theirs })
          await hooks.setNow(iso(opening + 5 * SECOND_MS))
          const admissionOf = async (token: string, who: string) => {
            const ticket = await backend.ok(queue.status, { params, token })
            expectRule(ticket.stato === 'ammesso' && ticket.ammissione, `${who} was not admitted 5 seconds after the opening with places free (${ticket.stato})`)
            return ticket.ammissione.token
          }
          const own = await admissionOf(mine, 'the first to join')
          const other = await admissionOf(theirs, 'the second to join')
          const forged = `${own.slice(0, -4)}${own.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`

          await saying("an athlete without a ticket holding with someone's admission", backend.refused(queue.hold, { params, token: outsider, body: { ammissione: own } }, 404, 'not_in_queue'))
          for (const [token, what] of [
            [other, "another athlete's admission"],
            [forged, 'an admission with a forged signature'],
          ] as const) {
            await saying(`holding a place with ${what}`, backend.refused(queue.hold, { params, token: mine, body: { ammissione: token } }, 422, 'admission_invalid'))
          }
          const still = await backend.ok(queue.status, { params, token: mine })
          expectRule(still.stato === 'ammesso', `after the refused holds the ticket is ${still.stato}, not still admitted: a refused admission held a place`)
          const held = await backend.ok(queue.hold, { params, token: mine, body: { ammissione: own } })
          expectRule(held.stato === 'posto' && held.posto, `the athlete's own admission did not hold a place (${held.stato})`)
        },
      },
      {
        id: 'waiting-room.published-draw',
        rule: "the room's published draw (queue.draw) reveals at the opening the seed committed to before it, and room-draw.ts recomputes from that seed and count the order the room puts its tickets in line (decision 037, amended)",
        run: async (backend) => {
          const hooks = backend.hooks!
          // One admission a minute: just after the opening one ticket is admitted and the rest stand in line.
          const { raceId, tokens, opening } = await stagedRoom(hooks, { athletes: 8, admissionsPerMinute: 1, opensInMs: 10 * MINUTE_MS })
          const params = { id: raceId }
          const before = await backend.ok(queue.draw, { params })
          expectRule(before.seme === null, 'the room published its seed before the opening: anyone could compute the order in advance')
          // Arrival order is not the draw's: they join last staged first.
          for (const token of [...tokens].reverse()) await backend.ok(queue.join, { params, token })
          await hooks.setNow(iso(opening + SECOND_MS))

          const drawn = await backend.ok(queue.draw, { params })
          expectRule(drawn.impegno === before.impegno, `the commitment changed at the opening (${before.impegno.slice(0, 12)}... before, ${drawn.impegno.slice(0, 12)}... after)`)
          expectRule(drawn.seme !== null && drawn.biglietti === tokens.length, `at the opening the draw published seed ${String(drawn.seme)} and ${String(drawn.biglietti)} tickets, for ${String(tokens.length)} taken before it`)
          expectRule((await commitmentOf(drawn.seme)) === before.impegno, 'the seed revealed at the opening is not the one committed to: its SHA-256 is not the published commitment')
          const order = await roomDrawOrder(drawn.seme, drawn.biglietti)

          // Where the room put each ticket: the one admitted first, then by place in line.
          const line: Array<{ numero: number; place: number }> = []
          for (const token of tokens) {
            const ticket = await backend.ok(queue.status, { params, token })
            const draw = ticket.sorteggio
            expectRule(draw?.seme === drawn.seme && draw.impegno === drawn.impegno, `ticket ${ticket.biglietto} publishes another draw than queue.draw (seed ${String(draw?.seme)})`)
            const recomputed = order.indexOf(draw.numero) + 1
            expectRule(draw.estratto === recomputed, `ticket number ${String(draw.numero)} says it was drawn ${draw.estratto === undefined ? 'nowhere' : ordinal(draw.estratto)}, the published seed draws it ${ordinal(recomputed)}`)
            const place = ticket.stato === 'ammesso' ? 0 : ticket.stato === 'in_coda' ? ticket.posizione : undefined
            expectRule(place !== undefined, `a second after the opening ticket ${ticket.biglietto} is ${ticket.stato}, neither admitted nor in line`)
            line.push({ numero: draw.numero, place })
          }
          const used = line.sort((a, b) => a.place - b.place).map((ticket) => ticket.numero)
          const difference = firstDifference(order, used)
          expectRule(
            !difference,
            `the room put the tickets in line as ${used.join(', ')}, where its published draw gives ${order.join(', ')} (${difference ? `${ordinal(difference.position)}: ticket ${String(difference.actual)}, not ${String(difference.expected)}` : ''})`,
          )
        },
      },
    ],
  },
  {
    name: 'wait-list',
    needsHooks: true,
    checks: [
      {
        id: 'wait-list.first-in-line',
        rule: 'a place that comes back on a sold-out race is offered to the first in its wait list only, the others keeping their order behind (decision 038, Places that come back)',
        run: async (backend) => {
          const hooks = backend.hooks!
          const race = (await hooks.races()).find((candidate) => candidate.waitList && !candidate.lottery && !candidate.waitingRoom && candidate.taken >= candidate.places)
          if (!race) throw new Error('no sold-out race with a wait list to try (the seed has one)')
          const params = { id: race.raceId }
          const line: Array<{ key: string; token: string }> = []
          for (const account of signedIn(backend)) {
            const token = await backend.signIn(account.key)
            const joined = await backend.call(waitList.join, { params, token })
            if (!joined.ok) continue
            expectRule(joined.data.posizione === line.length + 1, `${account.key} joined the wait list at position ${String(joined.data.posizione)}, after ${String(line.length)} others`)
            line.push({ key: account.key, token })
            if (line.length === 3) break
          }
          if (line.length < 2) throw new Error('fewer than two accounts could join the wait list')

          await hooks.freePlace(race.raceId)
          const entries = await Promise.all(line.map(async ({ key, token }) => ({ key, entry: await backend.ok(waitList.status, { params, token }) })))
          const offered = entries.findIndex(({ entry }) => entry.stato === 'offerta')
          const [first, ...behind] = entries
          expectRule(
            offered === 0 && first!.entry.offerta_scade,
            offered > 0
              ? `the place freed was offered to the ${ordinal(offered + 1)} in line (${entries[offered]!.key}) while the 1st (${first!.key}) is ${first!.entry.stato}${first!.entry.posizione ? ` at position ${String(first!.entry.posizione)}` : ''}`
              : `the place freed was offered to nobody in line: the 1st (${first!.key}) is ${first!.entry.stato}${first!.entry.stato === 'offerta' ? ' without a deadline' : ''}`,
          )
          behind.forEach(({ key, entry }, index) => {
            expectRule(
              entry.stato === 'in_attesa' && entry.posizione === index + 1,
              `with the place offered to the 1st, the ${ordinal(index + 2)} in line (${key}) is ${entry.stato}${entry.posizione ? ` at position ${String(entry.posizione)}` : ''}, not waiting at position ${String(index + 1)}`,
            )
          })
        },
      },
    ],
  },
  {
    name: 'lottery',
    needsHooks: true,
    checks: [
      {
        id: 'lottery.verifiable',
        rule: "after the draw the lottery publishes the seed it committed to, lottery-draw.ts recomputes from it and the published applications the published order, and an application's outcome is its place in that order (decision 038, The lottery anyone can check)",
        run: async (backend) => {
          const hooks = backend.hooks!
          const race = (await hooks.races()).find((candidate) => candidate.lottery && !candidate.lotteryDrawn)
          if (!race) throw new Error('no lottery still to draw (the seed has one)')
          const params = { id: race.raceId }

          // One application of the kit's own, whose outcome only its athlete can read.
          let applicant: { token: string; numero: number } | undefined
          for (const account of signedIn(backend)) {
            const token = await backend.signIn(account.key)
            const { campi } = await backend.ok(races.subscriptionFields, { params, query: {}, token })
            const answers = Object.fromEntries(
              campi.filter((field) => field.obbligatorio).map((field) => [field.nome, field.tipo === 'boolean' ? false : field.tipo === 'select' ? (field.opzioni?.[0]?.valore ?? '') : 'conformance']),
            )
            const applied = await backend.call(subscriptions.create, { token, body: { project_id: race.raceId, opzione_rimborso: 'standard', noleggio_gps: false, campi: answers } })
            if (!applied.ok) continue
            applicant = { token, numero: (await backend.ok(lottery.mine, { params, token })).numero }
            break
          }
          if (!applicant) throw new Error('no account could apply to the lottery')

          const before = await backend.ok(lottery.get, { params })
          expectRule(before.seme === null && before.ordine === null, 'the lottery published its seed or order before the draw')
          const report = await hooks.drawLottery(race.raceId)
          const after = await backend.ok(lottery.get, { params })
          expectRule(after.stato === 'estratta' && after.seme !== null && after.ordine !== null, `after the draw the lottery is ${after.stato}, its seed ${after.seme === null ? 'not ' : ''}published, its order ${after.ordine === null ? 'not ' : ''}published`)
          expectRule(after.impegno === before.impegno, 'the commitment changed with the draw')
          expectRule((await commitmentOf(after.seme)) === before.impegno, 'the seed revealed is not the one committed to: its SHA-256 is not the published commitment')

          const order = await drawOrder(after.seme, after.domande)
          const difference = firstDifference(order, after.ordine)
          expectRule(
            !difference,
            `the published order is not the one its seed and applications give: ${difference ? `${ordinal(difference.position)} drawn is application ${String(difference.actual)}, the recomputed draw gives ${String(difference.expected)}` : ''}`,
          )
          const drawn = Math.min(after.posti, order.length)
          expectRule(report.drawn === drawn && report.notDrawn === order.length - drawn, `the draw offered ${String(report.drawn)} places and listed ${String(report.notDrawn)}, for ${String(after.posti)} places and ${String(order.length)} applications`)

          const index = order.indexOf(applicant.numero)
          const outcome = await backend.ok(lottery.mine, { params, token: applicant.token })
          const expected = index < after.posti ? 'estratto' : 'non_estratto'
          expectRule(outcome.esito === expected, `application ${String(applicant.numero)}, ${ordinal(index + 1)} in the published order with ${String(after.posti)} places, was told ${outcome.esito}`)
          if (expected === 'non_estratto') {
            const entry = await backend.ok(waitList.status, { params, token: applicant.token })
            const position = index + 1 - after.posti
            expectRule(entry.origine === 'lotteria' && entry.posizione === position, `application ${String(applicant.numero)}, not drawn and ${ordinal(position)} after the places, is ${entry.posizione ? `at position ${String(entry.posizione)}` : entry.stato} on the wait list (${entry.origine})`)
          }
        },
      },
    ],
  },
  {
    name: 'places',
    needsHooks: true,
    checks: [
      {
        id: 'places.refund-agreed',
        rule: "a withdrawal whose expected refund (rimborso_atteso) is not the backend's figure of the day is refused 409 refund_changed with that figure and changes nothing; confirmed with it, exactly that amount is refunded (decision 038, Money)",
        run: async (backend) => {
          const now = await clockOf(backend.hooks!)
          for await (const { token, place, race } of paidPlaces(backend, (candidate) => Date.parse(candidate.data_evento) > now)) {
            const params = { id: race.id }
            // More than the place cost: no schedule owes it, so it can only be a figure the backend did not give.
            const asked = (place.totale ?? race.prezzo + race.supplemento_rimborso + race.noleggio_gps) + 1
            const result = await backend.call(places.withdraw, { params, token, body: { rimborso_atteso: asked, chiave: 'conformance-refund-1' } })
            if (!result.ok && result.error.kind === 'http' && result.error.code === 'withdrawal_closed') continue
            expectRule(
              !result.ok,
              `a withdrawal expecting ${String(asked)} EUR, more than the place cost, was accepted and refunded ${result.ok ? `${String(result.data.rimborso.totale)} EUR (transaction: ${String(result.data.transazione.rimborso?.importo)} EUR)` : ''}, where the rule wants 409 refund_changed`,
            )
            const conflict = z.safeParse(places.WithdrawConflictSchema, result.error.kind === 'http' ? result.error.body : null)
            const quote = conflict.success ? conflict.data.rimborso : undefined
            expectRule(
              result.error.kind === 'http' && result.error.status === 409 && result.error.code === 'refund_changed' && quote,
              `a withdrawal expecting ${String(asked)} EUR answered ${describeError(result.error)}, where the rule wants 409 refund_changed with the backend's figure`,
            )
            const unchanged = (await placesOf(backend, token)).find((candidate) => candidate.project_id === race.id)
            expectRule((unchanged?.stato ?? 'attiva') === 'attiva', `the refused withdrawal changed the place all the same: it is ${String(unchanged?.stato ?? 'gone')}`)

            const done = await backend.ok(places.withdraw, { params, token, body: { rimborso_atteso: quote.totale, chiave: 'conformance-refund-2' } })
            expectRule(
              done.rimborso.totale === quote.totale && done.transazione.rimborso?.importo === quote.totale,
              `confirmed at the quoted ${String(quote.totale)} EUR, the withdrawal refunded ${String(done.rimborso.totale)} EUR (transaction: ${String(done.transazione.rimborso?.importo)} EUR)`,
            )
            return
          }
          throw new Error('no account holds a paid place that can still be withdrawn with a refund (the seed has one)')
        },
      },
      {
        id: 'places.transfer-once',
        rule: 'a paid place has one transfer on offer at a time: a second offer while one is open is 409 transfer_pending and the first stays on offer to its recipient (decision 038, Passing a place on)',
        run: async (backend) => {
          const now = await clockOf(backend.hooks!)
          const open = (race: races.Race) => !!race.cambi?.cessione && Date.parse(race.cambi.cessione.chiude) > now && Date.parse(race.data_evento) > now
          for await (const { account, token, race } of paidPlaces(backend, open)) {
            const params = { id: race.id }
            const others = signedIn(backend).filter((other) => other.key !== account.key)
            const [to, then] = others as [Account | undefined, Account | undefined]
            if (!to || !then) throw new Error('fewer than three accounts: a transfer needs a giver and two recipients')
            const offer = (mail: string, chiave: string) => backend.call(places.offerTransfer, { params, token, body: { mail, chiave } })

            const first = await offer(to.mail, 'conformance-transfer-1')
            expectRule(first.ok, `the first offer of ${account.key}'s place to ${to.key} answered ${first.ok ? '' : describeError(first.error)}`)
            const second = await offer(then.mail, 'conformance-transfer-2')
            expectRule(
              !second.ok && second.error.kind === 'http' && second.error.status === 409 && second.error.code === 'transfer_pending',
              `a second offer of the place (to ${then.key}) while the first (${first.data.codice}, to ${to.key}) is open ${second.ok ? `was made too (${second.data.codice}, ${second.data.stato})` : `answered ${describeError(second.error)}`}, where the rule wants 409 transfer_pending`,
            )
            const recipient = await backend.signIn(to.key)
            const kept = await backend.call(places.getTransfer, { params: { codice: first.data.codice }, token: recipient })
            expectRule(kept.ok && kept.data.stato === 'offerta', `after the second offer was refused, the first recipient's offer ${kept.ok ? `is ${kept.data.stato}` : `reads ${describeError(kept.error)}`}, no longer on offer`)
            const place = (await placesOf(backend, token)).find((candidate) => candidate.project_id === race.id)
            expectRule(place?.cessione?.codice === first.data.codice, `the giver's place shows ${place?.cessione ? `transfer ${place.cessione.codice}` : 'no transfer'}, not the one on offer (${first.data.codice})`)
            return
          }
          throw new Error('no account holds a paid place of a race that allows passing it on (the seed has one)')
        },
      },
    ],
  },
]
