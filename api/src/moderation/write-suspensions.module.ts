import { Global, Module } from '@nestjs/common';
import { WriteSuspensions } from '../auth/write-suspensions';
import { ModerationRecordsModule } from './moderation-records.module';
import { Suspensions } from './suspensions';

/**
 * The port the write guard asks on every write (WriteSuspensions, owned by auth), answered from the
 * misuse cases. Global for that port alone, as ArtifactRecordsModule is for ArtifactTotals: the
 * guard runs in every module with a write route, and the artifacts' and mail's modules cannot import
 * moderation's without a loop (moderation reads artifacts and writes mail).
 */
@Global()
@Module({
  imports: [ModerationRecordsModule],
  providers: [{ provide: WriteSuspensions, useExisting: Suspensions }],
  exports: [WriteSuspensions],
})
export class WriteSuspensionsModule {}
