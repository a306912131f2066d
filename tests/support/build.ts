import path from 'node:path'
import { buildIfStale } from '#server/build.mjs'

export const projectRoot = path.resolve(import.meta.dirname, '..', '..')

/** Builds dist/ once when it is missing or older than the sources (the same check `npm start` makes). */
export function ensureProductionBuild(): void {
  // Vike stands aside when it sees a test runner; this build must be the real one.
  if (!buildIfStale(projectRoot, withoutTestRunnerVariables())) throw new Error('vite build failed')
}

/** The environment minus what Vitest adds (VITEST*, NODE_ENV=test), for child processes that build or serve. */
export function withoutTestRunnerVariables(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' }
  for (const name of Object.keys(env)) if (name.startsWith('VITEST') || name === 'TEST') delete env[name]
  return env
}
