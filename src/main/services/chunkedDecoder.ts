/**
 * Decodes an HTTP/1.1 chunked body in place: reports the data ranges of each buffer fed to it, so the bytes are
 * written from the socket's own buffer without copying. Chunk extensions and trailers are read and ignored.
 */
import { ConnectionError } from './connectionError';

type State = 'size' | 'extension' | 'sizeLf' | 'data' | 'dataCr' | 'dataLf' | 'trailer' | 'trailerLf' | 'done';

const CR = 0x0d;
const LF = 0x0a;
/** A chunk-size line longer than this is not a real server's (16 hex digits is already 16 EiB). */
const MAX_SIZE_DIGITS = 16;

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  return -1;
}

export class ChunkedDecoder {
  private state: State = 'size';
  private size = 0;
  private digits = 0;
  private remaining = 0;
  /** Bytes on the current trailer line (an empty line ends the body). */
  private trailerLine = 0;

  /**
   * Reads `buffer[start, end)`, calling `data` with each range of body bytes; answers true once the last chunk and
   * its trailer have arrived (bytes after that are ignored).
   */
  feed(buffer: Uint8Array, start: number, end: number, data: (from: number, to: number) => void): boolean {
    let i = start;
    while (i < end && this.state !== 'done') {
      const byte = buffer[i]!;
      switch (this.state) {
        case 'size': {
          const value = hexValue(byte);
          if (value >= 0 && this.digits < MAX_SIZE_DIGITS) {
            this.size = this.size * 16 + value;
            this.digits += 1;
          } else if (this.digits > 0 && (byte === 0x3b || byte === 0x20 || byte === 0x09)) this.state = 'extension';
          else if (this.digits > 0 && byte === CR) this.state = 'sizeLf';
          else throw new ConnectionError('The server sent a malformed chunked body.');
          i += 1;
          break;
        }
        case 'extension':
          if (byte === CR) this.state = 'sizeLf';
          i += 1;
          break;
        case 'sizeLf':
          if (byte !== LF) throw new ConnectionError('The server sent a malformed chunked body.');
          this.remaining = this.size;
          this.state = this.size === 0 ? 'trailer' : 'data';
          this.size = 0;
          this.digits = 0;
          this.trailerLine = 0;
          i += 1;
          break;
        case 'data': {
          const to = Math.min(end, i + this.remaining);
          data(i, to);
          this.remaining -= to - i;
          i = to;
          if (this.remaining === 0) this.state = 'dataCr';
          break;
        }
        case 'dataCr':
          if (byte !== CR) throw new ConnectionError('The server sent a malformed chunked body.');
          this.state = 'dataLf';
          i += 1;
          break;
        case 'dataLf':
          if (byte !== LF) throw new ConnectionError('The server sent a malformed chunked body.');
          this.state = 'size';
          i += 1;
          break;
        case 'trailer':
          if (byte === CR) this.state = 'trailerLf';
          else this.trailerLine += 1;
          i += 1;
          break;
        case 'trailerLf':
          if (byte !== LF) throw new ConnectionError('The server sent a malformed chunked body.');
          this.state = this.trailerLine === 0 ? 'done' : 'trailer';
          this.trailerLine = 0;
          i += 1;
          break;
      }
    }
    return this.state === 'done';
  }
}
