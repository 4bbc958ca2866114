import dns from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { ApiError, type ErrorCode } from '../../errors.ts';

/*
 * Where webhooks may be sent (decision 0032), and where a site import started over the API may
 * read from (decision 0071): https receivers (http only where configured) on public addresses. A receiver's name is checked when the subscription is written, for a clear 400,
 * and again by every delivery on the very address it connects to (the `lookup` handed to
 * node:http), so a name that resolves to a public address when checked and to an internal one when
 * delivered (DNS rebinding) still reaches nothing internal.
 */

/**
 * Loopback, private, shared, link-local (cloud metadata at 169.254.169.254 among them), unspecified,
 * multicast and other non-public ranges; and the IPv6 ranges that reach IPv4 through a translator or
 * tunnel (decision 0092): refused as ranges, so an allowed one must be listed in the exceptions.
 */
const INTERNAL_RANGES: readonly [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['224.0.0.0', 3, 'ipv4'],
  // IPv4-compatible (deprecated), `::` and `::1` among them.
  ['::', 96, 'ipv6'],
  // NAT64: the well-known prefix and the local-use one.
  ['64:ff9b::', 96, 'ipv6'],
  ['64:ff9b:1::', 48, 'ipv6'],
  // Discard-only.
  ['100::', 64, 'ipv6'],
  // Teredo and 6to4 tunnels.
  ['2001::', 32, 'ipv6'],
  ['2002::', 16, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  // Site-local (deprecated, still routed inside some networks).
  ['fec0::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

const internal = new BlockList();
for (const [network, prefix, family] of INTERNAL_RANGES) internal.addSubnet(network, prefix, family);

export interface ReceiverRules {
  readonly allowHttp: boolean;
  /** Addresses and CIDR ranges allowed although internal (CALENDAR_WEBHOOK_ALLOW_PRIVATE). */
  readonly allowPrivate: readonly string[];
}

/** An IPv6 address's eight 16-bit groups (a trailing dotted IPv4 as the last two). */
function groupsOf(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const pair = (high: string, low: string) => ((Number(high) << 8) | Number(low)).toString(16);
  const text = dotted
    ? `${address.slice(0, dotted.index)}${pair(dotted[1]!, dotted[2]!)}:${pair(dotted[3]!, dotted[4]!)}`
    : address;
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (side: string | undefined) => (side ? side.split(':').map((group) => parseInt(group, 16)) : []);
  const left = part(head);
  const right = part(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const ipv4Of = (high: number, low: number) => [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');

/**
 * What an address is judged as (decision 0092): an IPv4-mapped address (`::ffff:0:0/96`) as the
 * IPv4 it is; one that carries an IPv4, as itself and that IPv4: NAT64 (`64:ff9b::/96`, and
 * `64:ff9b:1::/48` in its /96 layout), IPv4-compatible (`::/96`), 6to4 (`2002::/16`) and Teredo
 * (`2001::/32`: its server and its client, whose bits are inverted). Any other, as itself.
 */
export function judgedAs(address: string): string[] {
  if (isIP(address) !== 6) return [address];
  const g = groupsOf(address) as [number, number, number, number, number, number, number, number];
  const last = ipv4Of(g[6], g[7]);
  const zeros = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return [last];
  if (zeros(0, 6) || (g[0] === 0x64 && g[1] === 0xff9b && (g[2] === 1 || zeros(2, 6)))) return [address, last];
  if (g[0] === 0x2002) return [address, ipv4Of(g[1], g[2])];
  if (g[0] === 0x2001 && g[1] === 0) return [address, ipv4Of(g[2], g[3]), ipv4Of(g[6] ^ 0xffff, g[7] ^ 0xffff)];
  return [address];
}

export class ReceiverPolicy {
  private readonly allowed = new BlockList();

  /** `refusedCode`: the error a refused URL is answered with (its message takes the reason). */
  constructor(
    private readonly rules: ReceiverRules,
    private readonly refusedCode: ErrorCode = 'webhook_url_refused',
  ) {
    for (const entry of rules.allowPrivate) {
      const [address, bits] = entry.split('/');
      const family = isIP(address!) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) this.allowed.addAddress(address!, family);
      else this.allowed.addSubnet(address!, Number(bits), family);
    }
  }

  /**
   * Why a delivery must not connect to `address`, or undefined when it may. An IPv4-mapped address
   * is judged as its IPv4; another that carries an IPv4 (NAT64, 6to4, Teredo...) must pass both
   * as itself and for the IPv4 it reaches, so allowing a translator's prefix reaches no internal IPv4.
   */
  refusal(address: string): string | undefined {
    const internalOne = judgedAs(address).find((candidate) => {
      const family = isIP(candidate) === 6 ? 'ipv6' : 'ipv4';
      return internal.check(candidate, family) && !this.allowed.check(candidate, family);
    });
    if (internalOne === undefined) return undefined;
    const via = internalOne === address ? '' : ` (it reaches ${internalOne})`;
    return `${address} is a loopback, private, link-local or otherwise internal address${via}`;
  }

  /** The URL's own problem (scheme, credentials), or undefined. */
  private urlProblem(url: URL): string | undefined {
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && this.rules.allowHttp))
      return this.rules.allowHttp ? 'it must be an http or https URL' : 'it must be an https URL';
    if (url.username !== '' || url.password !== '') return 'it must not carry credentials';
    return undefined;
  }

  /** Checks a receiver URL as given by a client: its form, then every address its host resolves to now. */
  async check(text: string): Promise<URL> {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new ApiError(this.refusedCode, { args: ['it is not an absolute URL'] });
    }
    const problem = this.urlProblem(url);
    if (problem) throw new ApiError(this.refusedCode, { args: [problem] });
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: string[];
    try {
      addresses = isIP(host) ? [host] : (await dns.promises.lookup(host, { all: true })).map((entry) => entry.address);
    } catch {
      throw new ApiError(this.refusedCode, { args: [`its host ${host} does not resolve`] });
    }
    const refused = addresses.map((address) => this.refusal(address)).find((reason) => reason !== undefined);
    if (refused) throw new ApiError(this.refusedCode, { args: [refused] });
    return url;
  }

  /**
   * The URL's problem when it is connected to (the rules may have changed since it was stored): its
   * form, or an internal address literal, which node:net connects to without calling `lookup`.
   */
  connectionProblem(url: URL): string | undefined {
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    return this.urlProblem(url) ?? (isIP(literal) ? this.refusal(literal) : undefined);
  }

  /** A `lookup` for node:http that resolves as usual, then refuses internal addresses: checked on the address connected to. */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, list) => {
      if (error) return callback(error, '', 0);
      const refused = list.map((entry) => this.refusal(entry.address)).find((reason) => reason !== undefined);
      if (refused)
        return callback(Object.assign(new Error(`refused: ${refused}`), { code: 'WEBHOOK_ADDRESS_REFUSED' }), '', 0);
      if (options.all)
        return (callback as unknown as (error: null, addresses: dns.LookupAddress[]) => void)(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
