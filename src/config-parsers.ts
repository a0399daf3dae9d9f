// How each variable's text is read (config.ts VARIABLES): zod schemas from text, each with the
// exact one-line error the user sees; `name` is how the user wrote it (PORT, --port).
import { isIP } from 'node:net';
import { z } from 'zod';

/** A TCP port given as text; `name` is how the user wrote it (PORT, --port). */
export const portText = (name: string) =>
  z
    .string()
    .refine((text) => /^\d+$/.test(text) && Number(text) <= 65535, {
      error: (issue) =>
        `${name} must be a whole number from 0 to 65535, got '${String(issue.input)}'`,
    })
    .transform(Number);

/** A whole number from `min`, given as text. */
export const wholeText = (name: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .refine((text) => /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max, {
      error: (issue) =>
        `${name} must be a whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? '' : ` to ${max}`}, got '${String(issue.input)}'`,
    })
    .transform(Number);

/** A number of instances, or `auto`. */
export const instancesText = (name: string) =>
  z
    .string()
    .refine(
      (text) => text === 'auto' || (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= 256),
      {
        error: (issue) =>
          `${name} must be a whole number from 1 to 256 or 'auto', got '${String(issue.input)}'`,
      },
    )
    .transform((text): number | 'auto' => (text === 'auto' ? 'auto' : Number(text)));

export const onOff = (name: string) =>
  z
    .enum(['0', '1', 'true', 'false'], {
      error: (issue) => `${name} must be 0, 1, true or false, got '${String(issue.input)}'`,
    })
    .transform((text) => text === '1' || text === 'true');

/** A host name or an IP address, as `server.listen` takes it. */
export const hostText = z.string().refine((text) => isIP(text) !== 0 || HOST_NAME.test(text), {
  error: (issue) => `HOST must be an IP address or a host name, got '${String(issue.input)}'`,
});
const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/**
 * Comma-separated origins, each exactly as a browser sends it in `Origin` (scheme, host and
 * port, no path), so that a match is a plain string comparison; `*` allows any origin.
 */
export const originsText = z
  .string()
  .transform((text) => text.split(',').map((origin) => origin.trim()))
  .refine((origins) => origins.every((origin) => origin === '*' || isOrigin(origin)), {
    error: (issue) =>
      `CORS_ORIGINS must be origins like https://example.com or http://localhost:3000 ` +
      `(scheme, host and port only), separated by commas, or *; got '${String(issue.input)}'`,
  });

function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === text;
  } catch {
    return false;
  }
}

/** Comma-separated host names or IP addresses (IPv6 with or without brackets), or `*`. */
export const hostsText = z
  .string()
  .transform((text) => text.split(',').map((host) => host.trim()))
  .refine(
    (hosts) =>
      hosts.every(
        (host) =>
          host === '*' ||
          isIP(host) !== 0 ||
          isIP(host.replace(/^\[(.*)\]$/, '$1')) === 6 ||
          HOST_NAME.test(host),
      ),
    {
      error: (issue) =>
        'ALLOWED_HOSTS must be host names or IP addresses separated by commas (no ports), ' +
        `or *; got '${String(issue.input)}'`,
    },
  );

/**
 * The write token: at least 16 characters a header value can carry without quoting. The error
 * never repeats the value (it is a secret), only its length.
 */
export const tokenText = z.string().refine((text) => /^[A-Za-z0-9._~+/=-]{16,}$/.test(text), {
  error: (issue) =>
    'LABYRINTH_WRITE_TOKEN must be at least 16 characters of letters, digits and -._~+/= ' +
    `(got ${String(issue.input).length} characters, not shown)`,
});
