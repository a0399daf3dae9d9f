// The stored levels, a page at a time, and the open level's history of versions.
import { Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { request } from '../api.js';
import { HistoryDocument, LevelsPageDocument } from '../gql/graphql.js';
import { type TagChoice, chooseTag } from '../tags.js';

const PAGE_SIZE = 20;

interface LevelsProps {
  readonly openId: string;
  /** Changes when the list should be read again (a save here or elsewhere). */
  readonly refresh: number;
  readonly onOpen: (id: string) => void;
  readonly onError: (error: unknown) => void;
}

type LevelRow = {
  id: string;
  version: number;
  width: number;
  height: number;
  name: string | null;
  tags: string[];
};

/** Typing in the search box asks once it pauses this long. */
const SEARCH_DELAY_MS = 200;

export function LevelList({ openId, refresh, onOpen, onError }: LevelsProps) {
  // Forward-only paging: the cursors of the pages before this one, to go back.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [page, setPage] = useState<{ levels: LevelRow[]; next: string | null } | null>(null);
  // What is typed, and what was asked (after the pause): a new filter starts at page one.
  const [typed, setTyped] = useState({ search: '', tag: '' });
  const [filter, setFilter] = useState<{ search: string; tag: string; choice: TagChoice }>({
    search: '',
    tag: '',
    choice: chooseTag('', []),
  });
  // The tags of the levels seen in the list: the Tag field's suggestions and matches.
  const [known, setKnown] = useState<readonly string[]>([]);
  const after = cursors[cursors.length - 1];
  useEffect(() => {
    const timer = setTimeout(() => {
      if (typed.search === filter.search && typed.tag === filter.tag) return;
      setFilter({ ...typed, choice: chooseTag(typed.tag, known) });
      setCursors([null]);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed.search, typed.tag]);
  useEffect(() => {
    let live = true;
    const search = filter.search.trim() || null;
    const { tag } = filter.choice;
    request(LevelsPageDocument, { first: PAGE_SIZE, after, search, tag }).then(
      ({ levels }) => {
        if (!live) return;
        const rows = levels.edges.map((edge) => edge.node);
        setKnown((seen) => {
          const more = rows.flatMap((level) => level.tags).filter((t) => !seen.includes(t));
          return more.length === 0 ? seen : [...new Set([...seen, ...more])].sort();
        });
        setPage({
          levels: rows,
          next: levels.pageInfo.hasNextPage ? (levels.pageInfo.endCursor ?? null) : null,
        });
      },
      (error: unknown) => live && onError(error),
    );
    return () => {
      live = false;
    };
  }, [after, refresh, filter]);

  const filtered = filter.search.trim() !== '' || filter.choice.tag !== null;
  const { choice } = filter;
  const picked = choice.tag !== null && choice.tag !== filter.tag.trim();
  return (
    <div>
      <form class="level-filter" role="search" onSubmit={(event) => event.preventDefault()}>
        <label class="field">
          <span>Search id or name</span>
          <input
            type="search"
            name="level-search"
            value={typed.search}
            onInput={(event) =>
              setTyped({ ...typed, search: (event.currentTarget as HTMLInputElement).value })
            }
          />
        </label>
        <label class="field">
          <span>Tag</span>
          <input
            type="search"
            name="level-tag"
            list="known-tags"
            autoComplete="off"
            value={typed.tag}
            onInput={(event) =>
              setTyped({ ...typed, tag: (event.currentTarget as HTMLInputElement).value })
            }
          />
        </label>
        <datalist id="known-tags">
          {known.map((tag) => (
            <option key={tag} value={tag} />
          ))}
        </datalist>
      </form>
      {(picked || choice.matches.length > 1) && (
        <p class="muted small" data-testid="tag-choice">
          Tag <strong>{choice.tag}</strong>
          {choice.matches.length > 1 && (
            <>
              {'; also '}
              {choice.matches.slice(1).map((tag, i) => (
                <Fragment key={tag}>
                  {i > 0 && ', '}
                  <button type="button" class="link" onClick={() => setTyped({ ...typed, tag })}>
                    {tag}
                  </button>
                </Fragment>
              ))}
            </>
          )}
        </p>
      )}
      {page === null ? (
        <p>Loading…</p>
      ) : page.levels.length === 0 ? (
        <p>{filtered ? 'No level matches.' : 'No levels stored yet.'}</p>
      ) : (
        <ul class="level-list" aria-label="Stored levels">
          {page.levels.map((level) => (
            <li key={level.id}>
              <button
                type="button"
                class="link"
                aria-current={level.id === openId ? 'true' : undefined}
                onClick={() => onOpen(level.id)}
              >
                <span class="level-id">{level.id}</span>
                {level.name && <span class="level-name">{level.name}</span>}
                <span class="muted">
                  v{level.version} · {level.width}×{level.height}
                  {level.tags.length > 0 && ` · ${level.tags.join(', ')}`}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div class="row">
        <button
          type="button"
          disabled={cursors.length === 1}
          onClick={() => setCursors(cursors.slice(0, -1))}
        >
          Previous page
        </button>
        <button
          type="button"
          disabled={!page?.next}
          onClick={() => page?.next && setCursors([...cursors, page.next])}
        >
          Next page
        </button>
      </div>
    </div>
  );
}

interface HistoryProps {
  readonly id: string;
  readonly version: number;
  readonly refresh: number;
  readonly onRevert: (version: number) => void;
  readonly onView: (version: number) => void;
  readonly onError: (error: unknown) => void;
}

type VersionRow = { id: string; version: number; savedAt: string; revertedFrom: number | null };

export function HistoryPanel({ id, version, refresh, onRevert, onView, onError }: HistoryProps) {
  const [versions, setVersions] = useState<VersionRow[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const load = (after: string | null, keep: VersionRow[]) => {
    request(HistoryDocument, { id, after }).then(({ level }) => {
      const history = level?.history;
      setVersions([...keep, ...(history?.edges.map((edge) => edge.node) ?? [])]);
      setNext(history?.pageInfo.hasNextPage ? (history.pageInfo.endCursor ?? null) : null);
    }, onError);
  };
  useEffect(() => {
    setVersions([]);
    setNext(null);
    if (version > 0) load(null, []);
  }, [id, version, refresh]);

  if (version === 0) return <p>Not saved yet: no history.</p>;
  return (
    <div>
      <ol class="history" aria-label={`Versions of ${id}, newest first`}>
        {versions.map((entry) => (
          <li key={entry.id}>
            <span>
              <strong>v{entry.version}</strong>{' '}
              <time dateTime={entry.savedAt} class="muted">
                {formatTime(entry.savedAt)}
              </time>
              {entry.revertedFrom !== null && (
                <span class="muted"> (revert of v{entry.revertedFrom})</span>
              )}
            </span>
            <span class="row">
              <button type="button" onClick={() => onView(entry.version)}>
                View<span class="sr-only"> version {entry.version}</span>
              </button>
              <button
                type="button"
                disabled={entry.version === version}
                onClick={() => onRevert(entry.version)}
              >
                Revert<span class="sr-only"> to version {entry.version}</span>
              </button>
            </span>
          </li>
        ))}
      </ol>
      {next && (
        <button type="button" onClick={() => load(next, versions)}>
          Older versions
        </button>
      )}
    </div>
  );
}

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}
