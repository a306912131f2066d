import type { Actor } from '../../db/queries/trash.server'
import { chapterIdOf } from './policy.server'
import type { Caller } from './sessions.server'

/** Who the trash and the activity log name for a request: the one place that reads it from the session. */
export function actorOf(caller: Caller): Actor {
  return { id: caller.person.id, name: caller.person.name, chapterId: chapterIdOf(caller) }
}
