import { site } from '#content/site'
import { ScrollToTop } from './ScrollToTop'
import { useSiteFooter } from './useSiteTexts'

/** A link of the footer's lists; one to another site (a social profile) opens in a new tab. */
function FooterLink({
  href,
  external = false,
  children,
}: {
  href: string
  external?: boolean
  children: string
}) {
  return (
    <a
      className="hover:text-white hover:underline"
      href={href}
      {...(external ? { rel: 'noopener', target: '_blank' } : {})}
    >
      {children}
    </a>
  )
}

export function SiteFooter({ year }: { year: number }) {
  const texts = useSiteFooter()
  return (
    <footer className="mt-16 bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-6">
        <section className="lg:col-span-2" aria-labelledby="footer-about">
          <h2 id="footer-about" className="text-lg font-semibold text-white">
            {site.chapterName}
          </h2>
          <p className="mt-3 text-sm leading-6">
            {site.description} Together with more than {texts.memberCount} members of the {site.societyName},
            we bring students, researchers and professionals together.
          </p>
          <p className="mt-4 text-sm">
            <a className="underline hover:text-white" href={`mailto:${texts.contact.email}`}>
              {texts.contact.email}
            </a>
            <br />
            {texts.contact.phone} · {texts.contact.address}
          </p>
        </section>
        {texts.columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{column.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.href}>
                  <FooterLink href={link.href}>{link.label}</FooterLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            © {year} {site.chapterName}. All rights reserved.
          </p>
          <ul className="flex flex-wrap gap-4" aria-label="Social links">
            {texts.social.map((link) => (
              <li key={link.href}>
                <FooterLink href={link.href} external>
                  {link.label}
                </FooterLink>
              </li>
            ))}
            <li>
              <FooterLink href="/login">Officer sign-in</FooterLink>
            </li>
          </ul>
        </div>
      </div>
      {/* Fixed to the corner, but inside a landmark like all content (axe: region). */}
      <ScrollToTop />
    </footer>
  )
}
