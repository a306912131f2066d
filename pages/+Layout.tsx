import type { ReactNode } from 'react'
import './tailwind.css'

/** The root of every page: only the stylesheet; each area (public site, console) adds its own chrome. */
export function Layout({ children }: { children: ReactNode }) {
  return <>{children}</>
}
