import type { FrontCacheSetting } from '../../../vike'

// The page (`?page=`, +data.ts) makes the list: each page of articles is kept on its own.
export default { query: ['page'] } satisfies FrontCacheSetting
