// `npm start`: build when there is no current build, then run the bundled server in this same process.
// Plain JavaScript because it runs before anything is built.
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { buildIfStale, serverBundleFile } from './build.mjs'
import { keepVikeFromAsyncHooks } from './without-async-hooks.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
// Every relative path (dist/, db/migrations, the default ./data) is relative to the project folder.
process.chdir(root)

// Builds only when dist/ was not made from these sources (one hash of them, ~40 ms), and says so.
if (!buildIfStale(root, { ...process.env, NODE_ENV: 'production' })) {
  console.error('The build failed; see the messages above.')
  process.exit(1)
}

keepVikeFromAsyncHooks()
await import(pathToFileURL(serverBundleFile(root)).href)
