import { descriptionOf } from '#components/seo/page-meta'

export const description = descriptionOf('/application-for-technical-cosponsorship')
