/**
 * A file of the installed package, by its path from the package root. This module sits directly in dist/, one
 * level below the root, and so does every bundle that scripts/bundle-entries.mjs writes (dist/cli.js,
 * dist/engine-worker.js), which inlines it: `import.meta.url` is then the bundle's, still one level down. So one
 * relative step serves both layouts, where a path relative to a module deeper in dist/ would break in the bundle.
 */
export function packageFile(path: string): URL {
  return new URL(`../${path}`, import.meta.url);
}
