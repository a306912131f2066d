import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { projectRoot, withoutTestRunnerVariables } from './build'

export type ServerProcess = {
  url: string
  dataDir: string
  child: ChildProcess
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string
  /** SIGTERM, then waits for the exit; resolves with the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>
}

/**
 * The options `npm start` gives node (package.json's start script, the one place they are written), so a
 * server started here runs as `npm start` runs it: `--max-old-space-size` bounds the heap V8 lets grow
 * under load, which is most of the process's resident memory.
 */
export function startScriptNodeOptions(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string }
  }
  const words = manifest.scripts.start.split(/\s+/)
  return words.slice(1, words.indexOf('server/start.mjs')).filter((word) => word.startsWith('--'))
}

export function freshDataDir(prefix = 'chapter-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix))
}

/**
 * Starts the real production server (server/start.mjs, what `npm start` runs) on a free loopback
 * port and waits until it prints its URL.
 */
export async function startServer(
  options: {
    dataDir?: string
    env?: Record<string, string>
    timeoutMs?: number
    /**
     * Send what the process prints to this file instead of a pipe this process reads: a load run logs a
     * line per request, and reading them would take CPU from the server being measured.
     */
    logFile?: string
    /** Options for node itself, before the entry (`--cpu-prof`, `--expose-gc`, `--import` a probe). */
    nodeArgs?: string[]
    /**
     * Run it on a pseudo-terminal, as a person at a terminal starts it (util-linux `script`, which copies
     * what the server prints to this process and ends it when told to stop).
     */
    terminal?: boolean
  } = {},
): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? freshDataDir()
  const logFd = options.logFile === undefined ? undefined : fs.openSync(options.logFile, 'a')
  // node itself runs the server (no wrapper process), so a signal sent to `child` reaches the server; on a
  // terminal, `script` passes it on.
  const command = [
    process.execPath,
    ...startScriptNodeOptions(),
    ...(options.nodeArgs ?? []),
    path.join(projectRoot, 'server', 'start.mjs'),
  ]
  const quoted = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`
  const [file, ...args] = options.terminal
    ? ['script', '--quiet', '--return', '--command', `exec ${command.map(quoted).join(' ')}`, '/dev/null']
    : command
  const child = spawn(file as string, args, {
    cwd: projectRoot,
    env: {
      ...withoutTestRunnerVariables(),
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // No backups of its own unless a test asks (tests/integration/scheduled-backups.test.ts): one would
      // take CPU and disk in the middle of a measurement or a crash round.
      BACKUP_DIR: 'off',
      ...options.env,
    },
    stdio: logFd === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', logFd, logFd],
  })
  if (logFd !== undefined) fs.closeSync(logFd)
  let piped = ''
  child.stdout?.on('data', (chunk) => {
    piped += chunk
  })
  child.stderr?.on('data', (chunk) => {
    piped += chunk
  })
  const output = () => (options.logFile === undefined ? piped : fs.readFileSync(options.logFile, 'utf8'))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))

  const url = await new Promise<string>((resolve, reject) => {
    let settled = false
    const finish = (settle: () => void) => {
      if (settled) return
      settled = true
      child.stdout?.off('data', check)
      clearTimeout(timer)
      clearInterval(poll)
      settle()
    }
    const timer = setTimeout(
      () => finish(() => reject(new Error(`server did not start in time:\n${output()}`))),
      options.timeoutMs ?? 60_000,
    )
    const check = () => {
      if (settled) return
      const text = output()
      const match = /ready at (http:\/\/localhost:\d+)/.exec(text)
      // Ready once the whole start-up message is in: on a terminal it arrives in pieces, and its last line
      // says where to sign in.
      if (match?.[1] && /Sign in at /.test(text)) {
        const found = match[1]
        finish(() => resolve(found.replace('localhost', '127.0.0.1')))
      }
    }
    const poll = setInterval(check, 50)
    child.stdout?.on('data', check)
    exited.then((code) =>
      finish(() => reject(new Error(`server exited with ${code} before it was ready:\n${output()}`))),
    )
  })

  return {
    url,
    dataDir,
    child,
    output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
}

/**
 * Resolves once the outbox of a server process (its data directory's database, read alongside it) holds
 * no mail still to send: every one was handed to the mail server, so a test may say what was not sent.
 */
export async function outboxDrainedIn(dataDir: string, timeoutMs = 60_000): Promise<void> {
  const { default: SQLite } = await import('better-sqlite3')
  const { databaseFileName } = await import('#db/client.server')
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const db = new SQLite(path.join(dataDir, databaseFileName), { readonly: true, timeout: 5_000 })
    let pending: number
    try {
      pending = db
        .prepare("SELECT count(*) FROM outbox_mails WHERE status = 'pending'")
        .pluck()
        .get() as number
    } finally {
      db.close()
    }
    if (pending === 0) return
    if (Date.now() > deadline) throw new Error(`${pending} mails still pending after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
