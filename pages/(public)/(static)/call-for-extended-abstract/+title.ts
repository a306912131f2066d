import { titleOf } from '#components/seo/page-meta'

export const title = titleOf('/call-for-extended-abstract')
