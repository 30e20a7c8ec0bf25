// Preloaded (`node --import`) into the workers of the `react-18` test project:
// every `react…` and `react-dom…` specifier, from CommonJS or ES modules, in
// this package's code or in a dependency such as @testing-library/react,
// resolves to the React 18 copies installed as `react-18` and `react-dom-18`.
import Module, { createRequire, register } from 'node:module';

const require = createRequire(import.meta.url);

/** `react-dom/client` → `react-dom-18/client`; anything else → undefined. */
export function toReact18(specifier) {
  const match = /^react(-dom)?(\/.*)?$/.exec(specifier);
  return match ? `react${match[1] ?? ''}-18${match[2] ?? ''}` : undefined;
}

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const target = toReact18(request);
  return target ? require.resolve(target) : resolveFilename.call(this, request, ...rest);
};

const hooks = `
const from = ${JSON.stringify(import.meta.url)};
export async function resolve(specifier, context, next) {
  const match = /^react(-dom)?(\\/.*)?$/.exec(specifier);
  if (!match) return next(specifier, context);
  return next('react' + (match[1] ?? '') + '-18' + (match[2] ?? ''), { ...context, parentURL: from });
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
