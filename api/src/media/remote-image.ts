import { promises as dns, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Fetches a picture a member pasted by address, without letting the address reach the api's own network. */

export type HostLookup = (hostname: string, options: { all: true }) => Promise<LookupAddress[]>;

export interface RemoteImageOptions {
  /** Largest body accepted, in bytes; 25 MB unless set. */
  maxBytes?: number;
  /** Budget for the whole fetch: every redirect, every DNS answer and the body. 15 s unless set. */
  timeoutMs?: number;
  maxRedirects?: number;
  /**
   * `host` or `host:port` entries that skip the public-address check, so tests can serve pictures from
   * 127.0.0.1 (MEDIA_FETCH_ALLOW_HOSTS). Never set in production.
   */
  allowHosts?: readonly string[];
  /** Resolves host names; dns.promises.lookup unless set (tests answer with chosen addresses). */
  lookup?: HostLookup;
}

export interface RemoteImage {
  bytes: Buffer;
  contentType: string | null;
  finalUrl: string;
}

/** A fetch the guard refused; `reason` is shown to the member as is. */
export class RemoteImageRefused extends Error {
  constructor(
    readonly reason: string,
    /** 400: the address itself is bad or forbidden. 422: the server behind it failed, sent too much or too slowly. */
    readonly status: 400 | 422,
  ) {
    super(reason);
    this.name = 'RemoteImageRefused';
  }
}

const MB = 1024 * 1024;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const systemLookup: HostLookup = (hostname, options) => dns.lookup(hostname, options);

/** True only for public unicast addresses: anything ipaddr.js puts in a special range is refused. */
export function isPublicAddress(ip: string): boolean {
  if (net.isIP(ip) === 0) return false;
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // process() unwraps ::ffff:a.b.c.d, so a mapped address is judged by the IPv4 address it reaches.
    address = ipaddr.process(ip);
  } catch {
    return false;
  }
  // ::/96 holds ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d, which ipaddr.js calls unicast.
  if (address instanceof ipaddr.IPv6 && address.parts.slice(0, 6).every((part) => part === 0)) return false;
  return address.range() === 'unicast';
}

/** Fetches `address` once, following at most `maxRedirects` redirects, each checked like the first address. */
export async function fetchRemoteImage(address: string, options: RemoteImageOptions = {}): Promise<RemoteImage> {
  const maxBytes = options.maxBytes ?? 25 * MB;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxRedirects = options.maxRedirects ?? 3;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let url = parseAddress(address);
    for (let redirects = 0; ; redirects += 1) {
      const addresses = await checkedAddresses(url, options, controller.signal);
      const response = await get(url, addresses, controller.signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(status) && location) {
        response.destroy();
        if (redirects >= maxRedirects) throw new RemoteImageRefused(`The address redirected more than ${maxRedirects} times`, 422);
        url = parseAddress(location, url);
        continue;
      }
      if (status < 200 || status > 299) {
        response.destroy();
        throw new RemoteImageRefused(`The address answered ${status}`, 422);
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        response.destroy();
        throw tooLarge(maxBytes);
      }
      const bytes = await readBody(response, maxBytes);
      return { bytes, contentType: response.headers['content-type'] ?? null, finalUrl: url.href };
    }
  } catch (error) {
    if (error instanceof RemoteImageRefused) throw error;
    if (controller.signal.aborted) {
      throw new RemoteImageRefused(`The address took longer than ${Math.max(Math.round(timeoutMs / 100) / 10, 0.1)} s to answer`, 422);
    }
    throw new RemoteImageRefused('The address could not be reached', 422);
  } finally {
    clearTimeout(timer);
    controller.abort(); // closes whatever socket a refusal left open
  }
}

function parseAddress(text: string, base?: URL): URL {
  let url: URL;
  try {
    // The WHATWG parser turns http://2130706433/ and http://0x7f.1/ into 127.0.0.1 before any check runs.
    url = new URL(text, base);
  } catch {
    throw new RemoteImageRefused('That is not a web address', 400);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RemoteImageRefused('The address must start with http:// or https://', 400);
  }
  if (url.username || url.password) throw new RemoteImageRefused('The address must not contain a user name or password', 400);
  return url;
}

function isAllowedHost(url: URL, allowHosts: readonly string[]): boolean {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const names = [url.hostname, `${url.hostname}:${port}`];
  return allowHosts.some((entry) => names.includes(entry.trim().toLowerCase()));
}

/** The addresses the connection may use: every one of them public unless the host is allow-listed. */
async function checkedAddresses(url: URL, options: RemoteImageOptions, signal: AbortSignal): Promise<LookupAddress[]> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  const allowed = isAllowedHost(url, options.allowHosts ?? []);
  const privateNetwork = new RemoteImageRefused('The address points to a private network', 400);
  // Resolvers may answer *.localhost from /etc/hosts or by RFC 6761 without asking DNS at all.
  if (!allowed && /(^|\.)localhost$/i.test(host)) throw privateNetwork;
  const family = net.isIP(host);
  const addresses = family ? [{ address: host, family }] : await resolve(host, options.lookup, signal);
  if (!allowed && !addresses.every((entry) => isPublicAddress(entry.address))) throw privateNetwork;
  return addresses;
}

async function resolve(host: string, lookup: HostLookup | undefined, signal: AbortSignal): Promise<LookupAddress[]> {
  const notFound = new RemoteImageRefused('The address names a host that does not exist', 400);
  let addresses: LookupAddress[];
  try {
    addresses = await untilAborted((lookup ?? systemLookup)(host, { all: true }), signal);
  } catch (error) {
    if (signal.aborted) throw error;
    throw notFound;
  }
  if (addresses.length === 0) throw notFound;
  return addresses;
}

/** DNS lookups ignore AbortSignal, so a hung resolver would otherwise outlive the time budget. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new Error('aborted'));
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function get(url: URL, addresses: LookupAddress[], signal: AbortSignal): Promise<IncomingMessage> {
  const [first] = addresses;
  // Answers only with the addresses already checked, so a second DNS answer (rebinding) is never used,
  // while the Host header and TLS server name stay the original host name.
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) process.nextTick(callback, null, addresses);
    else process.nextTick(callback, null, first?.address, first?.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<IncomingMessage>((resolve, reject) => {
    // agent: false: a pooled socket could have been opened to another host's address.
    const request = client.request(url, { agent: false, lookup: pinned, signal, headers: { accept: 'image/*' } }, resolve);
    request.on('error', reject);
    request.end();
  });
}

async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Breaking out of the loop destroys the response, so the rest of the body is never downloaded.
    if (size > maxBytes) throw tooLarge(maxBytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

function tooLarge(maxBytes: number): RemoteImageRefused {
  const size = maxBytes >= MB ? `${Math.round((maxBytes / MB) * 10) / 10} MB` : maxBytes >= 1024 ? `${Math.round((maxBytes / 1024) * 10) / 10} KB` : `${maxBytes} bytes`;
  return new RemoteImageRefused(`The picture at that address is larger than ${size}`, 422);
}
