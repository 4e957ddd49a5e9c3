// A stand-in for the network between the browser suite's api and its mail server: a TCP relay in
// front of Mailpit's SMTP port that a journey can stop and start again (e2e/tests/mail.spec.ts,
// "SMTP down"), without stopping Mailpit, whose inbox the other journeys keep reading.
import http from 'node:http';
import net from 'node:net';

/**
 * Relays `port` to `targetPort` (both on 127.0.0.1) and answers on `controlPort`:
 * - `POST /pause`: the mail server is down from now on: the connections under way are cut and every
 *   new one is reset as soon as it is accepted (the sender's attempt fails at once, as against a
 *   stopped server), and counted;
 * - `POST /resume`: connections are relayed again;
 * - `GET /`: `{ paused, relayed, refused }` (connections relayed and refused since the start).
 * Resolves once both listen, with `close()`.
 */
export async function startMailRelay({ port, controlPort, targetPort, host = '127.0.0.1' }) {
  const state = { paused: false, relayed: 0, refused: 0 };
  const open = new Set();

  const relay = net.createServer((client) => {
    if (state.paused) {
      state.refused += 1;
      client.resetAndDestroy();
      return;
    }
    state.relayed += 1;
    const server = net.connect({ host, port: targetPort });
    const pair = [client, server];
    for (const socket of pair) {
      open.add(socket);
      // Either side gone (closed, reset, or cut by a pause): the other goes too.
      socket.once('close', () => {
        for (const each of pair) {
          open.delete(each);
          each.destroy();
        }
      });
      socket.on('error', () => undefined);
    }
    client.pipe(server);
    server.pipe(client);
  });

  const control = http.createServer((request, response) => {
    const answer = (status, body) => {
      response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'POST' && (request.url === '/pause' || request.url === '/resume')) {
      state.paused = request.url === '/pause';
      if (state.paused) for (const socket of open) socket.resetAndDestroy();
      return answer(200, state);
    }
    if (request.method === 'GET' && request.url === '/') return answer(200, state);
    return answer(404, { message: 'GET /, POST /pause or POST /resume' });
  });

  const listen = (server, at) =>
    new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(at, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(relay, port);
  await listen(control, controlPort);

  return {
    smtpUrl: `smtp://${host}:${port}`,
    controlUrl: `http://${host}:${controlPort}`,
    close: async () => {
      for (const socket of open) socket.destroy();
      control.closeAllConnections();
      await Promise.all([relay, control].map((server) => new Promise((resolve) => server.close(() => resolve()))));
    },
  };
}
