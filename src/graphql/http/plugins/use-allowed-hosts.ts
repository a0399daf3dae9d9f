// DNS rebinding: a page of another site can make its own host name resolve to 127.0.0.1, and
// then call this server as if it were that page's own origin, past CORS and use-csrf.ts (its
// `Origin` and the `Host` it sends are the same name). Answering only the host names this
// server is known by stops it (docs/graphql.md, "Security"): ALLOWED_HOSTS, by default
// `localhost`, `127.0.0.1`, `[::1]` and HOST when HOST is a loopback address; any name when it
// listens on other interfaces, where it cannot know the names it is reached by.
import { isIP } from 'node:net';
import type { Plugin } from 'graphql-yoga';
import { errorResponse } from '../error-response.js';
import { createRequestError } from '../../schema/request-errors.js';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** Whether `host` (HOST) reaches this machine only. */
export function isLoopbackHost(host: string): boolean {
  const version = isIP(host);
  if (version === 4) return host.startsWith('127.');
  if (version === 6) return hostName(host) === '[::1]';
  return host === 'localhost';
}

/**
 * The host names to answer, as `URL.hostname` spells them (lower case, IPv6 in brackets), or
 * undefined for any: ALLOWED_HOSTS when set, else the default described at the top.
 */
export function allowedHostNames(
  listenHost: string,
  allowedHosts?: readonly string[],
): readonly string[] | undefined {
  if (allowedHosts !== undefined) {
    return allowedHosts.includes('*') ? undefined : allowedHosts.map(hostName);
  }
  if (!isLoopbackHost(listenHost)) return undefined;
  return [...new Set([...LOOPBACK_NAMES, hostName(listenHost)])];
}

/** A host name or IP address as URL.hostname spells it. */
export function hostName(host: string): string {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return isIP(bare) === 6 ? new URL(`http://[${bare}]`).hostname : bare.toLowerCase();
}

export function useAllowedHosts(names: readonly string[] | undefined): Plugin {
  if (names === undefined) return {};
  const allowed = new Set(names);
  return {
    onRequest({ request, url, endResponse, fetchAPI }) {
      if (allowed.has(url.hostname)) return;
      // The request's URL is built from its Host header (node:http refuses a request without
      // one in HTTP/1.1); the header is quoted, short, as the client sent it.
      const sent = (request.headers.get('host') ?? url.host).slice(0, 100);
      const refusal = createRequestError(
        `this server does not answer to the host name in ${JSON.stringify(sent)}: ` +
          'ALLOWED_HOSTS lists the names it is reached by',
        { extensions: { code: 'FORBIDDEN_HOST', http: { status: 403 } } },
      );
      endResponse(errorResponse(request, refusal, fetchAPI));
    },
  };
}
