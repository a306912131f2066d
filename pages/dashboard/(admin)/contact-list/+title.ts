import type { PageContext } from 'vike/types'
import type { Data } from './+data'
import { inboxTitle } from './inboxTitle'

export const title = (pageContext: PageContext) => inboxTitle((pageContext.data as Data | undefined)?.unread)
