import { formatDateTime } from './dates'

/** The subject of an answer to a contact message, in the console's mail link and in the mail it sends. */
export const replySubject = (chapterName: string) => `Re: your message to ${chapterName}`

/** The original under an attribution line, each line behind "> ", as a mail client quotes. */
export function quoteOriginal(
  original: {
    name: string
    message: string
    receivedAt: Date | string
  },
  /** The site's TIME_ZONE: the quote's time reads the same in the console's link and the mail sent. */
  timeZone: string,
): string {
  const quoted = original.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n')
  return `On ${formatDateTime(original.receivedAt, timeZone)}, ${original.name} wrote:\n${quoted}`
}
