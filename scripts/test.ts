import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { TEST_BUILDS_ENV } from './test-builds'

/**
 * `npm test`: every check of the project, in the order a failure is cheapest to find, stopping at
 * the first that fails; then how long each phase took, so the suite's time is a figure (issue 41).
 * The static checks run side by side (each mostly waits on one core); their output is printed
 * whole when each ends, so it never interleaves. The production builds are made once, for the unit
 * test and both Playwright projects that read one (scripts/test-builds.ts).
 */
const BUILDS = resolve('dist-test')

interface Phase {
  name: string
  command: string
}

const STAGES: Phase[][] = [
  [
    { name: 'typecheck', command: 'npm run typecheck' },
    { name: 'lint', command: 'npm run lint' },
    { name: 'i18n check', command: 'npm run i18n:check' },
  ],
  [{ name: 'production builds', command: `tsx scripts/test-builds.ts ${BUILDS}` }],
  [{ name: 'unit', command: 'npm run test:unit' }],
  [{ name: 'machine coverage', command: 'npm run test:coverage:machines' }],
  [{ name: 'e2e', command: 'npm run test:e2e' }],
]

interface Outcome {
  name: string
  seconds: number
  code: number
}

function run({ name, command }: Phase, alone: boolean): Promise<Outcome> {
  const started = performance.now()
  return new Promise((done) => {
    const child = spawn(command, {
      shell: true,
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, [TEST_BUILDS_ENV]: BUILDS },
    })
    const output: Buffer[] = []
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk))
    child.on('close', (code) => {
      if (!alone) process.stdout.write(Buffer.concat(output))
      done({ name, seconds: (performance.now() - started) / 1000, code: code ?? 1 })
    })
  })
}

const outcomes: Outcome[] = []
const started = performance.now()
for (const stage of STAGES) {
  const ended = await Promise.all(stage.map((phase) => run(phase, stage.length === 1)))
  outcomes.push(...ended)
  if (ended.some((outcome) => outcome.code !== 0)) break
}
const failed = outcomes.filter((outcome) => outcome.code !== 0)
const width = Math.max(...outcomes.map((outcome) => outcome.name.length))
console.log('\nnpm test, phase by phase (side by side phases overlap):')
for (const { name, seconds, code } of outcomes) console.log(`  ${name.padEnd(width)}  ${seconds.toFixed(0).padStart(5)} s  ${code === 0 ? 'passed' : 'FAILED'}`)
console.log(`  ${'whole run'.padEnd(width)}  ${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s  ${failed.length ? `FAILED: ${failed.map((outcome) => outcome.name).join(', ')}` : 'passed'}`)
process.exitCode = failed.length ? 1 : 0
