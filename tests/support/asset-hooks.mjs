// Node's module hooks for the pictures content/ imports: a bundler turns `import x from './a.webp'` into
// the file's URL, plain Node (tools run with tsx) cannot. Here such an import is the file's path.
const ASSET = /\.(?:webp|jpe?g|png|svg)$/

/** @type {import('node:module').LoadHook} */
export async function load(url, context, nextLoad) {
  if (ASSET.test(new URL(url).pathname)) {
    return {
      format: 'module',
      source: `export default ${JSON.stringify(new URL(url).pathname)}`,
      shortCircuit: true,
    }
  }
  return nextLoad(url, context)
}
