import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { WRITE_LOCK_MODEL, writeLockSchema } from './write-lock.schema';
import { WriteLocks } from './write-locks';

/** The write locks (write-locks.ts): global, as every module that keeps a counter takes them. */
@Global()
@Module({
  imports: [MongooseModule.forFeature([{ name: WRITE_LOCK_MODEL, schema: writeLockSchema }])],
  providers: [WriteLocks],
  exports: [WriteLocks],
})
export class WriteLocksModule {}
