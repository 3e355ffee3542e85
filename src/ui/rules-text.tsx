import type { ReactNode } from 'react'
import styles from './rules-text.module.css'

/** A block of an organiser's plain text: a paragraph (its lines kept), or a bulleted list. */
export type TextBlock = { kind: 'paragraph'; lines: string[] } | { kind: 'list'; items: string[] }

const LIST_ITEM = /^[ \t]*- (.*)$/

/**
 * Reads the organiser's plain text (race description, rules): blank lines separate paragraphs,
 * lines starting with "- " are list items. Any line ending (LF, CRLF, CR) is accepted. Nothing is
 * interpreted as markup: what is returned is text, which React renders as text.
 */
export function parseRulesText(text: string): TextBlock[] {
  const blocks: TextBlock[] = []
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  let current: TextBlock | null = null
  for (const raw of lines) {
    const line = raw.replace(/\s+$/, '')
    if (line.trim() === '') {
      current = null
      continue
    }
    const item = LIST_ITEM.exec(line)
    if (item) {
      const content = item[1]!.trim()
      if (current?.kind !== 'list') {
        current = { kind: 'list', items: [] }
        blocks.push(current)
      }
      if (content !== '') current.items.push(content)
    } else {
      if (current?.kind !== 'paragraph') {
        current = { kind: 'paragraph', lines: [] }
        blocks.push(current)
      }
      current.lines.push(line.trim())
    }
  }
  return blocks.filter((block) => (block.kind === 'list' ? block.items.length > 0 : true))
}

/**
 * The organiser's plain text as paragraphs and lists. `empty` is shown when there is no text at
 * all. Never rendered as HTML: `<script>` in the text is shown as those characters.
 */
export function RulesText({ text, empty }: { text: string; empty?: ReactNode }) {
  const blocks = parseRulesText(text)
  if (blocks.length === 0) return empty ? <p className={styles.muted}>{empty}</p> : null
  return (
    <div className={styles.prose}>
      {blocks.map((block, index) =>
        block.kind === 'list' ? (
          <ul key={index}>
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>{item}</li>
            ))}
          </ul>
        ) : (
          <p key={index}>{block.lines.join('\n')}</p>
        ),
      )}
    </div>
  )
}
