import http from 'node:http';
import type { LookupAddress } from 'node:dns';
import type { AddressInfo } from 'node:net';
import { RemoteImageRefused, fetchRemoteImage, isPublicAddress, type HostLookup } from './remote-image';

// Every server here listens on 127.0.0.0/8 and every other address is refused before any connection,
// so these tests send nothing off the machine.

interface TestServer {
  port: number;
  origin: string;
  /** Paths requested, in order. */
  hits: string[];
  connections: () => number;
  close: () => Promise<void>;
}

type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

async function serve(handler: Handler, host = '127.0.0.1', port = 0): Promise<TestServer> {
  const hits: string[] = [];
  let connections = 0;
  const server = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    handler(request, response);
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    port: actual,
    origin: `http://${host}:${actual}`,
    hits,
    connections: () => connections,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const PICTURE = Buffer.from('not really a png, the fetcher does not sniff');

function pictures(request: http.IncomingMessage, response: http.ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://test');
  const hop = /^\/hop\/(\d+)$/.exec(url.pathname);
  if (hop) {
    const left = Number(hop[1]);
    response.writeHead(302, { location: left > 1 ? `/hop/${left - 1}` : '/picture.png' }).end();
  } else if (url.pathname === '/picture.png') {
    response.writeHead(200, { 'content-type': 'image/png', 'content-length': PICTURE.length }).end(PICTURE);
  } else if (url.pathname === '/to') {
    response.writeHead(302, { location: url.searchParams.get('url') ?? '/' }).end();
  } else if (url.pathname === '/declared-big') {
    response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': 4096 }).end(Buffer.alloc(4096));
  } else if (url.pathname === '/chunked-big') {
    response.writeHead(200, { 'content-type': 'image/jpeg' });
    const send = (left: number): void => {
      if (left === 0 || response.destroyed) return void response.end();
      response.write(Buffer.alloc(512), () => setTimeout(() => send(left - 1), 5));
    };
    send(20);
  } else if (url.pathname === '/stall-headers') {
    // Never answers.
  } else if (url.pathname === '/stall-body') {
    response.writeHead(200, { 'content-type': 'image/jpeg' });
    response.write(Buffer.alloc(16));
  } else {
    response.writeHead(404).end('missing');
  }
}

async function refusal(work: Promise<unknown>): Promise<RemoteImageRefused> {
  try {
    await work;
  } catch (error) {
    if (error instanceof RemoteImageRefused) return error;
    throw error;
  }
  throw new Error('the fetch was expected to be refused');
}

const answers = (...addresses: string[]): HostLookup => {
  return async () => addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
};

let server: TestServer;
let allowHosts: string[];

beforeAll(async () => {
  server = await serve(pictures);
  allowHosts = [`127.0.0.1:${server.port}`];
});

afterAll(() => server.close());

describe('isPublicAddress', () => {
  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1', '2a00:1450:4001:80b::200e', '::ffff:93.184.216.34'])('accepts %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it.each([
    '127.0.0.1', '127.1.2.3', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '100.64.0.1', '169.254.169.254',
    '0.0.0.0', '0.1.2.3', '224.0.0.1', '255.255.255.255', '240.0.0.1', '198.18.0.1', '198.19.255.1', '192.0.2.1',
    '198.51.100.1', '203.0.113.1', '192.0.0.1', '::1', '::', '::127.0.0.1', 'fc00::1', 'fd12:3456::1', 'fe80::1',
    'fe80::1%eth0', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '64:ff9b::a00:1',
    '2002:a00:1::1', '2001::1', '2001:db8::1', 'localhost', '2130706433', '0x7f.1', 'not an address', '',
  ])('refuses %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });
});

describe('fetchRemoteImage', () => {
  it('fetches a picture from an allowed host', async () => {
    const answer = await fetchRemoteImage(`${server.origin}/picture.png`, { allowHosts });
    expect(answer).toEqual({ bytes: PICTURE, contentType: 'image/png', finalUrl: `${server.origin}/picture.png` });
  });

  it('accepts an allow-list entry without a port', async () => {
    const answer = await fetchRemoteImage(`${server.origin}/picture.png`, { allowHosts: ['127.0.0.1'] });
    expect(answer.bytes).toEqual(PICTURE);
  });

  it.each([
    ['127.0.0.1', () => `${server.origin}/picture.png`],
    ['localhost', () => `http://localhost:${server.port}/picture.png`],
    ['a name under localhost', () => `http://images.localhost:${server.port}/picture.png`],
    ['[::1]', () => `http://[::1]:${server.port}/picture.png`],
    ['::ffff:127.0.0.1', () => `http://[::ffff:127.0.0.1]:${server.port}/picture.png`],
    ['the decimal form of 127.0.0.1', () => `http://2130706433:${server.port}/picture.png`],
    ['the hex form of 127.0.0.1', () => `http://0x7f.1:${server.port}/picture.png`],
    ['10.0.0.1', () => 'http://10.0.0.1/picture.png'],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['carrier-grade NAT', () => 'http://100.64.0.1/picture.png'],
    ['0.0.0.0', () => `http://0.0.0.0:${server.port}/picture.png`],
  ])('refuses %s as a private network', async (_name, address) => {
    const before = server.hits.length;
    const lookup = jest.fn(answers('127.0.0.1'));
    const refused = await refusal(fetchRemoteImage(address(), { lookup }));
    expect(refused).toMatchObject({ reason: 'The address points to a private network', status: 400 });
    expect(server.hits.length).toBe(before);
  });

  it('refuses a name that resolves to a private address', async () => {
    const lookup = jest.fn(answers('10.1.2.3'));
    const refused = await refusal(fetchRemoteImage('http://intranet.example/picture.png', { lookup }));
    expect(refused).toMatchObject({ reason: 'The address points to a private network', status: 400 });
    expect(lookup).toHaveBeenCalledWith('intranet.example', { all: true });
  });

  it('refuses a name with one public and one private address', async () => {
    const refused = await refusal(fetchRemoteImage('https://mixed.example/picture.png', { lookup: answers('93.184.216.34', '192.168.0.10') }));
    expect(refused).toMatchObject({ reason: 'The address points to a private network', status: 400 });
  });

  it('refuses a name that does not resolve', async () => {
    const lookup: HostLookup = async () => Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }));
    const refused = await refusal(fetchRemoteImage('http://nowhere.example/', { lookup }));
    expect(refused).toMatchObject({ reason: 'The address names a host that does not exist', status: 400 });
  });

  it.each(['ftp://example.com/a.png', 'file:///etc/passwd', 'data:image/png;base64,AAAA', 'gopher://example.com/', 'javascript:alert(1)'])(
    'refuses the scheme of %s',
    async (address) => {
      const refused = await refusal(fetchRemoteImage(address, { allowHosts: ['example.com'] }));
      expect(refused).toMatchObject({ reason: 'The address must start with http:// or https://', status: 400 });
    },
  );

  it('refuses text that is not an address', async () => {
    expect(await refusal(fetchRemoteImage('a picture of a vase'))).toMatchObject({ reason: 'That is not a web address', status: 400 });
  });

  it('refuses credentials in the address, even on an allowed host', async () => {
    const before = server.hits.length;
    const refused = await refusal(fetchRemoteImage(`http://user:secret@127.0.0.1:${server.port}/picture.png`, { allowHosts }));
    expect(refused).toMatchObject({ reason: 'The address must not contain a user name or password', status: 400 });
    expect(server.hits.length).toBe(before);
  });

  it('connects to the address it checked, not to a later DNS answer', async () => {
    // The checked answer is 127.0.0.2 (allow-listed by name); a resolver asked again would say 127.0.0.1.
    const checked = await serve((_request, response) => response.writeHead(200, { 'content-type': 'image/png' }).end('checked'), '127.0.0.2');
    const rebound = await serve((_request, response) => response.writeHead(200).end('rebound'), '127.0.0.1', checked.port);
    try {
      let calls = 0;
      const lookup: HostLookup = async () => [{ address: (calls += 1) === 1 ? '127.0.0.2' : '127.0.0.1', family: 4 }];
      const answer = await fetchRemoteImage(`http://rebind.example:${checked.port}/picture.png`, { lookup, allowHosts: [`rebind.example:${checked.port}`] });
      expect(answer.bytes.toString()).toBe('checked');
      expect(calls).toBe(1);
      expect(rebound.connections()).toBe(0);
    } finally {
      await Promise.all([checked.close(), rebound.close()]);
    }
  });

  it('keeps the original host name in the Host header', async () => {
    let host: string | undefined;
    const named = await serve((request, response) => {
      host = request.headers.host;
      response.writeHead(200).end('ok');
    });
    try {
      const address = `http://pictures.example:${named.port}/a.png`;
      await fetchRemoteImage(address, { lookup: answers('127.0.0.1'), allowHosts: ['pictures.example'] });
      expect(host).toBe(`pictures.example:${named.port}`);
    } finally {
      await named.close();
    }
  });

  it('follows three redirects and refuses a fourth', async () => {
    const answer = await fetchRemoteImage(`${server.origin}/hop/3`, { allowHosts });
    expect(answer.finalUrl).toBe(`${server.origin}/picture.png`);
    expect(answer.bytes).toEqual(PICTURE);

    const before = server.hits.length;
    const refused = await refusal(fetchRemoteImage(`${server.origin}/hop/4`, { allowHosts }));
    expect(refused).toMatchObject({ reason: 'The address redirected more than 3 times', status: 422 });
    expect(server.hits.slice(before)).toEqual(['/hop/4', '/hop/3', '/hop/2', '/hop/1']);
  });

  it.each([
    ['a loopback address that is not allowed', (port: number) => `http://127.0.0.2:${port}/picture.png`],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/iam/'],
    ['localhost', (port: number) => `http://localhost:${port}/picture.png`],
  ])('checks a redirect to %s again', async (_name, target) => {
    const address = `${server.origin}/to?url=${encodeURIComponent(target(server.port))}`;
    const refused = await refusal(fetchRemoteImage(address, { allowHosts }));
    expect(refused).toMatchObject({ reason: 'The address points to a private network', status: 400 });
  });

  it('checks the scheme of a redirect again', async () => {
    const address = `${server.origin}/to?url=${encodeURIComponent('file:///etc/passwd')}`;
    const refused = await refusal(fetchRemoteImage(address, { allowHosts }));
    expect(refused).toMatchObject({ reason: 'The address must start with http:// or https://', status: 400 });
  });

  it('refuses a body whose Content-Length is over the limit', async () => {
    const refused = await refusal(fetchRemoteImage(`${server.origin}/declared-big`, { allowHosts, maxBytes: 1024 }));
    expect(refused).toMatchObject({ reason: 'The picture at that address is larger than 1 KB', status: 422 });
  });

  it('stops reading a chunked body once it passes the limit', async () => {
    const refused = await refusal(fetchRemoteImage(`${server.origin}/chunked-big`, { allowHosts, maxBytes: 2000 }));
    expect(refused).toMatchObject({ reason: 'The picture at that address is larger than 2 KB', status: 422 });
  });

  it('states the default limit in MB', async () => {
    const big = await serve((_request, response) => response.writeHead(200, { 'content-length': 25 * 1024 * 1024 + 1 }).end());
    try {
      const refused = await refusal(fetchRemoteImage(`${big.origin}/huge.jpg`, { allowHosts: [`127.0.0.1:${big.port}`] }));
      expect(refused).toMatchObject({ reason: 'The picture at that address is larger than 25 MB', status: 422 });
    } finally {
      await big.close();
    }
  });

  it.each(['/stall-headers', '/stall-body'])('gives up on %s after timeoutMs', async (path) => {
    const started = Date.now();
    const refused = await refusal(fetchRemoteImage(`${server.origin}${path}`, { allowHosts, timeoutMs: 300 }));
    expect(refused).toMatchObject({ reason: 'The address took longer than 0.3 s to answer', status: 422 });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('gives up on a resolver that never answers', async () => {
    const lookup: HostLookup = () => new Promise<LookupAddress[]>(() => undefined);
    const refused = await refusal(fetchRemoteImage('http://slow-dns.example/', { lookup, timeoutMs: 200 }));
    expect(refused).toMatchObject({ reason: 'The address took longer than 0.2 s to answer', status: 422 });
  });

  it('refuses an answer that is not 2xx', async () => {
    const refused = await refusal(fetchRemoteImage(`${server.origin}/missing.png`, { allowHosts }));
    expect(refused).toMatchObject({ reason: 'The address answered 404', status: 422 });
  });

  it('reports a server that refuses the connection', async () => {
    const gone = await serve(pictures);
    await gone.close();
    const refused = await refusal(fetchRemoteImage(`${gone.origin}/picture.png`, { allowHosts: [`127.0.0.1:${gone.port}`] }));
    expect(refused).toMatchObject({ reason: 'The address could not be reached', status: 422 });
  });
});
