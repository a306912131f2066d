import { createHash } from 'node:crypto'

/**
 * The SHA-256 of a text as 64 lowercase hex characters: how tokens are stored (session ids, invitation and
 * reset links), so a copy of the database holds nothing that opens a session or a link. Also registered on
 * every connection as the SQL function `sha256_hex`, for migrations that hash stored tokens.
 */
export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex')
