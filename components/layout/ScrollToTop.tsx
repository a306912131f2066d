import { ChromeGlyph } from './ChromeGlyph'

/** A plain link to #top, so it works without JavaScript; the chrome script shows it past 300 px. */
export function ScrollToTop() {
  return (
    <a
      href="#top"
      data-scroll-top
      className="scroll-top-button fixed right-4 bottom-4 z-40 inline-flex size-11 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
    >
      <ChromeGlyph d="M12 19V5M5 12l7-7 7 7" strokeWidth="2.5" roundJoins />
      <span className="sr-only">Scroll to top</span>
    </a>
  )
}
