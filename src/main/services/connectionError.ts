/** The connection failed or ended before the whole body arrived: retrying (with Range) may help. */
export class ConnectionError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ConnectionError';
  }
}
