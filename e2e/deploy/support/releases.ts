import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { assembleImage, buildStage, type Image } from '../../../scripts/lib/containers.cjs';
import { deployPath } from './site';

export interface SourceEdit {
  /** Relative to the repository root, e.g. mfe-catalog/src/features/home/how-it-works.tsx */
  file: string;
  search: string;
  replace: string;
}

/**
 * A new release of a piece, built the way its Dockerfile builds it, from the workspace's sources
 * with `edits` applied to the copy in the build (the workspace itself is not touched).
 */
export function buildRelease(dockerfile: string, name: string, edits: SourceEdit[]): Image {
  const build = buildStage(dockerfile, 'build', deployPath('releases', name, 'build'), {
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
  return assembleImage(dockerfile, deployPath('releases', name, 'image'), { build });
}
