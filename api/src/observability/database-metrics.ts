import type { Connection } from 'mongoose';
import { databaseDuration, databaseTimeouts } from './metrics';

// The server's code for an operation stopped by its maxTimeMS (the operation time limit).
const MAX_TIME_MS_EXPIRED = 50;

interface CommandEvent {
  commandName: string;
  duration: number;
  failure?: { code?: unknown };
}

/** Times every database command from the driver's own command monitoring (monitorCommands). */
export function observeDatabase(connection: Connection): void {
  const attach = () => {
    const client = connection.getClient();
    client.on('commandSucceeded', (event: CommandEvent) => databaseDuration.observe({ command: event.commandName, outcome: 'ok' }, event.duration / 1000));
    client.on('commandFailed', (event: CommandEvent) => {
      databaseDuration.observe({ command: event.commandName, outcome: 'error' }, event.duration / 1000);
      if (event.failure?.code === MAX_TIME_MS_EXPIRED) databaseTimeouts.inc();
    });
  };
  // The driver's client exists once the connection has been opened.
  if (connection.readyState === 1) attach();
  else connection.once('open', attach);
}
