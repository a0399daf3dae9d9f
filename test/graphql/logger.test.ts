// What the server's log says when a request fails (graphql/http/logger.ts): a store fault in one
// line, a bug with its stack as Yoga logs it.
import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CountingStore, makeApp, post } from './helpers.js';
import type { StoredLevel } from '../../src/service/level-store.js';

/** A store whose reads fail with `error`. */
class FailingStore extends CountingStore {
  constructor(private readonly error: Error) {
    super();
  }

  override get(): StoredLevel | undefined {
    throw this.error;
  }

  override getMany(): Array<StoredLevel | undefined> {
    throw this.error;
  }

  override versions(): Array<number | undefined> {
    throw this.error;
  }
}

const coded = (code: string, message: string) => Object.assign(new Error(message), { code });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the log of failed requests', () => {
  it('says a store fault in one line, without a stack', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fault = coded('57P01', 'terminating connection due to administrator command\nmore');
    const { app } = makeApp({ store: new FailingStore(fault), app: { logging: true } });
    for (let i = 0; i < 2; i++) {
      const answer = await post(app, '{ level(id: "castle") { version } }');
      expect(answer.status).toBe(503);
      expect(answer.body.errors?.[0]?.extensions?.code).toBe('DATABASE_UNAVAILABLE');
    }
    expect(error).not.toHaveBeenCalled();
    expect(warn.mock.calls.map((args) => stripVTControlCharacters(args.join(' ')))).toEqual(
      Array(2).fill(
        'WARN a request failed on the store (UNREACHABLE): 57P01 terminating connection due to ' +
          'administrator command',
      ),
    );
  });

  it('cuts a long message to 200 characters', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { app } = makeApp({
      store: new FailingStore(coded('SQLITE_FULL', 'x'.repeat(5000))),
      app: { logging: true },
    });
    await post(app, '{ level(id: "castle") { version } }');
    expect(warn).toHaveBeenCalledTimes(1);
    const line = stripVTControlCharacters(warn.mock.calls[0]!.join(' '));
    expect(line).toBe(
      `WARN a request failed on the store (CANNOT_WRITE): SQLITE_FULL ${'x'.repeat(200)}…`,
    );
  });

  it('logs any other error with its stack, as Yoga does', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const bug = new Error('a bug in the store');
    const { app } = makeApp({ store: new FailingStore(bug), app: { logging: true } });
    const answer = await post(app, '{ level(id: "castle") { version } }');
    expect(answer.body.errors?.[0]?.message).toBe('Unexpected error.');
    expect(warn).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledTimes(1);
    const logged = error.mock.calls[0]!.map(String).join(' ');
    expect(logged).toContain('a bug in the store');
    expect(error.mock.calls[0]!.some((arg) => (arg as Error)?.stack?.includes('logger.test'))).toBe(
      true,
    );
  });
});
