import { descriptionOf } from '#components/seo/page-meta'

export const description = descriptionOf('/team-spark-21')
