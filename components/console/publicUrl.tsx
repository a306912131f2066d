import { createContext, type ReactNode, useContext } from 'react'

/**
 * Why links the server makes (invitations, password resets) would not work for anyone else: PUBLIC_URL is
 * not set (links then name http://localhost) or names this machine itself. The console's layout provides
 * it from the page's data (the server reads PUBLIC_URL); null when the links work.
 */
export type PublicUrlIssue = { problem: 'unset' | 'local'; origin: string } | null

const PublicUrlContext = createContext<PublicUrlIssue>(null)

export function PublicUrlProvider({ issue, children }: { issue: PublicUrlIssue; children: ReactNode }) {
  return <PublicUrlContext.Provider value={issue}>{children}</PublicUrlContext.Provider>
}

/** A warning above a link to hand over (or before one is made) when it would only work on this machine. */
export function PublicUrlWarning() {
  const issue = useContext(PublicUrlContext)
  if (!issue) return null
  return (
    <div
      role="note"
      aria-label="Links only work on this machine"
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p className="font-semibold">These links only work on this machine.</p>
      <p className="mt-1">
        {issue.problem === 'unset' ? (
          <>
            <code className="font-mono text-xs">PUBLIC_URL</code> is not set, so links start with{' '}
            <code className="font-mono text-xs break-all">{issue.origin}</code>
          </>
        ) : (
          <>
            <code className="font-mono text-xs">PUBLIC_URL</code> is{' '}
            <code className="font-mono text-xs break-all">{issue.origin}</code>, this machine's own address
          </>
        )}
        : anyone else who opens them reaches nothing. Set{' '}
        <code className="font-mono text-xs">PUBLIC_URL</code> to the site's public address (such as
        https://chapter.example.org), restart the server, then make a new link.
      </p>
    </div>
  )
}
