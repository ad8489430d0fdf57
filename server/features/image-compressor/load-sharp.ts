import type { Sharp, SharpOptions } from 'sharp';

type SharpFactory = (input?: Buffer, options?: SharpOptions) => Sharp;

let loading: Promise<SharpFactory> | undefined;

/**
 * sharp (libvips) adds ~30 MB of resident memory the moment it is imported; it is loaded on the
 * first image instead of at boot, so a server that never compresses an image never pays for it.
 */
export function loadSharp(): Promise<SharpFactory> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // libvips' operation cache would hold decoded uploads that are never requested twice.
    sharp.cache(false);
    return sharp as SharpFactory;
  });
  return loading;
}
