import { describe, expect, it } from 'vitest';
import { loadConfig, serverTimeouts } from '../config';
import { trustedProxyPeers } from './connection-limits';

describe('which peers the per-address cap spares (TRUST_PROXY)', () => {
  it('spares none when no proxy is trusted, and every peer when TRUST_PROXY counts hops (the peer is the proxy)', () => {
    expect(trustedProxyPeers(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY)('203.0.113.9')).toBe(false);
    expect(trustedProxyPeers(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY)('203.0.113.9')).toBe(true);
    expect(trustedProxyPeers(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY)('2001:db8::1')).toBe(true);
  });

  it('spares only the listed proxies, ranges and named ranges included', () => {
    const trusted = trustedProxyPeers(loadConfig({ TRUST_PROXY: '10.0.0.0/8,192.0.2.7,loopback,fd00::/8' }).TRUST_PROXY);
    expect(['10.1.2.3', '192.0.2.7', '127.0.0.1', '::1', 'fd00::5'].filter((a) => !trusted(a))).toEqual([]);
    expect(['192.0.2.8', '203.0.113.9', '2001:db8::1', ''].filter(trusted)).toEqual([]);
  });
});

describe('keep-alive of idle sockets', () => {
  it('is short for clients met directly and outlives a load balancer idle timeout behind a proxy; KEEP_ALIVE_TIMEOUT_MS overrides', () => {
    expect(serverTimeouts(loadConfig({})).keepAliveTimeout).toBe(5_000);
    expect(serverTimeouts(loadConfig({ TRUST_PROXY: '1' })).keepAliveTimeout).toBe(72_000);
    expect(serverTimeouts(loadConfig({ KEEP_ALIVE_TIMEOUT_MS: '2000' })).keepAliveTimeout).toBe(2_000);
  });
});
