import { createContext, type ReactNode, useContext } from 'react'

/**
 * What the API accepts, as the console's generic components need it: page size and search length of
 * the lists, and the image uploads' types and size. The console's layout (pages/dashboard/+Layout.tsx)
 * provides the values from db/, so components never import db/ themselves.
 */
export type ApiLimits = {
  pageSize: number
  searchMax: number
  /** MIME type -> name shown to people, e.g. 'image/png' -> 'PNG'. */
  imageFormats: Readonly<Record<string, string>>
  imageMaxBytes: number
}

const ApiLimitsContext = createContext<ApiLimits | null>(null)

export function ApiLimitsProvider({ limits, children }: { limits: ApiLimits; children: ReactNode }) {
  return <ApiLimitsContext.Provider value={limits}>{children}</ApiLimitsContext.Provider>
}

export function useApiLimits(): ApiLimits {
  const limits = useContext(ApiLimitsContext)
  if (!limits) throw new Error('useApiLimits() needs an <ApiLimitsProvider> around it')
  return limits
}
