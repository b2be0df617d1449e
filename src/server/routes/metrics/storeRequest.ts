import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { bareHost, type ResolvedAddress } from './storeAddress';

export interface StoreAnswer { status: number; body: string }
export interface StoreRequestLimits { timeoutMs: number; maxBytes: number }

/**
 * POSTs to the store at the address checkedStoreAddress returned: the socket goes to that address (no second DNS
 * lookup that could answer differently), while the Host header and the TLS name (SNI and certificate check) stay the
 * store's name. Redirects are never followed, and the answer is read up to maxBytes. Rejects on any failure.
 */
export function postToStore(url: URL, at: ResolvedAddress, headers: Record<string, string>, body: string, limits: StoreRequestLimits): Promise<StoreAnswer> {
  const name = bareHost(url);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<StoreAnswer>((resolve, reject) => {
    const request = send({
      host: at.address, family: at.family, port: url.port === '' ? undefined : Number(url.port), path: `${url.pathname}${url.search}`, method: 'POST',
      headers: { ...headers, host: url.host, 'content-length': String(Buffer.byteLength(body)) },
      // An IP address is not a TLS server name: then the certificate is checked against the address itself.
      ...(isIP(name) === 0 ? { servername: name } : {}),
      agent: false, signal: AbortSignal.timeout(limits.timeoutMs),
    }, (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) request.destroy(new Error('The store answer is larger than a product page can be.'));
        else chunks.push(chunk);
      });
      response.on('error', reject);
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.end(body);
  });
}
