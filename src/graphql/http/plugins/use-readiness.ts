// `/ready` for load balancers: whether this instance can serve (its store answers, and it is
// not shutting down).
import type { Plugin } from 'graphql-yoga';

/**
 * `/ready`: 200 `{"status":"ready"}` when the store answers, else 503 `{"status":"unavailable"}`
 * (never the database's error text). Yoga's own readiness plugin matches every request against
 * a URLPattern; comparing the path is all this needs and costs nothing on /graphql requests.
 */
export function useReadiness(isReady: () => Promise<boolean>): Plugin {
  return {
    onRequest({ url, endResponse, fetchAPI }) {
      if (url.pathname !== '/ready') return;
      return isReady().then((ready) =>
        endResponse(
          fetchAPI.Response.json(
            { status: ready ? 'ready' : 'unavailable' },
            { status: ready ? 200 : 503 },
          ),
        ),
      );
    },
  };
}

/** True when `ping` answers in time; a failing database is "not ready", not an error page. */
export async function answersWithin(
  ping: () => void | Promise<void>,
  ms: number,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    const answered = Promise.resolve()
      .then(ping)
      .then(() => true);
    return await Promise.race([answered, timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
