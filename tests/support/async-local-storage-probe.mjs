// Loaded with `node --import` ahead of the server (tests/integration/no-async-hooks.test.ts): counts the
// times any AsyncLocalStorage starts a context, and prints the count as the process exits.
import { AsyncLocalStorage } from 'node:async_hooks'
import fs from 'node:fs'

let contexts = 0
const { run, enterWith } = AsyncLocalStorage.prototype
/**
 * @param {unknown} store
 * @param {(...args: unknown[]) => unknown} callback
 * @param {unknown[]} args
 */
AsyncLocalStorage.prototype.run = function (store, callback, ...args) {
  contexts++
  return run.call(this, store, callback, ...args)
}
/** @param {unknown} store */
AsyncLocalStorage.prototype.enterWith = function (store) {
  contexts++
  enterWith.call(this, store)
}
process.on('exit', () => fs.writeSync(2, `async-local-storage-contexts=${contexts}\n`))
