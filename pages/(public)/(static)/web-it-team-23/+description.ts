import { descriptionOf } from '#components/seo/page-meta'

export const description = descriptionOf('/web-it-team-23')
