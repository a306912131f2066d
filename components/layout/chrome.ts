/**
 * The public layout's behaviour without React: header hide/show, menus, scroll-to-top and the
 * signed-in hint. It runs on every page (pages/+client.ts), including pages that ship no framework,
 * and only touches attributes of <html> and native <details> elements, never DOM that React renders.
 */

const SCROLL_TOP_THRESHOLD = 300
/** Cookie set next to the httpOnly session cookie; it says only "someone is signed in here". */
export const SIGNED_IN_HINT_COOKIE = 'signed_in'

export function startChrome(doc: Document = document, win: Window = window): void {
  const root = doc.documentElement
  const setFlag = (name: string, on: boolean) => {
    if (on) root.setAttribute(name, '')
    else root.removeAttribute(name)
  }

  setFlag('data-signed-in', doc.cookie.split(/;\s*/).includes(`${SIGNED_IN_HINT_COOKIE}=1`))

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
  // Keyboard users who tab into a hidden header get it back.
  doc.addEventListener('focusin', (event) => {
    if (event.target instanceof Element && event.target.closest('[data-site-header]')) {
      setFlag('data-header-hidden', false)
    }
  })
}
