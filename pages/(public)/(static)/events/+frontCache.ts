import type { FrontCacheSetting } from '../../../vike'

// ?after= and ?before= page through the lists (+data.ts); each such URL is kept on its own.
export default { query: ['after', 'before'] } satisfies FrontCacheSetting
