import type { AppDeps, Feature } from '#server/deps.ts';
import { imageCompressorRouter } from './router.ts';
import { createImageCompressor } from './service.ts';

/** The image compressor: uploads checked in the web process, encoded by a pool of worker processes. */
export function imageCompressorFeature({ config, log }: AppDeps): Feature {
  const settings = config.imageCompressor;
  const compressor = createImageCompressor({
    ...settings,
    onCrash: (detail) => log.warn(detail, 'image encoder worker died'),
  });
  return { api: imageCompressorRouter(compressor, settings), stop: () => compressor.close() };
}
