import { QueryClientProvider, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { navigate } from 'vike/client/router'
import { usePageContext } from 'vike-react/usePageContext'
import { api } from '#components/console/api'
import { type ApiLimits, ApiLimitsProvider } from '#components/console/apiLimits'
import { ConsoleToaster } from '#components/console/ConsoleToaster'
import { confirmLeaving } from '#components/console/leaveGuard'
import { PublicUrlProvider } from '#components/console/publicUrl'
import { createQueryClient } from '#components/console/queryClient'
import { setSignedInHint } from '#components/console/signedInHint'
import { UnsavedChangesGuard } from '#components/console/UnsavedChangesGuard'
import { useUnreadCount } from '#components/console/useUnreadCount'
import { ConsoleLayout } from '#components/layout/ConsoleLayout'
import { DoorFrame } from '#components/layout/DoorFrame'
import { DEFAULT_PAGE_SIZE, SEARCH_MAX } from '#db/list-params'
import { IMAGE_UPLOAD_FORMATS, IMAGE_UPLOAD_MAX_BYTES } from '#db/validation'

const apiLimits: ApiLimits = {
  pageSize: DEFAULT_PAGE_SIZE,
  searchMax: SEARCH_MAX,
  imageFormats: IMAGE_UPLOAD_FORMATS,
  imageMaxBytes: IMAGE_UPLOAD_MAX_BYTES,
}

function SignedInConsole({ children }: { children: ReactNode }) {
  const { user, urlPathname } = usePageContext()
  const queryClient = useQueryClient()
  const [loggingOut, setLoggingOut] = useState(false)
  const unread = useUnreadCount(user?.isAdmin === true)

  const logout = async () => {
    if (!(await confirmLeaving())) return
    setLoggingOut(true)
    try {
      await api('/api/auth/logout', { method: 'POST' })
    } catch {
      // An already ended session is signed out all the same.
    }
    queryClient.clear()
    setSignedInHint(false)
    await navigate('/login')
    setLoggingOut(false)
  }

  // The server's guards sent visitors without a session to /login: no user here is a door volunteer,
  // whom a door link lets onto one event's check-in page and nowhere else.
  if (!user) return <DoorFrame>{children}</DoorFrame>
  return (
    <ConsoleLayout
      badges={{ '/dashboard/contact-list': unread }}
      email={user.email}
      isAdmin={user.isAdmin}
      pathname={urlPathname}
      onLogout={logout}
      loggingOut={loggingOut}
    >
      {children}
    </ConsoleLayout>
  )
}

/** One query cache per signed-in console: a new sign-in never sees the previous account's data. */
export function Layout({ children }: { children: ReactNode }) {
  const { publicUrlIssue } = usePageContext()
  const [queryClient] = useState(() =>
    createQueryClient(() => {
      void navigate('/login')
    }),
  )
  return (
    <QueryClientProvider client={queryClient}>
      <ApiLimitsProvider limits={apiLimits}>
        <PublicUrlProvider issue={publicUrlIssue ?? null}>
          <SignedInConsole>{children}</SignedInConsole>
        </PublicUrlProvider>
      </ApiLimitsProvider>
      <ConsoleToaster />
      <UnsavedChangesGuard />
    </QueryClientProvider>
  )
}
