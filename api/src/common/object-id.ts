import { PipeTransform } from '@nestjs/common';
import { Types } from 'mongoose';
import { isObjectId } from '@antiquarium/contracts';
import { ArtifactNotFound } from './errors';

/** A malformed id cannot name an artifact: it is a 404 like a missing one, never a 500. */
export class ArtifactIdPipe implements PipeTransform<unknown, Types.ObjectId> {
  transform(value: unknown): Types.ObjectId {
    if (!isObjectId(value, { anyCase: true })) throw new ArtifactNotFound();
    return new Types.ObjectId(value);
  }
}
