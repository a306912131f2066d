import { pageTitle } from '#components/seo/title'

export const title = pageTitle('Take your seat')
