/** What the 403 page says to a volunteer whose door link ended (docs/product.md#at-the-door). */
export const DOOR_LINK_ENDED = {
  revoked: 'This door link was revoked',
  expired: 'This door link has expired',
} as const

/** The check-in page's guard names a door link that ended (server/policy/check-in-access.server.ts). */
export function doorLinkEnded(reason: unknown): keyof typeof DOOR_LINK_ENDED | null {
  if (typeof reason !== 'object' || reason === null || !('doorLink' in reason)) return null
  return reason.doorLink === 'revoked' || reason.doorLink === 'expired' ? reason.doorLink : null
}
