import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, ServerError } from '@apollo/client';
import { Observable } from 'rxjs';
import type { Subscription } from 'rxjs';
import type { AuthWiring } from './apiClients';

function isUnauthorized(error: unknown): boolean {
  return ServerError.is(error) && error.statusCode === 401;
}

function isNetworkFailure(error: unknown): boolean {
  // fetch rejects with a TypeError when no answer arrives at all.
  return error instanceof TypeError;
}

/**
 * Adds the bearer from memory and, on a 401, awaits the SAME single-flight refresh as the axios clients,
 * then retries the operation once with the new jwt.
 */
export function createAuthLink(auth: AuthWiring): ApolloLink {
  return new ApolloLink(
    (operation, forward) =>
      new Observable<ApolloLink.Result>((observer) => {
        let inner: Subscription | null = null;
        let closed = false;

        const send = async (retried: boolean) => {
          await auth.refresher.settled();
          if (closed) return;
          const jwt = auth.getAccessToken();
          operation.setContext((previous) => {
            const headers: Record<string, string> = { ...(previous.headers as Record<string, string> | undefined) };
            if (jwt) headers.authorization = `Bearer ${jwt}`;
            return { headers };
          });
          inner = forward(operation).subscribe({
            next: (value) => observer.next(value),
            complete: () => observer.complete(),
            error: (error: unknown) => {
              if (!retried && jwt && isUnauthorized(error)) {
                auth.refresher.renew(jwt).then(
                  () => void send(true),
                  (refreshError: unknown) => observer.error(refreshError),
                );
                return;
              }
              if (isNetworkFailure(error)) auth.onNetworkError(error);
              observer.error(error);
            },
          });
        };

        void send(false);
        return () => {
          closed = true;
          inner?.unsubscribe();
        };
      }),
  );
}

/** The assistant's GraphQL client (endpoint urls.graphql), sharing the auth wiring of the REST clients. */
export function createApolloClient(uri: string, auth: AuthWiring): ApolloClient {
  return new ApolloClient({
    link: ApolloLink.from([createAuthLink(auth), new HttpLink({ uri })]),
    cache: new InMemoryCache(),
  });
}
