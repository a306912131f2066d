import { site } from '../../../../content/site'
import type { ContactMessageDto } from '../../../../db/dto'
import { formatReceived } from './columns'

/**
 * A mailto: link answering a message: to its sender, with the subject 'Re: your message to {chapter}'
 * and the message quoted under an attribution line, as a mail client quotes.
 */
export function replyLink(message: ContactMessageDto): string {
  const quoted = message.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n')
  const body = `\n\nOn ${formatReceived(message.receivedAt)}, ${message.name} wrote:\n${quoted}\n`
  const subject = `Re: your message to ${site.chapterName}`
  return `mailto:${message.email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
}
