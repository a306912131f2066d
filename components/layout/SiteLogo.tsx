import { site } from '#content/site'

export function SiteLogo() {
  return (
    <a href="/" className="flex min-w-0 items-center gap-2.5 rounded-md text-slate-900 no-underline">
      <svg aria-hidden="true" viewBox="0 0 40 40" className="size-9 shrink-0">
        <rect width="40" height="40" rx="9" className="fill-brand-700" />
        <path
          d="M11 14.5 6.5 20l4.5 5.5M29 14.5l4.5 5.5-4.5 5.5M23 11l-6 18"
          fill="none"
          stroke="#fff"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="flex min-w-0 flex-col leading-tight">
        <span className="truncate text-base font-bold tracking-tight">{site.shortName}</span>
        <span className="hidden truncate text-xs text-slate-600 sm:block">{site.chapterName}</span>
      </span>
    </a>
  )
}
