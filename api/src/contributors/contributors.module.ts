import { Module } from '@nestjs/common';
import { DatabaseModule } from '../database/database.module';
import { ContributorsController } from './contributors.controller';

@Module({ imports: [DatabaseModule], controllers: [ContributorsController] })
export class ContributorsModule {}
