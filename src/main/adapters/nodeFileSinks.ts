import { open } from 'node:fs/promises';
import type { FileSinks } from '../services/desktopPorts';

/** Plain files (owner read/write; group/other per umask) written at explicit positions, so writes may overlap in time. */
export function createNodeFileSinks(): FileSinks {
  return {
    async open(path, { append }) {
      const handle = await open(path, append ? 'r+' : 'w');
      return {
        async write(data, offset, length, position) {
          let done = 0;
          while (done < length) {
            const { bytesWritten } = await handle.write(data, offset + done, length - done, position + done);
            done += bytesWritten;
          }
        },
        close: () => handle.close(),
      };
    },
  };
}
