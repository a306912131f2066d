// `npm start`: build when there is no current build, then run the bundled server in this same process.
// Plain JavaScript because it runs before anything is built.
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { isBuildCurrent, serverBundleFile } from './build.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
// Every relative path (dist/, db/migrations, the default ./data) is relative to the project folder.
process.chdir(root)

if (!isBuildCurrent(root)) {
  console.log('Building the site (no current build found)...')
  const vitePackage = createRequire(import.meta.url).resolve('vite/package.json')
  const viteBin = path.join(path.dirname(vitePackage), 'bin', 'vite.js')
  const result = spawnSync(process.execPath, [viteBin, 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (result.status !== 0) {
    console.error('The build failed; see the messages above.')
    process.exit(1)
  }
}

await import(pathToFileURL(serverBundleFile(root)).href)
