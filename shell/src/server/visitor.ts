/** The proxies' addresses kept of a visit's X-Forwarded-For (the nearest ones: the api reads from the right). */
const FORWARDED_KEPT = 8;

/** Who asks for a page: the connection's address, and the X-Forwarded-For it came with (if any). */
export interface Visitor {
  address?: string | undefined;
  forwardedFor?: string | string[] | undefined;
}

/**
 * The X-Forwarded-For of the api calls made for `visitor`: the proxies' list it came with (its
 * nearest entries), then its own address. The api believes the last entries only as far as
 * TRUSTED_PROXY says (this server, and the proxies in front of it), so a visitor cannot name
 * someone else, and the calls count against the visitor's own budget, not one shared by all.
 */
export function forwardedFor(visitor: Visitor | undefined): string | undefined {
  if (!visitor?.address) return undefined;
  const given = [visitor.forwardedFor ?? []].flat().join(',');
  const chain = given
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => /^[0-9A-Za-z.:[\]%_-]{1,64}$/.test(entry));
  // An IPv4 visitor of a dual-stack listener is named as IPv4, as a proxy in front of the api names it.
  const address = visitor.address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
  return [...chain.slice(-FORWARDED_KEPT), address].join(', ');
}

/** The headers that name `visitor` on an api call made for it (none without its address). */
export function visitorHeaders(visitor: Visitor | undefined): Record<string, string> {
  const forwarded = forwardedFor(visitor);
  return forwarded ? { 'X-Forwarded-For': forwarded } : {};
}
