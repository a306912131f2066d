import type { Actor } from '../../db/queries/trash.server'
import type { Caller } from './sessions.server'

/** Who the trash and the activity log name for a request: the one place that reads it from the session. */
export function actorOf(caller: Caller): Actor {
  const { account } = caller
  return { id: account.id, name: account.name, chapterId: account.role === 'admin' ? null : account.id }
}
