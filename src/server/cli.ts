import { createServer } from './app';
import type { RunningServer } from './app';
import { readCliConfig } from './cliConfig';
import { usePrivateFileModes } from './dataDir';
import { createLogFile } from './http/logFile';

/** `npm run server`: the embedded back end as its own process (started by Electron main or by hand). */
async function main(): Promise<void> {
  usePrivateFileModes();
  const config = readCliConfig();
  let server: RunningServer;
  try {
    server = await createServer({
      dataDir: config.dataDir,
      port: config.port,
      host: config.host,
      allowedHosts: config.allowedHosts,
      trustedProxies: config.trustedProxies,
      allowedOrigins: config.allowedOrigins,
      seed: config.seed ? {} : false,
      // A host's embedded back end logs to a file in the data folder; a server to stdout, where its supervisor reads it.
      log: { level: config.logLevel, ...(config.logFile ? { stream: createLogFile(config.logFile) } : {}) },
      // Kept account mail goes live only to the host that started this process (Electron main or the web host).
      onLiveMail: process.send ? (mail) => void process.send?.({ type: 'mail', mail }) : undefined,
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'EADDRINUSE' ? `port ${config.port} is already in use (set REELSCOPE_PORT to another port)` : (error as Error).message;
    console.error(`Reelscope back end could not start: ${reason}`);
    process.exit(1);
  }

  console.log(`Reelscope back end listening on ${server.url} (data: ${config.dataDir})`);
  process.send?.({ type: 'ready', port: server.port, url: server.url });

  let closing = false;
  const shutdown = (): void => {
    if (closing) return;
    closing = true;
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Reelscope back end did not close cleanly: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  // When forked by Electron main, a vanished parent must not leave an orphan holding the port and database.
  process.on('disconnect', shutdown);
}

void main();
