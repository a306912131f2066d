import { quoteOriginal, replySubject } from '#components/shared/contact-reply'
import { site } from '#content/site'
import type { ContactMessageDto } from '#db/dto'

/**
 * A mailto: link answering a message from one's own mail program (when this site cannot send mail): to its
 * sender, with the subject and the quoted message the console's own replies carry.
 */
export function replyLink(message: ContactMessageDto, timeZone: string): string {
  const body = `\n\n${quoteOriginal(message, timeZone)}\n`
  return `mailto:${message.email}?subject=${encodeURIComponent(replySubject(site.chapterName))}&body=${encodeURIComponent(body)}`
}
