import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { usePreloadOnIntent } from './preload-on-intent'
import type { RouteDefinition } from './routes'

function screenWithPreload() {
  const Screen = Object.assign(() => null, { preload: vi.fn() })
  return Screen
}

function Links({ routes }: { routes: RouteDefinition[] }) {
  usePreloadOnIntent(routes)
  return (
    <>
      <a href="/race/201">Race</a>
      <a href="/contacts">Contacts</a>
      <a href="https://elsewhere.example/race/1">Elsewhere</a>
    </>
  )
}

afterEach(cleanup)

describe('usePreloadOnIntent', () => {
  it('starts the download of the screen a link leads to when it is pointed at or focused, once', () => {
    const race = screenWithPreload()
    const routes: RouteDefinition[] = [{ path: '/race/:id', requiresLogin: false, Component: race }]
    render(<Links routes={routes} />)
    fireEvent.pointerOver(screen.getByRole('link', { name: 'Race' }))
    fireEvent.focusIn(screen.getByRole('link', { name: 'Race' }))
    expect(race.preload).toHaveBeenCalledTimes(1)
  })

  it('leaves screens without a download, other routes and other sites alone', () => {
    const race = screenWithPreload()
    const routes: RouteDefinition[] = [
      { path: '/race/:id', requiresLogin: false, Component: race },
      { path: '/contacts', requiresLogin: false, Component: () => null },
    ]
    render(<Links routes={routes} />)
    fireEvent.pointerOver(screen.getByRole('link', { name: 'Contacts' }))
    fireEvent.pointerOver(screen.getByRole('link', { name: 'Elsewhere' }))
    expect(race.preload).not.toHaveBeenCalled()
  })
})
