import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildImage, type Image } from '../../../scripts/lib/containers.cjs';
import { DEPLOY, deployPath } from './site';

export interface SourceEdit {
  /** Relative to the repository root, e.g. mfe-catalog/src/features/home/how-it-works.tsx */
  file: string;
  search: string;
  replace: string;
}

/**
 * A new release of a piece, built the way its image is built (the phase's build of it), from the
 * workspace's sources with `edits` applied to the copy in the build (the workspace itself is not
 * touched).
 */
export function buildRelease(piece: string, name: string, edits: SourceEdit[]): Image {
  const record = DEPLOY.images[piece];
  if (!record) throw new Error(`no image ${piece} in ${process.env['DEPLOY_IMAGES']}`);
  return buildImage(record.build, deployPath('releases', name), {
    log: deployPath('releases', `${name}.log`),
    edit: (dir) => {
      for (const edit of edits) {
        const file = path.join(dir, edit.file);
        const source = readFileSync(file, 'utf8');
        if (!source.includes(edit.search)) throw new Error(`${edit.file} no longer contains ${JSON.stringify(edit.search)}: update the test`);
        writeFileSync(file, source.replace(edit.search, edit.replace));
      }
    },
  });
}
