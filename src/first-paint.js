// Runs before the body is painted (a plain, blocking script of a few bytes, no module graph).
// src/lib/first-paint.test.ts keeps it in step with the app.
{
  const root = document.documentElement

  // 1. The frame in index.html is in the language of the file, the host's choice for this athlete
  //    (decision 040): its words show when that is the language the app will start in, the one
  //    chosen before if any (a choice made before the host could know it, or a host that serves one
  //    file only, may differ). The header's words at once; the page's words on the home page at
  //    once, on another public page from the template of its path once the body is parsed.
  const lang = root.lang
  let chosen = null
  try {
    chosen = window.localStorage.getItem('pettorale.locale')
  } catch {
    chosen = 'unknown' // storage refused (privacy mode): no words rather than maybe the wrong ones
  }
  const path = window.location.pathname
  const whenParsed = (run) => {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run)
    else run()
  }
  const showPageWords = () => {
    // A route's pattern as the app writes it: `:name` is one segment.
    const matches = (template) => new RegExp('^' + template.dataset.path.replace(/:\w+/g, '[^/]+') + '$').test(path)
    const template = [...document.querySelectorAll('.boot template[data-path]')].find(matches)
    const words = document.querySelector('.boot-words')
    if (!template || !words) return
    words.replaceChildren(template.content.cloneNode(true))
    // A count of whole years the build wrote as of its own day (the company page's years of
    // activity): as of today on Rome's calendar, as the app counts them.
    for (const count of words.querySelectorAll('[data-years-since]')) {
      const [year, month, day] = count.dataset.yearsSince.split('-').map(Number)
      const calendar = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Rome', year: 'numeric', month: 'numeric', day: 'numeric' })
      const today = Object.fromEntries(calendar.formatToParts().map((part) => [part.type, Number(part.value)]))
      const before = today.month < month || (today.month === month && today.day < day)
      count.textContent = new Intl.NumberFormat(lang).format(today.year - year - (before ? 1 : 0))
    }
    root.setAttribute('data-frame-words', lang)
  }
  // The frame's blocks have the home page's shape (its filters and cards): there only.
  if (path === '/') root.setAttribute('data-frame-home', '')
  if (chosen === null || chosen === lang) {
    root.setAttribute('data-frame-lang', lang)
    if (path === '/') root.setAttribute('data-frame-words', lang)
    else whenParsed(showPageWords)
  }

  // 2. The app's code starts downloading once the frame is on screen, so the frame never waits
  //    behind it (the build moves the entry and its preloads into data-app / data-preload).
  let loading = false
  const load = () => {
    if (loading) return
    loading = true
    // A page's first date or number format loads ICU's data for its language and time zone: 35 to
    // 90 ms of the main thread on this machine. A worker makes one while the app's code comes, and
    // the renderer's ICU keeps the data for the app's first render (public/intl-warm.js, decision 047).
    try {
      new Worker('/intl-warm.js', { name: lang })
    } catch {
      // No worker (refused or unsupported): the app's first format loads the data itself.
    }
    for (const href of (root.dataset.preload || '').split(' ').filter(Boolean)) {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.crossOrigin = ''
      link.href = href
      document.head.append(link)
    }
    if (!root.dataset.app) return
    const script = document.createElement('script')
    script.type = 'module'
    script.crossOrigin = ''
    script.src = root.dataset.app
    document.head.append(script)
  }
  // After the frame that shows what changed is on screen. Where the browser reports the largest
  // paint (Chromium), its entry says so: it comes once the frame is presented, which can be tens of
  // milliseconds after the next frame's callback, and a request started before it makes a slow
  // phone's first paint wait for it (Lighthouse counts it so). Elsewhere, or when what changed is
  // not the largest on screen, after the next frame's callback (a little later where an entry may
  // still come). A tab opened in the background paints nothing (no frame comes): at once there.
  const afterPaint = (run) => {
    if (document.visibilityState === 'hidden') return run()
    let done = false
    const once = () => {
      if (done) return
      done = true
      run()
    }
    const reported = (PerformanceObserver.supportedEntryTypes || []).includes('largest-contentful-paint')
    if (reported) new PerformanceObserver((_, observer) => (observer.disconnect(), once())).observe({ type: 'largest-contentful-paint' })
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(once, reported ? 150 : 0)))
  }

  // 3. On a race's page, its lists and its enrolment wizard, the race is asked for now, before the
  //    app's code (only against a real backend, whose base the build writes into data-api: the
  //    simulated one starts with the app). Its name, words in no language, goes into the frame when
  //    it arrives: the heading (and its place the lead) on the race's page; on a list, the line
  //    under the page's heading that names the race, the largest words there; in the wizard, its
  //    heading, where the race alone decides it (first come, first served: a lottery's heading
  //    depends on the athlete). So the frame paints them rather than React later. The app's API
  //    client takes this same answer instead of asking again. The app's code follows once they are
  //    on screen (it cannot show the race before this answer anyway), or when the request fails, or
  //    after a second at most.
  const race = /^\/race\/(\d{1,9})(\/subscribers|\/ranking|\/subscribe)?$/.exec(path)
  if (race && root.dataset.api !== undefined) {
    // In the language the app will ask in (its texts come per language, decision 030): the one
    // chosen before, else this file's.
    const locales = ['it', 'en', 'es', 'fr', 'zh', 'ja', 'ko']
    const lingua = locales.includes(chosen) ? chosen : lang
    const url = new URL(root.dataset.api + '/api/v1/vdatrailers/gare/' + race[1] + '?lingua=' + lingua, window.location.origin).href
    // The host may have written the answer into the page already (decision 045): taken when it is
    // a race in this language, so the name paints with the page; else asked for now.
    const written = document.querySelector('meta[name="pettorale-race-answer"]')
    let given = null
    try {
      given = written && written.dataset.lingua === lingua ? JSON.parse(written.content) : null
    } catch {
      given = null
    }
    const answer =
      given && typeof given.nome === 'string'
        ? Promise.resolve(new Response(written.content, { status: 200, headers: { 'content-type': 'application/json' } }))
        : fetch(url, { headers: { accept: 'application/json' } })
    window.pettoraleEarlyAnswer = { url, answer }
    const showRace = (detail) => {
      const words = document.querySelector('.boot-words')
      if (!words || typeof detail.nome !== 'string' || typeof detail.localita !== 'string') return
      if (race[2]) {
        const line = words.querySelector('.boot-race-name')
        if (!line || (race[2] === '/subscribe' && detail.ammissione !== 'diretta')) return
        line.textContent = detail.nome + ' ' + detail.edizione
        root.setAttribute('data-frame-race', '')
        return
      }
      words.querySelector('h1').textContent = detail.nome + ' ' + detail.edizione
      words.querySelector('p').textContent = detail.localita
      root.setAttribute('data-frame-words', 'race')
    }
    setTimeout(load, 1000)
    answer
      .then((response) => (response.ok ? response.clone().json() : null))
      .then((detail) => {
        if (!detail) return load()
        const show = () => {
          showRace(detail)
          afterPaint(load)
        }
        whenParsed(show)
      })
      .catch(load) // the app asks again, and says what failed
  } else {
    // After the page's words too (shown once the body is parsed, a frame after the header's), so
    // the first paint with them never waits behind the app's code.
    whenParsed(() => afterPaint(load))
  }
}
