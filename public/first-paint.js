// Runs before the body is painted (a plain, blocking script of a few bytes, no module graph).
// src/lib/first-paint.test.ts keeps it in step with the app.
{
  // 1. The frame in index.html carries the home page's title and lead in Italian: shown only on the
  //    home page and only when Italian is surely the athlete's language (a first visit, Italian
  //    being the default, or Italian chosen before).
  let chosen = null
  try {
    chosen = window.localStorage.getItem('pettorale.locale')
  } catch {
    chosen = 'unknown' // storage refused (privacy mode): no words rather than maybe the wrong ones
  }
  if (window.location.pathname === '/' && (chosen === null || chosen === 'it')) {
    document.documentElement.setAttribute('data-frame-words', 'it')
  }

  // 2. The app's code starts downloading once that frame is on screen, so the frame never waits
  //    behind it (the build moves the entry and its preloads into data-app / data-preload).
  const root = document.documentElement
  const load = () => {
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
  // A tab opened in the background paints nothing (no animation frame comes): load at once there.
  if (document.visibilityState === 'hidden') load()
  else requestAnimationFrame(() => setTimeout(load, 0))
}
