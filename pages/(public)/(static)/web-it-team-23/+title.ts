import { titleOf } from '#components/seo/page-meta'

export const title = titleOf('/web-it-team-23')
