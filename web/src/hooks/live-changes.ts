// Live changes tied to the editor: someone else's saves of the open level, announced.
import { useEffect } from 'preact/hooks';
import { request, subscribe } from '../api.js';
import { LiveChanges } from '../changes.js';
import type { Editor } from '../editor.js';
import {
  LevelsChangedDocument,
  type LevelsChangedSubscription,
  OpenLevelDocument,
} from '../gql/graphql.js';
import type { LiveStream, StreamHandlers } from '../live-stream.js';

/** What live changes ask of the server: the stream of levelsChanged, and a level's version. */
export interface ChangesServer {
  subscribe(handlers: StreamHandlers<LevelsChangedSubscription>): LiveStream;
  /** The version the server has of a level now (null: none). */
  currentVersion(id: string): Promise<number | null>;
}

export const changesServer: ChangesServer = {
  subscribe: (handlers) => subscribe(LevelsChangedDocument, {}, handlers),
  currentVersion: async (id) => (await request(OpenLevelDocument, { id })).level?.version ?? null,
};

/**
 * Someone else's saves of the open level, announced (LiveChanges over levelsChanged); `server`:
 * the API's stream and level query (a test gives its own).
 */
export function useLiveChanges(editor: Editor, server: ChangesServer = changesServer): void {
  useEffect(() => {
    let refreshTimer = 0;
    const changes = new LiveChanges({
      open: () => editor.store.meta,
      writing: () => editor.writer.state.busy,
      whenIdle: (run) => editor.writer.whenIdle(run),
      currentVersion: (id) => server.currentVersion(id),
      // Editing together, a save of the drawing as it is here makes it the saved one.
      announce: (remote) => {
        editor.set({ remote });
        if (remote.kind === 'SAVED') void editor.together.followSave(remote.version);
      },
      listChanged: () => {
        clearTimeout(refreshTimer);
        refreshTimer = window.setTimeout(
          () => editor.set({ listRefresh: editor.ui.listRefresh + 1 }),
          300,
        );
      },
      problem: (message) => editor.set({ problem: message }),
    });
    const stopOpened = editor.store.subscribe(() => changes.opened());
    const subscription = server.subscribe({
      onData: ({ levelsChanged }) => changes.event(levelsChanged),
      onConnected: () => changes.connected(),
      // The stream broke (the server stopped, or restarted) or was refused for now (429,
      // 503: the reason is shown with the wait), and is back.
      onInterrupted: (refusal, delayMs) =>
        editor.set({
          liveDown: true,
          liveRefused: refusal
            ? `The server refused the stream for now (${refusal.reason}); trying again in ` +
              `${Math.ceil(delayMs / 1000)} s.`
            : '',
        }),
      onReconnected: () => {
        editor.set({ liveDown: false, liveRefused: '' });
        changes.connected();
      },
      onError: (error) => editor.set({ problem: `Live changes stopped: ${error}` }),
    });
    return () => {
      clearTimeout(refreshTimer);
      stopOpened();
      subscription.close();
    };
  }, [editor, server]);
}
