import { I18nProvider } from '@lingui/react'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { sessionMachine } from '../../../machines/session/session.machine'
import { waitingRoomMachine } from '../../../machines/opening/waiting-room.machine'
import { activateLocale, i18n } from '../../lib/i18n'
import { FlowChart } from './flow-chart'
import { flowGraphOf, type FlowGraph } from './machine-graph'

beforeAll(async () => {
  await activateLocale('en')
})
afterEach(cleanup)

const renderChart = (graph: FlowGraph, active: string[] = []) =>
  render(
    <I18nProvider i18n={i18n}>
      <FlowChart graph={graph} active={new Set(active)} title="Waiting room" />
    </I18nProvider>,
  )

const drawnStates = (chart: HTMLElement) => [...chart.querySelectorAll('[data-state]')].map((box) => box.getAttribute('data-state'))
/** The numbers in the table of transitions (its other row headers name the state they leave). */
const numbersListed = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent)
    .filter((text) => /^\d+$/.test(text))
    .map(Number)

describe('the chart of a large machine', () => {
  const graph = flowGraphOf(waitingRoomMachine)

  it('shows the whole machine first, and one part when asked: its states, ports for the states outside it, and its transitions only', async () => {
    renderChart(graph, ['waitingRoom.routing'])
    expect(drawnStates(screen.getByRole('img', { name: 'Chart of Waiting room' }))).toHaveLength(graph.states.length)
    expect(numbersListed()).toHaveLength(graph.transitions.length)

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Part shown' }), 'held.countdown')
    const chart = screen.getByRole('img', { name: 'Chart of Waiting room: held.countdown' })
    expect(drawnStates(chart)).toEqual([
      'waitingRoom.held.countdown',
      'waitingRoom.held.countdown.sorting',
      'waitingRoom.held.countdown.plenty',
      'waitingRoom.held.countdown.ending',
      'waitingRoom.held.countdown.lastMinute',
      'waitingRoom.held.countdown.paying',
      // The one state outside the part it leads to, as a port.
      'waitingRoom.ended',
    ])
    expect(within(chart).getByText('ended').closest('[data-state]')).toHaveAttribute('data-active', 'false')
    // Numbered as in the whole machine, so a number means one transition in every view.
    expect(numbersListed()).toEqual([73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83])

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Part shown' }), 'held')
    // The state the machine is in, outside the part, shows on its ports: the one it comes in from and the one it goes out to.
    const ports = screen.getByRole('img', { name: 'Chart of Waiting room: held' }).querySelectorAll('[data-state="waitingRoom.routing"]')
    expect([...ports].map((port) => [port.textContent, port.getAttribute('data-active')])).toEqual([
      ['routing', 'true'],
      ['routing', 'true'],
    ])

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Part shown' }), 'Whole machine')
    expect(numbersListed()).toHaveLength(graph.transitions.length)
  })
})

describe('the chart of a small machine', () => {
  it('is shown whole, with no choice of part', () => {
    renderChart(flowGraphOf(sessionMachine))
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument()
  })
})
