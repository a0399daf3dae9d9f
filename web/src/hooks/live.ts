// The hooks that tie the editor to the server and the page: the live check, live changes,
// the keyboard's commands, the clipboard, and the page's address and unload.
import { useEffect } from 'preact/hooks';
import { request, subscribe } from '../api.js';
import { LiveChanges } from '../changes.js';
import { type Ask, CheckRunner, askServer } from '../check.js';
import { commandFor, isTextField } from '../commands.js';
import type { Editor } from '../editor.js';
import { levelFromHash } from '../editor.js';
import {
  LevelsChangedDocument,
  type LevelsChangedSubscription,
  OpenLevelDocument,
} from '../gql/graphql.js';
import type { LiveStream, StreamHandlers } from '../live-stream.js';
import { copySelection, cutSelection, paste } from '../tools/select.js';

/**
 * Checks the level after every finished change (CheckRunner: debounced, cancelled); `ask` is
 * the server's checkLevel (a test gives its own).
 */
export function useLiveCheck(editor: Editor, ask: Ask = askServer): void {
  useEffect(() => {
    const { store } = editor;
    const runner = new CheckRunner(ask, (check) => editor.set({ check }));
    let seen = -1;
    const changed = () => {
      if (store.revision === seen) return;
      seen = store.revision;
      runner.schedule(
        () => store.grid.rows(),
        store.revision,
        store.grid.width * store.grid.height,
      );
    };
    changed();
    const stop = store.subscribe(changed);
    return () => {
      stop();
      runner.cancel();
    };
  }, [editor, ask]);
}

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
    const subscription = server.subscribe({
      onData: ({ levelsChanged }) => changes.event(levelsChanged),
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
        changes.recheck();
      },
      onError: (error) => editor.set({ problem: `Live changes stopped: ${error}` }),
    });
    return () => {
      clearTimeout(refreshTimer);
      subscription.close();
    };
  }, [editor, server]);
}

/** Keys anywhere on the page run the COMMANDS table's entries. */
export function useCommands(editor: Editor): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const onGrid = !!target?.classList?.contains('grid-scroller');
      const mode = editor.animation.active ? 'animate' : editor.play.active ? 'play' : 'edit';
      const command = commandFor(event, onGrid, mode);
      if (!command || command.native) return;
      event.preventDefault();
      command.perform(editor, event);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [editor]);
}

/**
 * Ctrl+C, Ctrl+X and Ctrl+V outside text fields: the browser's copy, cut and paste events,
 * which carry the system clipboard (copies go there as ASCII rows; ASCII from anywhere pastes).
 */
export function useClipboard(editor: Editor): void {
  useEffect(() => {
    const onCopy = (event: ClipboardEvent) => {
      if (isTextField(event.target) || !editor.tools.selection || editor.play.active) return;
      const text = event.type === 'cut' ? cutSelection(editor.tools) : copySelection(editor.tools);
      if (text === null) return;
      event.preventDefault();
      event.clipboardData?.setData('text/plain', text);
      const { width, height } = editor.store.grid.block(editor.tools.selection);
      editor.set({
        status: `${event.type === 'cut' ? 'Cut' : 'Copied'} ${width}×${height} cells (also as ASCII).`,
      });
    };
    const onPaste = (event: ClipboardEvent) => {
      // Nothing is pasted into the level while it is played.
      if (isTextField(event.target) || editor.play.active) return;
      event.preventDefault();
      const refused = paste(editor.tools, event.clipboardData?.getData('text/plain') ?? undefined);
      editor.set(refused ? { problem: refused } : { problem: '', status: 'Pasted.' });
    };
    document.addEventListener('copy', onCopy);
    document.addEventListener('cut', onCopy);
    document.addEventListener('paste', onPaste);
    return () => {
      document.removeEventListener('copy', onCopy);
      document.removeEventListener('cut', onCopy);
      document.removeEventListener('paste', onPaste);
    };
  }, [editor]);
}

/** `#level=ID` opens it (at load and on hashchange: Back and Forward); leaving asks first. */
export function useNavigation(editor: Editor): void {
  useEffect(() => {
    const follow = () => {
      const id = levelFromHash(location.hash);
      const { meta } = editor.store;
      if (id && (id !== meta.id || meta.version === 0)) editor.open(id, false);
      // Back to the entry of a new level (an address without a level): a new level again.
      else if (!id && meta.version > 0) editor.newLevel(false, false);
    };
    follow();
    const onUnload = (event: BeforeUnloadEvent) => {
      if (!editor.losesWork) return;
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('hashchange', follow);
    window.addEventListener('beforeunload', onUnload);
    return () => {
      window.removeEventListener('hashchange', follow);
      window.removeEventListener('beforeunload', onUnload);
    };
  }, [editor]);
}
