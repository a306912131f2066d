// `node --import ./tests/support/assets-as-paths.mjs`: pictures imported by content/ load as their paths
// (tests/support/asset-hooks.mjs), for tools that start the app on plain Node.
import { register } from 'node:module'

register('./asset-hooks.mjs', import.meta.url)
