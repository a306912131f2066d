import { titleOf } from '#components/seo/page-meta'

export const title = titleOf('/application-for-technical-cosponsorship')
