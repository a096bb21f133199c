import { describe, expect, it } from 'vitest';
import { checkTarget, classifyAddress, type Resolver } from './url-guard';

describe('classifyAddress', () => {
  it.each([
    ['93.184.215.14', 'public'],
    ['2606:2800:21f:cb07:6820:80da:af6b:8b2c', 'public'],
    ['127.0.0.1', 'private'],
    ['10.20.30.40', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['::1', 'private'],
    ['fd12::1', 'private'],
    ['::ffff:127.0.0.1', 'private'],
    ['::ffff:7f00:1', 'private'],
    ['::ffff:a9fe:a9fe', 'never'],
    ['64:ff9b::7f00:1', 'private'],
    ['169.254.169.254', 'never'],
    ['fe80::1', 'never'],
    ['0.0.0.0', 'never'],
    ['::', 'never'],
    ['224.0.0.1', 'never'],
    ['100.100.100.200', 'never'],
    ['fd00:ec2::254', 'never'],
    ['not an address', 'never'],
  ])('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });
});

describe('checkTarget', () => {
  const resolvesTo =
    (...addresses: string[]): Resolver =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('refuses a name when any of its addresses is private, and always when one is link-local', async () => {
    expect(await checkTarget('https://hooks.example/x', false, resolvesTo('93.184.215.14', '10.0.0.5'))).toMatchObject({ ok: false });
    expect(await checkTarget('https://hooks.example/x', true, resolvesTo('10.0.0.5'))).toMatchObject({ ok: true });
    expect(await checkTarget('https://hooks.example/x', true, resolvesTo('93.184.215.14', '169.254.169.254'))).toMatchObject({ ok: false });
    expect(await checkTarget('https://hooks.example/x', false, resolvesTo())).toMatchObject({ ok: false });
  });

  it('answers the checked addresses, which the delivery connects to', async () => {
    const check = await checkTarget('https://hooks.example/x', false, resolvesTo('93.184.215.14'));
    expect(check).toMatchObject({ ok: true, addresses: [{ address: '93.184.215.14', family: 4 }] });
  });

  it('refuses plain http unless private targets are allowed, and credentials in the URL', async () => {
    expect(await checkTarget('http://93.184.215.14/x', false)).toMatchObject({ ok: false });
    expect(await checkTarget('http://93.184.215.14/x', true)).toMatchObject({ ok: true });
    expect(await checkTarget('https://user:pw@93.184.215.14/x', false)).toMatchObject({ ok: false });
    expect(await checkTarget('ftp://93.184.215.14/x', true)).toMatchObject({ ok: false });
  });
});
