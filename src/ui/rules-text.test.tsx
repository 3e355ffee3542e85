import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { parseRulesText, RulesText } from './rules-text'

afterEach(() => {
  cleanup()
})

describe('reading the organiser plain text', () => {
  it('cuts paragraphs at blank lines and turns "- " lines into list items', () => {
    const text = [
      'Minimum age on race day: 20.',
      '',
      'Mandatory kit:',
      '- headlamp with spare batteries',
      '- survival blanket',
      '',
      '',
      'Registrations are personal.',
    ].join('\n')
    expect(parseRulesText(text)).toEqual([
      { kind: 'paragraph', lines: ['Minimum age on race day: 20.'] },
      { kind: 'paragraph', lines: ['Mandatory kit:'] },
      { kind: 'list', items: ['headlamp with spare batteries', 'survival blanket'] },
      { kind: 'paragraph', lines: ['Registrations are personal.'] },
    ])
  })

  it('reads CRLF and lone CR line endings as LF, and blank lines made of spaces as blank', () => {
    expect(parseRulesText('One\r\ntwo\r\n \t \r\n- a\r- b\r\rThree')).toEqual([
      { kind: 'paragraph', lines: ['One', 'two'] },
      { kind: 'list', items: ['a', 'b'] },
      { kind: 'paragraph', lines: ['Three'] },
    ])
  })

  it('gives nothing for an empty or blank text', () => {
    expect(parseRulesText('')).toEqual([])
    expect(parseRulesText('\n\r\n   \n')).toEqual([])
  })

  it('takes "-" without a space, or inside a sentence, as ordinary text', () => {
    expect(parseRulesText('-not a list\nA - B\n- ')).toEqual([{ kind: 'paragraph', lines: ['-not a list', 'A - B', '-'] }])
  })
})

describe('showing the organiser plain text', () => {
  it('renders paragraphs and lists as such', () => {
    const { container } = render(<RulesText text={'Kit:\n- jacket\n- water\n\nEnjoy.'} />)
    expect([...container.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Kit:', 'Enjoy.'])
    expect([...container.querySelectorAll('ul > li')].map((li) => li.textContent)).toEqual(['jacket', 'water'])
  })

  it('shows markup in the text as characters: no element, no script, no handler', () => {
    const hostile = [
      '<script>alert(1)</script>',
      '',
      '- <img src=x onerror=alert(1)>',
      '- <a href="javascript:alert(1)">click</a>',
      '',
      '<iframe srcdoc="<script>alert(1)</script>"></iframe> &amp; &lt;b&gt;',
    ].join('\n')
    const { container } = render(<RulesText text={hostile} />)
    expect(container.querySelector('script, img, a, iframe, b')).toBeNull()
    expect([...container.querySelectorAll('*')].some((element) => [...element.attributes].some((a) => a.name.startsWith('on')))).toBe(false)
    expect(container.querySelector('p')!.textContent).toBe('<script>alert(1)</script>')
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">click</a>',
    ])
    expect(container.querySelectorAll('p')[1]!.textContent).toBe('<iframe srcdoc="<script>alert(1)</script>"></iframe> &amp; &lt;b&gt;')
  })

  it('keeps a very long line whole, in one paragraph (the style lets it wrap anywhere)', () => {
    const long = 'x'.repeat(50_000)
    const word = 'Pettorale'.repeat(2_000)
    const { container } = render(<RulesText text={`${long}\n\n- ${word}`} />)
    expect(container.querySelector('p')!.textContent).toHaveLength(50_000)
    expect(container.querySelector('li')!.textContent).toBe(word)
  })

  it('keeps single line breaks inside a paragraph', () => {
    const { container } = render(<RulesText text={'Rifugio Bertone\r\nCourmayeur'} />)
    expect(container.querySelector('p')!.textContent).toBe('Rifugio Bertone\nCourmayeur')
  })

  it('shows the fallback for an empty text, or nothing without one', () => {
    const { container, rerender } = render(<RulesText text={' \r\n '} empty="No rules yet." />)
    expect(container.textContent).toBe('No rules yet.')
    rerender(<RulesText text="" />)
    expect(container.innerHTML).toBe('')
  })
})
