import net, { type AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** A real SMTP server on loopback for tests: it accepts every message and keeps it, parsed. */
export type TestSmtpServer = {
  url: string
  port: number
  messages: ParsedMail[]
  /** Resolves with the first kept message (waiting for it) that `match` accepts. */
  waitFor(match?: (message: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>
  close(): Promise<void>
}

export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const messages: ParsedMail[] = []
  const waiters: (() => void)[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // Any user and password are accepted: the test checks what arrives, not the login.
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push(parsed)
          for (const wake of waiters.splice(0)) wake()
          callback()
        })
        .catch(callback)
    },
    logger: false,
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const actualPort = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://test:test@127.0.0.1:${actualPort}`,
    port: actualPort,
    messages,
    async waitFor(match = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = messages.find(match)
        if (found) return found
        const left = deadline - Date.now()
        if (left <= 0)
          throw new Error(`no matching mail within ${timeoutMs} ms (${messages.length} received)`)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left)
          waiters.push(() => {
            clearTimeout(timer)
            resolve()
          })
        })
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * An SMTP server on loopback that only counts what it accepts, for benchmarks: parsing every mail (as
 * startSmtpServer does) would take the CPU the measured server needs on a small machine.
 */
export type SmtpSink = {
  url: string
  received(): number
  /** Resolves once `count` mails have arrived in all; rejects after `timeoutMs`. */
  waitForCount(count: number, timeoutMs: number): Promise<void>
  close(): Promise<void>
}

export async function startSmtpSink(): Promise<SmtpSink> {
  let received = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onData(stream, _session, callback) {
      stream.on('end', () => {
        received++
        callback()
      })
      stream.resume()
    },
    logger: false,
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://test:test@127.0.0.1:${port}`,
    received: () => received,
    async waitForCount(count, timeoutMs) {
      const deadline = performance.now() + timeoutMs
      while (received < count) {
        if (performance.now() > deadline)
          throw new Error(`${received} of ${count} mails within ${timeoutMs} ms`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A loopback port nothing listens on (taken and released at once): a mail server that is down. */
export async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** A received mail's recipients as one text. */
export const recipientOf = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).map((to) => to.text).join(', ')

/** Reads until `done` accepts the value, every 50 ms, for at most `timeoutMs` (a deadline, not a sleep). */
export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`not reached in ${timeoutMs} ms: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
