import type { PageContextServer } from 'vike/types'

export type Data = Awaited<ReturnType<typeof data>>

/** The ticket of the code in the URL, or null when it is not one this site signed (or no longer kept). */
export async function data(pageContext: PageContextServer) {
  return { ticket: await pageContext.tickets.view(pageContext.routeParams.code ?? '') }
}
