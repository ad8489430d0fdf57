import { relative, sep } from 'node:path';

/** esbuild plugin: the client bundle fails to build if anything under server/ or db/ enters its graph. */
export function forbidServerImports(root) {
  return {
    name: 'forbid-server-imports',
    setup(build) {
      build.onLoad({ filter: /.*/ }, (args) => {
        const rel = relative(root, args.path).split(sep).join('/');
        if (rel.startsWith('server/') || rel.startsWith('db/')) {
          return { errors: [{ text: `client bundle imports server-only module ${rel}` }] };
        }
        return undefined;
      });
    },
  };
}
