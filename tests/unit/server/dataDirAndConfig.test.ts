// No database (not in bothEngineTests.ts): it reads the command line's environment into a configuration, engine and all.
import { describe, expect, it } from 'vitest';
import { readCliConfig } from '../../../src/server/cliConfig';
import { defaultDataDir } from '../../../src/server/dataDir';

describe('defaultDataDir', () => {
  it('follows each OS convention', () => {
    expect(defaultDataDir('linux', {}, '/home/ada')).toBe('/home/ada/.local/share/Reelscope');
    expect(defaultDataDir('linux', { XDG_DATA_HOME: '/data/xdg' }, '/home/ada')).toBe('/data/xdg/Reelscope');
    expect(defaultDataDir('linux', { XDG_DATA_HOME: 'relative/path' }, '/home/ada')).toBe('/home/ada/.local/share/Reelscope');
    expect(defaultDataDir('darwin', {}, '/Users/ada')).toBe('/Users/ada/Library/Application Support/Reelscope');
    expect(defaultDataDir('win32', { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }, 'C:\\Users\\ada')).toMatch(/AppData.Roaming.Reelscope$/);
  });
});

describe('readCliConfig', () => {
  it('defaults to port 4100 on loopback only and, started alone, allows no web origin (no web host runs)', () => {
    const config = readCliConfig({ REELSCOPE_DATA_DIR: '/tmp/x' });
    expect(config).toEqual({ port: 4100, host: '127.0.0.1', allowedHosts: [], trustedProxies: [], dataDir: '/tmp/x', allowedOrigins: [], seed: true, logLevel: 'info', logFile: null });
  });

  it('reads the listen address and the host names a server is reached under (its public URL included)', () => {
    const config = readCliConfig({ REELSCOPE_HOST: '0.0.0.0', REELSCOPE_ALLOWED_HOSTS: 'Reelscope.Example.test, 10.0.0.5', REELSCOPE_PUBLIC_URL: 'https://team.example.test/' });
    expect(config.host).toBe('0.0.0.0');
    expect(config.allowedHosts).toEqual(['reelscope.example.test', '10.0.0.5', 'team.example.test']);
    expect(readCliConfig({ REELSCOPE_TRUSTED_PROXIES: '10.0.0.0/8, 192.168.1.4, fd00::/8' }).trustedProxies).toEqual(['10.0.0.0/8', '192.168.1.4', 'fd00::/8']);
    expect(() => readCliConfig({ REELSCOPE_TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow('REELSCOPE_TRUSTED_PROXIES must list IP addresses or CIDR ranges (10.0.0.0/8), got "10.0.0.0/33".');
    expect(() => readCliConfig({ REELSCOPE_HOST: 'everywhere' })).toThrow('REELSCOPE_HOST must be an IP address to listen on (127.0.0.1, 0.0.0.0, ::), got "everywhere".');
  });

  it('reads ports, extra origins and the seed switch', () => {
    const config = readCliConfig({ REELSCOPE_PORT: '0', REELSCOPE_WEB_PORT: '6000', REELSCOPE_ALLOWED_ORIGINS: 'http://a.test, http://b.test', REELSCOPE_DATA_DIR: '/d', REELSCOPE_SEED: '0' });
    expect(config.port).toBe(0);
    expect(config.allowedOrigins).toEqual(['http://127.0.0.1:6000', 'http://localhost:6000', 'http://a.test', 'http://b.test']);
    expect(config.seed).toBe(false);
  });

  it('seeds the embedded workspace unless told not to, and a team server only when told to', () => {
    const team = { REELSCOPE_DATABASE_URL: 'postgres://reelscope@db.example:5432/reelscope' };
    expect([readCliConfig({}).seed, readCliConfig({ REELSCOPE_SEED: '1' }).seed, readCliConfig({ REELSCOPE_SEED: '0' }).seed]).toEqual([true, true, false]);
    expect([readCliConfig(team).seed, readCliConfig({ ...team, REELSCOPE_SEED: '1' }).seed, readCliConfig({ ...team, REELSCOPE_SEED: '0' }).seed]).toEqual([false, true, false]);
  });

  it('refuses a port that is not a number', () => {
    expect(() => readCliConfig({ REELSCOPE_PORT: 'eighty' })).toThrow(/REELSCOPE_PORT must be a port number/);
  });
});
