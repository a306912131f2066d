import { pageTitle } from '#components/seo/title'

export const title = pageTitle('Committees')
