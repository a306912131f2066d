import type { Actor } from '../../db/queries/trash.server'
import type { User } from '../../db/schema'
import { chapterIdOf } from './policy.server'
import type { Caller } from './sessions.server'

/** Who the trash and the activity log name for a request: the one place that reads it from the session. */
export function actorOf(caller: Caller): Actor {
  return { id: caller.person.id, name: caller.person.name, chapterId: chapterIdOf(caller) }
}

/** A person acting without a session yet (signing in, resetting a password, accepting an invitation). */
export function personActor(person: User): Actor {
  return { id: person.id, name: person.name, chapterId: person.role === 'admin' ? null : person.chapterId }
}
