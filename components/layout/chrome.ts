import { type CountdownParts, countdownParts, formatPart, localTime } from '../countdown/countdown-parts'
import { hasSignedInHint } from '../shared/signed-in-hint'

/**
 * The public layout's behaviour without React: header hide/show, menus, scroll-to-top and the
 * signed-in hint. It runs on every page (pages/+client.ts), including pages that ship no framework,
 * and only touches attributes of <html> and native <details> elements, never DOM that React renders.
 * Two small enhancers bring HTML-only pages to life: counters ([data-count-to]) and the countdown
 * ([data-countdown-target]); only pages that React does not hydrate use those attributes. Larger ones are
 * imported only by pages that need them (docs/decisions/037-no-framework-on-public-pages.md): the carousel ([data-carousel], with Swiper), the
 * video poster ([data-video-id]) and the contact form ([data-contact-form]). On a page React does not hydrate, <html data-hydrated> is set once they
 * are running, as onHydrationEnd sets it on hydrated pages: from then on every control works.
 */

const SCROLL_TOP_THRESHOLD = 300
/** The counter strip's animation (docs/product.md#constants). */
const COUNT_DURATION_MS = 5_000

export function startChrome(doc: Document = document, win: Window = window): void {
  const root = doc.documentElement
  const setFlag = (name: string, on: boolean) => {
    if (on) root.setAttribute(name, '')
    else root.removeAttribute(name)
  }

  // The public header shows its Dashboard link from this attribute, set once per full page load here and
  // after signing in or out by the console (components/console/signedInHint.ts).
  setFlag('data-signed-in', hasSignedInHint(doc.cookie, doc.location.protocol === 'https:'))

  let lastY = win.scrollY
  let scheduled = false
  const onScroll = () => {
    scheduled = false
    const y = Math.max(0, win.scrollY)
    const header = doc.querySelector<HTMLElement>('[data-site-header]')
    const headerHeight = header?.offsetHeight ?? 64
    const menuOpen = Boolean(header?.querySelector('details[open]'))
    const focusInHeader = Boolean(header?.contains(doc.activeElement))
    const goingDown = y > lastY
    if (Math.abs(y - lastY) > 4 || y <= headerHeight) {
      setFlag('data-header-hidden', goingDown && y > headerHeight && !menuOpen && !focusInHeader)
      lastY = y
    }
    setFlag('data-scrolled', y > SCROLL_TOP_THRESHOLD)
  }
  win.addEventListener(
    'scroll',
    () => {
      if (scheduled) return
      scheduled = true
      win.requestAnimationFrame(onScroll)
    },
    { passive: true },
  )
  onScroll()

  const closeMenus = (except?: Element | null) => {
    for (const menu of doc.querySelectorAll<HTMLDetailsElement>('[data-site-header] details[open]')) {
      if (menu !== except && !menu.contains(except ?? null)) menu.open = false
    }
  }

  doc.addEventListener(
    'toggle',
    (event) => {
      const target = event.target
      if (target instanceof HTMLDetailsElement && target.open && target.closest('[data-site-header]')) {
        closeMenus(target)
        setFlag('data-header-hidden', false)
      }
    },
    true,
  )
  doc.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null
    if (!target) return
    if (target.closest('[data-scroll-top]')) {
      event.preventDefault()
      const smooth = !win.matchMedia('(prefers-reduced-motion: reduce)').matches
      win.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' })
      doc.querySelector<HTMLElement>('#top')?.focus({ preventScroll: true })
      return
    }
    // A followed link or a click outside closes the open menus (client-side navigation keeps the header).
    if (target.closest('[data-site-header] a') || !target.closest('[data-site-header] details')) closeMenus()
  })
  doc.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return
    const open = doc.querySelector<HTMLDetailsElement>('[data-site-header] details[open]')
    if (!open) return
    closeMenus()
    open.querySelector('summary')?.focus()
  })
  // GET forms marked [data-omit-empty] (the events filters) send no empty field: the address they lead to
  // is the short one a visitor bookmarks. Without scripts the empty fields go along and mean "any".
  doc.addEventListener(
    'formdata',
    (event) => {
      const form = event.target
      if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-omit-empty')) return
      const data = (event as FormDataEvent).formData
      for (const name of new Set(data.keys())) {
        if (data.getAll(name).every((value) => value === '')) data.delete(name)
      }
    },
    true,
  )
  startCounters(doc, win)
  startCountdowns(doc, win)
  const enhancers: Promise<void>[] = []
  if (doc.querySelector('[data-carousel]')) {
    enhancers.push(import('../chapter/carousel').then((module) => module.startCarousels(doc)))
  }
  if (doc.querySelector('a[data-video-id]')) {
    enhancers.push(import('../chapter/video').then((module) => module.startVideoPosters(doc)))
  }
  if (doc.querySelector('form[data-contact-form]')) {
    enhancers.push(import('../contact/contact-form').then((module) => module.startContactForms(doc)))
  }
  if (doc.querySelector('form[data-registration-form], form[data-link-request-form]')) {
    enhancers.push(import('../events/registration-form').then((module) => module.startRegistrationForms(doc)))
  }
  // Vike writes its page context only on pages React hydrates; there, onHydrationEnd sets the marker.
  if (!doc.getElementById('vike_pageContext')) {
    void Promise.all(enhancers).then(() => setFlag('data-hydrated', true))
  }

  // Keyboard users who tab into a hidden header get it back.
  doc.addEventListener('focusin', (event) => {
    if (event.target instanceof Element && event.target.closest('[data-site-header]')) {
      setFlag('data-header-hidden', false)
    }
  })
}

/** Counts each [data-count-to] up from 0 once it scrolls into view. The server wrote the final number. */
function startCounters(doc: Document, win: Window): void {
  const counters = doc.querySelectorAll<HTMLElement>('[data-count-to]')
  if (!counters.length || typeof IntersectionObserver === 'undefined') return
  if (win.matchMedia('(prefers-reduced-motion: reduce)').matches) return
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue
      observer.unobserve(entry.target)
      const counter = entry.target as HTMLElement
      const to = Number(counter.dataset.countTo)
      const start = win.performance.now()
      const step = (now: number) => {
        const progress = Math.min(1, (now - start) / COUNT_DURATION_MS)
        counter.textContent = String(Math.round(to * progress))
        if (progress < 1) win.requestAnimationFrame(step)
      }
      win.requestAnimationFrame(step)
    }
  })
  for (const counter of counters) {
    counter.textContent = '0'
    observer.observe(counter)
  }
}

/** Recounts each [data-countdown-target] every second in the visitor's clock; stops at zero. */
function startCountdowns(doc: Document, win: Window): void {
  for (const countdown of doc.querySelectorAll<HTMLElement>('[data-countdown-target]')) {
    const target = localTime(countdown.dataset.countdownTarget ?? '')
    if (Number.isNaN(target)) continue
    const tick = () => {
      const parts = countdownParts(target, Date.now())
      for (const part of countdown.querySelectorAll<HTMLElement>('[data-countdown-part]')) {
        const name = part.dataset.countdownPart as keyof CountdownParts
        part.textContent = formatPart(name, parts[name])
      }
      return parts.days + parts.hours + parts.mins + parts.secs > 0
    }
    if (tick()) {
      const timer = win.setInterval(() => {
        if (!tick()) win.clearInterval(timer)
      }, 1000)
    }
  }
}
