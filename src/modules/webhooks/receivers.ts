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

/** Loopback, private, shared, link-local (cloud metadata at 169.254.169.254 among them), unspecified and other non-public ranges. */
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
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

const internal = new BlockList();
for (const [network, prefix, family] of INTERNAL_RANGES) internal.addSubnet(network, prefix, family);

export interface ReceiverRules {
  readonly allowHttp: boolean;
  /** Addresses and CIDR ranges allowed although internal (CALENDAR_WEBHOOK_ALLOW_PRIVATE). */
  readonly allowPrivate: readonly string[];
}

/** The address an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) stands for, else the address itself. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
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

  /** Why a delivery must not connect to `address`, or undefined when it may. */
  refusal(address: string): string | undefined {
    const plain = unmapped(address);
    const family = isIP(plain) === 6 ? 'ipv6' : 'ipv4';
    if (!internal.check(plain, family) || this.allowed.check(plain, family)) return undefined;
    return `${address} is a loopback, private, link-local or otherwise internal address`;
  }

  /** The URL's own problem (scheme, credentials), or undefined. */
  private urlProblem(url: URL): string | undefined {
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && this.rules.allowHttp)) return this.rules.allowHttp ? 'it must be an http or https URL' : 'it must be an https URL';
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
      if (refused) return callback(Object.assign(new Error(`refused: ${refused}`), { code: 'WEBHOOK_ADDRESS_REFUSED' }), '', 0);
      if (options.all) return (callback as unknown as (error: null, addresses: dns.LookupAddress[]) => void)(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
