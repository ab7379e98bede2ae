/**
 * Which push endpoints the server calls (lib/push/endpoint.ts): the address table, and names judged by
 * every address they resolve to (DNS answered by the test, since the sandbox has no resolver).
 */
import { describe, expect, it } from 'vitest';
import { checkEndpoint, EndpointRefusedError, isPrivateAddress, type Resolver } from './endpoint';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1%eth0',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::a9fe:a9fe',
    '2002:c0a8:0101::1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    '93.184.215.14',
    '172.32.0.1',
    '8.8.8.8',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '2a00:1450:4009::200e',
  ])('allows %s', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

describe('checkEndpoint', () => {
  const dns =
    (answers: Record<string, string[]>): Resolver =>
    async (host) => {
      const addresses = answers[host];
      if (!addresses) throw new Error(`ENOTFOUND ${host}`);
      return addresses.map((address) => ({ address }));
    };
  const resolver = dns({
    'push.example.com': ['93.184.215.14', '2606:4700::1111'],
    'rebind.example.com': ['93.184.215.14', '127.0.0.1'],
    'v6-private.example.com': ['fd00::5'],
    'mapped.example.com': ['::ffff:192.168.1.1'],
  });

  it('accepts an https name that resolves to public addresses only', async () => {
    const url = await checkEndpoint('https://push.example.com/send/abc', [], resolver);
    expect(url.hostname).toBe('push.example.com');
  });

  it.each([
    'https://rebind.example.com/x',
    'https://v6-private.example.com/x',
    'https://mapped.example.com/x',
    'https://unknown.example.com/x',
    'http://push.example.com/x',
    'https://user:pass@push.example.com/x',
  ])('refuses %s', async (endpoint) => {
    await expect(checkEndpoint(endpoint, [], resolver)).rejects.toBeInstanceOf(EndpointRefusedError);
  });

  it('lets PUSH_ALLOWED_HOSTS name a private host and port, over http too', async () => {
    await expect(
      checkEndpoint('http://127.0.0.1:8080/p', ['127.0.0.1:8080'], resolver),
    ).resolves.toBeInstanceOf(URL);
    await expect(
      checkEndpoint('https://127.0.0.1:8080/p', ['127.0.0.1:8080'], resolver),
    ).resolves.toBeInstanceOf(URL);
    await expect(
      checkEndpoint('http://127.0.0.1:8081/p', ['127.0.0.1:8080'], resolver),
    ).rejects.toBeInstanceOf(EndpointRefusedError);
    await expect(checkEndpoint('http://127.0.0.1/p', ['127.0.0.1:80'], resolver)).resolves.toBeInstanceOf(
      URL,
    );
  });
});
