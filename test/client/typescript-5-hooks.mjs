// Module hooks for running openapi-typescript: it builds its output with the TypeScript 5 compiler API,
// which the repository's TypeScript 7 (the native compiler) no longer offers as a JavaScript module.
// Only openapi-typescript's own imports of "typescript" go to the typescript-5 package.
export async function resolve(specifier, context, next) {
  if (specifier === 'typescript' && context.parentURL?.includes('/node_modules/openapi-typescript/')) {
    return next('typescript-5', context);
  }
  return next(specifier, context);
}
