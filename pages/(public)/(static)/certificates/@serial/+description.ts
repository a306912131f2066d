import type { PageContext } from 'vike/types'
import type { Data } from './+data'

export function description(pageContext: PageContext<Data>): string {
  const { data } = pageContext
  return `Certificate ${data.serial}: ${data.status === 'valid' ? 'valid' : 'revoked'}. ${data.name}, ${data.event}.`
}
