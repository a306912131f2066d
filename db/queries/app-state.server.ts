import { eq } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import { appState } from '../schema'

export function readAppState(db: Queryable, key: string): string | undefined {
  return db.select({ value: appState.value }).from(appState).where(eq(appState.key, key)).get()?.value
}

export function writeAppState(db: Queryable, key: string, value: string): void {
  db.insert(appState)
    .values({ key, value })
    .onConflictDoUpdate({ target: appState.key, set: { value } })
    .run()
}
