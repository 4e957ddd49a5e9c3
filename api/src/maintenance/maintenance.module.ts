import { Module } from '@nestjs/common';
import { DatabaseModule } from '../database/database.module';
import { ReconcileService } from './reconcile.service';

@Module({ imports: [DatabaseModule], providers: [ReconcileService], exports: [ReconcileService] })
export class MaintenanceModule {}
