/**
 * deploy/nginx.conf run for real in front of back-end instances on loopback, for the server tests and the web e2e:
 * Debian's nginx (`apt-get install nginx`), started unprivileged from a temporary folder. Only the addresses and the
 * file locations of the deployed config change; every proxy setting is the one a team server uses.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * nginx's program: on PATH, or where Debian puts it (/usr/sbin, which a non-root user's PATH leaves out). Without it
 * there is no load balancer to test against, and the tests that need one fail saying so rather than skip.
 */
export function nginxBinary(): string {
  for (const candidate of ['nginx', '/usr/sbin/nginx', '/usr/local/sbin/nginx']) {
    if (!spawnSync(candidate, ['-v']).error) return candidate;
  }
  throw new Error('nginx is not installed (Debian: apt-get install nginx, as .ci/run does): the load-balancer tests run deploy/nginx.conf for real');
}

/** A free loopback port, found by letting the OS pick one. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer().once('error', fail).listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/** deploy/nginx.conf pointed at `backendPorts` on 127.0.0.1, listening on `listenPort`, its files kept in `folder`. */
export function loadBalancerConfig(folder: string, listenPort: number, backendPorts: number[]): string {
  const deployed = readFileSync(join(ROOT, 'deploy', 'nginx.conf'), 'utf8');
  // backend-1's lines (in the rotation, and as a backup) stand for every instance: each is written once per port with
  // its parameters as deployed; the other instances' lines go.
  const perInstance = (line: string): string =>
    line.includes(' backend-1:4100 ') ? backendPorts.map((port) => line.replace('backend-1:4100', `127.0.0.1:${port}`)).join('') : '';
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${join(folder, kind)};`).join('\n');
  const config = deployed
    .replace(/^ {4}server backend-\d+:4100 .*\n/gm, perInstance)
    .replace('listen 80;', `listen 127.0.0.1:${listenPort};`)
    .replace('worker_processes auto;', 'worker_processes 1;')
    .replace('error_log /dev/stderr warn;', `error_log ${join(folder, 'error.log')} warn;`)
    .replace('pid /tmp/nginx.pid;', `pid ${join(folder, 'nginx.pid')};`)
    .replace('access_log /dev/stdout;', `access_log ${join(folder, 'access.log')};\n${temp}`);
  // A deploy/nginx.conf edited out of the shape rewritten here must fail loudly, not test the container's addresses.
  if (/backend-\d|listen 80;|\/tmp\/nginx\.pid/.test(config)) throw new Error('deploy/nginx.conf no longer has the lines the test rewrites');
  return config;
}

/** Waits until `url` answers 2xx (a process opens its port a moment after it is spawned). */
export async function answering(url: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await fetch(url).then((response) => response.ok, () => false)) return;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`${url} never answered`);
}

export interface LoadBalancer {
  /** The one address clients use, e.g. http://127.0.0.1:41234. */
  url: string;
  child: ChildProcess;
  /** Stops nginx (SIGTERM); resolves once it has exited. */
  stop: () => Promise<void>;
}

/** Starts nginx round robin over `backendPorts`; `folder` (already created) holds its config, logs and temp files. */
export async function startLoadBalancer(folder: string, backendPorts: number[]): Promise<LoadBalancer> {
  const listenPort = await freePort();
  const config = join(folder, 'nginx.conf');
  writeFileSync(config, loadBalancerConfig(folder, listenPort, backendPorts));
  const child = spawn(nginxBinary(), ['-p', folder, '-c', config, '-g', 'daemon off;'], { stdio: 'ignore' });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = `http://127.0.0.1:${listenPort}`;
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    await answering(`${url}/lb-health`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, child, stop };
}
