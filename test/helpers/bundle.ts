import { build, type Metafile, type OutputFile } from 'esbuild';

/** Bundles island entry points the way the client build splits them, in memory, React left out. */
export async function bundleForBrowser(
  entryPoints: string[],
  options: { minify?: boolean } = {},
): Promise<{ metafile: Metafile; outputFiles: OutputFile[] }> {
  return build({
    entryPoints,
    bundle: true,
    write: false,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    minify: options.minify ?? false,
    outdir: 'out',
    metafile: true,
    external: ['react', 'react-dom', 'react/jsx-runtime'],
    logLevel: 'silent',
  });
}

/** Inputs the browser must never get: zod (docs/decisions/0005), server/ and db/ code. */
export function serverOnlyInputs(metafile: Metafile): string[] {
  return Object.keys(metafile.inputs).filter((path) => /node_modules\/zod\/|^server\/|^db\//.test(path));
}
