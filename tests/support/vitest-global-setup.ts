import { ensureProductionBuild } from './build'

/** The process tests start `npm start`'s entry, which needs a current build; build it once up front. */
export default function setup(): void {
  ensureProductionBuild()
}
