import { pageTitle } from '#components/seo/title'

/** '(3) Contact List | …': the tab shows how many messages wait. */
export const inboxTitle = (unread: number | undefined) =>
  `${unread ? `(${unread}) ` : ''}${pageTitle('Contact List')}`
