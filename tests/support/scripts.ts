import { spawn } from 'node:child_process'
import path from 'node:path'
import { projectRoot, withoutTestRunnerVariables } from './build'

export type ScriptRun = { code: number | null; output: string }

/** Runs one of the operator commands (server/cli/<name>.ts) as `npm run <name>` would, without blocking. */
export function runScript(
  name: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(projectRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
        path.join('server', 'cli', `${name}.ts`),
        ...args,
      ],
      {
        cwd: projectRoot,
        env: { ...withoutTestRunnerVariables(), ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, output }))
  })
}
