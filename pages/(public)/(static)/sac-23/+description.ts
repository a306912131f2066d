import { descriptionOf } from '#components/seo/page-meta'

export const description = descriptionOf('/sac-23')
