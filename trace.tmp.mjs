import { chromium } from '@playwright/test'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
const page = await browser.newPage({ viewport: { width: 412, height: 823 } })
const cdp = await page.context().newCDPSession(page)
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
const events = []
cdp.on('Tracing.dataCollected', (d) => events.push(...d.value))
const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r))
await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,toplevel,v8.execute,blink.user_timing', transferMode: 'ReportEvents' })
await page.goto(process.argv[2]); await page.waitForTimeout(4000)
await cdp.send('Tracing.end'); await done
const main = events.find((e) => e.name === 'TracingStartedInBrowser' || e.name === 'TracingStartedInPage')
const counts = new Map(); for (const e of events) if (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') { const k = `${e.pid}:${e.tid}`; counts.set(k, (counts.get(k) ?? 0) + (e.dur ?? 0)) }
const layoutThreads = new Set(events.filter(e => e.name === 'Layout').map(e => `${e.pid}:${e.tid}`))
const renderer = [...layoutThreads]
const onMain = (e) => renderer.includes(`${e.pid}:${e.tid}`)
const tasks = events.filter((e) => onMain(e) && (e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask") && e.dur > 30000); 
const t0 = Math.min(...events.filter(onMain).map(e=>e.ts))
const parse = events.find((e) => onMain(e) && e.name === 'ParseHTML')
const uniq = tasks.filter((t, i) => t.ts >= parse.ts - 1000 && !tasks.some((o, j) => j < i && o.ts === t.ts))
console.log('blocking sum (tasks over 50 ms at 4x):', uniq.reduce((s, t) => s + Math.max(0, t.dur / 1000 - 50), 0).toFixed(0), 'ms')
for (const t of uniq) {
  const kids = events.filter((e) => onMain(e) && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur && e !== t && e.dur > 3000 && ['FunctionCall','EvaluateScript','UpdateLayoutTree','Layout','Paint','v8.compile','TimerFire','FireAnimationFrame','EventDispatch','ParseHTML','MajorGC','MinorGC','RunMicrotasks','v8.evaluateModule','PrePaint','Commit','Layerize','XHRReadyStateChange','ResourceReceiveResponse'].includes(e.name))
  console.log(`task @${((t.ts - t0)/1000).toFixed(0)} ms, ${(t.dur/1000).toFixed(0)} ms:`, kids.map(k => `${k.name}${k.args?.data?.url ? '('+k.args.data.url.replace(/.*\//,'')+')' : ''}${k.args?.data?.functionName ? '['+k.args.data.functionName+']' : ''} ${(k.dur/1000).toFixed(0)}`).join(', '))
}
await browser.close()
