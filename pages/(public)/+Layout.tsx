import type { ReactNode } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { PublicLayout } from '#components/layout/PublicLayout'

export function Layout({ children }: { children: ReactNode }) {
  const { urlPathname } = usePageContext()
  return <PublicLayout pathname={urlPathname}>{children}</PublicLayout>
}
