// A TCP forwarder the test controls, standing between the api and the Auth Emulator: 'forward'
// passes connections through, 'blackhole' accepts them and never answers (a hung or partitioned
// service), and close() leaves nothing listening on the port (a service that is down).
import net from 'node:net';

export type ProxyMode = 'forward' | 'blackhole';

export class TcpProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  mode: ProxyMode = 'forward';

  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  get host(): string {
    return `127.0.0.1:${this.port}`;
  }

  /** Listens (if not already) in the given mode; connections made in the other mode are cut. */
  async listen(mode: ProxyMode = 'forward'): Promise<void> {
    if (mode !== this.mode) {
      for (const socket of this.sockets) socket.destroy();
      this.sockets.clear();
    }
    this.mode = mode;
    if (this.server) return;
    const server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  /** Stops listening and cuts every connection: the port then refuses connections. */
  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private track(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  }

  private accept(client: net.Socket): void {
    this.track(client);
    if (this.mode === 'blackhole') return;
    const upstream = net.connect(this.target.port, this.target.host);
    this.track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  }
}
