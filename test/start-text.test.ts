// What the server says at start about where the levels are: the SQLite file, or the
// PostgreSQL URL without its secrets (test/e2e/npm-start.test.ts sees the lines printed).
import { describe, expect, it } from 'vitest';
import { maskedUrl, storeDescription } from '../src/server/start-text.js';

describe('storeDescription', () => {
  it('names the SQLite file, relative to the current directory when inside it', () => {
    expect(storeDescription({ dataDir: './data' }, '/srv/levels')).toBe(
      'SQLite ./data/levels.sqlite',
    );
    expect(storeDescription({ dataDir: '/srv/levels/db' }, '/srv/levels')).toBe(
      'SQLite ./db/levels.sqlite',
    );
    expect(storeDescription({ dataDir: '/var/lib/labyrinth' }, '/srv/levels')).toBe(
      'SQLite /var/lib/labyrinth/levels.sqlite',
    );
    expect(storeDescription({ dataDir: '../elsewhere' }, '/srv/levels')).toBe(
      'SQLite /srv/elsewhere/levels.sqlite',
    );
    // An empty DATABASE_URL is unset: SQLite.
    expect(storeDescription({ dataDir: 'data', databaseUrl: ' ' }, '/srv')).toBe(
      'SQLite ./data/levels.sqlite',
    );
  });

  it('names PostgreSQL with the password masked', () => {
    expect(
      storeDescription({
        dataDir: './data',
        databaseUrl: 'postgres://levels:s3cret@db.internal:5432/levels',
      }),
    ).toBe('PostgreSQL postgres://levels:***@db.internal:5432/levels');
    expect(storeDescription({ dataDir: '.', databaseUrl: 'postgresql://db/levels' })).toBe(
      'PostgreSQL postgresql://db/levels',
    );
  });
});

describe('maskedUrl', () => {
  it('hides the password and password parameters, and keeps the rest', () => {
    expect(maskedUrl('postgres://u:p%40ss@h/d?sslmode=require&password=x')).toBe(
      'postgres://u:***@h/d?sslmode=require&password=***',
    );
    expect(maskedUrl('postgres://u@h:5433/d')).toBe('postgres://u@h:5433/d');
  });

  it('shows nothing of a URL it cannot read', () => {
    expect(maskedUrl('postgres://u:secret@[bad')).toBe(
      '(DATABASE_URL, not shown: it is not a URL)',
    );
  });
});
