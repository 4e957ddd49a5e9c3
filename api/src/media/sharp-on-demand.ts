import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips), loaded the first time a photo is processed or a picture is read for IIIF: an api
 * instance that does neither maps none of libvips (12-16 MB resident, docs/performance.md).
 * Every picture is new to the process, so libvips' operation cache would only hold memory: it is off.
 */
export function sharpOnDemand(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
