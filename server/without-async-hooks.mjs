// Keeps Vike from turning on Node's async hooks for the whole process (docs/decisions/108-no-async-hooks.md).
// Plain JavaScript, imported by start.mjs before the server bundle loads Vike.
//
// Vike's server runtime makes one AsyncLocalStorage and runs every render in it, so that `getPageContext()`
// without arguments works in any function a render calls. On Node 20 a running AsyncLocalStorage enables an
// async hook for the life of the process: every socket write, timer and promise pays for it afterwards,
// cached page hits included. Nothing of ours calls `getPageContext()` without arguments.
//
// Vike keeps the storage in an object it shares across copies of its modules (`globalThis._vike.globals`,
// keyed by its module's name) and takes an object already there. Its start-up still makes a storage and
// assigns it to that object, so the object here has no place to keep one. tests/integration/no-async-hooks
// fails if a Vike upgrade moves it.

/** The key of Vike's shared object for its async hook (asyncHook.js in Vike's server runtime). */
export const VIKE_ASYNC_HOOK_KEY = 'server/runtime/asyncHook.ts'

export function keepVikeFromAsyncHooks() {
  globalThis._vike ??= {}
  globalThis._vike.globals ??= {}
  globalThis._vike.globals[VIKE_ASYNC_HOOK_KEY] ??= Object.defineProperty(
    { installPromise: Promise.resolve() },
    'asyncLocalStorage',
    { get: () => null, set: () => {}, enumerable: true },
  )
}
