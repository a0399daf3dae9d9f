// The level editor's page: the Editor (document, tools, zoom, writes; editor.ts) and the
// hooks that tie it to the server and the page, laid out as one component per panel.
import { useState } from 'preact/hooks';
import { Editor } from './editor.js';
import { GridView } from './GridView.js';
import { useSelected, useSubscribe } from './hooks/subscribe.js';
import { useClipboard, useCommands } from './hooks/keyboard.js';
import { useLiveChanges } from './hooks/live-changes.js';
import { useLiveCheck } from './hooks/live-check.js';
import { useNavigation } from './hooks/navigation.js';
import { useTogether } from './hooks/together.js';
import { CheckLine } from './panels/check-line.js';
import { Dialogs } from './panels/dialogs.js';
import { TopBar } from './panels/bars.js';
import { HoverCell, Notices, Status } from './panels/notices.js';
import { PlayBar } from './panels/play-bar.js';
import { SidePanels } from './panels/side.js';
import { Palette, ToolBar } from './panels/toolbar.js';
import { ZoomBar } from './panels/viewbar.js';
import { playMarks } from './play/play.js';
import { gridKeys } from './commands.js';
import { CarvingView } from './generation/CarvingView.js';

export function App() {
  const [editor] = useState(() => new Editor());
  useLiveCheck(editor);
  useLiveChanges(editor);
  useCommands(editor);
  useClipboard(editor);
  useNavigation(editor);
  useTogether(editor);
  // The page is the window: the grid takes what the bars leave, the side column scrolls on
  // its own, and folded to its tab it gives the grid its width too (styles/layout.css).
  useSubscribe(editor.panels);
  return (
    <div class={`app${editor.panels.folded ? ' side-folded' : ''}`}>
      <TopBar editor={editor} />
      <div class="strip">
        <ToolBar editor={editor} />
        <ZoomBar editor={editor} />
      </div>
      <div class="layout">
        <Palette editor={editor} />
        <main class="editor">
          <Grid editor={editor} />
          <Notices editor={editor} />
          <CheckOrPlay editor={editor} />
          <div class="status-line">
            <HoverCell viewport={editor.viewport} />
            <Status editor={editor} />
          </div>
        </main>
        <SidePanels editor={editor} />
      </div>
      <Dialogs editor={editor} />
    </div>
  );
}

/** The check line, or in Play mode the play bar in its place (of the same height). */
function CheckOrPlay({ editor }: { editor: Editor }) {
  useSubscribe(editor.play);
  return editor.play.active ? <PlayBar editor={editor} /> : <CheckLine editor={editor} />;
}

/**
 * The grid with what it draws over the cells: the check's answers, the insights and the walker;
 * in Play mode the walk alone (a refused move shakes the grid: play.css).
 */
function Grid({ editor }: { editor: Editor }) {
  const { play, layers, together } = editor;
  useSubscribe(play, layers, together);
  const [check, showPath, showCheapest, walker] = useSelected(() => {
    const { ui } = editor;
    return [ui.check, ui.showPath, ui.showCheapest, ui.walker] as const;
  }, editor);
  const playing = play.state;
  const insights = check?.state.kind === 'answers' ? check.state.insights : null;
  const shake = playing && playing.blocked > 0 ? ` shake-${playing.blocked % 2}` : '';
  return (
    <div class={`grid-stage${play.active ? ' playing' : ''}${shake}`}>
      {/* The grid's accessible description: its keys, from the COMMANDS table. */}
      <p id="grid-keys" class="sr-only">
        {gridKeys()}
      </p>
      <GridView
        store={editor.store}
        tools={editor.tools}
        viewport={editor.viewport}
        check={check}
        showPath={showPath && !play.active}
        showCheapest={showCheapest && !play.active}
        walker={play.active ? null : walker}
        insights={play.active ? null : layers.marks(insights)}
        merge={play.active ? null : editor.merge}
        play={playing ? playMarks(playing, playing.items) : null}
        people={together.state.people}
      />
      <CarvingView animation={editor.animation} />
    </div>
  );
}
