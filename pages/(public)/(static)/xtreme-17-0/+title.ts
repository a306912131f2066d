import { titleOf } from '#components/seo/page-meta'

export const title = titleOf('/xtreme-17-0')
