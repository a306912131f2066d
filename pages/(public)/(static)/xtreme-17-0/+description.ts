import { descriptionOf } from '#components/seo/page-meta'

export const description = descriptionOf('/xtreme-17-0')
