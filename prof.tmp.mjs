import { chromium } from '@playwright/test'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
const page = await browser.newPage({ viewport: { width: 412, height: 823 } })
const cdp = await page.context().newCDPSession(page)
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 }); await cdp.send('Profiler.start')
await page.goto(process.argv[2]); await page.waitForTimeout(4000)
const { profile } = await cdp.send('Profiler.stop')
const self = new Map(); const byId = new Map(profile.nodes.map(n => [n.id, n]))
const dt = profile.timeDeltas; const counts = new Map()
for (let i = 0; i < profile.samples.length; i++) counts.set(profile.samples[i], (counts.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0))
for (const [id, us] of counts) { const n = byId.get(id); const cf = n.callFrame; const k = `${cf.functionName || '(anon)'} ${cf.url.replace(/.*\//,'')}:${cf.lineNumber}:${cf.columnNumber}`; self.set(k, (self.get(k) ?? 0) + us) }
console.log([...self].sort((a,b)=>b[1]-a[1]).slice(0,25).map(([k,v])=>`${(v/1000).toFixed(1).padStart(7)} ms ${k}`).join('\n'))
await browser.close()
