// The ceiling of `npm run bench`: a bare node:http server answering recorded responses from memory, with the
// headers that matter (content type and encoding). It runs as its own process, like the real server, so
// the load generator never shares its event loop. Plain JavaScript: nothing to load but Node itself.
import { createServer } from 'node:http'

/** @type {Map<string, { headers: Record<string, string>, body: Buffer }>} */
const answers = new Map()

const server = createServer((req, res) => {
  const answer = answers.get(req.url ?? '')
  if (!answer) {
    res.writeHead(404, { 'Content-Type': 'text/plain' })
    res.end('not recorded')
    return
  }
  res.writeHead(200, answer.headers)
  res.end(answer.body)
})

process.on('message', (message) => {
  const { url, headers, body } =
    /** @type {{ url: string, headers: Record<string, string>, body: string }} */ (message)
  const bytes = Buffer.from(body, 'base64')
  answers.set(url, { headers: { ...headers, 'Content-Length': String(bytes.length) }, body: bytes })
  process.send?.({ recorded: url })
})

server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 })
})
