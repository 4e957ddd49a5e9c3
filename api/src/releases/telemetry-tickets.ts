import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { ticketKey, TicketSigner } from './telemetry-ticket';

/** This api's ticket signer, or none when it has no key (ticketKey). */
@Injectable()
export class TelemetryTickets {
  readonly signer: TicketSigner | undefined;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const key = ticketKey(config);
    this.signer = key ? new TicketSigner(key) : undefined;
  }
}
