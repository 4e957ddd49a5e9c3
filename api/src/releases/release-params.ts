import { NotFoundException, type PipeTransform } from '@nestjs/common';
import { isReleaseRemote, isReleaseVersion, RELEASE_REMOTES, type ReleaseRemote } from '@antiquarium/contracts';

/** A remote the registry does not know is a 404, like any path that names nothing. */
export class ReleaseRemotePipe implements PipeTransform<unknown, ReleaseRemote> {
  transform(value: unknown): ReleaseRemote {
    if (!isReleaseRemote(value)) throw new NotFoundException(`Unknown remote: releases are for ${RELEASE_REMOTES.join(', ')}`);
    return value;
  }
}

/** A malformed version cannot name a release: 404 like a missing one, never a 500. */
export class ReleaseVersionPipe implements PipeTransform<unknown, string> {
  transform(value: unknown): string {
    if (!isReleaseVersion(value)) throw new NotFoundException('Release not found');
    return value;
  }
}
