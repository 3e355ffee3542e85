/**
 * What the first releases kept of a wizard in progress (under `pettorale.enrolment.v1.<athlete>.<race>`):
 * the interpreter's whole XState snapshot, wrapped with the phase. Later releases must read it as
 * unreadable and start again (kept-progress.ts); the rule's, the screen's and the browser's tests
 * all write the same value. Test data only: nothing of the portal imports it.
 */
export function firstReleaseKept(raceId: number, athleteId: number, wizardStep = 'gps') {
  return {
    phase: 'open',
    snapshot: {
      status: 'active',
      value: { wizard: wizardStep },
      historyValue: {},
      context: {
        raceId,
        athleteId,
        entry: 'direct',
        refusals: [],
        lateRefusal: null,
        choices: { dataConfirmed: true, extra: { navetta: 'Aosta' }, rulesAccepted: true, refund: 'protetto', gps: null },
        problems: {},
        disclaimerText: '',
        attempt: null,
        polls: 0,
        failure: null,
      },
      children: {},
    },
  }
}
