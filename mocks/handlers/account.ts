import { db } from '../db'
import { problem, reply, type ResourceHandlers } from '../handler'
import { mailLinks, sendMail } from '../outbox'
import { CONFIRM_TOKEN_TTL_MS, findAthleteByMail, MAIL_SESSION_TTL_MS, nextId, openSession, randomToken } from '../records'

/** Registrations with this in the e-mail fail with a generic 409, to drive "registration failed". */
export const REGISTRATION_FAILURE_SENTINEL = 'fail-registration'

export function accountHandlers(): ResourceHandlers<'account'> {
  return {
    register: async ({ body, now }) => {
      if (body.mail.includes(REGISTRATION_FAILURE_SENTINEL)) {
        return reply(409, problem(409, 'registration_failed'))
      }
      if (findAthleteByMail(body.mail)) return reply(409, problem(409, 'user_exists'))
      const id = nextId(db.athletes.all().map((a) => a.id))
      await db.athletes.create({
        id,
        nome: body.nome,
        cognome: body.cognome,
        mail: body.mail,
        password: body.password,
        confermato: false,
        privacy_policy: body.privacy_policy,
        newsletter: body.newsletter ?? false,
        lingua: body.lingua ?? 'it',
        username: body.mail,
        sesso: null, data_nascita: null, nazione_nascita: null, provincia_nascita: null, citta_nascita: null,
        cod_fiscale: null, paese: null, provincia: null, citta: null, via: null, civico: null, cap: null,
        telefono: null, contatto_emergenza: null, telefono_emergenze: null, taglia_maglietta: null,
        // The experience question is pending: the portal asks it once the athlete signs in.
        torexperience: [{ esperienza_gara: null }],
        certificato_medico_id: 9000 + id,
        certificato_valido: null,
        validazione_certificato: null,
        scadenza_certificato: null,
      })
      const token = randomToken('cnf')
      await db.mailTokens.create({ token, athlete_id: id, kind: 'confirm', expires_at: now + CONFIRM_TOKEN_TTL_MS, used: false })
      await sendMail({ to: body.mail, lingua: body.lingua ?? 'it', kind: 'confirm', link: mailLinks.confirm(id, token), sent_at: now })
      return reply(201, { contact_id: id })
    },

    confirm: {
      resolve: async ({ query, bearer, now }) => {
        const record = bearer ? db.mailTokens.findFirst((q) => q.where({ token: bearer, kind: 'confirm' })) : undefined
        if (!record || record.athlete_id !== query.contact_id) {
          return reply(404, problem(404, 'unknown_token'))
        }
        if (record.used || record.expires_at <= now) return reply(410, problem(410, 'expired_token'))
        await db.mailTokens.update((q) => q.where({ token: record.token }), { data: (r) => void (r.used = true) })
        await db.athletes.update((q) => q.where({ id: record.athlete_id }), { data: (r) => void (r.confermato = true) })
        // The e-mailed token becomes the athlete's session for 24 hours.
        await openSession(record.athlete_id, now + MAIL_SESSION_TTL_MS, record.token)
        return reply(200, {})
      },
      options: { bearerIsMailToken: true },
    },
  }
}
