import { BlockList, isIP } from 'node:net';
import { lookup } from 'node:dns/promises';
import { INTEGRATION_MESSAGES } from '../../../shared/api/integrations';

/**
 * Where a webhook may be sent (decision 0560). Checked on the addresses a host name resolves to, every one of them,
 * at creation and again before each delivery, which then connects to the address checked (no second look-up a
 * rebinding DNS server could answer differently).
 */

/** Never, whatever the settings: link-local (the cloud metadata services live there), unspecified, multicast. */
const NEVER = new BlockList();
NEVER.addSubnet('169.254.0.0', 16, 'ipv4');
NEVER.addSubnet('0.0.0.0', 8, 'ipv4');
NEVER.addSubnet('224.0.0.0', 4, 'ipv4');
NEVER.addSubnet('240.0.0.0', 4, 'ipv4');
NEVER.addAddress('100.100.100.200', 'ipv4'); // Alibaba Cloud's metadata service
NEVER.addSubnet('fe80::', 10, 'ipv6');
NEVER.addSubnet('ff00::', 8, 'ipv6');
NEVER.addAddress('::', 'ipv6');
NEVER.addAddress('fd00:ec2::254', 'ipv6'); // AWS's metadata service over IPv6

/** Only with WEBHOOK_ALLOW_PRIVATE=true: loopback, private networks, carrier-grade NAT and other non-public ranges. */
const PRIVATE = new BlockList();
PRIVATE.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE.addSubnet('100.64.0.0', 10, 'ipv4');
PRIVATE.addSubnet('192.0.0.0', 24, 'ipv4');
PRIVATE.addSubnet('198.18.0.0', 15, 'ipv4');
PRIVATE.addAddress('::1', 'ipv6');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');
PRIVATE.addSubnet('64:ff9b::', 96, 'ipv6');
PRIVATE.addSubnet('64:ff9b:1::', 48, 'ipv6');

export type AddressClass = 'public' | 'private' | 'never';

/** An IPv4 address written inside IPv6 (`::ffff:127.0.0.1`, `::ffff:7f00:1`, `::127.0.0.1`), as IPv4; else null. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const match = /^::(?:ffff:)?(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/.exec(lower);
  if (!match) return null;
  if (match[1]) return match[1];
  const high = Number.parseInt(match[2] ?? '0', 16);
  const low = Number.parseInt(match[3] ?? '0', 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

export function classifyAddress(address: string): AddressClass {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const v4 = isIP(bare) === 6 ? embeddedIpv4(bare) : null;
  const [ip, type] = v4 ? [v4, 'ipv4' as const] : [bare, isIP(bare) === 4 ? ('ipv4' as const) : ('ipv6' as const)];
  if (isIP(ip) === 0) return 'never';
  if (NEVER.check(ip, type)) return 'never';
  if (PRIVATE.check(ip, type)) return 'private';
  return 'public';
}

export type TargetCheck = { ok: true; url: URL; addresses: { address: string; family: 4 | 6 }[] } | { ok: false; message: string };

/** Resolves a name to all its addresses; a test may hand in its own resolver (the tests' names resolve to loopback). */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;
export const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** Whether `raw` may receive webhooks, with the addresses a delivery may connect to. */
export async function checkTarget(raw: string, allowPrivate: boolean, resolve: Resolver = systemResolver): Promise<TargetCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, message: INTEGRATION_MESSAGES.urlInvalid };
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return { ok: false, message: INTEGRATION_MESSAGES.urlNotHttps };
  if (url.username || url.password) return { ok: false, message: INTEGRATION_MESSAGES.urlCredentials };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let found: { address: string; family: number }[];
  if (isIP(host) !== 0) found = [{ address: host, family: isIP(host) }];
  else {
    try {
      found = await resolve(host);
    } catch {
      found = [];
    }
  }
  if (!found.length) return { ok: false, message: INTEGRATION_MESSAGES.urlUnresolved };
  const classes = found.map((a) => classifyAddress(a.address));
  if (classes.includes('never')) return { ok: false, message: INTEGRATION_MESSAGES.urlLinkLocal };
  if (classes.includes('private') && !allowPrivate) return { ok: false, message: INTEGRATION_MESSAGES.urlPrivate };
  return { ok: true, url, addresses: found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 })) };
}
