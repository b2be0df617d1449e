import { createWriteStream } from 'node:fs';
import type { WriteStreams } from '../services/desktopPorts';

/** Large writes: fewer syscalls on multi-gigabyte downloads, still a bounded buffer. */
const HIGH_WATER_MARK = 1024 * 1024;

/** Plain fs write streams (owner read/write; group/other per umask). */
export function createNodeWriteStreams(): WriteStreams {
  return {
    open(path, { start, exclusive }) {
      const flags = start > 0 ? 'r+' : exclusive ? 'wx' : 'w';
      return createWriteStream(path, { flags, start, highWaterMark: HIGH_WATER_MARK });
    },
  };
}
