import * as z from 'zod/mini'

export const QA_TABS = ['personas', 'clock', 'races', 'faults', 'review', 'activity', 'data'] as const
export type QaTab = (typeof QA_TABS)[number]

const KEY = 'pettorale.qaPanel'

const PanelStateSchema = z.object({ version: z.literal(1), open: z.boolean(), tab: z.enum(QA_TABS) })
export type PanelState = Omit<z.infer<typeof PanelStateSchema>, 'version'>

const CLOSED: PanelState = { open: false, tab: 'personas' }

/** The panel as QA left it, across reloads; anything unreadable is the closed panel. */
export function readPanelState(storage: Storage): PanelState {
  try {
    const parsed = PanelStateSchema.safeParse(JSON.parse(storage.getItem(KEY) ?? 'null'))
    return parsed.success ? { open: parsed.data.open, tab: parsed.data.tab } : CLOSED
  } catch {
    return CLOSED
  }
}

export function writePanelState(storage: Storage, state: PanelState): void {
  storage.setItem(KEY, JSON.stringify({ version: 1, ...state }))
}
